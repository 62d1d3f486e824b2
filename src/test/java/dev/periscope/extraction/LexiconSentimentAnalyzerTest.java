package dev.periscope.extraction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The offline sentiment analyser (issue "Extraction", section "Sentiment, per mentioned actor"). */
class LexiconSentimentAnalyzerTest {
    private static final Actor ACME = new Actor(Actor.Type.PROJECT, 1, "Acme", "acme.com", List.of("Acme"));
    private static final Actor GLOBEX = new Actor(Actor.Type.COMPETITOR, 2, "Globex", "globex.com",
            List.of("Globex"));
    private static final Actor INITECH = new Actor(Actor.Type.COMPETITOR, 3, "Initech", "initech.com",
            List.of("Initech"));
    private static final Actor HOOLI = new Actor(Actor.Type.COMPETITOR, 4, "Hooli", "hooli.com", List.of("Hooli"));
    private static final List<Actor> ACTORS = List.of(ACME, GLOBEX, INITECH, HOOLI);

    private final LexiconSentimentAnalyzer analyzer = new LexiconSentimentAnalyzer();

    /** Mentions built by hand: every occurrence of each actor's name, found with indexOf. */
    private static List<MentionMatch> mentions(String text) {
        List<MentionMatch> found = new ArrayList<>();
        for (Actor actor : ACTORS) {
            List<MentionMatch.Span> spans = new ArrayList<>();
            for (String name : actor.matchingNames()) {
                int from = 0;
                int at;
                while ((at = text.indexOf(name, from)) >= 0) {
                    spans.add(new MentionMatch.Span(at, at + name.length()));
                    from = at + name.length();
                }
            }
            if (!spans.isEmpty()) {
                spans.sort((a, b) -> Integer.compare(a.start(), b.start()));
                found.add(new MentionMatch(actor, List.of(actor.name()), 0, spans));
            }
        }
        found.sort((a, b) -> Integer.compare(a.firstOffset(), b.firstOffset()));
        List<MentionMatch> positioned = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            MentionMatch m = found.get(i);
            positioned.add(new MentionMatch(m.actor(), m.keywords(), i + 1, m.occurrences()));
        }
        return positioned;
    }

    private Map<String, ActorSentiment> analyze(String text) {
        Map<String, ActorSentiment> byName = new LinkedHashMap<>();
        for (ActorSentiment s : analyzer.analyze(text, mentions(text))) {
            byName.put(s.actor().name(), s);
        }
        return byName;
    }

    private String analysis(String text, String actor) {
        return analyze(text).get(actor).analysis();
    }

    private static String collapse(String analysis) {
        return switch (analysis) {
            case "very_positive", "positive" -> "positive";
            case "very_negative", "negative" -> "negative";
            default -> "neutral";
        };
    }

    // --- basics

    @Test
    void onlyMentionedActorsGetAResultInTheOrderOfTheMentions() {
        String text = "Globex is slow. Acme is a reliable CRM.";
        List<MentionMatch> mentions = mentions(text);
        List<ActorSentiment> results = analyzer.analyze(text, mentions);
        assertThat(results).extracting(r -> r.actor().name()).containsExactly("Globex", "Acme");
        assertThat(analyzer.analyze(text, List.of())).isEmpty();
        assertThat(results).allSatisfy(r -> assertThat(r.score()).isEqualTo(ActorSentiment.scoreOf(r.analysis())));
    }

    @Test
    void plainPositiveNegativeAndNeutral() {
        assertThat(analysis("Acme is a reliable CRM.", "Acme")).isEqualTo("positive");
        assertThat(analysis("Globex is slow.", "Globex")).isEqualTo("negative");
        Map<String, ActorSentiment> listed = analyze("Acme, Globex and Initech are CRM tools.");
        assertThat(listed.values()).extracting(ActorSentiment::analysis).containsOnly("neutral");
        assertThat(listed.values()).extracting(ActorSentiment::score).containsOnly(0.0);
        assertThat(listed.get("Acme").comment()).isEqualTo("Acme, Globex and Initech are CRM tools.");
        assertThat(listed.get("Acme").topics()).isEmpty();
    }

    @Test
    void veryPositiveAndVeryNegative() {
        ActorSentiment acme = analyze("Acme is an excellent, highly recommended platform with outstanding support.")
                .get("Acme");
        assertThat(acme.analysis()).isEqualTo("very_positive");
        assertThat(acme.score()).isEqualTo(1.0);
        ActorSentiment globex = analyze("Globex is terrible: buggy, unreliable and overpriced.").get("Globex");
        assertThat(globex.analysis()).isEqualTo("very_negative");
        assertThat(globex.score()).isEqualTo(-1.0);
    }

    @Test
    void negationFlipsAndDamps() {
        assertThat(analysis("Acme is reliable.", "Acme")).isEqualTo("positive");
        assertThat(analysis("Acme is not reliable.", "Acme")).isEqualTo("negative");
        assertThat(analysis("Acme isn't bad.", "Acme")).isEqualTo("positive");
        assertThat(analysis("Acme isn’t bad at all.", "Acme")).as("typographic apostrophe").isEqualTo("positive");
        assertThat(analysis("Acme never crashes.", "Acme")).isEqualTo("positive");
        assertThat(analysis("There are no complaints about Acme.", "Acme")).isEqualTo("positive");
        assertThat(analysis("Acme is not only fast but also affordable.", "Acme"))
                .as("'not only' is no negation").isIn("positive", "very_positive");
        assertThat(analysis("Acme is terrible.", "Acme")).isEqualTo("very_negative");
        assertThat(analysis("Acme is not terrible.", "Acme")).as("× -0.7: flipped and damped").isEqualTo("positive");
        assertThat(analysis("Acme lacks good documentation.", "Acme")).isEqualTo("negative");
    }

    @Test
    void intensifiersAndDampeners() {
        assertThat(analysis("Acme is great.", "Acme")).isEqualTo("positive");
        assertThat(analysis("Acme is incredibly great.", "Acme")).isEqualTo("very_positive");
        assertThat(analysis("Globex is slightly buggy.", "Globex")).isEqualTo("negative");
        assertThat(analysis("Globex is extremely buggy.", "Globex")).isEqualTo("very_negative");
        assertThat(analysis("Globex is a bit expensive.", "Globex")).isEqualTo("negative");
        assertThat(analysis("Globex is bad.", "Globex")).isEqualTo("negative");
        assertThat(analysis("Globex is BAD!!!", "Globex")).as("caps and exclamation marks amplify")
                .isEqualTo("very_negative");
    }

    // --- several actors in one sentence

    @Test
    void contrastAttributesEachClauseToItsActorInBothOrders() {
        Map<String, ActorSentiment> r = analyze("Acme is great but Globex is unreliable.");
        assertThat(r.get("Acme").analysis()).isEqualTo("positive");
        assertThat(r.get("Globex").analysis()).isEqualTo("negative");

        r = analyze("Globex is unreliable, whereas Acme is great.");
        assertThat(r.get("Acme").analysis()).isEqualTo("positive");
        assertThat(r.get("Globex").analysis()).isEqualTo("negative");

        r = analyze("While Acme is pricey, Globex is affordable.");
        assertThat(r.get("Acme").analysis()).isEqualTo("negative");
        assertThat(r.get("Globex").analysis()).isEqualTo("positive");

        r = analyze("Acme is reliable; Globex, on the other hand, crashes constantly.");
        assertThat(r.get("Acme").analysis()).isEqualTo("positive");
        assertThat(r.get("Globex").analysis()).isEqualTo("negative");

        r = analyze("Acme is fast, but Globex isn't, and Initech is a newer entrant.");
        assertThat(r.get("Initech").analysis()).as("a part with its own predicate and no sentiment")
                .isEqualTo("neutral");
    }

    @Test
    void aClauseWithoutSentimentDoesNotBorrowFromAnotherActor() {
        Map<String, ActorSentiment> r = analyze("Globex is buggy and slow, but Acme also exists.");
        assertThat(r.get("Globex").analysis()).isEqualTo("very_negative");
        assertThat(r.get("Acme").analysis()).isEqualTo("neutral");
    }

    @Test
    void comparativesArePositiveForTheSubjectAndNegativeForTheOther() {
        Map<String, ActorSentiment> r = analyze("Acme is better than Globex.");
        assertThat(r.get("Acme").analysis()).isEqualTo("positive");
        assertThat(r.get("Globex").analysis()).isEqualTo("negative");

        r = analyze("Globex is more expensive than Acme.");
        assertThat(r.get("Globex").analysis()).isEqualTo("negative");
        assertThat(r.get("Acme").analysis()).isEqualTo("positive");

        r = analyze("Acme is worse than Globex for large teams.");
        assertThat(r.get("Acme").analysis()).isEqualTo("negative");
        assertThat(r.get("Globex").analysis()).isEqualTo("positive");

        r = analyze("Acme is easier to learn than Globex.");
        assertThat(r.get("Acme").analysis()).isEqualTo("positive");
        assertThat(r.get("Globex").analysis()).isEqualTo("negative");

        r = analyze("Unlike Globex, Acme is stable.");
        assertThat(r.get("Acme").analysis()).isEqualTo("positive");
        assertThat(r.get("Globex").analysis()).isEqualTo("negative");

        r = analyze("Acme is cheaper than Globex and offers excellent support.");
        assertThat(r.get("Globex").analysis()).as("only the comparative counts for the compared actor")
                .isEqualTo("negative");

        assertThat(analysis("Acme is more expensive.", "Acme")).isEqualTo("negative");
    }

    // --- markdown

    @Test
    void listItemsAreJudgedEachOnItsOwnLine() {
        String text = """
                Here are the top CRM tools:

                1. **Acme** – reliable and intuitive, with excellent support.
                2. **Globex** – buggy and slow.
                3. **Initech** – a CRM for small teams.
                """;
        Map<String, ActorSentiment> r = analyze(text);
        assertThat(collapse(r.get("Acme").analysis())).isEqualTo("positive");
        assertThat(r.get("Globex").analysis()).isIn("negative", "very_negative");
        assertThat(r.get("Initech").analysis()).isEqualTo("neutral");
        assertThat(r.get("Acme").comment()).isEqualTo("Acme – reliable and intuitive, with excellent support.");
        assertThat(r.get("Initech").comment()).isEqualTo("Initech – a CRM for small teams.");
    }

    @Test
    void sectionsUnderAnActorsHeadingOrItemBelongToIt() {
        String text = """
                ## Acme
                - Excellent support
                - Intuitive interface

                ## Globex
                - Frequent outages
                - Clunky editor

                ### 3. **Initech**
                Initech is a CRM.
                  - Pros: nothing special
                """;
        Map<String, ActorSentiment> r = analyze(text);
        assertThat(collapse(r.get("Acme").analysis())).isEqualTo("positive");
        assertThat(collapse(r.get("Globex").analysis())).isEqualTo("negative");
        assertThat(r.get("Acme").comment()).isEqualTo("Excellent support");

        String nested = """
                1. **Acme**: a CRM for sales teams.
                   - Pros: fast and affordable
                   - Cons: limited reporting
                2. **Globex**: an ERP.
                   - Cons: buggy, outdated and expensive
                """;
        r = analyze(nested);
        assertThat(collapse(r.get("Acme").analysis())).isEqualTo("positive");
        assertThat(collapse(r.get("Globex").analysis())).isEqualTo("negative");
    }

    @Test
    void aFollowingSentenceWithoutActorContinuesTheOneBefore() {
        Map<String, ActorSentiment> r = analyze("Acme is a CRM. It is known for frequent outages.");
        assertThat(r.get("Acme").analysis()).isEqualTo("negative");
        assertThat(r.get("Acme").comment()).isEqualTo("It is known for frequent outages.");
        r = analyze("Acme and Globex are CRMs. They are both unreliable.");
        assertThat(r.values()).as("no continuation after a sentence naming two actors")
                .extracting(ActorSentiment::analysis).containsOnly("neutral");
    }

    @Test
    void aSentenceOpeningWithAPronounStaysWithTheActorBeforeEvenWhenItNamesAnother() {
        Map<String, ActorSentiment> r = analyze(
                "Globex offers deep customization. However, it is much harder to learn than Acme.");
        assertThat(r.get("Globex").analysis()).isEqualTo("negative");
        assertThat(r.get("Globex").comment()).isEqualTo("However, it is much harder to learn than Acme.");
        assertThat(r.get("Acme").analysis()).isEqualTo("positive");
    }

    @Test
    void comparisonTablesWithActorsAsColumnsJudgeEachCellForItsColumn() {
        String text = """
                | Feature | Acme | Globex |
                |---|:---:|:---:|
                | Ease of use | Excellent | Clunky |
                | Support | Responsive | Slow |
                | Founded | 2012 | 2015 |
                """;
        Map<String, ActorSentiment> r = analyze(text);
        assertThat(r.get("Acme").analysis()).isEqualTo("very_positive");
        assertThat(r.get("Acme").topics()).isEqualTo("ease of use, support");
        assertThat(r.get("Acme").comment()).isEqualTo("Ease of use | Excellent | Clunky");
        assertThat(collapse(r.get("Globex").analysis())).isEqualTo("negative");
        assertThat(r.get("Globex").topics()).isEqualTo("ease of use, support, performance");
    }

    @Test
    void sentimentWordsInsideABrandNameDoNotCount() {
        Actor plains = new Actor(Actor.Type.COMPETITOR, 9, "Great Plains", "greatplains.com",
                List.of("Great Plains"));
        String text = "Great Plains is buggy.";
        MentionMatch m = new MentionMatch(plains, List.of("Great Plains"), 1,
                List.of(new MentionMatch.Span(text.indexOf("Great Plains"), "Great Plains".length())));
        assertThat(analyzer.analyze(text, List.of(m)).get(0).analysis()).isEqualTo("negative");
        String listed = "Great Plains is an ERP.";
        MentionMatch n = new MentionMatch(plains, List.of("Great Plains"), 1,
                List.of(new MentionMatch.Span(0, "Great Plains".length())));
        assertThat(analyzer.analyze(listed, List.of(n)).get(0).analysis()).isEqualTo("neutral");
    }

    @Test
    void tableRowsAreJudgedOnTheirOwn() {
        String text = """
                | Tool | Pros | Cons |
                |------|------|------|
                | Acme | Intuitive, great support | Pricey |
                | Globex | Cheap | Buggy, slow, outdated |
                | Initech | CRM | Sales |
                """;
        Map<String, ActorSentiment> r = analyze(text);
        assertThat(r.get("Acme").analysis()).isEqualTo("positive");
        assertThat(collapse(r.get("Globex").analysis())).isEqualTo("negative");
        assertThat(r.get("Initech").analysis()).isEqualTo("neutral");
        assertThat(r.get("Acme").comment()).isEqualTo("Acme | Intuitive, great support | Pricey");
        assertThat(r.get("Acme").topics()).isEqualTo("ease of use, support, pricing");
    }

    @Test
    void markdownBoldDoesNotHideNamesOrSentimentWords() {
        Map<String, ActorSentiment> r = analyze("**Acme** is **excellent**, but __Globex__ is *unreliable*.");
        assertThat(r.get("Acme").analysis()).isEqualTo("very_positive");
        assertThat(r.get("Globex").analysis()).isEqualTo("negative");
        assertThat(r.get("Acme").comment()).isEqualTo("Acme is excellent, but Globex is *unreliable*.");
    }

    /**
     * Praise in one paragraph and criticism in another: the sentence sums add up, so the stronger side wins.
     * Tie rule: when they cancel exactly the verdict is neutral and the comment is the first mention sentence.
     */
    @Test
    void theStrongestSignalWinsAcrossParagraphs() {
        String praised = """
                Acme is the best CRM on the market, praised for its excellent support.

                However, some users find Acme somewhat slow.
                """;
        ActorSentiment r = analyze(praised).get("Acme");
        assertThat(collapse(r.analysis())).isEqualTo("positive");
        assertThat(r.comment()).isEqualTo("Acme is the best CRM on the market, praised for its excellent support.");

        String criticised = """
                Acme is a good tool.

                But Acme suffers from terrible outages and constant crashes, and many complaints about billing.
                """;
        r = analyze(criticised).get("Acme");
        assertThat(collapse(r.analysis())).isEqualTo("negative");
        assertThat(r.comment()).startsWith("But Acme suffers from terrible outages");

        r = analyze("Acme is great.\n\nAcme is awful, though, hmm: actually it is great.").get("Acme");
        assertThat(r.analysis()).isIn("neutral", "positive");
        r = analyze("Acme is great.\n\nAcme is bad.").get("Acme");
        assertThat(r.analysis()).as("exact tie").isEqualTo("neutral");
        assertThat(r.comment()).isEqualTo("Acme is great.");
    }

    // --- contrast, scope, wishes, pros and cons

    @Test
    void theClauseAfterButCarriesTheVerdictAndConcessionsWeighLess() {
        assertThat(collapse(analysis("Acme is capable but expensive.", "Acme"))).isEqualTo("negative");
        assertThat(collapse(analysis("Acme has improved its editor, but it still lacks offline mode.", "Acme")))
                .isEqualTo("negative");
        assertThat(collapse(analysis("Acme isn't bad, but at $180 it's hard to justify.", "Acme")))
                .isEqualTo("negative");
        assertThat(collapse(analysis("Acme is not the cheapest, but it is the most reliable.", "Acme")))
                .isEqualTo("positive");
        assertThat(collapse(analysis("Acme is a solid choice, though it can be pricey.", "Acme")))
                .isEqualTo("positive");
        assertThat(collapse(analysis("Although Acme costs more, it is far more reliable.", "Acme")))
                .isEqualTo("positive");
        Map<String, ActorSentiment> r = analyze("Acme is good, but Globex is bad.");
        assertThat(collapse(r.get("Acme").analysis())).as("each on its own side: no weighting").isEqualTo("positive");
        assertThat(collapse(r.get("Globex").analysis())).isEqualTo("negative");
    }

    @Test
    void objectsOfAPrepositionAndOrphanPartsFollowTheSubject() {
        Map<String, ActorSentiment> r = analyze(
                "Acme is a popular host with automatic distribution to Globex and Initech.");
        assertThat(collapse(r.get("Acme").analysis())).isEqualTo("positive");
        assertThat(r.get("Globex").analysis()).isEqualTo("neutral");
        assertThat(r.get("Initech").analysis()).isEqualTo("neutral");
        r = analyze("Compared with Acme, Globex is harder to configure.");
        assertThat(collapse(r.get("Globex").analysis())).isEqualTo("negative");
        assertThat(collapse(r.get("Acme").analysis())).isEqualTo("positive");
        r = analyze("Globex's docs are thorough but hard to navigate, and Initech ships a PDF manual.");
        assertThat(collapse(r.get("Globex").analysis())).isEqualTo("negative");
        assertThat(r.get("Initech").analysis()).isEqualTo("neutral");
    }

    @Test
    void wishesAreNotJudgements() {
        assertThat(collapse(analysis("Acme is not recommended for teams that need reliable backups.", "Acme")))
                .isEqualTo("negative");
        assertThat(analysis("Acme is built for teams that want fast, reliable sync.", "Acme")).isEqualTo("neutral");
        assertThat(collapse(analysis("If you need simple invoicing, Acme is great.", "Acme"))).isEqualTo("positive");
    }

    @Test
    void prosAndConsLabelsJudgeTheItemsUnderThem() {
        assertThat(collapse(analysis("### Acme\n**Cons:**\n- Requires a desktop app\n- No Linux client\n",
                "Acme"))).isEqualTo("negative");
        assertThat(collapse(analysis("### Acme\n**Pros:**\n- Offline mode\n- Two-factor login\n", "Acme")))
                .isEqualTo("positive");
        assertThat(collapse(analysis("- **Acme**\n  - Cons: requires a desktop app\n", "Acme")))
                .isEqualTo("negative");
        String table = """
                | Tool | Pros | Cons |
                |---|---|---|
                | Acme | Offline mode, SSO | Desktop only |
                | Globex | Web app | Expensive, slow |
                """;
        Map<String, ActorSentiment> r = analyze(table);
        assertThat(r.get("Acme").analysis()).as("one pro, one con").isEqualTo("neutral");
        assertThat(collapse(r.get("Globex").analysis())).isEqualTo("negative");
        assertThat(analysis("## Acme\nAcme is a note app.\n\n## Pros and cons\nIt depends on your team.\n", "Acme"))
                .isEqualTo("neutral");
    }

    @Test
    void aParagraphAboutItsContinuesTheActorNamedJustBefore() {
        String text = """
                **Acme** is available on both platforms:

                - iPhone: [Acme on the App Store](https://apps.apple.com/x)

                Users love its adaptive plans.
                """;
        assertThat(collapse(analysis(text, "Acme"))).isEqualTo("positive");
        String tip = """
                - **Acme** – a recipe app.

                Tip: try a simple salsa first; it's a good test.
                """;
        assertThat(analysis(tip, "Acme")).as("\"it's\" may be anything").isEqualTo("neutral");
    }

    // --- languages

    @Test
    void frenchGermanAndSpanish() {
        assertThat(collapse(analysis("Acme est très fiable et facile à utiliser.", "Acme"))).isEqualTo("positive");
        assertThat(collapse(analysis("Globex est lent et trop cher.", "Globex"))).isEqualTo("negative");
        assertThat(collapse(analysis("Acme n'est pas fiable.", "Acme"))).isEqualTo("negative");
        assertThat(collapse(analysis("Acme, c'est pas mal du tout.", "Acme"))).isEqualTo("positive");
        Map<String, ActorSentiment> fr = analyze("Acme est excellent, mais Globex est décevant.");
        assertThat(collapse(fr.get("Acme").analysis())).isEqualTo("positive");
        assertThat(collapse(fr.get("Globex").analysis())).isEqualTo("negative");

        assertThat(collapse(analysis("Acme ist sehr zuverlässig und benutzerfreundlich.", "Acme")))
                .isEqualTo("positive");
        assertThat(collapse(analysis("Globex ist langsam und zu teuer.", "Globex"))).isEqualTo("negative");
        assertThat(collapse(analysis("Acme ist nicht zuverlässig.", "Acme"))).isEqualTo("negative");
        Map<String, ActorSentiment> de = analyze("Acme ist besser als Globex.");
        assertThat(collapse(de.get("Acme").analysis())).isEqualTo("positive");
        assertThat(collapse(de.get("Globex").analysis())).isEqualTo("negative");

        assertThat(collapse(analysis("Acme es muy fiable y fácil de usar.", "Acme"))).isEqualTo("positive");
        assertThat(collapse(analysis("Globex es lento y caro.", "Globex"))).isEqualTo("negative");
        assertThat(collapse(analysis("Acme no es fiable.", "Acme"))).isEqualTo("negative");
        Map<String, ActorSentiment> es = analyze("Acme es excelente, pero Globex es peor.");
        assertThat(collapse(es.get("Acme").analysis())).isEqualTo("positive");
        assertThat(collapse(es.get("Globex").analysis())).isEqualTo("negative");
    }

    @Test
    void italianPortugueseAndDutch() {
        assertThat(collapse(analysis("Acme è molto affidabile e facile da usare.", "Acme"))).isEqualTo("positive");
        assertThat(collapse(analysis("Globex è lento e troppo caro.", "Globex"))).isEqualTo("negative");
        assertThat(collapse(analysis("Acme non è affidabile.", "Acme"))).isEqualTo("negative");
        Map<String, ActorSentiment> it = analyze("Acme è ottimo, ma Globex è deludente.");
        assertThat(collapse(it.get("Acme").analysis())).isEqualTo("positive");
        assertThat(collapse(it.get("Globex").analysis())).isEqualTo("negative");

        assertThat(collapse(analysis("Acme é muito confiável e fácil de usar.", "Acme"))).isEqualTo("positive");
        assertThat(collapse(analysis("Globex é lento e caro.", "Globex"))).isEqualTo("negative");
        assertThat(collapse(analysis("Acme não é confiável.", "Acme"))).isEqualTo("negative");
        Map<String, ActorSentiment> pt = analyze("Acme é ótimo, mas Globex é decepcionante.");
        assertThat(collapse(pt.get("Acme").analysis())).isEqualTo("positive");
        assertThat(collapse(pt.get("Globex").analysis())).isEqualTo("negative");

        assertThat(collapse(analysis("Acme is een zeer betrouwbare tool en het is ook erg gebruiksvriendelijk.",
                "Acme"))).isEqualTo("positive");
        assertThat(collapse(analysis("Globex is traag en het is ook te duur voor kleine bedrijven.", "Globex")))
                .isEqualTo("negative");
        assertThat(collapse(analysis("Acme is niet betrouwbaar voor de meeste bedrijven.", "Acme")))
                .isEqualTo("negative");
        Map<String, ActorSentiment> nl = analyze(
                "Acme is uitstekend voor kleine bedrijven, maar Globex is teleurstellend.");
        assertThat(collapse(nl.get("Acme").analysis())).isEqualTo("positive");
        assertThat(collapse(nl.get("Globex").analysis())).isEqualTo("negative");

        // "ma" (French "my") and "más" (Spanish "more") are no contrast markers outside Italian and Portuguese
        Map<String, ActorSentiment> fr = analyze("Acme est ma solution préférée, mais Globex est décevant.");
        assertThat(collapse(fr.get("Acme").analysis())).isEqualTo("positive");
        Map<String, ActorSentiment> es = analyze("Acme es más rápido que Globex.");
        assertThat(collapse(es.get("Acme").analysis())).isEqualTo("positive");
        assertThat(collapse(es.get("Globex").analysis())).isEqualTo("negative");
    }

    // --- comment and topics

    @Test
    void commentIsTheStrongestSentenceCleanedOfMarkdown() {
        String text = """
                ### Acme
                Acme offers many integrations.
                - **Pricing** is affordable and the support team is very responsive.
                """;
        ActorSentiment r = analyze(text).get("Acme");
        assertThat(collapse(r.analysis())).isEqualTo("positive");
        assertThat(r.comment()).isEqualTo("Pricing is affordable and the support team is very responsive.");
        assertThat(r.topics()).isEqualTo("integrations, pricing, support");

        ActorSentiment neutral = analyze("We compared several tools. Acme has a mobile app. It syncs daily.")
                .get("Acme");
        assertThat(neutral.analysis()).isEqualTo("neutral");
        assertThat(neutral.comment()).as("the first mention sentence").isEqualTo("Acme has a mobile app.");

        ActorSentiment linked = analyze("1. [**Acme**](https://acme.com) – excellent uptime.").get("Acme");
        assertThat(linked.comment()).isEqualTo("Acme – excellent uptime.");
        assertThat(linked.topics()).isEqualTo("reliability");
    }

    @Test
    void abbreviationsAndDecimalsDoNotSplitSentences() {
        Map<String, ActorSentiment> r = analyze(
                "Acme is great for e.g. startups and scores 4.5 vs. 3.9 for rivals. Globex Inc. is slow.");
        assertThat(r.get("Acme").comment())
                .isEqualTo("Acme is great for e.g. startups and scores 4.5 vs. 3.9 for rivals.");
        assertThat(r.get("Acme").analysis()).isEqualTo("positive");
        assertThat(r.get("Globex").comment()).isEqualTo("Globex Inc. is slow.");
        assertThat(r.get("Globex").analysis()).isEqualTo("negative");
    }

    @Test
    void longCommentsAreCutAtAWordBoundary() {
        String text = "Acme is excellent " + "and keeps getting better with every single release ".repeat(10) + ".";
        String comment = analyze(text).get("Acme").comment();
        assertThat(comment.length()).isLessThanOrEqualTo(LexiconSentimentAnalyzer.MAX_COMMENT_LENGTH);
        assertThat(comment).startsWith("Acme is excellent and keeps").endsWith("…");
        assertThat(comment.substring(0, comment.length() - 1)).doesNotEndWith(" ");
        assertThat(text).contains(comment.substring(0, comment.length() - 1));
    }

    @Test
    void topicsListAtMostThreeAspectsNearTheMention() {
        Map<String, ActorSentiment> r = analyze("Acme has great documentation, fast performance, solid security "
                + "and fair pricing. Globex has a nice design but poor support.");
        assertThat(r.get("Acme").topics()).isEqualTo("documentation, performance, security");
        assertThat(r.get("Globex").topics()).isEqualTo("design, support");
    }

    // --- robustness

    @Test
    void deterministicAndThreadSafe() throws Exception {
        String text = """
                ## Best CRM tools
                1. **Acme** – excellent support, but pricey. Users love its intuitive design.
                2. **Globex** – cheaper than Acme, although buggy.
                | Initech | Reliable | Dated UI |
                """;
        List<ActorSentiment> first = analyzer.analyze(text, mentions(text));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<ActorSentiment>>> futures = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                LexiconSentimentAnalyzer fresh = i % 2 == 0 ? analyzer : new LexiconSentimentAnalyzer();
                futures.add(pool.submit(() -> fresh.analyze(text, mentions(text))));
            }
            for (Future<List<ActorSentiment>> f : futures) {
                assertThat(f.get()).isEqualTo(first);
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void oddInputsGiveNeutralResults() {
        MentionMatch outside = new MentionMatch(ACME, List.of("Acme"), 1, List.of(new MentionMatch.Span(50, 54)));
        ActorSentiment r = analyzer.analyze("Short text.", List.of(outside)).get(0);
        assertThat(r.analysis()).isEqualTo("neutral");
        assertThat(r.comment()).isEmpty();
        assertThat(r.topics()).isEmpty();
        assertThat(analyzer.analyze(null, List.of(outside))).hasSize(1);
    }

    @Test
    void lexiconsHaveAFewHundredEnglishAndSmallerForeignLists() {
        assertThat(analyzer.lexiconSize("en")).isGreaterThanOrEqualTo(300);
        assertThat(analyzer.lexiconSize("fr")).isGreaterThanOrEqualTo(60);
        assertThat(analyzer.lexiconSize("de")).isGreaterThanOrEqualTo(60);
        assertThat(analyzer.lexiconSize("es")).isGreaterThanOrEqualTo(60);
        assertThat(analyzer.lexiconSize("it")).isGreaterThanOrEqualTo(60);
        assertThat(analyzer.lexiconSize("pt")).isGreaterThanOrEqualTo(60);
        assertThat(analyzer.lexiconSize("nl")).isGreaterThanOrEqualTo(60);
        System.out.printf("lexicon entries: en=%d fr=%d de=%d es=%d it=%d pt=%d nl=%d%n", analyzer.lexiconSize("en"),
                analyzer.lexiconSize("fr"), analyzer.lexiconSize("de"), analyzer.lexiconSize("es"),
                analyzer.lexiconSize("it"), analyzer.lexiconSize("pt"), analyzer.lexiconSize("nl"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            0.0   | neutral
            0.55  | neutral
            0.6   | positive
            2.5   | positive
            2.6   | very_positive
            -0.6  | negative
            -2.6  | very_negative
            """)
    void bucketsFollowTheCompound(double sum, String expected) {
        assertThat(LexiconSentimentAnalyzer.bucket(LexiconSentimentAnalyzer.compound(sum))).isEqualTo(expected);
    }

    // --- labelled one-liners

    /** expected (collapsed) | actor | sentence. */
    private static final String LABELLED = """
            positive | Acme   | Acme is a reliable choice for small businesses.
            positive | Acme   | Many teams love Acme for its clean interface.
            positive | Acme   | Acme offers excellent customer support.
            positive | Acme   | Acme is highly recommended by reviewers.
            positive | Acme   | Acme is the top pick for startups.
            positive | Acme   | Acme is affordable and easy to set up.
            positive | Acme   | Acme is one of the most popular project management tools.
            positive | Acme   | Acme is a trusted, industry-leading platform.
            positive | Acme   | Acme isn't bad at all for the price.
            positive | Acme   | Acme rarely crashes.
            positive | Acme   | Acme is cheaper than Globex.
            negative | Globex | Acme is cheaper than Globex.
            positive | Acme   | Globex is more expensive than Acme.
            negative | Globex | Globex is more expensive than Acme.
            positive | Acme   | Acme is great but Globex is unreliable.
            negative | Globex | Acme is great but Globex is unreliable.
            negative | Acme   | Acme is unreliable, whereas Globex is rock solid.
            positive | Globex | Acme is unreliable, whereas Globex is rock solid.
            negative | Acme   | Acme has been criticised for its hidden fees.
            negative | Acme   | Users report frequent issues with Acme's sync.
            negative | Acme   | There are many complaints about Acme's billing.
            negative | Acme   | Acme lacks basic integrations.
            negative | Acme   | Acme is clunky and has a steep learning curve.
            negative | Acme   | Acme feels outdated compared to newer tools.
            negative | Acme   | Acme is not very intuitive.
            negative | Acme   | Acme is expensive for what it offers.
            negative | Acme   | Acme's mobile app is buggy and slow.
            negative | Acme   | Acme has limited reporting features.
            neutral  | Acme   | Acme is a project management tool founded in 2012.
            neutral  | Acme   | Acme and Globex both offer a mobile app.
            neutral  | Globex | Acme and Globex both offer a mobile app.
            neutral  | Acme   | Acme is headquartered in Berlin.
            neutral  | Acme   | Pricing for Acme starts at $10 per user per month.
            neutral  | Acme   | Other options include Acme, Globex and Initech.
            neutral  | Acme   | Acme integrates with Slack and Google Drive.
            neutral  | Acme   | You can export data from Acme as CSV.
            positive | Acme   | Acme est très fiable et facile à utiliser.
            negative | Acme   | Acme est lent et trop cher.
            negative | Acme   | Acme n'est pas fiable.
            positive | Acme   | Acme ist sehr zuverlässig und benutzerfreundlich.
            negative | Acme   | Acme ist langsam und zu teuer.
            negative | Acme   | Acme ist nicht zuverlässig.
            positive | Acme   | Acme es muy fiable y fácil de usar.
            negative | Acme   | Acme es lento y caro.
            negative | Acme   | Acme no es fiable.
            positive | Acme   | Acme outperforms Globex on speed.
            negative | Globex | Acme outperforms Globex on speed.
            positive | Acme   | Unlike Globex, Acme is stable.
            negative | Globex | Unlike Globex, Acme is stable.
            positive | Acme   | **Acme** is the best option for enterprise teams!
            negative | Acme   | Acme is NOT reliable.
            neutral  | Acme   | Is Acme available in Europe?
            positive | Globex | While Acme is pricey, Globex is affordable.
            negative | Acme   | While Acme is pricey, Globex is affordable.
            neutral  | Acme   | Acme was acquired by Globex in 2020.
            negative | Acme   | Acme's support team is unresponsive and rude.
            positive | Acme   | Acme is fast, secure and scales well.
            neutral  | Initech | Acme is excellent, Globex is solid, and Initech is a newer entrant.
            positive | Acme   | Acme is praised for its intuitive design.
            negative | Acme   | Acme has had several security breaches.
            positive | Acme   | Acme stands out for its generous free tier and responsive support team.
            negative | Acme   | Acme's pricing has become hard to justify after the latest price hike.
            positive | Acme   | For small agencies, Acme hits the sweet spot between power and simplicity.
            negative | Globex | Globex has struggled to keep up with newer competitors.
            neutral  | Acme   | Acme was founded in 2015 and is based in Austin, Texas.
            neutral  | Globex | Globex offers plans for teams of all sizes.
            negative | Acme   | Several reviewers mention that Acme's customer service can take days to respond.
            positive | Acme   | Acme is a favorite among designers thanks to its polished interface.
            negative | Acme   | Acme's interface feels cluttered and dated.
            positive | Acme   | Acme consistently ranks among the best tools in this category.
            neutral  | Acme   | Acme provides a REST API and webhooks.
            negative | Acme   | Acme may not be the best fit for larger enterprises.
            positive | Globex | Globex is a strong alternative if you need advanced automation.
            negative | Globex | Globex's free plan is quite restrictive.
            neutral  | Acme   | According to its website, Acme serves over 10,000 customers.
            positive | Acme   | Acme es la mejor opción para pequeñas empresas.
            negative | Acme   | Acme est souvent critiqué pour son service client.
            positive | Acme   | Acme überzeugt durch seine einfache Bedienung.
            negative | Hooli  | Acme keeps improving, while Hooli has fallen behind.
            positive | Acme   | Acme keeps improving, while Hooli has fallen behind.
            positive | Acme   | Acme is a solid choice for small teams that want simple invoicing.
            positive | Acme   | For most freelancers, Acme is the go-to option.
            positive | Acme   | Acme is best suited for agencies managing many clients.
            positive | Acme   | Acme is worth considering if you run a small shop.
            positive | Acme   | Acme is a strong contender for mid-sized teams.
            negative | Acme   | Acme falls short on reporting.
            negative | Acme   | Acme lags behind rivals in mobile features.
            negative | Acme   | Acme struggles with large files.
            negative | Acme   | Acme is pricey for solo users.
            negative | Acme   | For a two-person team, Acme is overkill.
            negative | Acme   | Acme can be slow when syncing large projects.
            negative | Acme   | Acme has a learning curve for non-technical staff.
            negative | Acme   | Acme's free plan is limited to three projects.
            negative | Acme   | Acme is only available in English.
            negative | Acme   | Acme is not ideal for enterprises with strict compliance needs.
            negative | Acme   | Acme tends to feel cluttered once you add many boards.
            negative | Acme   | Acme may feel overwhelming for beginners.
            negative | Acme   | Acme's customer support can be hard to reach.
            negative | Globex | Globex looks polished but falls short on integrations.
            neutral  | Acme   | Acme offers analytics, security controls and a free plan.
            neutral  | Acme   | Acme has a free plan and paid tiers from $12 per user.
            neutral  | Acme   | Acme includes SSO and audit logs on its Enterprise plan.
            """;

    @Test
    void labelledOneLinersAgreeOnAtLeastNinetyPercent() {
        int total = 0;
        int agreed = 0;
        List<String> misses = new ArrayList<>();
        for (String line : LABELLED.strip().split("\n")) {
            String[] parts = line.split("\\|", 3);
            String expected = parts[0].strip();
            String actor = parts[1].strip();
            String text = parts[2].strip();
            ActorSentiment result = analyze(text).get(actor);
            String got = collapse(result.analysis());
            total++;
            if (got.equals(expected)) {
                agreed++;
            } else {
                misses.add(expected + " ≠ " + result.analysis() + " | " + actor + " | " + text);
            }
        }
        double agreement = (double) agreed / total;
        System.out.printf("labelled one-liners: %d/%d agree (%.1f%%)%n", agreed, total, agreement * 100);
        misses.forEach(m -> System.out.println("  miss: " + m));
        assertThat(total).isGreaterThanOrEqualTo(40);
        assertThat(agreement).as("misses: %s", misses).isGreaterThanOrEqualTo(0.90);
    }
}
