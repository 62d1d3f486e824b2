package dev.periscope.projects.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SiteSuggestionsTest {

    @Test
    void openGraphSiteWithMetaDescriptionAndKeywords() {
        String html = """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                  <meta charset="utf-8">
                  <title>Acme Tools — Professional hand tools, shipped fast</title>
                  <meta property="og:site_name" content="Acme Tools, Inc.">
                  <meta name="description" content="Shop professional hand tools online.
                        Free shipping on orders over $50   and a lifetime warranty.">
                  <meta property="og:description" content="Tools that last.">
                  <meta name="keywords" content="hand tools, online store, hardware">
                </head>
                <body>
                  <nav><p>Menu: Home, Shop, About us, Contact, and a long list of links</p></nav>
                  <h1>Tools for pros</h1>
                  <h2>Shop now</h2>
                </body>
                </html>
                """;

        SiteSuggestions.Suggestions suggestions =
                SiteSuggestions.suggest(URI.create("https://www.acme-tools.com/"), html);

        assertThat(suggestions.name()).isEqualTo("Acme Tools, Inc.");
        assertThat(suggestions.description())
                .isEqualTo("Shop professional hand tools online. "
                        + "Free shipping on orders over $50 and a lifetime warranty.");
        assertThat(suggestions.industry()).containsExactly("ECOMMERCE");
        assertThat(suggestions.brandAliases())
                .containsExactly("Acme Tools, Inc.", "Acme Tools", "acmetools", "acme-tools.com");
    }

    @Test
    void saasLandingPageWithOpenGraphDescriptionOnly() {
        String html = """
                <html><head>
                <title>Flowdesk | The CRM your sales team will actually use</title>
                <meta property="og:description" content="Flowdesk is the CRM and workflow automation platform for
                  B2B sales teams. Start your free trial today.">
                </head><body><h1>Close deals faster</h1><h2>Pipeline dashboard</h2></body></html>
                """;

        SiteSuggestions.Suggestions suggestions = SiteSuggestions.suggest(URI.create("https://flowdesk.io/"), html);

        assertThat(suggestions.name()).isEqualTo("Flowdesk");
        assertThat(suggestions.description()).isEqualTo("Flowdesk is the CRM and workflow automation platform "
                + "for B2B sales teams. Start your free trial today.");
        assertThat(suggestions.industry()).containsExactly("SAAS");
        assertThat(suggestions.brandAliases()).containsExactly("Flowdesk", "flowdesk.io");
    }

    @Test
    void titleOnlyPicksThePartThatMatchesTheDomain() {
        String html = "<html><head><title>Home - Globex Corporation</title></head><body></body></html>";

        SiteSuggestions.Suggestions suggestions = SiteSuggestions.suggest(URI.create("https://globex.com/"), html);

        assertThat(suggestions.name()).isEqualTo("Globex Corporation");
        assertThat(suggestions.description()).isNull();
        assertThat(suggestions.industry()).isEmpty();
        assertThat(suggestions.brandAliases()).containsExactly("Globex Corporation", "Globex", "globex.com");
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "Pricing: Initech;            https://initech.com/;       Initech",
            "Initech – Software that works; https://initech.com/;      Initech",
            "Welcome to Initech!;         https://initech.com/;       Initech",
            "Best widgets in the world;   https://initech.com/;       Initech",
            "Shop — Acme Tools — Blog;    https://acmetools.co.uk/;   Acme Tools",
            "Acme;                        https://acme-tools.com/;    Acme"})
    void titleIsCutAtSeparators(String title, String url, String expected) {
        String html = "<title>" + title + "</title>";

        assertThat(SiteSuggestions.suggest(URI.create(url), html).name()).isEqualTo(expected);
    }

    @Test
    void applicationNameIsUsedWhenThereIsNoSiteName() {
        String html = """
                <head><title>Dashboard</title><meta name="application-name" content="Hooli Mail"></head>""";

        assertThat(SiteSuggestions.suggest(URI.create("https://mail.hooli.xyz/"), html).name()).isEqualTo("Hooli Mail");
    }

    @Test
    void pageWithoutHeadFallsBackToDomainAndFirstParagraph() {
        String html = """
                <body>
                  <header><p>Free delivery across Lisbon for every order above twenty euros</p></header>
                  <h1>Bom dia!</h1>
                  <p>Open daily.</p>
                  <p>We use cookies to make this website work better for you and measure how it is used.</p>
                  <p>We bake   sourdough bread and pastries every morning in our small bakery in Lisbon,
                     using organic flour from local mills.</p>
                </body>""";

        SiteSuggestions.Suggestions suggestions =
                SiteSuggestions.suggest(URI.create("https://www.padaria-lisboa.pt/"), html);

        assertThat(suggestions.name()).isEqualTo("Padaria Lisboa");
        assertThat(suggestions.description()).isEqualTo("We bake sourdough bread and pastries every morning in our "
                + "small bakery in Lisbon, using organic flour from local mills.");
        assertThat(suggestions.industry()).isEmpty();
        assertThat(suggestions.brandAliases()).containsExactly("Padaria Lisboa", "padarialisboa", "padaria-lisboa.pt");
    }

    @Test
    void twoIndustriesWhenBothAreStrong() {
        String html = """
                <head><title>MedPay — payments and billing for clinics and medical practices</title>
                <meta name="description" content="Get paid faster: online payments for doctors and patients."></head>
                """;

        SiteSuggestions.Suggestions suggestions = SiteSuggestions.suggest(URI.create("https://medpay.com/"), html);

        assertThat(suggestions.name()).isEqualTo("MedPay");
        assertThat(suggestions.industry()).containsExactly("HEALTHCARE", "FINANCE");
    }

    @Test
    void weakRunnerUpIndustryIsLeftOut() {
        String html = """
                <head><title>Trailhead — hotels, flights and vacation rentals worldwide</title>
                <meta name="keywords" content="travel, hotels, destinations"></head>""";

        assertThat(SiteSuggestions.suggest(URI.create("https://trailhead.travel/"), html).industry())
                .containsExactly("TRAVEL");
    }

    @Test
    void industryCodesComeFromTheFixedList() {
        assertThat(SiteSuggestions.INDUSTRY_CODES).contains("SAAS", "ECOMMERCE", "FINANCE", "DEVELOPER_TOOLS")
                .allMatch(code -> code.matches("[A-Z_]+")).doesNotHaveDuplicates();
    }

    @Test
    void longDescriptionIsCutAtAWordBoundary() {
        String sentence = "Acme builds reliable industrial automation controllers for factories around the world. ";
        String long300Plus = sentence.repeat(6);
        String html = "<meta name=\"description\" content=\"" + long300Plus + "\">";

        String description = SiteSuggestions.suggest(URI.create("https://acme.com/"), html).description();

        assertThat(description).hasSizeLessThanOrEqualTo(SiteSuggestions.MAX_DESCRIPTION).endsWith("…");
        String kept = description.substring(0, description.length() - 1);
        assertThat(long300Plus).startsWith(kept);
        assertThat(long300Plus.charAt(kept.length())).isIn(' ', '.');
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "Acme GmbH; Acme",
            "Globex S.A.; Globex",
            "Initech, LLC; Initech",
            "Umbrella Corp.; Umbrella",
            "Umbrella Corporation; Umbrella",
            "Acme & Co.; Acme",
            "Hooli BV; Hooli",
            "Massive Dynamic AG; Massive Dynamic",
            "Acme Holdings GmbH & Co. KG; Acme Holdings",
            "Stark Industries Ltd; Stark Industries",
            "Tesco; Tesco",
            "Inc.; Inc."})
    void legalSuffixesAreStripped(String name, String expected) {
        assertThat(SiteSuggestions.withoutLegalSuffix(name)).isEqualTo(expected);
    }

    @Test
    void internationalisedDomainIsShownInUnicode() {
        SiteSuggestions.Suggestions suggestions = SiteSuggestions.suggest(URI.create("https://xn--mnchen-3ya.de/"), "");

        assertThat(suggestions.name()).isEqualTo("München");
        assertThat(suggestions.brandAliases()).containsExactly("München", "münchen.de");
    }

    @Test
    void aliasesAreCappedDistinctAndNeverBlank() {
        String html = "<meta property=\"og:site_name\" content=\"  Big   Brand Co.  \">";

        List<String> aliases = SiteSuggestions.suggest(URI.create("https://bigbrand-online.co.uk/"), html)
                .brandAliases();

        assertThat(aliases).containsExactly("Big Brand Co.", "Big Brand", "bigbrandonline", "bigbrand-online.co.uk");
        assertThat(aliases).hasSizeLessThanOrEqualTo(SiteSuggestions.MAX_ALIASES).allMatch(alias -> !alias.isBlank());
    }

    @Test
    void garbageNeverThrows() {
        URI url = URI.create("https://acme.co.uk/");
        Random random = new Random(42);
        byte[] noise = new byte[20_000];
        random.nextBytes(noise);
        List<String> inputs = List.of(
                "",
                "\u0000\u0001<<<>>>&&&;;<title><<<</title",
                "<meta property=og:site_name content=><title>   </title><meta name=description content='   '>",
                "<p>" + "<div>".repeat(20_000),
                new String(noise, StandardCharsets.ISO_8859_1),
                "<title>" + "x".repeat(5_000) + "</title>",
                "{\"json\": true}");

        for (String html : inputs) {
            SiteSuggestions.Suggestions suggestions = SiteSuggestions.suggest(url, html);
            assertThat(suggestions.name()).isEqualTo("Acme");
            assertThat(suggestions.brandAliases()).startsWith("Acme").contains("acme.co.uk");
        }
        assertThat(SiteSuggestions.suggest(url, null).name()).isEqualTo("Acme");
    }

    @Test
    void rawUnnormalisedUrlStillYieldsTheDomain() {
        SiteSuggestions.Suggestions suggestions =
                SiteSuggestions.suggest(URI.create("https://Café-Luna.FR:8443/menu"), "");

        assertThat(suggestions.name()).isEqualTo("Café Luna");
        assertThat(suggestions.brandAliases()).containsExactly("Café Luna", "caféluna", "café-luna.fr");
    }

    @Test
    void missingHostStillGivesSuggestions() {
        SiteSuggestions.Suggestions suggestions = SiteSuggestions.suggest(URI.create("mailto:someone"),
                "<title>Acme</title>");

        assertThat(suggestions.name()).isEqualTo("Acme");
        assertThat(suggestions.brandAliases()).containsExactly("Acme");
        assertThat(SiteSuggestions.suggest(URI.create("mailto:someone"), "").name()).isEmpty();
        assertThat(SiteSuggestions.suggest(null, "").brandAliases()).isEmpty();
    }

    @Test
    void ipAddressSiteIsNamedAfterTheAddress() {
        SiteSuggestions.Suggestions suggestions = SiteSuggestions.suggest(URI.create("http://93.184.216.34/"), "");

        assertThat(suggestions.name()).isEqualTo("93.184.216.34");
        assertThat(suggestions.brandAliases()).containsExactly("93.184.216.34");
        assertThat(SiteSuggestions.suggest(URI.create("http://93.184.216.34/"), "<title>Lab | Uni</title>").name())
                .isEqualTo("Lab");
    }
}
