package dev.periscope.extraction;

import dev.periscope.extraction.SourceExtractor.SiteOwnership;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class SourceExtractorTest {

    private static final SiteOwnership NOBODY = new SiteOwnership(null, false, Map.of());
    private static final SiteOwnership ACME = new SiteOwnership("acme.com", false, Map.of(7L, "globex.com"));

    private static EngineCitation cite(String url, String title, int position) {
        return new EngineCitation(url, title, position, null);
    }

    private static List<ExtractedSource> extract(String text, List<EngineCitation> citations) {
        return SourceExtractor.extract(text, citations, NOBODY);
    }

    private static List<String> urls(List<ExtractedSource> sources) {
        return sources.stream().map(ExtractedSource::normalizedUrl).toList();
    }

    @Test
    void emptyInputsGiveNoSources() {
        assertThat(SourceExtractor.extract(null, null, null)).isEmpty();
        assertThat(SourceExtractor.extract("", List.of(), ACME)).isEmpty();
        assertThat(SourceExtractor.extract("No links here, just acme.com and info@acme.com.", List.of(), ACME))
                .isEmpty();
        assertThat(SourceExtractor.extract("   ", null, new SiteOwnership(null, true, null))).isEmpty();
    }

    @Test
    void visibleCitationsComeFirstThenTextUrlsThenBackground() {
        List<EngineCitation> citations = List.of(
                cite("https://a.example/second", "Second", 2),
                cite("https://b.example/first", "First", 1),
                cite("https://c.example/background", "Background C", 0),
                cite("https://d.example/shown-in-text", "Background D", 0),
                cite("https://e.example/background", "Background E", 0));
        String text = """
                See [the second](https://a.example/second) and https://d.example/shown-in-text, then
                <https://f.example/new> and https://b.example/first again.
                """;

        List<ExtractedSource> sources = extract(text, citations);

        assertThat(sources).extracting(ExtractedSource::normalizedUrl, ExtractedSource::position,
                ExtractedSource::title).containsExactly(
                tuple("https://b.example/first", 1, "First"),
                tuple("https://a.example/second", 2, "Second"),
                tuple("https://d.example/shown-in-text", 3, "Background D"),
                tuple("https://f.example/new", 4, null),
                tuple("https://c.example/background", 0, "Background C"),
                tuple("https://e.example/background", 0, "Background E"));
    }

    @Test
    void positionsAreRenumberedWithoutGapsAndDuplicatesMerge() {
        List<EngineCitation> citations = List.of(
                cite("https://a.example/x", null, 3),
                cite("https://b.example/y", null, 7),
                cite("https://A.example:443/x#frag", "Late title", 9),
                cite("https://b.example/y?utm_source=openai", null, 0),
                cite("https://c.example/z", null, 0),
                cite("https://c.example/z", "C", 0));

        List<ExtractedSource> sources = extract("", citations);

        assertThat(sources).extracting(ExtractedSource::url, ExtractedSource::position, ExtractedSource::title)
                .containsExactly(
                        tuple("https://a.example/x", 1, "Late title"),
                        tuple("https://b.example/y", 2, null),
                        tuple("https://c.example/z", 0, "C"));
    }

    @Test
    void trackingParametersDoNotSplitASource() {
        List<EngineCitation> citations = List.of(
                cite("https://www.acme.com/pricing?utm_source=openai", "Acme pricing", 1));
        String text = "Acme costs $10 ([acme.com](https://www.acme.com/pricing)); see https://www.acme.com/pricing.";

        List<ExtractedSource> sources = SourceExtractor.extract(text, citations, ACME);

        assertThat(sources).singleElement().satisfies(s -> {
            assertThat(s.url()).isEqualTo("https://www.acme.com/pricing?utm_source=openai");
            assertThat(s.normalizedUrl()).isEqualTo("https://www.acme.com/pricing");
            assertThat(s.urlSha256()).isEqualTo(UrlNormalizer.sha256("https://www.acme.com/pricing"));
            assertThat(s.host()).isEqualTo("www.acme.com");
            assertThat(s.domain()).isEqualTo("acme.com");
            assertThat(s.position()).isEqualTo(1);
            assertThat(s.title()).isEqualTo("Acme pricing");
            assertThat(s.sourceType()).isEqualTo("owned");
        });
    }

    @Test
    void backgroundCitationWithTrackingBecomesVisibleThroughTheText() {
        List<EngineCitation> citations = List.of(
                cite("https://news.example/story?utm_source=chatgpt.com", "Story", 0));

        List<ExtractedSource> sources = extract("Read https://news.example/story today.", citations);

        assertThat(sources).extracting(ExtractedSource::url, ExtractedSource::position, ExtractedSource::title)
                .containsExactly(tuple("https://news.example/story?utm_source=chatgpt.com", 1, "Story"));
    }

    @Test
    void findsUrlsOfEveryFormInTextOrder() {
        String text = """
                1. **Acme** - [Acme Docs](https://docs.acme.com/start "The docs") is a good start.
                2. Autolink: <https://autolink.example/a?b=1>
                3. Bare: https://bare.example/path/to/page, and http://insecure.example:8080/x.
                4. Wikipedia: https://en.wikipedia.org/wiki/Mercury_(planet) and [Mercury](https://en.wikipedia.org/wiki/Mercury_(element)).
                5. (see https://paren.example/a).
                6. www: www.web.example/page and visit WWW.Upper.example!
                7. Markdown www: [Shop](www.shop.example/cart)
                8. Image: ![logo](https://img.example/logo.png)
                9. Angle link: [Spaced](<https://spaced.example/a b>)
                Not sources: info@acme.com, mailto:sales@www.mail.example, [relative](/docs/start), [anchor](#top),
                ftp://files.example/x, a sentence.With.dots and www. alone, xhttps://glued.example/.
                | Site | Link |
                |------|------|
                | Table | https://table.example/row|
                日本語のサイト https://jp.example/ページ。次の文。
                """;

        List<ExtractedSource> sources = extract(text, List.of());

        assertThat(sources).extracting(ExtractedSource::url, ExtractedSource::normalizedUrl, ExtractedSource::title)
                .containsExactly(
                        tuple("https://docs.acme.com/start", "https://docs.acme.com/start", "Acme Docs"),
                        tuple("https://autolink.example/a?b=1", "https://autolink.example/a?b=1", null),
                        tuple("https://bare.example/path/to/page", "https://bare.example/path/to/page", null),
                        tuple("http://insecure.example:8080/x", "http://insecure.example:8080/x", null),
                        tuple("https://en.wikipedia.org/wiki/Mercury_(planet)",
                                "https://en.wikipedia.org/wiki/Mercury_(planet)", null),
                        tuple("https://en.wikipedia.org/wiki/Mercury_(element)",
                                "https://en.wikipedia.org/wiki/Mercury_(element)", "Mercury"),
                        tuple("https://paren.example/a", "https://paren.example/a", null),
                        tuple("https://www.web.example/page", "https://www.web.example/page", null),
                        tuple("https://WWW.Upper.example", "https://www.upper.example/", null),
                        tuple("https://www.shop.example/cart", "https://www.shop.example/cart", "Shop"),
                        tuple("https://img.example/logo.png", "https://img.example/logo.png", null),
                        tuple("https://spaced.example/a b", "https://spaced.example/a%20b", "Spaced"),
                        tuple("https://table.example/row", "https://table.example/row", null),
                        tuple("https://jp.example/ページ", "https://jp.example/%E3%83%9A%E3%83%BC%E3%82%B8", null));
        assertThat(sources).extracting(ExtractedSource::position)
                .containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14);
    }

    @Test
    void markdownLinkTextIsTheTitleUnlessItIsAUrlOrANumber() {
        String text = "[**Globex review**](https://review.example/globex) [1](https://one.example/) "
                + "[https://self.example/](https://self.example/) [`www.code.example`](https://code.example/) "
                + "[](https://empty.example/) [Nested [brackets]](https://nested.example/)";

        assertThat(extract(text, List.of())).extracting(ExtractedSource::normalizedUrl, ExtractedSource::title)
                .containsExactly(
                        tuple("https://review.example/globex", "Globex review"),
                        tuple("https://one.example/", null),
                        tuple("https://self.example/", null),
                        tuple("https://code.example/", null),
                        tuple("https://empty.example/", null),
                        tuple("https://nested.example/", "Nested [brackets]"));
    }

    @Test
    void engineTitleWinsThenFirstNonBlankTitle() {
        List<EngineCitation> citations = List.of(
                cite("https://a.example/", "Engine title", 1),
                cite("https://b.example/", "  ", 2),
                cite("https://c.example/", null, 0));
        String text = "[Text A](https://a.example/) [Text B](https://b.example) https://c.example [Text C](https://c.example/)";

        assertThat(extract(text, citations)).extracting(ExtractedSource::normalizedUrl, ExtractedSource::position,
                ExtractedSource::title).containsExactly(
                tuple("https://a.example/", 1, "Engine title"),
                tuple("https://b.example/", 2, "Text B"),
                tuple("https://c.example/", 3, "Text C"));
    }

    @Test
    void ownershipBySubdomainAndLookAlikes() {
        Map<Long, String> competitors = new LinkedHashMap<>();
        competitors.put(7L, "globex.com");
        competitors.put(8L, "Initech.COM");
        SiteOwnership ownership = new SiteOwnership("Acme.com", false, competitors);
        String text = String.join(" ",
                "https://acme.com/", "https://www.acme.com/a", "https://blog.eu.acme.com/b", "https://ACME.COM./c",
                "https://notacme.com/", "https://acme.com.evil.io/", "https://acme.co/",
                "https://globex.com/", "https://shop.globex.com/x", "https://myglobex.com/",
                "https://www.initech.com/", "https://initech.co.uk/");

        assertThat(SourceExtractor.extract(text, List.of(), ownership))
                .extracting(ExtractedSource::host, ExtractedSource::sourceType, ExtractedSource::competitorId)
                .containsExactly(
                        tuple("acme.com", "owned", null),
                        tuple("www.acme.com", "owned", null),
                        tuple("blog.eu.acme.com", "owned", null),
                        tuple("acme.com", "owned", null),
                        tuple("notacme.com", "third_party", null),
                        tuple("acme.com.evil.io", "third_party", null),
                        tuple("acme.co", "third_party", null),
                        tuple("globex.com", "competitor", 7L),
                        tuple("shop.globex.com", "competitor", 7L),
                        tuple("myglobex.com", "third_party", null),
                        tuple("www.initech.com", "competitor", 8L),
                        tuple("initech.co.uk", "third_party", null));
    }

    @Test
    void exactHostOwnsOnlyTheHostIgnoringWww() {
        SiteOwnership ownership = new SiteOwnership("www.shop.acme.com", true, Map.of(3L, "acme.com"));
        String text = "https://shop.acme.com/ https://www.shop.acme.com/a https://eu.shop.acme.com/ "
                + "https://acme.com/ https://www.acme.com/x";

        assertThat(SourceExtractor.extract(text, List.of(), ownership))
                .extracting(ExtractedSource::host, ExtractedSource::sourceType, ExtractedSource::competitorId)
                .containsExactly(
                        tuple("shop.acme.com", "owned", null),
                        tuple("www.shop.acme.com", "owned", null),
                        tuple("eu.shop.acme.com", "competitor", 3L),
                        tuple("acme.com", "competitor", 3L),
                        tuple("www.acme.com", "competitor", 3L));

        SiteOwnership bare = new SiteOwnership("acme.com", true, Map.of());
        assertThat(SourceExtractor.extract("https://www.acme.com/ https://blog.acme.com/", List.of(), bare))
                .extracting(ExtractedSource::sourceType).containsExactly("owned", "third_party");
    }

    @Test
    void ownedWinsOverCompetitorAndTheLongestCompetitorDomainWins() {
        Map<Long, String> competitors = new LinkedHashMap<>();
        competitors.put(1L, "google.com");
        competitors.put(2L, "cloud.google.com");
        competitors.put(3L, "blog.acme.com");
        competitors.put(5L, "dup.example");
        competitors.put(4L, "dup.example");
        SiteOwnership ownership = new SiteOwnership("acme.com", false, competitors);
        String text = "https://docs.cloud.google.com/a https://cloud.google.com/ https://www.google.com/ "
                + "https://blog.acme.com/post https://x.dup.example/";

        assertThat(SourceExtractor.extract(text, List.of(), ownership))
                .extracting(ExtractedSource::host, ExtractedSource::sourceType, ExtractedSource::competitorId)
                .containsExactly(
                        tuple("docs.cloud.google.com", "competitor", 2L),
                        tuple("cloud.google.com", "competitor", 2L),
                        tuple("www.google.com", "competitor", 1L),
                        tuple("blog.acme.com", "owned", null),
                        tuple("x.dup.example", "competitor", 4L));
    }

    @Test
    void appStoreFlags() {
        String text = String.join("\n",
                "https://play.google.com/store/apps/details?id=com.acme.app",
                "https://play.google.com/store/movies/details?id=x",
                "https://apps.apple.com/us/app/acme/id123456789",
                "https://itunes.apple.com/us/app/acme/id123456789?mt=8",
                "https://apps.apple.com/us/developer/acme/id1",
                "https://www.apple.com/app/store");

        assertThat(extract(text, List.of()))
                .extracting(ExtractedSource::host, ExtractedSource::playStoreLink, ExtractedSource::appStoreLink)
                .containsExactly(
                        tuple("play.google.com", true, false),
                        tuple("play.google.com", false, false),
                        tuple("apps.apple.com", false, true),
                        tuple("itunes.apple.com", false, true),
                        tuple("apps.apple.com", false, false),
                        tuple("www.apple.com", false, false));
    }

    @Test
    void unresolvedRedirectKeepsItsUrlAndTakesTheDomainHint() {
        List<EngineCitation> citations = List.of(
                new EngineCitation("  redirect://opaque/AbC123  ", "Acme docs", 1, "Acme.com"),
                new EngineCitation("https://vertexaisearch.cloud.google.com/grounding-api-redirect/XyZ", "globex.com",
                        2, "globex.com"),
                new EngineCitation("not a url", null, 3, null),
                new EngineCitation(null, "nothing", 0, null),
                new EngineCitation("", null, 0, " "),
                new EngineCitation(null, "Only a hint", 0, "initech.com"));

        List<ExtractedSource> sources = SourceExtractor.extract("", citations,
                new SiteOwnership("acme.com", false, Map.of(7L, "globex.com")));

        assertThat(sources).hasSize(3);
        ExtractedSource opaque = sources.get(0);
        assertThat(opaque.url()).isEqualTo("redirect://opaque/AbC123");
        assertThat(opaque.normalizedUrl()).isEqualTo("redirect://opaque/AbC123");
        assertThat(opaque.urlSha256()).isEqualTo(UrlNormalizer.sha256("redirect://opaque/AbC123"));
        assertThat(opaque.host()).isEqualTo("opaque");
        assertThat(opaque.domain()).isEqualTo("acme.com");
        assertThat(opaque.sourceType()).isEqualTo("owned");
        assertThat(opaque.position()).isEqualTo(1);
        assertThat(opaque.title()).isEqualTo("Acme docs");

        ExtractedSource vertex = sources.get(1);
        assertThat(vertex.normalizedUrl())
                .isEqualTo("https://vertexaisearch.cloud.google.com/grounding-api-redirect/XyZ");
        assertThat(vertex.host()).isEqualTo("vertexaisearch.cloud.google.com");
        assertThat(vertex.domain()).isEqualTo("globex.com");
        assertThat(vertex.sourceType()).isEqualTo("competitor");
        assertThat(vertex.competitorId()).isEqualTo(7L);
        assertThat(vertex.position()).isEqualTo(2);

        ExtractedSource hintOnly = sources.get(2);
        assertThat(hintOnly.url()).isEqualTo("initech.com");
        assertThat(hintOnly.normalizedUrl()).isEqualTo("initech.com");
        assertThat(hintOnly.host()).isEqualTo("initech.com");
        assertThat(hintOnly.domain()).isEqualTo("initech.com");
        assertThat(hintOnly.sourceType()).isEqualTo("third_party");
        assertThat(hintOnly.position()).isZero();
    }

    @Test
    void everySourceHasTheFieldsTheTableRequiresAndUniqueHashes() {
        List<EngineCitation> citations = List.of(
                cite("https://a.example/?utm_source=openai", "A", 1),
                new EngineCitation("opaque-redirect-1", null, 2, "b.example"),
                new EngineCitation("opaque-redirect-2", null, 0, "b.example"));
        String text = "https://a.example/ www.c.example https://d.example/x?fbclid=1 https://d.example/x";

        List<ExtractedSource> sources = SourceExtractor.extract(text, citations, ACME);

        assertThat(urls(sources)).containsExactly("https://a.example/", "opaque-redirect-1", "https://www.c.example/",
                "https://d.example/x", "opaque-redirect-2");
        assertThat(sources).allSatisfy(s -> {
            assertThat(s.url()).isNotNull();
            assertThat(s.host()).isNotBlank();
            assertThat(s.domain()).isNotBlank();
            assertThat(s.urlSha256()).matches("[0-9a-f]{64}");
            assertThat(s.sourceType()).isIn("owned", "competitor", "third_party");
        });
        assertThat(sources).extracting(ExtractedSource::urlSha256).doesNotHaveDuplicates();
    }
}
