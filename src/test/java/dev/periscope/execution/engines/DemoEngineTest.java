package dev.periscope.execution.engines;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.execution.engines.EngineAnswer.Citation;
import dev.periscope.execution.engines.EngineRequest.Rival;
import dev.periscope.execution.engines.EngineRequest.Subject;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class DemoEngineTest {
    private static final Subject SUBJECT = new Subject("Acme CRM", "acmecrm.example",
            List.of(new Rival("Globex Sales", "https://www.globex.example/"), new Rival("Initech Pipeline", "initech.example"),
                    new Rival("Umbrella Suite", null)));
    private static final String PROMPT = "What are the best CRM tools for small businesses?";
    private static final Pattern NEGATIVE = Pattern.compile("(?i)criticised|expensive|complain|drawback");

    private final DemoEngine engine = new DemoEngine(Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC));

    private EngineAnswer ask(String seed) {
        return engine.ask(new EngineRequest(PROMPT, "US", "en", SUBJECT, seed));
    }

    private static List<EngineAnswer> answers(DemoEngine engine, Subject subject, int count) {
        List<EngineAnswer> answers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            answers.add(engine.ask(new EngineRequest(PROMPT, "US", "en", subject, "run-" + i)));
        }
        return answers;
    }

    @Test
    void identifiesItselfAsTheDemoEngine() {
        assertThat(engine.model()).isEqualTo("demo");
        assertThat(engine.adapter()).isEqualTo("demo-offline");
        assertThat(ask("seed-1").modelVersion()).isEqualTo("periscope-demo-1");
    }

    @Test
    void theDemoAiOverviewSometimesShowsNoOverviewAndIsLabelledAsDemo() {
        DemoEngine overview = DemoEngine.aiOverview(Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC));
        assertThat(overview.model()).isEqualTo("demo_ai_overview");
        List<EngineAnswer> answers = answers(overview, SUBJECT, 200);
        List<EngineAnswer> without = answers.stream().filter(EngineAnswer::noResult).toList();
        // about NO_OVERVIEW_PERCENT of 200 runs show no overview: an empty, successful answer
        assertThat(without.size()).isBetween(40, 100);
        assertThat(without).allSatisfy(answer -> {
            assertThat(answer.text()).isEmpty();
            assertThat(answer.citations()).isEmpty();
            assertThat(answer.rawResponse()).contains("\"engine\":\"demo_ai_overview\"");
        });
        // the others are the demo's usual answers, with citations
        assertThat(answers).filteredOn(answer -> !answer.noResult())
                .allSatisfy(answer -> assertThat(answer.text()).isNotBlank())
                .anySatisfy(answer -> assertThat(answer.citations()).isNotEmpty());
        assertThat(answers(engine, SUBJECT, 50)).as("the plain demo engine always answers").noneMatch(EngineAnswer::noResult);
    }

    @Test
    void theSameSeedGivesTheSameAnswer() {
        EngineAnswer first = ask("2026-W09");
        EngineAnswer second = new DemoEngine(Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC))
                .ask(new EngineRequest(PROMPT, "US", "en", SUBJECT, "2026-W09"));

        assertThat(second).isEqualTo(first);
        assertThat(first.text()).isNotBlank();
    }

    @Test
    void differentSeedsGiveVariedAnswers() {
        Set<String> texts = new HashSet<>();
        Set<String> openings = new HashSet<>();
        for (EngineAnswer answer : answers(engine, SUBJECT, 20)) {
            texts.add(answer.text());
            openings.add(answer.text().lines().findFirst().orElse(""));
        }
        assertThat(texts).hasSizeGreaterThanOrEqualTo(10);
        assertThat(openings).hasSizeGreaterThanOrEqualTo(3);
    }

    @Test
    void usesSeveralStyles() {
        List<EngineAnswer> answers = answers(engine, SUBJECT, 40);
        assertThat(answers).anySatisfy(a -> assertThat(a.text()).containsPattern("(?m)^1\\. \\*\\*"));
        assertThat(answers).anySatisfy(a -> assertThat(a.text()).contains("|---|"));
        assertThat(answers).anySatisfy(a -> assertThat(a.text()).doesNotContain("|---|")
                .doesNotContainPattern("(?m)^\\d+\\. "));
    }

    @Test
    void citationsAreTheTextsLinksInOrderThenBackgroundSources() {
        Pattern link = Pattern.compile("\\]\\((https?://[^)\\s]+)\\)");
        for (EngineAnswer answer : answers(engine, SUBJECT, 30)) {
            List<Citation> citations = answer.citations();
            List<Citation> visible = citations.stream().filter(c -> c.position() > 0).toList();
            List<Citation> background = citations.stream().filter(c -> c.position() == 0).toList();
            assertThat(citations).startsWith(visible.toArray(Citation[]::new));
            for (int i = 0; i < visible.size(); i++) {
                assertThat(visible.get(i).position()).isEqualTo(i + 1);
                assertThat(answer.text()).contains("(" + visible.get(i).url() + ")");
                assertThat(visible.get(i).title()).isNotBlank();
            }
            List<String> linked = link.matcher(answer.text()).results().map(m -> m.group(1)).distinct().toList();
            assertThat(visible).extracting(Citation::url).containsExactlyElementsOf(linked);
            assertThat(background).hasSizeBetween(1, 3);
            for (Citation source : background) {
                assertThat(answer.text()).doesNotContain(source.url());
            }
            assertThat(citations).extracting(Citation::url).doesNotHaveDuplicates();
        }
    }

    @Test
    void linksGoToTheBrandsRivalsAndReviewSites() {
        Set<String> hosts = new HashSet<>();
        for (EngineAnswer answer : answers(engine, SUBJECT, 50)) {
            for (Citation citation : answer.citations()) {
                hosts.add(java.net.URI.create(citation.url()).getHost());
            }
        }
        assertThat(hosts).contains("acmecrm.example", "www.globex.example", "initech.example");
        assertThat(hosts).containsAnyOf("www.g2.com", "www.capterra.com", "www.reddit.com", "en.wikipedia.org",
                "www.trustradius.com", "www.forbes.com");
    }

    @Test
    void theBrandAppearsInMostAnswersButNotAll() {
        List<EngineAnswer> answers = answers(engine, SUBJECT, 50);
        long withBrand = answers.stream().filter(a -> a.text().contains("Acme CRM")).count();

        assertThat(withBrand).isGreaterThan(25).isLessThan(50);
        assertThat(answers).anySatisfy(a -> assertThat(a.text()).contains("Globex Sales"));
        assertThat(answers).anySatisfy(a -> assertThat(a.text()).contains("Initech Pipeline"));
        assertThat(answers).anySatisfy(a -> assertThat(a.text()).contains("Umbrella Suite"));
        // Sometimes a rival is named before the brand.
        assertThat(answers).anySatisfy(a -> {
            int brand = a.text().indexOf("Acme CRM");
            int rival = a.text().indexOf("Globex Sales");
            assertThat(brand).isPositive();
            assertThat(rival).isNotNegative().isLessThan(brand);
        });
    }

    @Test
    void someAnswersAreNegativeAndSomeAreNot() {
        List<EngineAnswer> answers = answers(engine, SUBJECT, 50);
        long negative = answers.stream().filter(a -> NEGATIVE.matcher(a.text()).find()).count();

        assertThat(negative).isBetween(3L, 47L);
    }

    @Test
    void fanOutHasOneToThreeQueriesStartingWithThePrompt() {
        Set<Integer> sizes = new HashSet<>();
        for (EngineAnswer answer : answers(engine, SUBJECT, 30)) {
            assertThat(answer.fanOutQueries()).hasSizeBetween(1, 3).doesNotHaveDuplicates();
            assertThat(answer.fanOutQueries().get(0)).isEqualTo("What are the best CRM tools for small businesses");
            sizes.add(answer.fanOutQueries().size());
        }
        assertThat(sizes).hasSizeGreaterThan(1);
    }

    @Test
    void usageIsEstimatedAndFree() {
        EngineAnswer answer = ask("usage");

        assertThat(answer.usage().inputTokens()).isEqualTo((PROMPT.length() + 3) / 4L);
        assertThat(answer.usage().outputTokens()).isEqualTo((answer.text().length() + 3) / 4L);
        assertThat(answer.usage().costUsd()).isEqualByComparingTo(BigDecimal.ZERO);
        assertThat(answer.noResult()).isFalse();
    }

    @Test
    void worksWithoutRivals() {
        Subject alone = new Subject("Acme CRM", "acmecrm.example", List.of());
        for (EngineAnswer answer : answers(engine, alone, 20)) {
            assertThat(answer.text()).isNotBlank();
            assertThat(answer.citations()).isNotEmpty();
            assertThat(answer.text()).doesNotContain("Globex");
        }
    }

    @Test
    void worksWithoutASubjectAndWithOtherLanguages() {
        EngineAnswer bare = engine.ask(new EngineRequest("Welche CRM-Software ist die beste?", "DE", "de",
                new Subject(null, null, null), null));
        EngineAnswer none = engine.ask(new EngineRequest("", null, null, null, "x"));

        assertThat(bare.text()).isNotBlank();
        assertThat(bare.text()).doesNotContain("null").doesNotContain("Welche CRM-Software ist die beste");
        assertThat(none.text()).isNotBlank().doesNotContain("null");
        assertThat(none.fanOutQueries()).isNotEmpty();
    }

    @Test
    void derivesTheTopicFromThePrompt() {
        assertThat(DemoEngine.topic("What are the best CRM tools for small businesses?"))
                .isEqualTo("CRM tools for small businesses");
        assertThat(DemoEngine.topic("Project management software for agencies"))
                .isEqualTo("project management software for agencies");
        assertThat(DemoEngine.topic("?")).isEqualTo("software tools");
    }

    @Test
    void theRawResponseSaysItIsTheDemoEngine() throws Exception {
        EngineAnswer answer = ask("raw");

        assertThat(answer.rawResponse()).contains("\"engine\":\"demo\"");
        JsonNode raw = JsonMapper.builder().build().readTree(answer.rawResponse());
        assertThat(raw.path("text").asString()).isEqualTo(answer.text());
        assertThat(raw.path("citations").size()).isEqualTo(answer.citations().size());
        assertThat(raw.path("fan_out_queries").size()).isEqualTo(answer.fanOutQueries().size());
    }
}
