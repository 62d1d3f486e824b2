package dev.periscope.extraction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class MentionMatcherTest {

    private static final Actor ACME = brand("Acme", "Acme", "Acme Cloud", "ACME Corp");
    private static final Actor GLOBEX = competitor(1, "Globex", "Globex");
    private static final Actor INITECH = competitor(2, "Initech", "Initech");

    private static Actor brand(String name, String... names) {
        return new Actor(Actor.Type.PROJECT, 100, name, name.toLowerCase() + ".example", List.of(names));
    }

    private static Actor competitor(long id, String name, String... names) {
        return new Actor(Actor.Type.COMPETITOR, id, name, name.toLowerCase() + ".example", List.of(names));
    }

    private static List<MentionMatch> match(String text, Actor... actors) {
        return MentionMatcher.compile(List.of(actors)).match(text);
    }

    /** "name@position" for each match, in order. */
    private static List<String> summary(List<MentionMatch> matches) {
        return matches.stream().map(m -> m.actor().name() + "@" + m.position()).toList();
    }

    private static List<String> spelled(String text, MentionMatch m) {
        return m.occurrences().stream().map(s -> text.substring(s.start(), s.end())).toList();
    }

    private static MentionMatch only(List<MentionMatch> matches) {
        assertThat(matches).hasSize(1);
        return matches.get(0);
    }

    @Nested
    class Positions {
        @Test
        void numberedListWithBoldNames() {
            String text = """
                    Here are the best project tools for small teams:

                    1. **Globex** – great integrations, but pricey.
                    2. **Initech** – simple and cheap.
                    3. **Acme** – the best balance of price and features.

                    Overall, **Acme** is my pick.""";
            List<MentionMatch> matches = match(text, ACME, GLOBEX, INITECH);
            assertThat(summary(matches)).containsExactly("Globex@1", "Initech@2", "Acme@3");
            MentionMatch acme = matches.get(2);
            assertThat(acme.actor()).isEqualTo(ACME);
            assertThat(acme.keywords()).containsExactly("Acme");
            assertThat(acme.occurrences()).hasSize(2);
            assertThat(spelled(text, acme)).containsExactly("Acme", "Acme");
            assertThat(acme.firstOffset()).isEqualTo(text.indexOf("**Acme**") + 2);
        }

        @Test
        void markdownTable() {
            String text = """
                    | Tool | Price | Rating |
                    |------|-------|--------|
                    | Initech | $10 | 4.1 |
                    | ACME Corp | $12 | 4.6 |
                    | Globex | $25 | 4.3 |
                    """;
            List<MentionMatch> matches = match(text, ACME, GLOBEX, INITECH);
            assertThat(summary(matches)).containsExactly("Initech@1", "Acme@2", "Globex@3");
            assertThat(matches.get(1).keywords()).containsExactly("ACME Corp");
            assertThat(spelled(text, matches.get(1))).containsExactly("ACME Corp");
        }

        @Test
        void brandNamedAfterTwoCompetitorsIsThird() {
            String text = "Globex and Initech lead the market, while Acme is catching up. Globex remains pricey.";
            List<MentionMatch> matches = match(text, ACME, GLOBEX, INITECH);
            assertThat(summary(matches)).containsExactly("Globex@1", "Initech@2", "Acme@3");
            assertThat(matches.get(0).occurrences()).hasSize(2);
        }

        @Test
        void actorsNotMentionedGetNoMatch() {
            assertThat(summary(match("Only Initech is mentioned here.", ACME, GLOBEX, INITECH)))
                    .containsExactly("Initech@1");
        }
    }

    @Nested
    class Spelling {
        @Test
        void possessivesAndPunctuation() {
            String text = "ACME’s dashboard beats Acme's old one; ACME, Acme` and Acme´s too.";
            MentionMatch acme = only(match(text, ACME));
            assertThat(spelled(text, acme)).containsExactly("ACME", "Acme", "ACME", "Acme", "Acme");
            MentionMatch.Span first = acme.occurrences().get(0);
            assertThat(first.start()).isZero();
            assertThat(first.end()).isEqualTo(4);
        }

        @Test
        void typographicQuotesInNamesAndText() {
            Actor bj = brand("Ben & Jerry's", "Ben & Jerry's");
            Actor loreal = competitor(1, "L’Oréal", "L’Oréal");
            String text = "I prefer Ben & Jerry’s over BEN & JERRY`S? Try l'oreal and L‘OREAL products.";
            List<MentionMatch> matches = match(text, bj, loreal);
            assertThat(summary(matches)).containsExactly("Ben & Jerry's@1", "L’Oréal@2");
            assertThat(spelled(text, matches.get(0))).containsExactly("Ben & Jerry’s", "BEN & JERRY`S");
            assertThat(spelled(text, matches.get(1))).containsExactly("l'oreal", "L‘OREAL");
            assertThat(matches.get(1).keywords()).containsExactly("L’Oréal");
        }

        @Test
        void dashesFoldToHyphen() {
            Actor coke = brand("Coca-Cola", "Coca-Cola");
            String text = "Coca–Cola, Coca—Cola, Coca‑Cola, COCA−COLA and Coca-Cola are all the same.";
            assertThat(spelled(text, only(match(text, coke))))
                    .containsExactly("Coca–Cola", "Coca—Cola", "Coca‑Cola", "COCA−COLA", "Coca-Cola");
        }

        @Test
        void whiteSpaceRunsAreOneSpace() {
            String text = "Acme  Corp, Acme\nCorp, Acme\u00A0Corp, Acme\t \u202FCorp and AcmeCorp.";
            Actor corp = brand("Acme Corp", "Acme Corp");
            assertThat(spelled(text, only(match(text, corp))))
                    .containsExactly("Acme  Corp", "Acme\nCorp", "Acme\u00A0Corp", "Acme\t \u202FCorp");
        }

        @Test
        void namesWithExtraSpacesAreTrimmedAndFolded() {
            Actor corp = brand("Acme Corp", "  Acme   Corp ");
            MentionMatch m = only(match("We use ACME CORP daily.", corp));
            assertThat(m.keywords()).containsExactly("Acme   Corp");
        }

        @Test
        void accentsFoldBothWays() {
            Actor accented = brand("Café Müller", "Café Müller");
            Actor plain = competitor(1, "Cafe Noir", "Cafe Noir");
            String text = "CAFE MULLER serves better coffee than Café Noir; café müller also has cake.";
            List<MentionMatch> matches = match(text, accented, plain);
            assertThat(summary(matches)).containsExactly("Café Müller@1", "Cafe Noir@2");
            assertThat(spelled(text, matches.get(0))).containsExactly("CAFE MULLER", "café müller");
            assertThat(spelled(text, matches.get(1))).containsExactly("Café Noir");
        }

        @Test
        void decomposedAccentsInTextAreCoveredBySpan() {
            Actor cafe = brand("Café", "Café");
            String text = "Try Cafe\u0301 today, or CAFE\u0301.";
            assertThat(spelled(text, only(match(text, cafe)))).containsExactly("Cafe\u0301", "CAFE\u0301");
        }

        @Test
        void caseInsensitiveBeyondAscii() {
            Actor eclair = brand("Éclair", "éclair");
            Actor sigma = competitor(1, "ΣΙΓΜΑ", "Σιγμα");
            String text = "ÉCLAIR and Éclair compete with σιγμα.";
            List<MentionMatch> matches = match(text, eclair, sigma);
            assertThat(summary(matches)).containsExactly("Éclair@1", "ΣΙΓΜΑ@2");
            assertThat(spelled(text, matches.get(0))).containsExactly("ÉCLAIR", "Éclair");
        }

        @Test
        void sharpSIsNotDoubleS() {
            Actor strasse = brand("Straße", "Straße");
            assertThat(match("Die Strasse ist lang.", strasse)).isEmpty();
            assertThat(spelled("Die STRAßE, die straße.", only(match("Die STRAßE, die straße.", strasse))))
                    .containsExactly("STRAßE", "straße");
        }

        @Test
        void fullwidthLatinAndInvisibleCharacters() {
            String text = "Ａｃｍｅ is popular; so is Ac\u00ADme (soft hyphen).";
            assertThat(spelled(text, only(match(text, ACME)))).containsExactly("Ａｃｍｅ", "Ac\u00ADme");
        }
    }

    @Nested
    class WordBoundaries {
        @Test
        void lookAlikeWordsDoNotMatch() {
            Actor apple = competitor(1, "Apple", "Apple");
            Actor meta = competitor(2, "Meta", "Meta");
            Actor notion = competitor(3, "Notion", "Notion");
            Actor box = competitor(4, "Box", "Box");
            Actor go = competitor(5, "Go", "Go");
            String text = "Pineapple metadata is a notional concept; Boxing and going are verbs. "
                    + "Pineapples, METADATA, Notionally, boxes, GOING, ego, cargo, gopher.";
            assertThat(match(text, apple, meta, notion, box, go)).isEmpty();

            String real = "Apple, Meta and Notion ship; Box and Go too. Go!";
            assertThat(summary(match(real, apple, meta, notion, box, go)))
                    .containsExactly("Apple@1", "Meta@2", "Notion@3", "Box@4", "Go@5");
        }

        @Test
        void acmeInsideLongerWordsDoesNotMatch() {
            assertThat(match("Acmeology studies NewAcme and acme2 and 2acme and Acmes.", ACME)).isEmpty();
        }

        @Test
        void punctuationAroundNamesCounts() {
            String text = "Acme's, ACME, **Acme**, (Acme), Acme-powered, #Acme, @Acme, \"Acme\", _Acme_, "
                    + "[Acme], Acme/Globex, Acme.";
            MentionMatch m = only(match(text, ACME));
            assertThat(m.occurrences()).hasSize(12);
            assertThat(spelled(text, m)).allSatisfy(s -> assertThat(s).isEqualToIgnoringCase("Acme"));
        }

        @Test
        void sentenceEndingWithNameIsAMention() {
            String text = "The best choice is Acme. It is cheap.\nMy pick: Acme.";
            assertThat(only(match(text, ACME)).occurrences()).hasSize(2);
        }

        @Test
        void namesStartingOrEndingWithSymbols() {
            Actor cpp = competitor(1, "C++", "C++");
            Actor net = competitor(2, ".NET", ".NET");
            Actor monday = competitor(3, "monday.com", "monday.com");
            Actor csharp = competitor(4, "C#", "C#");
            String text = "Teams compare C++ and C# with .NET and ASP.NET; many plan in monday.com (or Monday.com).";
            List<MentionMatch> matches = match(text, cpp, net, monday, csharp);
            assertThat(summary(matches)).containsExactly("C++@1", "C#@2", ".NET@3", "monday.com@4");
            assertThat(spelled(text, matches.get(2))).containsExactly(".NET", ".NET");
            assertThat(spelled(text, matches.get(3))).containsExactly("monday.com", "Monday.com");
            assertThat(match("Abc++ and xC# are not mentions", cpp, csharp)).isEmpty();
        }

        @Test
        void unspacedScriptsDoNotJoinWords() {
            String text = "おすすめはAcmeです。Globex社も人気ですが、Initechは高いです。";
            assertThat(summary(match(text, ACME, GLOBEX, INITECH)))
                    .containsExactly("Acme@1", "Globex@2", "Initech@3");
            Actor sony = competitor(9, "ソニー", "ソニー");
            assertThat(summary(match("ソニーのテレビとAcme", ACME, sony))).containsExactly("ソニー@1", "Acme@2");
        }
    }

    @Nested
    class Overlaps {
        @Test
        void longestNameOfOneActorWins() {
            String text = "Acme Cloud is fast. Acme alone is fine. ACME CLOUD again.";
            MentionMatch m = only(match(text, ACME));
            assertThat(spelled(text, m)).containsExactly("Acme Cloud", "Acme", "ACME CLOUD");
            assertThat(m.keywords()).containsExactly("Acme Cloud", "Acme");
        }

        @Test
        void longerNameOfAnotherActorWins() {
            Actor teams = brand("Teams", "Teams");
            Actor microsoftTeams = competitor(1, "Microsoft Teams", "Microsoft Teams", "MS Teams");
            String text = "Microsoft Teams is everywhere, but Teams by us is simpler. MS Teams again.";
            List<MentionMatch> matches = match(text, teams, microsoftTeams);
            assertThat(summary(matches)).containsExactly("Microsoft Teams@1", "Teams@2");
            assertThat(spelled(text, matches.get(0))).containsExactly("Microsoft Teams", "MS Teams");
            assertThat(matches.get(0).keywords()).containsExactly("Microsoft Teams", "MS Teams");
            assertThat(spelled(text, matches.get(1))).containsExactly("Teams");
        }

        @Test
        void longerCandidateFailingABoundaryDoesNotHideTheShorterOne() {
            String text = "Acme Cloudy weather.";
            assertThat(spelled(text, only(match(text, ACME)))).containsExactly("Acme");
        }

        @Test
        void partialOverlapsAcrossActors() {
            Actor bank = brand("Bank of Acme", "Bank of Acme");
            Actor acmeLabs = competitor(1, "Acme Labs", "Acme Labs");
            // "Bank of Acme Labs": both 12/9 chars long and overlapping on "Acme": the longer wins
            String text = "Bank of Acme Labs is new.";
            MentionMatch m = only(match(text, bank, acmeLabs));
            assertThat(m.actor()).isEqualTo(bank);
            assertThat(spelled(text, m)).containsExactly("Bank of Acme");
        }

        @Test
        void equalLengthOverlapGoesToTheEarlierStart() {
            Actor ab = brand("Foo Bar", "Foo Bar");
            Actor bc = competitor(1, "Bar Baz", "Bar Baz");
            String text = "Foo Bar Baz";
            MentionMatch m = only(match(text, bc, ab));
            assertThat(m.actor()).isEqualTo(ab);
        }

        @Test
        void sameNameOnTwoActorsGoesToTheFirst() {
            Actor first = brand("Acme", "Acme");
            Actor second = competitor(1, "Acme Inc", "ACME", "Acme Inc");
            List<MentionMatch> matches = match("Acme and Acme Inc.", first, second);
            assertThat(summary(matches)).containsExactly("Acme@1", "Acme Inc@2");
            assertThat(matches.get(0).occurrences()).hasSize(1);
        }

        @Test
        void keywordsInOrderOfFirstAppearanceDistinctAndSpelledAsConfigured() {
            Actor acme = brand("Acme", "acme", "Acme Cloud", "ACME Corp", "Acme");
            String text = "ACME CORP sells Acme Cloud. acme corp and ACME too. Acme Cloud.";
            MentionMatch m = only(match(text, acme));
            assertThat(m.keywords()).containsExactly("ACME Corp", "Acme Cloud", "acme");
            assertThat(m.occurrences()).hasSize(5);
        }
    }

    @Nested
    class Urls {
        @Test
        void namesInsideBareUrlsAreNotMentions() {
            String text = "See https://acme.com/pricing, http://www.globex.com/acme-vs-globex and "
                    + "www.acme.io/Acme for details (https://example.org/acme_(tool)).";
            assertThat(match(text, ACME, GLOBEX)).isEmpty();
        }

        @Test
        void markdownLinkTextCountsButNotItsTarget() {
            String text = "Compare [Acme pricing](https://acme.com/pricing) with [the other one](https://globex.com/acme "
                    + "\"Acme title\").";
            MentionMatch m = only(match(text, ACME, GLOBEX));
            assertThat(m.actor()).isEqualTo(ACME);
            assertThat(m.occurrences()).hasSize(1);
            assertThat(m.firstOffset()).isEqualTo(text.indexOf("Acme pricing"));
        }

        @Test
        void autolinksAndCitationsAreNotMentions() {
            String text = "Sources: <https://acme.com/blog/acme-review> [1](https://www.globex.com/) "
                    + "[^2]: https://initech.com/vs/acme";
            assertThat(match(text, ACME, GLOBEX, INITECH)).isEmpty();
        }

        @Test
        void urlEndsAtWhiteSpaceAndClosingPunctuation() {
            String text = "(https://x.example/acme) Acme, \"https://x.example/acme\" Acme; https://x.example/acme. Acme";
            assertThat(only(match(text, ACME)).occurrences()).hasSize(3);
        }

        @Test
        void bareDomainsAreNotMentions() {
            String text = "Visit acme.com, ACME.co.uk, docs.acme.io/pricing or acme.dev:8080/acme today.";
            assertThat(match(text, ACME)).isEmpty();
        }

        @Test
        void bareDomainMatchesADomainName() {
            Actor acme = brand("Acme", "Acme", "acme.com");
            String text = "Visit acme.com or Acme.com/pricing; Acme itself is great. https://acme.com is not.";
            MentionMatch m = only(match(text, acme));
            assertThat(spelled(text, m)).containsExactly("acme.com", "Acme.com", "Acme");
            assertThat(m.keywords()).containsExactly("acme.com", "Acme");
        }

        @Test
        void emailAddressesAreNotMentions() {
            String text = "Write to sales@acme.com or acme@globex.io or acme.support@mail.example.";
            assertThat(match(text, ACME, GLOBEX)).isEmpty();
            assertThat(only(match("Write to sales@acme.com; Acme answers fast.", ACME)).occurrences()).hasSize(1);
        }

        @Test
        void abbreviationsAndListNumbersAreNotDomains() {
            String text = "1.Acme is first, e.g. Acme.\nAcme, i.e. the best. Version 2.0 of Acme.";
            assertThat(only(match(text, ACME)).occurrences()).hasSize(4);
        }

        @Test
        void urlsAndDomainsInUnspacedScripts() {
            String text = "詳細はhttps://acme.com/jaをご覧ください。Globexも人気です。acme.comで購入でき、"
                    + "support@acme.jpに連絡できます。";
            MentionMatch m = only(match(text, ACME, GLOBEX));
            assertThat(m.actor()).isEqualTo(GLOBEX);
            assertThat(spelled(text, m)).containsExactly("Globex");
        }

        @Test
        void htmlLinks() {
            String text = "<a href=\"https://acme.com/acme\">Acme</a> is recommended.";
            assertThat(spelled(text, only(match(text, ACME)))).containsExactly("Acme");
        }
    }

    @Nested
    class Languages {
        @Test
        void german() {
            Actor muller = brand("Müller Software", "Müller Software", "Müller");
            String text = "Für kleine Teams empfehle ich Globex. Die Lösung von MUELLER? Nein: Mueller ist nicht "
                    + "Müller. Die Software von MÜLLER (müller-software.de) überzeugt, Globex’ Preise nicht.";
            List<MentionMatch> matches = match(text, muller, GLOBEX);
            assertThat(summary(matches)).containsExactly("Globex@1", "Müller Software@2");
            assertThat(spelled(text, matches.get(1))).containsExactly("Müller", "MÜLLER");
            assertThat(spelled(text, matches.get(0))).containsExactly("Globex", "Globex");
        }

        @Test
        void french() {
            Actor societe = brand("Société Générale", "Société Générale");
            String text = "Pour une banque en ligne, « Initech » est correct, mais la SOCIETE GENERALE et "
                    + "l’offre d’Initech restent chères ; Société Générale reste fiable.";
            List<MentionMatch> matches = match(text, societe, INITECH);
            assertThat(summary(matches)).containsExactly("Initech@1", "Société Générale@2");
            assertThat(matches.get(0).occurrences()).hasSize(2);
            assertThat(spelled(text, matches.get(1))).containsExactly("SOCIETE GENERALE", "Société Générale");
        }

        @Test
        void spanish() {
            Actor telefonica = competitor(1, "Telefónica", "Telefónica");
            String text = "¿Acme o Telefonica? ¡Acme! La compañía TELEFÓNICA es más cara que Acme.";
            List<MentionMatch> matches = match(text, ACME, telefonica);
            assertThat(summary(matches)).containsExactly("Acme@1", "Telefónica@2");
            assertThat(matches.get(0).occurrences()).hasSize(3);
            assertThat(spelled(text, matches.get(1))).containsExactly("Telefonica", "TELEFÓNICA");
        }

        @Test
        void japaneseWithLatinNames() {
            String text = """
                    おすすめのツール：
                    1. **Globex**：機能が豊富です。
                    2. Initech（イニテック）は安価です。
                    3. ACMEはバランスが良く、Acme Cloudも便利です。""";
            List<MentionMatch> matches = match(text, ACME, GLOBEX, INITECH);
            assertThat(summary(matches)).containsExactly("Globex@1", "Initech@2", "Acme@3");
            assertThat(spelled(text, matches.get(2))).containsExactly("ACME", "Acme Cloud");
            assertThat(matches.get(2).keywords()).containsExactly("Acme", "Acme Cloud");
        }
    }

    @Nested
    class EdgeCases {
        @Test
        void emptyTextAndNoActors() {
            assertThat(match("", ACME)).isEmpty();
            assertThat(MentionMatcher.compile(List.of(ACME)).match(null)).isEmpty();
            assertThat(match("Acme everywhere")).isEmpty();
            assertThat(match("   \n\t ", ACME)).isEmpty();
            assertThat(MentionMatcher.compile(List.of()).actors()).isEmpty();
        }

        @Test
        void blankNamesAreIgnored() {
            Actor blank = brand("Blank", "", "   ", "\u00A0", "\u200D");
            assertThat(match("Anything at all, even blank spaces.", blank)).isEmpty();
            assertThat(MentionMatcher.compile(List.of(blank)).actors()).containsExactly(blank);
        }

        @Test
        void nameAtTheVeryStartAndEnd() {
            String text = "Acme";
            assertThat(only(match(text, ACME)).occurrences()).containsExactly(new MentionMatch.Span(0, 4));
            String text2 = "acme vs ACME";
            assertThat(only(match(text2, ACME)).occurrences())
                    .containsExactly(new MentionMatch.Span(0, 4), new MentionMatch.Span(8, 12));
        }

        @Test
        void supplementaryCharactersKeepOffsetsRight() {
            String text = "🚀 Acme 🚀🚀 Globex 𝐀𝐜𝐦𝐞";
            List<MentionMatch> matches = match(text, ACME, GLOBEX);
            assertThat(summary(matches)).containsExactly("Acme@1", "Globex@2");
            assertThat(spelled(text, matches.get(0))).containsExactly("Acme", "𝐀𝐜𝐦𝐞");
            assertThat(spelled(text, matches.get(1))).containsExactly("Globex");
        }

        @Test
        void manyActorsAndNames() {
            List<Actor> actors = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                actors.add(competitor(i, "Vendor" + i, "Vendor" + i, "Vendor " + i + " Pro", "vendor" + i + ".io"));
            }
            MentionMatcher matcher = MentionMatcher.compile(actors);
            String text = "Vendor 299 Pro beats Vendor12 and vendor7.io, but not Vendor3000 or Vendor1x.";
            List<MentionMatch> matches = matcher.match(text);
            assertThat(summary(matches)).containsExactly("Vendor299@1", "Vendor12@2", "Vendor7@3");
            assertThat(matches.get(0).keywords()).containsExactly("Vendor 299 Pro");
            assertThat(matches.get(2).keywords()).containsExactly("vendor7.io");
        }
    }

    @Test
    void sameMatcherFromManyThreadsGivesTheSameResults() throws Exception {
        MentionMatcher matcher = MentionMatcher.compile(List.of(ACME, GLOBEX, INITECH));
        List<String> texts = List.of(
                "1. **Globex** 2. **Initech** 3. **Acme**",
                "Acme’s pricing vs [Globex](https://globex.com/acme) — Initech.",
                "Café: Acme Cloud, ACME Corp, acme.com, sales@acme.com, Acmeology",
                "Nothing relevant here at all.");
        List<List<MentionMatch>> expected = texts.stream().map(matcher::match).toList();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Boolean>> futures = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                futures.add(pool.submit(() -> {
                    for (int round = 0; round < 500; round++) {
                        for (int k = 0; k < texts.size(); k++) {
                            if (!matcher.match(texts.get(k)).equals(expected.get(k))) {
                                return false;
                            }
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> f : futures) {
                assertThat(f.get()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(expected.get(1).stream().map(m -> m.actor().name()).collect(Collectors.joining(",")))
                .isEqualTo("Acme,Globex,Initech");
        assertThat(Arrays.asList(expected.get(3).toArray())).isEmpty();
    }
}
