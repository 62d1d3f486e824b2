package dev.periscope.extraction;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Single-core throughput of the whole offline extraction ({@link Extractor}: mentions, sources with URL
 * normalisation and ownership, lexicon sentiment per mentioned actor) on the answers of
 * {@link MentionMatcherBenchmark}: 20 actors of 5 names, ~5 KB answers, each with 8 engine citations. Not a test:
 *
 * <pre>
 * ./mvnw -q -DskipTests test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt \
 *   &amp;&amp; /usr/lib/jvm/temurin-25-jdk-amd64/bin/java -cp target/test-classes:target/classes:$(cat target/cp.txt) \
 *      dev.periscope.extraction.ExtractionBenchmark
 * </pre>
 */
public final class ExtractionBenchmark {
    private ExtractionBenchmark() {
    }

    public static void main(String[] args) {
        List<Actor> actors = MentionMatcherBenchmark.actors();
        Subject subject = new Subject(actors.get(0), actors.subList(1, actors.size()), false);
        Extractor extractor = new Extractor(subject, new LexiconSentimentAnalyzer());
        List<String> answers = MentionMatcherBenchmark.answers(new Random(20240601L), 1000);
        List<List<EngineCitation>> citations = new ArrayList<>();
        Random random = new Random(7);
        for (int i = 0; i < answers.size(); i++) {
            List<EngineCitation> cited = new ArrayList<>();
            for (int c = 0; c < 8; c++) {
                String domain = c % 3 == 0 ? actors.get(random.nextInt(actors.size())).domain() : "site" + random.nextInt(500) + ".com";
                cited.add(new EngineCitation("https://www." + domain + "/page/" + random.nextInt(1000) + "?utm_source=openai",
                        "Title " + c, c < 5 ? c + 1 : 0, null));
            }
            citations.add(cited);
        }
        run(extractor, answers, citations, 3_000_000_000L);
        long[] measured = run(extractor, answers, citations, 5_000_000_000L);
        double seconds = measured[1] / 1e9;
        System.out.printf(Locale.ROOT, "extraction: %.0f answers/s on one core (5 KB answers, %d actors x 5 names, "
                + "8 citations; mentions, sources and offline sentiment)%n", measured[0] / seconds, actors.size());
    }

    private static long[] run(Extractor extractor, List<String> answers, List<List<EngineCitation>> citations, long nanos) {
        long start = System.nanoTime();
        long count = 0;
        long sink = 0;
        while (System.nanoTime() - start < nanos) {
            for (int i = 0; i < answers.size(); i++) {
                sink += extractor.extract(answers.get(i), citations.get(i), List.of()).sources().size();
                count++;
            }
        }
        if (sink == 42) {
            System.out.println();
        }
        return new long[] {count, System.nanoTime() - start};
    }
}
