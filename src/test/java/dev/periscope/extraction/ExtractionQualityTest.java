package dev.periscope.extraction;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The labelled set (src/test/resources/extraction/labelled, 100+ answers in the styles of every engine) through the
 * offline extraction: prints precision, recall and F1 per field and fails below the thresholds
 * (mentions F1 0.98, positions exact on 95%, source type accuracy 0.99, offline sentiment accuracy 0.80 with the
 * five buckets collapsed to positive, neutral and negative).
 */
class ExtractionQualityTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> FILES = List.of("chatgpt", "perplexity", "gemini", "ai_overview", "claude",
            "multilingual", "tricky");

    private static final class Tally {
        int truePositives;
        int falsePositives;
        int falseNegatives;

        double precision() {
            return truePositives + falsePositives == 0 ? 1 : (double) truePositives / (truePositives + falsePositives);
        }

        double recall() {
            return truePositives + falseNegatives == 0 ? 1 : (double) truePositives / (truePositives + falseNegatives);
        }

        double f1() {
            double p = precision();
            double r = recall();
            return p + r == 0 ? 0 : 2 * p * r / (p + r);
        }

        void add(Set<String> expected, Set<String> actual) {
            for (String item : actual) {
                if (expected.contains(item)) {
                    truePositives++;
                } else {
                    falsePositives++;
                }
            }
            for (String item : expected) {
                if (!actual.contains(item)) {
                    falseNegatives++;
                }
            }
        }
    }

    private static final class Ratio {
        int right;
        int total;

        void count(boolean correct) {
            total++;
            if (correct) {
                right++;
            }
        }

        double value() {
            return total == 0 ? 1 : (double) right / total;
        }
    }

    @Test
    void theLabelledSetMeetsTheQualityBar() throws IOException {
        Tally mentions = new Tally();
        Tally keywords = new Tally();
        Tally sources = new Tally();
        Ratio positions = new Ratio();
        Ratio sourcePositions = new Ratio();
        Ratio sourceTypes = new Ratio();
        Ratio sentiment = new Ratio();
        Ratio sentimentFiveBuckets = new Ratio();
        List<String> misses = new ArrayList<>();
        int cases = 0;
        SentimentAnalyzer analyzer = new LexiconSentimentAnalyzer();
        for (String file : FILES) {
            JsonNode root;
            try (InputStream in = getClass().getResourceAsStream("/extraction/labelled/" + file + ".json")) {
                root = JSON.readTree(in);
            }
            for (JsonNode labelled : root.path("cases")) {
                cases++;
                String id = labelled.path("id").asString();
                Subject subject = subject(labelled);
                Extractor extractor = new Extractor(subject, analyzer);
                List<EngineCitation> citations = new ArrayList<>();
                labelled.path("citations").forEach(c -> citations.add(new EngineCitation(c.path("url").asString(),
                        c.path("title").asString(null), c.path("position").asInt(), c.path("domain").asString(null))));
                Extraction extraction = extractor.extract(labelled.path("text").asString(), citations, List.of());

                Map<String, MentionMatch> found = new HashMap<>();
                extraction.mentions().forEach(m -> found.put(key(m.actor()), m));
                Map<String, JsonNode> expected = new HashMap<>();
                labelled.path("expected").path("mentions").forEach(m -> expected.put(m.path("actor").asString(), m));
                mentions.add(expected.keySet(), found.keySet());
                Set<String> expectedKeywords = new HashSet<>();
                Set<String> foundKeywords = new HashSet<>();
                expected.forEach((actor, m) -> m.path("keywords").forEach(k -> expectedKeywords.add(actor + "=" + k.asString())));
                found.forEach((actor, m) -> m.keywords().forEach(k -> foundKeywords.add(actor + "=" + k)));
                keywords.add(expectedKeywords, foundKeywords);
                for (var entry : expected.entrySet()) {
                    MentionMatch match = found.get(entry.getKey());
                    if (match != null) {
                        boolean right = match.position() == entry.getValue().path("position").asInt();
                        positions.count(right);
                        if (!right) {
                            misses.add(id + " position of " + entry.getKey());
                        }
                    }
                }
                if (!expected.keySet().equals(found.keySet())) {
                    misses.add(id + " mentions expected " + expected.keySet() + " found " + found.keySet());
                }

                Map<String, ExtractedSource> foundSources = new HashMap<>();
                extraction.sources().forEach(s -> foundSources.put(s.normalizedUrl(), s));
                Map<String, JsonNode> expectedSources = new HashMap<>();
                labelled.path("expected").path("sources").forEach(s -> expectedSources.put(s.path("url").asString(), s));
                sources.add(expectedSources.keySet(), foundSources.keySet());
                for (var entry : expectedSources.entrySet()) {
                    ExtractedSource source = foundSources.get(entry.getKey());
                    if (source != null) {
                        sourcePositions.count(source.position() == entry.getValue().path("position").asInt());
                        boolean typeRight = source.sourceType().equals(entry.getValue().path("source_type").asString());
                        sourceTypes.count(typeRight);
                        if (!typeRight) {
                            misses.add(id + " source type of " + entry.getKey());
                        }
                    }
                }
                if (!expectedSources.keySet().equals(foundSources.keySet())) {
                    misses.add(id + " sources expected " + expectedSources.keySet() + " found " + foundSources.keySet());
                }

                Map<String, String> judged = new HashMap<>();
                extraction.sentiments().forEach(s -> judged.put(key(s.actor()), s.analysis()));
                for (JsonNode label : labelled.path("expected").path("sentiment")) {
                    String actor = label.path("actor").asString();
                    if (judged.containsKey(actor)) {
                        String want = label.path("analysis").asString();
                        String got = judged.get(actor);
                        boolean right = collapse(want).equals(collapse(got));
                        sentiment.count(right);
                        sentimentFiveBuckets.count(want.equals(got));
                        if (!right) {
                            misses.add(id + " sentiment of " + actor + " expected " + want + " got " + got);
                        }
                    }
                }
            }
        }
        System.out.printf("""
                Extraction quality on %d labelled answers:
                  mentions       precision %.3f  recall %.3f  F1 %.3f   (%d actors labelled)
                  keywords       precision %.3f  recall %.3f  F1 %.3f
                  positions      exact %.3f  (%d)
                  sources        precision %.3f  recall %.3f  F1 %.3f   (%d sources labelled)
                  source position exact %.3f   source type accuracy %.3f  (%d)
                  sentiment      accuracy %.3f (positive/neutral/negative), %.3f (five buckets)  (%d actors)
                """, cases, mentions.precision(), mentions.recall(), mentions.f1(),
                mentions.truePositives + mentions.falseNegatives, keywords.precision(), keywords.recall(), keywords.f1(),
                positions.value(), positions.total, sources.precision(), sources.recall(), sources.f1(),
                sources.truePositives + sources.falseNegatives, sourcePositions.value(), sourceTypes.value(),
                sourceTypes.total, sentiment.value(), sentimentFiveBuckets.value(), sentiment.total);
        misses.forEach(miss -> System.out.println("  miss: " + miss));
        assertThat(cases).isGreaterThanOrEqualTo(80);
        assertThat(mentions.f1()).as("mentions F1").isGreaterThanOrEqualTo(0.98);
        assertThat(positions.value()).as("positions exact").isGreaterThanOrEqualTo(0.95);
        assertThat(sourceTypes.value()).as("source type accuracy").isGreaterThanOrEqualTo(0.99);
        assertThat(sentiment.value()).as("offline sentiment accuracy").isGreaterThanOrEqualTo(0.80);
    }

    private static String collapse(String analysis) {
        return switch (analysis) {
            case "very_positive", "positive" -> "positive";
            case "very_negative", "negative" -> "negative";
            default -> "neutral";
        };
    }

    private static String key(Actor actor) {
        return actor.isProject() ? "project" : "competitor:" + actor.id();
    }

    private static Subject subject(JsonNode labelled) {
        JsonNode project = labelled.path("project");
        Actor brand = new Actor(Actor.Type.PROJECT, 1_000_000, project.path("name").asString(),
                project.path("domain").asString(), strings(project.path("matching_names"), project.path("name").asString()));
        List<Actor> competitors = new ArrayList<>();
        labelled.path("competitors").forEach(c -> competitors.add(new Actor(Actor.Type.COMPETITOR, c.path("id").asLong(),
                c.path("name").asString(), c.path("domain").asString(), strings(c.path("matching_names"), c.path("name").asString()))));
        return new Subject(brand, competitors, project.path("use_subdomain").asBoolean(false));
    }

    private static List<String> strings(JsonNode names, String brand) {
        List<String> list = new ArrayList<>();
        list.add(brand);
        names.forEach(n -> {
            if (!list.contains(n.asString())) {
                list.add(n.asString());
            }
        });
        return list;
    }
}
