package dev.periscope.extraction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;

class UrlNormalizerTest {

    private static String norm(String raw) {
        return UrlNormalizer.normalize(raw).map(UrlNormalizer.NormalizedUrl::url).orElse(null);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            // case of scheme and host, not of path or query
            "HTTPS://ACME.COM/Path/To?Q=V                | https://acme.com/Path/To?Q=V",
            "HtTp://Www.Acme.Com                         | http://www.acme.com/",
            // default ports dropped, others kept
            "http://acme.com:80/a                        | http://acme.com/a",
            "https://acme.com:443/a                      | https://acme.com/a",
            "https://acme.com:80/a                       | https://acme.com:80/a",
            "http://acme.com:443/a                       | http://acme.com:443/a",
            "http://acme.com:8080                        | http://acme.com:8080/",
            "https://acme.com:0443/a                     | https://acme.com/a",
            "https://acme.com:/a                         | https://acme.com/a",
            // fragment and userinfo dropped
            "https://acme.com/a#section-2                | https://acme.com/a",
            "https://acme.com/a?x=1#frag                 | https://acme.com/a?x=1",
            "https://acme.com/#                          | https://acme.com/",
            "https://user:secret@acme.com/a              | https://acme.com/a",
            "https://user@acme.com:8443/a                | https://acme.com:8443/a",
            // empty path, trailing slash kept as given
            "https://acme.com                            | https://acme.com/",
            "https://acme.com?x=1                        | https://acme.com/?x=1",
            "https://acme.com/a/                         | https://acme.com/a/",
            "https://acme.com/a                          | https://acme.com/a",
            "https://acme.com//a//b                      | https://acme.com//a//b",
            // dot segments
            "https://acme.com/a/./b/../c                 | https://acme.com/a/c",
            "https://acme.com/a/b/../                    | https://acme.com/a/",
            "https://acme.com/a/b/./                     | https://acme.com/a/b/",
            "https://acme.com/a/b/../c/./d.html          | https://acme.com/a/c/d.html",
            "https://acme.com/../../x                    | https://acme.com/x",
            "https://acme.com/a/%2E%2E/b                 | https://acme.com/b",
            "https://acme.com/a..b/c.d                   | https://acme.com/a..b/c.d",
            // percent-encoding: upper-case hex, unreserved decoded, reserved kept, others encoded, no double encoding
            "https://acme.com/%7euser                    | https://acme.com/~user",
            "https://acme.com/%7Euser/%41%62%2D%5F%2e    | https://acme.com/~user/Ab-_.",
            "https://acme.com/a%2fb%3a%c3%a9             | https://acme.com/a%2Fb%3A%C3%A9",
            "https://acme.com/caf\u00e9 menu             | https://acme.com/caf%C3%A9%20menu",
            "https://acme.com/caf%C3%A9%20menu           | https://acme.com/caf%C3%A9%20menu",
            "https://acme.com/100%                       | https://acme.com/100%25",
            "https://acme.com/100%25                     | https://acme.com/100%25",
            "https://acme.com/a%zzb                      | https://acme.com/a%25zzb",
            "https://acme.com/{x}[y]^\\                  | https://acme.com/%7Bx%7D%5By%5D%5E%5C",
            "https://acme.com/a:b@c!$&()*+,;=x           | https://acme.com/a:b@c!$&()*+,;=x",
            "https://acme.com/\u65e5\u672c              | https://acme.com/%E6%97%A5%E6%9C%AC",
            // a %7e path with a query: the query stays intact (the crawler-commons bug)
            "https://acme.com/%7e/?abc=1                 | https://acme.com/~/?abc=1",
            "https://acme.com/%7euser/?abc=1&b=%7e2      | https://acme.com/~user/?abc=1&b=~2",
            // query: encoding normalised, '+' kept, '=' '&' '?' '/' kept, empty pairs dropped
            "https://acme.com/s?q=a+b&x=%2f%3d%26        | https://acme.com/s?q=a+b&x=%2F%3D%26",
            "https://acme.com/s?q=caf\u00e9 au lait      | https://acme.com/s?q=caf%C3%A9%20au%20lait",
            "https://acme.com/s?next=/a?b=c              | https://acme.com/s?next=/a?b=c",
            "https://acme.com/s?a=1&&b=2&                | https://acme.com/s?a=1&b=2",
            "https://acme.com/s?                         | https://acme.com/s",
            "https://acme.com/s?b=2&a=1                  | https://acme.com/s?b=2&a=1",
            // tracking parameters removed wherever they are
            "https://acme.com/a?utm_source=openai        | https://acme.com/a",
            "https://acme.com/a?utm_source=x&utm_medium=y&utm_campaign=z&utm_term=t&utm_content=c&utm_id=1 | https://acme.com/a",
            "https://acme.com/a?x=1&utm_source=chatgpt.com | https://acme.com/a?x=1",
            "https://acme.com/a?utm_source=x&id=7&gclid=abc&page=2 | https://acme.com/a?id=7&page=2",
            "https://acme.com/a?UTM_Source=x&id=7        | https://acme.com/a?id=7",
            "https://acme.com/a?utm%5Fsource=x&id=7      | https://acme.com/a?id=7",
            "https://acme.com/a?gclid=1&dclid=2&gbraid=3&wbraid=4&fbclid=5&msclkid=6 | https://acme.com/a",
            "https://acme.com/a?mc_cid=1&mc_eid=2&_ga=3&_gl=4&yclid=5&igshid=6&srsltid=7&ref_src=8&spm=9 | https://acme.com/a",
            "https://acme.com/a?gclid                    | https://acme.com/a",
            "https://acme.com/a?utmsource=1&spam=2&ga=3  | https://acme.com/a?utmsource=1&spam=2&ga=3",
            "https://acme.com/a?ref=home&fbclid=x#top    | https://acme.com/a?ref=home",
            // IDN, trailing dot
            "https://b\u00fccher.de/b\u00fccher          | https://xn--bcher-kva.de/b%C3%BCcher",
            "https://M\u00dcNCHEN.de                     | https://xn--mnchen-3ya.de/",
            "https://xn--bcher-kva.de/                   | https://xn--bcher-kva.de/",
            "https://acme.com./a                         | https://acme.com/a",
            "https://www.acme.com.:443                   | https://www.acme.com/",
            // IP literals
            "http://192.168.0.1:8080/x                   | http://192.168.0.1:8080/x",
            "http://127.0.0.1:80                         | http://127.0.0.1/",
            "http://[2001:DB8::1]:8080/x                 | http://[2001:db8::1]:8080/x",
            "https://[::1]:443/                          | https://[::1]/",
            "http://localhost:3000/docs                  | http://localhost:3000/docs",
            // whitespace, angle brackets and prose punctuation around the URL
            "'  https://acme.com/a  '                    | https://acme.com/a",
            "<https://acme.com/a>                        | https://acme.com/a",
            "https://acme.com/a.                         | https://acme.com/a",
            "https://acme.com/a).                        | https://acme.com/a",
            "https://acme.com/a,                         | https://acme.com/a",
            "https://acme.com/a?!                        | https://acme.com/a",
            "https://acme.com/a;:                        | https://acme.com/a",
            "(https://acme.com/a)                        | https://acme.com/a",
            "\"https://acme.com/a\"                      | https://acme.com/a",
            "**https://acme.com/a**                      | https://acme.com/a",
            "https://acme.com/a\u3002                    | https://acme.com/a",
            // Wikipedia URLs with balanced parentheses
            "https://en.wikipedia.org/wiki/Mercury_(planet)     | https://en.wikipedia.org/wiki/Mercury_(planet)",
            "https://en.wikipedia.org/wiki/Mercury_(planet)).   | https://en.wikipedia.org/wiki/Mercury_(planet)",
            "(https://en.wikipedia.org/wiki/Mercury_(planet))   | https://en.wikipedia.org/wiki/Mercury_(planet)",
            "https://en.wikipedia.org/wiki/C_(programming_language)#History | https://en.wikipedia.org/wiki/C_(programming_language)",
            "https://en.wikipedia.org/wiki/Ender%27s_Game       | https://en.wikipedia.org/wiki/Ender%27s_Game",
    })
    void normalizes(String raw, String expected) {
        assertThat(norm(raw)).isEqualTo(expected);
    }

    @Test
    void apostrophesInsideThePathStay() {
        assertThat(norm("https://en.wikipedia.org/wiki/Ender's_Game")).isEqualTo("https://en.wikipedia.org/wiki/Ender's_Game");
        assertThat(norm("'https://acme.com/a'")).isEqualTo("https://acme.com/a");
        assertThat(norm("https://acme.com/a|b?x=|")).isEqualTo("https://acme.com/a%7Cb?x=%7C");
    }

    @Test
    void proseAroundAUrlIsTrimmed() {
        assertThat(UrlNormalizer.trim("(see https://acme.com/a).")).isEqualTo("see https://acme.com/a");
        assertThat(UrlNormalizer.trim("https://acme.com/a).")).isEqualTo("https://acme.com/a");
        assertThat(norm("https://acme.com/a).")).isEqualTo("https://acme.com/a");
        assertThat(UrlNormalizer.trim("https://en.wikipedia.org/wiki/Mercury_(planet)"))
                .isEqualTo("https://en.wikipedia.org/wiki/Mercury_(planet)");
        assertThat(UrlNormalizer.trim("  \t\n")).isEmpty();
        assertThat(UrlNormalizer.trim(null)).isEmpty();
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"   ", "acme.com", "www.acme.com/a", "/relative/path", "//acme.com/a", "ftp://acme.com/a",
            "mailto:info@acme.com", "javascript:alert(1)", "file:///etc/passwd", "data:text/html,hi",
            "tel:+123", "info@acme.com", "http://", "https://", "https:///path", "http:acme.com", "https://:80/a",
            "not a url", "https://acme..com/", "https://acme.com:99999/", "https://acme.com:8o/", "https://[::1/",
            "https://[not:an:ip]/", "https://acme com/", "https://exa<mple.com/", "https://.", "ht tp://acme.com"})
    void rejectsAnythingButAbsoluteHttpUrlsWithAHost(String raw) {
        assertThat(UrlNormalizer.normalize(raw)).isEmpty();
    }

    @ParameterizedTest(name = "{0} -> host {1}, domain {2}")
    @CsvSource({
            "https://www.bbc.co.uk/news,            www.bbc.co.uk,        bbc.co.uk",
            "https://foo.github.io/x,               foo.github.io,        foo.github.io",
            "https://a.b.blogspot.com/,             a.b.blogspot.com,     b.blogspot.com",
            "https://www.acme.com/,                 www.acme.com,         acme.com",
            "https://docs.eu.acme.com/,             docs.eu.acme.com,     acme.com",
            "https://acme.com/,                     acme.com,             acme.com",
            "https://github.io/,                    github.io,            github.io",
            "https://co.uk/,                        co.uk,                co.uk",
            "http://localhost:8080/,                localhost,            localhost",
            "http://intranet.corp.internal/,        intranet.corp.internal, intranet.corp.internal",
            "http://192.168.0.1/,                   192.168.0.1,          192.168.0.1",
            "http://[2001:db8::1]/,                 [2001:db8::1],        [2001:db8::1]",
            "https://www.b\u00fccher.de/,           www.xn--bcher-kva.de, xn--bcher-kva.de",
            "https://shop.acme.xn--p1ai/,           shop.acme.xn--p1ai,   acme.xn--p1ai",
            "https://my_host.acme.com/,             my_host.acme.com,     acme.com",
    })
    void hostAndRegistrableDomain(String raw, String host, String domain) {
        UrlNormalizer.NormalizedUrl url = UrlNormalizer.normalize(raw).orElseThrow();
        assertThat(url.host()).isEqualTo(host);
        assertThat(url.domain()).isEqualTo(domain);
        assertThat(url.url()).contains(host);
    }

    @Test
    void registrableDomainOfHosts() {
        assertThat(UrlNormalizer.registrableDomain("WWW.BBC.CO.UK.")).isEqualTo("bbc.co.uk");
        assertThat(UrlNormalizer.registrableDomain("foo.github.io")).isEqualTo("foo.github.io");
        assertThat(UrlNormalizer.registrableDomain("a.b.blogspot.com")).isEqualTo("b.blogspot.com");
        assertThat(UrlNormalizer.registrableDomain("10.0.0.1")).isEqualTo("10.0.0.1");
        assertThat(UrlNormalizer.registrableDomain("::1")).isEqualTo("::1");
        assertThat(UrlNormalizer.registrableDomain("localhost")).isEqualTo("localhost");
        assertThat(UrlNormalizer.registrableDomain("com")).isEqualTo("com");
        assertThat(UrlNormalizer.registrableDomain("")).isEmpty();
        assertThat(UrlNormalizer.registrableDomain(null)).isNull();
    }

    @Test
    void sha256IsTheHexDigestOfTheNormalizedUrl() throws Exception {
        UrlNormalizer.NormalizedUrl url = UrlNormalizer.normalize("HTTPS://Acme.com:443/a/../b?utm_source=openai#x")
                .orElseThrow();
        assertThat(url.url()).isEqualTo("https://acme.com/b");
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest("https://acme.com/b".getBytes(StandardCharsets.UTF_8)));
        assertThat(url.sha256()).isEqualTo(expected).hasSize(64).matches("[0-9a-f]{64}");
        assertThat(UrlNormalizer.normalize("https://acme.com/b").orElseThrow().sha256()).isEqualTo(expected);
        assertThat(UrlNormalizer.normalize("https://acme.com/b/").orElseThrow().sha256()).isNotEqualTo(expected);
    }

    @Test
    void normalizingIsIdempotent() {
        for (String raw : new String[] {"https://b\u00fccher.de/caf\u00e9?q=%7e+x&utm_source=a",
                "http://[2001:DB8::1]:8080/a/./b", "https://en.wikipedia.org/wiki/Mercury_(planet)",
                "https://acme.com/100%", "https://acme.com/a%2fb"}) {
            String once = norm(raw);
            assertThat(norm(once)).as(raw).isEqualTo(once);
        }
    }
}
