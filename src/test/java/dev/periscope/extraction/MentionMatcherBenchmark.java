package dev.periscope.extraction;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Single-core throughput of {@link MentionMatcher}: 20 actors of 5 names each against ~1,000 generated 5 KB answers
 * (markdown lists, tables, bold names, possessives, links, bare URLs, e-mail addresses, accents and typographic
 * punctuation; fixed seed). Not a test: run it from the project directory with
 *
 * <pre>
 * ./mvnw -q -DskipTests test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt \
 *   &amp;&amp; /usr/lib/jvm/temurin-25-jdk-amd64/bin/java -cp target/test-classes:target/classes:$(cat target/cp.txt) \
 *      dev.periscope.extraction.MentionMatcherBenchmark
 * </pre>
 *
 * It warms up for 3 s, then measures for at least 5 s on the calling thread and prints one line, e.g.
 * {@code mention matching: 12345 answers/s on one core (5 KB answers, 20 actors x 5 names)}.
 */
public final class MentionMatcherBenchmark {

    private static final String[] BASES = {
        "Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Stark Tools", "Wonka", "Cyberdyne", "Soylent",
        "Tyrell", "Aperture", "Massive Dynamic", "Oscorp", "Monarch", "Nakatomi", "Pied Piper", "Dunder Mifflin",
        "Zürich Data", "Café Analytics",
    };

    private static final String[] WORDS = ("the a of and to in for with on is are that this it as be by from at or "
            + "best pricing plan teams small business customers support features integration reporting dashboard "
            + "analytics security reliable affordable enterprise workflow automation cloud platform users reviews "
            + "compared alternative option solution tool easy setup onboarding mobile app free trial monthly "
            + "annual cost value performance scalability metadata pineapple going boxing notional apply metrics "
            + "data export import api developers flexible powerful simple intuitive interface recommend popular "
            + "market leader growing startup mid-size companies choose depends needs budget").split(" ");

    private MentionMatcherBenchmark() {
    }

    public static void main(String[] args) {
        List<Actor> actors = actors();
        MentionMatcher matcher = MentionMatcher.compile(actors);
        List<String> answers = answers(new Random(20240601L), 1000);
        long totalChars = answers.stream().mapToLong(String::length).sum();

        long warmUpSink = run(matcher, answers, 3_000_000_000L)[1];
        long[] measured = run(matcher, answers, 5_000_000_000L);
        long count = measured[0];
        long occurrences = measured[1];
        double seconds = measured[2] / 1e9;
        double perSecond = count / seconds;
        System.out.printf(Locale.ROOT,
                "mention matching: %.0f answers/s on one core (%d KB answers, %d actors x 5 names)%n",
                perSecond, Math.round(totalChars / (double) answers.size() / 1000), actors.size());
        System.out.printf(Locale.ROOT,
                "  (%d answers in %.2f s, %.1f MB/s, %.1f accepted occurrences per answer; warm-up found %d)%n",
                count, seconds, totalChars / (double) answers.size() * perSecond / 1e6,
                occurrences / (double) count, warmUpSink);
    }

    /** {answers matched, occurrences found (keeps the work observable), elapsed nanos}. */
    private static long[] run(MentionMatcher matcher, List<String> answers, long nanos) {
        long start = System.nanoTime();
        long count = 0;
        long sink = 0;
        long elapsed;
        do {
            for (String answer : answers) {
                for (MentionMatch m : matcher.match(answer)) {
                    sink += m.occurrences().size();
                }
            }
            count += answers.size();
            elapsed = System.nanoTime() - start;
        } while (elapsed < nanos);
        return new long[] {count, sink, elapsed};
    }

    static List<Actor> actors() {
        List<Actor> actors = new ArrayList<>();
        for (int i = 0; i < BASES.length; i++) {
            String base = BASES[i];
            String compact = base.toLowerCase(Locale.ROOT).replace(" ", "").replace("ü", "u").replace("é", "e");
            List<String> names = List.of(base, base + " Cloud", base + " CRM", compact + ".com",
                    base.toUpperCase(Locale.ROOT) + " Inc");
            actors.add(new Actor(i == 0 ? Actor.Type.PROJECT : Actor.Type.COMPETITOR, i + 1, base, compact + ".com",
                    names));
        }
        return actors;
    }

    static List<String> answers(Random random, int count) {
        List<String> answers = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            answers.add(answer(random, 5000));
        }
        return answers;
    }

    private static String answer(Random r, int size) {
        StringBuilder sb = new StringBuilder(size + 600);
        sb.append("Here is an overview of the ").append(word(r)).append(' ').append(word(r)).append(" options:\n\n");
        while (sb.length() < size) {
            switch (r.nextInt(6)) {
                case 0 -> { // numbered list with bold names
                    for (int k = 1; k <= 3 + r.nextInt(4); k++) {
                        sb.append(k).append(". **").append(name(r)).append("** – ");
                        sentence(r, sb);
                        sb.append('\n');
                    }
                    sb.append('\n');
                }
                case 1 -> { // table
                    sb.append("| Tool | Price | Rating |\n|---|---|---|\n");
                    for (int k = 0; k < 3 + r.nextInt(3); k++) {
                        sb.append("| ").append(name(r)).append(" | $").append(5 + r.nextInt(50)).append(" | ")
                                .append(3 + r.nextInt(2)).append('.').append(r.nextInt(10)).append(" |\n");
                    }
                    sb.append('\n');
                }
                case 2 -> { // links, URLs, e-mails
                    String base = BASES[r.nextInt(BASES.length)].toLowerCase(Locale.ROOT).replace(" ", "-");
                    sb.append("See [").append(name(r)).append(" pricing](https://www.").append(base)
                            .append(".com/pricing?utm_source=chatgpt) or https://reviews.example.org/").append(base)
                            .append("-vs-alternatives, or write to sales@").append(base).append(".com. ");
                    sentence(r, sb);
                    sb.append("\n\n");
                }
                default -> { // prose paragraph
                    for (int k = 0; k < 3 + r.nextInt(3); k++) {
                        sentence(r, sb);
                    }
                    sb.append("\n\n");
                }
            }
        }
        return sb.toString();
    }

    private static void sentence(Random r, StringBuilder sb) {
        int words = 8 + r.nextInt(14);
        for (int w = 0; w < words; w++) {
            if (w > 0) {
                sb.append(' ');
            }
            int roll = r.nextInt(40);
            if (roll == 0) {
                sb.append(name(r)).append(r.nextBoolean() ? "’s" : "'s");
            } else if (roll == 1) {
                sb.append(name(r));
            } else if (roll == 2) {
                sb.append("“").append(word(r)).append("”");
            } else if (roll == 3) {
                sb.append("—");
            } else {
                String word = word(r);
                sb.append(w == 0 ? Character.toUpperCase(word.charAt(0)) + word.substring(1) : word);
            }
        }
        sb.append(r.nextInt(8) == 0 ? "; " : ". ");
    }

    private static String name(Random r) {
        String base = BASES[r.nextInt(BASES.length)];
        return switch (r.nextInt(6)) {
            case 0 -> base + " Cloud";
            case 1 -> base.toUpperCase(Locale.ROOT);
            case 2 -> base + " CRM";
            default -> base;
        };
    }

    private static String word(Random r) {
        return WORDS[r.nextInt(WORDS.length)];
    }
}
