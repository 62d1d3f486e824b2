package dev.periscope.projects.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UrlGuardTest {
    private static final String PARAM = "website_url";

    /** A resolver for names the tests make up; anything else does not exist, as on this offline machine. */
    private static HostResolver dns(Map<String, String> answers) {
        return host -> {
            String address = answers.get(host);
            if (address == null) {
                throw new UnknownHostException(host);
            }
            return List.of(InetAddress.getByName(address));
        };
    }

    private static final HostResolver PUBLIC_DNS = dns(Map.of(
            "acme.com", "93.184.216.34",
            "xn--mnchen-3ya.de", "93.184.216.35"));

    private static ValidatedUrl check(String url) {
        return UrlGuard.check(url, PARAM, PUBLIC_DNS, TargetPolicy.STRICT);
    }

    private static void assertRefused(String url, String reason) {
        assertRefused(url, reason, PUBLIC_DNS, TargetPolicy.STRICT);
    }

    private static void assertRefused(String url, String reason, HostResolver resolver, TargetPolicy policy) {
        assertThatThrownBy(() -> UrlGuard.check(url, PARAM, resolver, policy))
                .as(url)
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAM);
                    assertThat(e.meta()).containsEntry("param", PARAM).containsEntry("reason", reason);
                    assertThat(e.getMessage()).startsWith(PARAM).doesNotContain("secret");
                });
    }

    @Test
    void plainHttpsUrlIsAccepted_specProjectDrafts() {
        ValidatedUrl url = check("https://acme.com");

        assertThat(url.uri()).isEqualTo(URI.create("https://acme.com/"));
        assertThat(url.host()).isEqualTo("acme.com");
        assertThat(url.resolved()).isTrue();
        assertThat(url.addresses()).extracting(InetAddress::getHostAddress).containsExactly("93.184.216.34");
    }

    @Test
    void urlIsNormalised() {
        ValidatedUrl url = check("  HTTP://Acme.COM:80/Path/To?q=1&b=%20x#frag  ");

        assertThat(url.uri()).isEqualTo(URI.create("http://acme.com/Path/To?q=1&b=%20x"));
        assertThat(check("https://acme.com:443?x=1").uri()).isEqualTo(URI.create("https://acme.com/?x=1"));
        assertThat(check("https://acme.com:8443/").uri()).isEqualTo(URI.create("https://acme.com:8443/"));
        assertThat(check("https://acme.com./a").uri()).isEqualTo(URI.create("https://acme.com/a"));
    }

    @Test
    void internationalisedHostIsConvertedToPunycode() {
        ValidatedUrl url = check("https://München.de/straße");

        assertThat(url.host()).isEqualTo("xn--mnchen-3ya.de");
        assertThat(url.uri()).isEqualTo(URI.create("https://xn--mnchen-3ya.de/stra%C3%9Fe"));
        assertThat(url.resolved()).isTrue();
    }

    @Test
    void publicIpLiteralsAreAccepted_specProjectDrafts() {
        ValidatedUrl v4 = check("http://93.184.216.34/");
        assertThat(v4.host()).isEqualTo("93.184.216.34");
        assertThat(v4.resolved()).isTrue();
        assertThat(v4.addresses()).extracting(InetAddress::getHostAddress).containsExactly("93.184.216.34");

        ValidatedUrl v6 = check("https://[2606:2800:220:1:248:1893:25C8:1946]:8443/x");
        assertThat(v6.host()).isEqualTo("2606:2800:220:1:248:1893:25c8:1946");
        assertThat(v6.uri()).isEqualTo(URI.create("https://[2606:2800:220:1:248:1893:25c8:1946]:8443/x"));
    }

    @Test
    void websiteUrlWithCredentialsIsRefused_specProjectDrafts() {
        assertRefused("https://user:secret@acme.com/", UrlGuard.REASON_CREDENTIALS);
        assertRefused("https://user@acme.com/", UrlGuard.REASON_CREDENTIALS);
        assertRefused("https://@acme.com/", UrlGuard.REASON_CREDENTIALS);
        assertRefused("https://acme.com@169.254.169.254/", UrlGuard.REASON_CREDENTIALS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ftp://acme.com/", "file:///etc/passwd", "javascript:alert(1)", "gopher://acme.com/",
            "mailto:sales@acme.com", "data:text/html,hi"})
    void nonHttpSchemesAreRefused_specProjectDrafts(String url) {
        assertRefused(url, UrlGuard.REASON_UNSUPPORTED_SCHEME);
    }

    @ParameterizedTest
    @ValueSource(strings = {"acme.com", "/relative/path", "https://", "https:///path", "http://acme .com/",
            "http://acme.com:99999/", "http://acme.com:port/", "http://exa_mple.com/", "http://-acme.com/",
            "http://acme..com/", "http://%6c%6fcalhost/", "http://[::1/", "http://[fe80::1%25eth0]/", " "})
    void malformedUrlsAreRefused(String url) {
        assertThatThrownBy(() -> check(url))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAM);
                    assertThat(e.meta()).containsEntry("param", PARAM)
                            .extractingByKey("reason").isIn(UrlGuard.REASON_MALFORMED, UrlGuard.REASON_MISSING_HOST);
                });
    }

    @Test
    void tooLongUrlIsRefused() {
        assertRefused("https://acme.com/" + "a".repeat(UrlGuard.MAX_LENGTH), UrlGuard.REASON_TOO_LONG);
        assertThat(check("https://acme.com/" + "a".repeat(UrlGuard.MAX_LENGTH - 17)).host()).isEqualTo("acme.com");
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://localhost/", "http://LOCALHOST:8080/", "http://localhost./",
            "http://app.localhost/"})
    void localhostIsRefused_specProjectDrafts(String url) {
        assertRefused(url, UrlGuard.REASON_LOCALHOST);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://metadata.google.internal/", "http://printer.local/", "http://wiki.corp/",
            "http://nas.lan/", "http://router.home/", "http://box.home.arpa/", "http://srv.localdomain/",
            "http://portal.intranet/", "http://intranet/", "http://jenkins:8080/"})
    void internalHostnamesAreRefused_specProjectDrafts(String url) {
        assertRefused(url, UrlGuard.REASON_INTERNAL_HOSTNAME);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.0.0.0", "0.1.2.3", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.254",
            "127.0.0.1", "127.255.0.1", "169.254.169.254", "169.254.0.1", "172.16.0.1", "172.31.255.255",
            "192.0.0.8", "192.0.2.1", "192.88.99.1", "192.168.1.1", "198.18.0.1", "198.19.255.255", "198.51.100.7",
            "203.0.113.9", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255"})
    void privateAndSpecialIpv4AddressesAreRefused_specProjectDrafts(String address) {
        assertRefused("http://" + address + "/", UrlGuard.REASON_PRIVATE_ADDRESS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"8.8.8.8", "1.1.1.1", "100.63.255.255", "100.128.0.0", "172.15.255.255",
            "172.32.0.0", "192.169.0.1", "198.17.255.255", "198.20.0.0", "223.255.255.255"})
    void publicIpv4NeighboursOfSpecialRangesAreAccepted(String address) {
        assertThat(check("http://" + address + "/").host()).isEqualTo(address);
    }

    @ParameterizedTest
    @ValueSource(strings = {"[::]", "[::1]", "[0:0:0:0:0:0:0:1]", "[fc00::1]", "[fd12:3456::1]", "[fe80::1]",
            "[fec0::1]", "[ff02::1]", "[2001:db8::1]", "[100::1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]",
            "[::ffff:169.254.169.254]", "[::ffff:10.0.0.1]", "[::127.0.0.1]", "[::10.0.0.1]",
            "[64:ff9b::a9fe:a9fe]", "[64:ff9b::10.1.2.3]", "[2002:a00:1::1]", "[2001::1]"})
    void privateAndSpecialIpv6AddressesAreRefused_specProjectDrafts(String address) {
        assertRefused("http://" + address + "/", UrlGuard.REASON_PRIVATE_ADDRESS);
    }

    @Test
    void ipv6FormsEmbeddingPublicIpv4AreAccepted() {
        assertThat(check("http://[::ffff:93.184.216.34]/").resolved()).isTrue();
        assertThat(check("http://[64:ff9b::8.8.8.8]/").resolved()).isTrue();
        assertThat(check("http://[2606:4700::1111]/").resolved()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://2130706433/", "http://0x7f000001/", "http://0x7f.1/", "http://017700000001/",
            "http://0177.0.0.1/", "http://127.1/", "http://127.0.1/", "http://127.000.000.001/",
            "http://1572395042/", "http://0x5d.0xb8.0xd8.0x22/", "http://1.2.3.4.5/", "http://０x7f.1/"})
    void unusualIpv4SpellingsAreRefused_specProjectDrafts(String url) {
        assertRefused(url, UrlGuard.REASON_MALFORMED);
    }

    @Test
    void fullWidthDigitsAreReadAsTheAddressTheySpell() {
        assertRefused("http://１２７.０.０.１/", UrlGuard.REASON_PRIVATE_ADDRESS);
    }

    @Test
    void publicLookingNameResolvingToPrivateAddressIsRefused_specProjectDraftsAfterDns() {
        HostResolver rebinding = dns(Map.of("evil.example.com", "169.254.169.254"));

        assertRefused("https://evil.example.com/", UrlGuard.REASON_PRIVATE_ADDRESS, rebinding, TargetPolicy.STRICT);
    }

    @Test
    void oneNonPublicAddressAmongSeveralIsEnoughToRefuse_specProjectDraftsAfterDns() {
        HostResolver mixed = host -> List.of(InetAddress.getByName("93.184.216.34"), InetAddress.getByName("10.0.0.5"));

        assertRefused("https://mixed.example.com/", UrlGuard.REASON_PRIVATE_ADDRESS, mixed, TargetPolicy.STRICT);
    }

    @Test
    void unresolvableNameIsAcceptedUnresolved() {
        AtomicInteger lookups = new AtomicInteger();
        HostResolver nothing = host -> {
            lookups.incrementAndGet();
            throw new UnknownHostException(host);
        };

        ValidatedUrl url = UrlGuard.check("https://not-registered-yet.example.org/x", PARAM, nothing,
                TargetPolicy.STRICT);

        assertThat(url.resolved()).isFalse();
        assertThat(url.addresses()).isEmpty();
        assertThat(url.host()).isEqualTo("not-registered-yet.example.org");
        assertThat(lookups).hasValue(1);
    }

    @Test
    void ipLiteralsNeverReachTheResolver() {
        HostResolver failing = host -> {
            throw new AssertionError("resolver called for " + host);
        };

        assertThat(UrlGuard.check("http://93.184.216.34/", PARAM, failing, TargetPolicy.STRICT).resolved()).isTrue();
        assertThat(UrlGuard.check("http://[2606:4700::1111]/", PARAM, failing, TargetPolicy.STRICT).resolved())
                .isTrue();
    }

    @Test
    void allowLoopbackAdmitsThisMachineOnly() {
        HostResolver local = dns(Map.of("localhost", "127.0.0.1", "dev.example.com", "127.0.0.1",
                "meta.example.com", "169.254.169.254"));
        TargetPolicy policy = TargetPolicy.ALLOW_LOOPBACK;

        assertThat(UrlGuard.check("http://127.0.0.1:8080/", PARAM, local, policy).uri())
                .isEqualTo(URI.create("http://127.0.0.1:8080/"));
        assertThat(UrlGuard.check("http://[::1]:8080/", PARAM, local, policy).host()).isEqualTo("::1");
        assertThat(UrlGuard.check("http://localhost:8080/", PARAM, local, policy).resolved()).isTrue();
        assertThat(UrlGuard.check("http://dev.example.com/", PARAM, local, policy).resolved()).isTrue();

        assertRefused("http://169.254.169.254/latest/meta-data/", UrlGuard.REASON_PRIVATE_ADDRESS, local, policy);
        assertRefused("http://10.0.0.1/", UrlGuard.REASON_PRIVATE_ADDRESS, local, policy);
        assertRefused("http://192.168.0.1/", UrlGuard.REASON_PRIVATE_ADDRESS, local, policy);
        assertRefused("http://[fe80::1]/", UrlGuard.REASON_PRIVATE_ADDRESS, local, policy);
        assertRefused("http://meta.example.com/", UrlGuard.REASON_PRIVATE_ADDRESS, local, policy);
        assertRefused("http://app.localhost/", UrlGuard.REASON_LOCALHOST, local, policy);
        assertRefused("http://service.internal/", UrlGuard.REASON_INTERNAL_HOSTNAME, local, policy);
        assertRefused("http://2130706433/", UrlGuard.REASON_MALFORMED, local, policy);
    }

    @Test
    void isPublicClassifiesAddresses() throws UnknownHostException {
        assertThat(UrlGuard.isPublic(InetAddress.getByName("93.184.216.34"))).isTrue();
        assertThat(UrlGuard.isPublic(InetAddress.getByName("2606:4700::1111"))).isTrue();
        assertThat(UrlGuard.isPublic(InetAddress.getByName("127.0.0.1"))).isFalse();
        assertThat(UrlGuard.isPublic(InetAddress.getByName("::1"))).isFalse();
        assertThat(UrlGuard.isPublic(InetAddress.getByAddress(new byte[] {
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xFF, (byte) 0xFF, 10, 0, 0, 1}))).isFalse();
    }

    @Test
    void refusalCarriesTheCallersParameterName() {
        assertThatThrownBy(() -> UrlGuard.check("http://10.0.0.1/", "target_url", PUBLIC_DNS, TargetPolicy.STRICT))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.meta()).containsEntry("param", "target_url");
                    assertThat(e.getMessage()).startsWith("target_url");
                });
    }
}
