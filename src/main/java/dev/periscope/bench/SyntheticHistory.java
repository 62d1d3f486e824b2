package dev.periscope.bench;

import dev.periscope.shared.Models;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A year of synthetic executions of one {@link SyntheticProject}: one per prompt, engine and weekly cycle, with the
 * actors each answer names (in order), their sentiment, and the pages it cites. Execution {@code i} is drawn from
 * its own {@link SplittableRandom} seeded from (seed, i), so any execution can be drawn again, in any order, with
 * the same outcome: the loader draws every execution once for the executions and once more for their records.
 */
final class SyntheticHistory {
    static final String[] LABELS = {"very_positive", "positive", "neutral", "negative", "very_negative"};
    static final double[] SCORES = {1.0, 0.5, 0.0, -0.5, -1.0};
    static final int MAX_SOURCES = 48;

    /** Per core engine, in {@link Models#CORE} order. */
    private static final double[] BRAND_RATE = {0.46, 0.42, 0.38, 0.33, 0.40};
    private static final int[] VISIBLE_SOURCES = {5, 7, 5, 6, 6};
    private static final int[] BACKGROUND_SOURCES = {3, 1, 3, 2, 2};
    private static final String[] ADAPTERS = {"openai-responses", "perplexity-sonar", "gemini-generate-content",
            "dataforseo-serp", "dataforseo-serp"};
    private static final String[] MODEL_VERSIONS = {"gpt-4.1", "sonar", "gemini-2.5-flash", null, null};
    private static final boolean[] FAN_OUT = {true, false, true, false, true};

    /** How many competitors an answer names: 0..6. */
    private static final double[] RIVALS_NAMED = {10, 14, 20, 22, 16, 11, 7};
    private static final double[] BRAND_SENTIMENT = {18, 42, 28, 10, 2};
    private static final double[] RIVAL_SENTIMENT = {12, 38, 33, 13, 4};
    private static final double BRAND_PROMINENCE = 1.2;
    private static final long TEXT_SALT = 0x5eed_7e47_ab1e_0001L;
    private static final String[] TOPICS = {"pricing", "ease of use", "integrations", "support", "data accuracy",
            "performance", "privacy", "reporting"};

    private final long seed;
    private final SyntheticProject project;
    private final UrlPool pool;
    private final List<String> models;
    private final List<LocalDate> cycles;
    private final long[] cycleStart;
    private final int[] cycleSpan;
    private final double[] rivalProminence;
    private final int promptCount;

    /**
     * @param cycles       the Mondays, oldest first
     * @param nowEpochSecond executions of a cycle that starts today stay before this instant
     */
    SyntheticHistory(long seed, SyntheticProject project, UrlPool pool, List<String> models, List<LocalDate> cycles,
                     long nowEpochSecond) {
        this.seed = seed;
        this.project = project;
        this.pool = pool;
        this.models = List.copyOf(models);
        this.cycles = List.copyOf(cycles);
        this.promptCount = project.prompts().size();
        this.cycleStart = new long[cycles.size()];
        this.cycleSpan = new int[cycles.size()];
        for (int c = 0; c < cycles.size(); c++) {
            cycleStart[c] = cycles.get(c).atStartOfDay().toEpochSecond(ZoneOffset.UTC);
            cycleSpan[c] = (int) Math.max(60, Math.min(86_400, nowEpochSecond - cycleStart[c]));
        }
        rivalProminence = new double[project.rivals().size()];
        for (int j = 0; j < rivalProminence.length; j++) {
            rivalProminence[j] = 1.6 / Math.pow(j + 1, 0.8);
        }
    }

    long size() {
        return (long) cycles.size() * models.size() * promptCount;
    }

    List<String> models() {
        return models;
    }

    List<LocalDate> cycles() {
        return cycles;
    }

    /** Everything drawn for one execution; one instance is reused for every execution a thread draws. */
    static final class Draw {
        int cycle;
        int model;
        int prompt;
        long executedAt;
        int durationMs;
        boolean success;
        boolean noResult;
        /** Actors in order of position: -1 the brand, else the index of the competitor. */
        int mentions;
        final int[] actor;
        final int[] label;
        final int[] phrase;
        final int[] topic;
        final int[] secondTopic;
        boolean brandMentioned;
        int sources;
        final int[] page = new int[MAX_SOURCES];
        final int[] position = new int[MAX_SOURCES];
        boolean ownedCited;

        Draw(int rivals) {
            actor = new int[rivals + 1];
            label = new int[rivals + 1];
            phrase = new int[rivals + 1];
            topic = new int[rivals + 1];
            secondTopic = new int[rivals + 1];
        }

        boolean hasRecords() {
            return success && !noResult;
        }
    }

    Draw newDraw() {
        return new Draw(project.rivals().size());
    }

    void draw(long index, Draw d) {
        SplittableRandom random = new SplittableRandom(mix(seed, index));
        d.prompt = (int) (index % promptCount);
        d.model = (int) ((index / promptCount) % models.size());
        d.cycle = (int) (index / ((long) promptCount * models.size()));
        int span = cycleSpan[d.cycle];
        long spread = (long) d.prompt * span / promptCount + d.model * 137L + random.nextInt(600);
        d.executedAt = cycleStart[d.cycle] + spread % span;
        d.durationMs = 1_500 + random.nextInt(23_500);
        d.success = random.nextDouble() >= 0.01;
        d.noResult = d.success && models.get(d.model).equals("ai_overview") && random.nextDouble() < 0.15;
        d.mentions = 0;
        d.sources = 0;
        d.brandMentioned = false;
        d.ownedCited = false;
        if (!d.hasRecords()) {
            return;
        }
        SyntheticProject.Prompt prompt = project.prompts().get(d.prompt);
        drawMentions(random, d, prompt);
        drawSources(random, d);
    }

    private void drawMentions(SplittableRandom random, Draw d, SyntheticProject.Prompt prompt) {
        double kindBoost = switch (prompt.brandKind()) {
            case "brand" -> 0.35;
            case "brand_other" -> 0.05;
            default -> 0.0;
        };
        double trend = cycles.size() == 1 ? 0 : (double) d.cycle / (cycles.size() - 1) - 0.5;
        double brandRate = Math.clamp(BRAND_RATE[d.model] + kindBoost + prompt.affinity() + 0.08 * trend, 0.02, 0.97);
        d.brandMentioned = random.nextDouble() < brandRate;
        int rivals = rivalProminence.length;
        int named = Math.min(Weighted.pick(random, RIVALS_NAMED), rivals);
        // Weighted order without replacement: each actor gets log(u) / prominence and the largest keys come first.
        double[] keys = new double[rivals + 1];
        int[] order = new int[rivals + 1];
        for (int j = 0; j < rivals; j++) {
            keys[j] = Math.log(1 - random.nextDouble()) / rivalProminence[j];
            order[j] = j;
        }
        keys[rivals] = Math.log(1 - random.nextDouble()) / BRAND_PROMINENCE;
        order[rivals] = -1;
        // the `named` competitors with the largest keys
        for (int i = 0; i < named; i++) {
            int best = i;
            for (int j = i + 1; j < rivals; j++) {
                if (keys[j] > keys[best]) {
                    best = j;
                }
            }
            swap(keys, order, i, best);
        }
        int count = named;
        if (d.brandMentioned) {
            swap(keys, order, named, rivals);
            count++;
        }
        // insertion sort of the chosen actors by key, largest first: that is their order in the answer
        for (int i = 1; i < count; i++) {
            for (int j = i; j > 0 && keys[j] > keys[j - 1]; j--) {
                swap(keys, order, j, j - 1);
            }
        }
        d.mentions = count;
        for (int i = 0; i < count; i++) {
            d.actor[i] = order[i];
            d.label[i] = Weighted.pick(random, order[i] < 0 ? BRAND_SENTIMENT : RIVAL_SENTIMENT);
            d.phrase[i] = random.nextInt(2);
            d.topic[i] = random.nextInt(TOPICS.length);
            d.secondTopic[i] = random.nextBoolean() ? -1 : (d.topic[i] + 1 + random.nextInt(TOPICS.length - 1)) % TOPICS.length;
        }
    }

    private void drawSources(SplittableRandom random, Draw d) {
        int visible = Math.clamp(VISIBLE_SOURCES[d.model] + random.nextInt(-3, 4), 1, 20);
        int background = random.nextInt(0, 2 * BACKGROUND_SOURCES[d.model] + 1);
        int n = 0;
        if (d.brandMentioned && random.nextDouble() < 0.35) {
            n = addDistinct(d, n, pool.nextOwned(random));
        }
        for (int i = 0; i < d.mentions && n < visible; i++) {
            if (d.actor[i] >= 0 && random.nextDouble() < 0.2) {
                n = addDistinct(d, n, pool.nextOfRival(random, d.actor[i]));
            }
        }
        for (int attempt = 0; n < visible && attempt < 8 * visible; attempt++) {
            n = addDistinct(d, n, pool.next(random));
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int page = d.page[i];
            d.page[i] = d.page[j];
            d.page[j] = page;
        }
        for (int i = 0; i < n; i++) {
            d.position[i] = i + 1;
        }
        int shown = n;
        for (int attempt = 0; n < shown + background && attempt < 8 * background; attempt++) {
            n = addDistinct(d, n, pool.next(random));
        }
        for (int i = shown; i < n; i++) {
            d.position[i] = 0;
        }
        d.sources = n;
        for (int i = 0; i < n; i++) {
            if (pool.page(d.page[i]).stored().sourceType().equals("owned")) {
                d.ownedCited = true;
                break;
            }
        }
    }

    private static int addDistinct(Draw d, int n, int page) {
        if (page < 0 || n >= MAX_SOURCES) {
            return n;
        }
        for (int i = 0; i < n; i++) {
            if (d.page[i] == page) {
                return n;
            }
        }
        d.page[n] = page;
        return n + 1;
    }

    private static void swap(double[] keys, int[] order, int a, int b) {
        double key = keys[a];
        keys[a] = keys[b];
        keys[b] = key;
        int actor = order[a];
        order[a] = order[b];
        order[b] = actor;
    }

    // What the loader writes for a drawn execution.

    String adapter(Draw d) {
        return ADAPTERS[d.model];
    }

    String modelVersion(Draw d) {
        return d.success ? MODEL_VERSIONS[d.model] : null;
    }

    String[] fanOutQueries(Draw d) {
        if (!d.hasRecords() || !FAN_OUT[d.model]) {
            return new String[0];
        }
        String text = project.prompts().get(d.prompt).text().toLowerCase(Locale.ROOT);
        return new String[] {text.endsWith("?") ? text.substring(0, text.length() - 1) : text};
    }

    String actorName(Draw d, int mention) {
        int actor = d.actor[mention];
        return actor < 0 ? SyntheticProject.BRAND : project.rivals().get(actor).name();
    }

    /** The sentence the answer says about the actor at {@code mention}: the sentiment's comment. */
    String sentence(Draw d, int mention) {
        boolean german = project.prompts().get(d.prompt).german();
        String[][] phrases = german ? PHRASES_DE : PHRASES_EN;
        return actorName(d, mention) + " " + phrases[d.label[mention]][d.phrase[mention]];
    }

    String topics(Draw d, int mention) {
        String first = TOPICS[d.topic[mention]];
        return d.secondTopic[mention] < 0 ? first : first + ", " + TOPICS[d.secondTopic[mention]];
    }

    /** The answer text: short, naming the actors in the order of their positions. Empty without an answer. */
    String answer(long index, Draw d) {
        if (!d.hasRecords()) {
            return "";
        }
        SplittableRandom random = new SplittableRandom(mix(seed ^ TEXT_SALT, index));
        boolean german = project.prompts().get(d.prompt).german();
        if (d.mentions == 0) {
            String[] generic = german ? GENERIC_DE : GENERIC_EN;
            return generic[random.nextInt(generic.length)];
        }
        String[] openings = german ? OPENINGS_DE : OPENINGS_EN;
        String[] closings = german ? CLOSINGS_DE : CLOSINGS_EN;
        StringBuilder text = new StringBuilder(600).append(openings[random.nextInt(openings.length)]).append("\n\n");
        for (int i = 0; i < d.mentions; i++) {
            text.append(i + 1).append(". ").append(sentence(d, i)).append('\n');
        }
        return text.append('\n').append(closings[random.nextInt(closings.length)]).toString();
    }

    String error(Draw d) {
        return d.success ? null : (d.durationMs % 2 == 0 ? "provider returned HTTP 503" : "read timed out after 60s");
    }

    /** A 64-bit mix of (seed, index) (the finaliser of SplitMix64), so neighbouring executions draw unrelated streams. */
    static long mix(long seed, long index) {
        long z = seed * 0x9E3779B97F4A7C15L + index;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static final String[][] PHRASES_EN = {
            {"is widely regarded as the strongest option, with excellent onboarding and support.",
                    "stands out: users consistently praise its speed and clear dashboards."},
            {"is a solid choice with good integrations and fair pricing.",
                    "works well for most teams and is easy to set up."},
            {"is another option that covers the basics.",
                    "offers a similar feature set at a comparable price."},
            {"can get expensive, and some users report a steep learning curve.",
                    "has fallen behind on integrations, according to several reviews."},
            {"is often criticised for poor support and unreliable data.",
                    "is hard to recommend because of frequent outages."}};
    private static final String[][] PHRASES_DE = {
            {"gilt als stärkste Option, mit sehr gutem Onboarding und Support.",
                    "sticht hervor: Nutzer loben Tempo und übersichtliche Dashboards."},
            {"ist eine solide Wahl mit guten Integrationen und fairen Preisen.",
                    "passt für die meisten Teams und ist schnell eingerichtet."},
            {"ist eine weitere Option, die die Grundlagen abdeckt.",
                    "bietet ähnliche Funktionen zu einem vergleichbaren Preis."},
            {"kann teuer werden, und manche Nutzer berichten von einer steilen Lernkurve.",
                    "hinkt laut mehreren Testberichten bei Integrationen hinterher."},
            {"wird oft für schlechten Support und unzuverlässige Daten kritisiert.",
                    "ist wegen häufiger Ausfälle schwer zu empfehlen."}};
    private static final String[] OPENINGS_EN = {"Here is a short overview of the options worth a look.",
            "Several tools stand out for this use case.",
            "Based on recent reviews and documentation, these are the main choices.",
            "It depends on team size and budget, but a few products come up again and again."};
    private static final String[] CLOSINGS_EN = {"Compare free trials before committing to an annual plan.",
            "Check the data privacy terms and the integrations with your existing stack.",
            "Pricing changes often, so confirm the current plans on each vendor's site."};
    private static final String[] GENERIC_EN = {
            "There is no single best tool: the right choice depends on your data sources, your budget and how many "
                    + "people need access. Start by listing the questions you need answered, then compare free trials "
                    + "and check how each product handles privacy, exports and sharing.",
            "Most teams begin with the analytics built into the products they already use and move to a dedicated "
                    + "tool once they need funnels, cohorts or revenue reports. Define a handful of metrics first, "
                    + "instrument the key events, and review the numbers weekly."};
    private static final String[] OPENINGS_DE = {"Hier ist ein kurzer Überblick über lohnende Optionen.",
            "Für diesen Anwendungsfall stechen einige Tools hervor.",
            "Laut aktuellen Testberichten sind dies die wichtigsten Kandidaten."};
    private static final String[] CLOSINGS_DE = {"Vergleichen Sie die Testversionen, bevor Sie ein Jahresabo abschließen.",
            "Prüfen Sie Datenschutzbedingungen und Integrationen mit Ihren bestehenden Systemen.",
            "Die Preise ändern sich oft; prüfen Sie die aktuellen Tarife beim Anbieter."};
    private static final String[] GENERIC_DE = {
            "Es gibt nicht das eine beste Tool: Die richtige Wahl hängt von Ihren Datenquellen, Ihrem Budget und der "
                    + "Zahl der Nutzer ab. Sammeln Sie zuerst die Fragen, die Sie beantworten wollen, und vergleichen "
                    + "Sie dann Testversionen, Datenschutz und Exportmöglichkeiten."};
}
