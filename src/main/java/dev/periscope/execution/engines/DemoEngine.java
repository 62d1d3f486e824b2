package dev.periscope.execution.engines;

import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.Normalizer;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The offline {@code demo} engine for the zero-setup run: writes a plausible answer to the prompt from the tracked
 * brand, its rivals and their domains, varying the style (numbered lists, paragraphs, a comparison table), the
 * order, which brands it names and whether it speaks well of them. Everything derives from a SHA-256 of the run's
 * seed, the prompt and the locale, so the same request always gets the same answer. It never asks the network and
 * its raw response says {@code "engine":"demo"}, so its data is never mistaken for a real measurement.
 */
public final class DemoEngine implements EngineClient {
    public static final String MODEL = "demo";
    /**
     * The demo's stand-in for Google's AI Overview, so the zero-setup run fills the AI Overview report: the same
     * offline answers, recorded under their own model id, and for about a third of the runs no overview at all (a
     * successful run with {@code no_result}), as a search results page without an AI Overview.
     */
    public static final String AI_OVERVIEW_MODEL = "demo_ai_overview";
    /** Share of demo AI Overview runs, in percent, whose page shows no overview. */
    static final int NO_OVERVIEW_PERCENT = 35;
    public static final String ADAPTER = "demo-offline";
    public static final String MODEL_VERSION = "periscope-demo-1";

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern LINK = Pattern.compile("\\[([^\\]\\n]+)]\\((https?://[^)\\s]+)\\)");
    private static final Pattern QUESTION_OPENING = Pattern.compile(
            "^(?:(?:what|which|who|how|where|can you|could you|please)\\s+)?"
                    + "(?:(?:is|are|was|were|do|does|should|would|can|could|recommend|suggest|name|list)\\s+)?"
                    + "(?:(?:the|a|an|some|me|i|we|you|my|our)\\s+)*"
                    + "(?:(?:best|top|good|great|leading|recommended|most popular|popular|cheapest|"
                    + "alternatives to|alternative to|options for|choices for)\\s+)*",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Set<String> EDGE_WORDS = Set.of("the", "a", "an", "for", "in", "to", "of", "with", "and",
            "or", "i", "me", "my", "we", "our", "you", "your", "is", "are", "which", "what", "best", "top", "should",
            "use", "right", "now", "today", "please", "on", "at", "by");

    private static final List<String> POSITIVE = List.of(
            "{n} is widely praised for its clean interface and quick onboarding",
            "{n} stands out for reliable performance and a deep set of integrations",
            "reviewers often single out {n} for responsive, knowledgeable support",
            "{n} offers strong value for money, especially for growing teams",
            "{n} is a popular pick thanks to a flexible feature set that scales well",
            "many users say {n} just works, with very little setup required");
    private static final List<String> NEGATIVE = List.of(
            "{n} is often criticised for slow support response times",
            "users report that {n} is expensive once you add more seats or features",
            "some reviewers complain that {n} has a steep learning curve",
            "{n} draws complaints about limited reporting and occasional outages",
            "a common drawback mentioned for {n} is clunky navigation on larger accounts");
    private static final List<String> NEUTRAL = List.of(
            "{n} is a solid, if unremarkable, choice for {t}",
            "{n} covers the basics well and suits teams with simple requirements",
            "{n} is a reasonable alternative, depending on budget and the integrations you need",
            "{n} sits in the middle of the market on both price and features");
    private static final List<String> BEST_FOR = List.of("Small teams", "Enterprises", "Tight budgets",
            "Advanced reporting", "Ease of use", "Integrations", "Agencies", "Fast setup");
    private static final List<String> PRICES = List.of("Free tier", "$9/user/mo", "$12/user/mo", "$15/user/mo",
            "$25/user/mo", "$29/user/mo", "$49/mo", "$99/mo", "Custom quote");
    private static final List<String> SUBREDDITS = List.of("smallbusiness", "SaaS", "startups", "sysadmin",
            "Entrepreneur", "marketing", "software");
    private static final List<String> OWN_PATHS = List.of("", "pricing", "features", "product", "customers",
            "solutions");

    private enum Style { LIST, PARAGRAPHS, TABLE, VERDICT }

    private enum Tone { POSITIVE, NEUTRAL, NEGATIVE }

    private record Actor(String name, String host, boolean brand, Tone tone) {
    }

    private final Clock clock;
    private final String model;

    public DemoEngine() {
        this(Clock.systemUTC());
    }

    /** The clock only sets the year in "best ... {year}" fan-out queries. */
    public DemoEngine(Clock clock) {
        this(clock, MODEL);
    }

    private DemoEngine(Clock clock, String model) {
        this.clock = clock;
        this.model = model;
    }

    /** The demo AI Overview ({@link #AI_OVERVIEW_MODEL}). */
    public static DemoEngine aiOverview(Clock clock) {
        return new DemoEngine(clock, AI_OVERVIEW_MODEL);
    }

    @Override
    public String model() {
        return model;
    }

    @Override
    public String adapter() {
        return ADAPTER;
    }

    @Override
    public EngineAnswer ask(EngineRequest request) {
        String prompt = request.prompt() == null ? "" : request.prompt().strip();
        SplittableRandom random = random(request, prompt);
        if (model.equals(AI_OVERVIEW_MODEL) && random.nextInt(100) < NO_OVERVIEW_PERCENT) {
            String raw = raw(request, "", List.of(), List.of());
            return new EngineAnswer("", List.of(), List.of(), true, MODEL_VERSION,
                    new EngineAnswer.Usage(tokens(prompt), 0L, BigDecimal.ZERO), raw, Map.of());
        }
        String topic = topic(prompt);
        boolean english = blank(request.languageCode())
                || request.languageCode().strip().toLowerCase(Locale.ROOT).startsWith("en");
        Writer writer = new Writer(random, topic, english);
        List<Actor> actors = chooseActors(request.subject(), random);
        Style style = Style.values()[random.nextInt(Style.values().length)];
        if (actors.isEmpty()) {
            writer.generic();
        } else if (style == Style.TABLE && actors.size() >= 2) {
            writer.table(actors);
        } else if (style == Style.PARAGRAPHS) {
            writer.paragraphs(actors);
        } else if (style == Style.VERDICT) {
            writer.verdict(actors);
        } else {
            writer.list(actors);
        }
        String text = writer.text();
        List<EngineAnswer.Citation> citations = citations(text, writer.titles, writer.background(), random);
        List<String> queries = fanOut(prompt, topic, actors, random);
        EngineAnswer.Usage usage = new EngineAnswer.Usage(tokens(prompt), tokens(text), BigDecimal.ZERO);
        String raw = raw(request, text, citations, queries);
        return new EngineAnswer(text, citations, queries, false, MODEL_VERSION, usage, raw, Map.of());
    }

    // ---- randomness ------------------------------------------------------------------------------------------

    private static SplittableRandom random(EngineRequest request, String prompt) {
        String key = String.join("\u0000", nullToEmpty(request.seed()), prompt,
                nullToEmpty(request.countryCode()), nullToEmpty(request.languageCode()));
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            long seed = 0;
            for (int i = 0; i < Long.BYTES; i++) {
                seed = (seed << 8) | (digest[i] & 0xFF);
            }
            return new SplittableRandom(seed);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    private static <T> T pick(SplittableRandom random, List<T> from) {
        return from.get(random.nextInt(from.size()));
    }

    private static <T> void shuffle(SplittableRandom random, List<T> list) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T swap = list.get(i);
            list.set(i, list.get(j));
            list.set(j, swap);
        }
    }

    // ---- who the answer is about -----------------------------------------------------------------------------

    /** The brand in most answers, a varying subset of rivals (at least one when there are any), shuffled. */
    private static List<Actor> chooseActors(EngineRequest.Subject subject, SplittableRandom random) {
        List<Actor> chosen = new ArrayList<>();
        if (subject == null) {
            return chosen;
        }
        Set<String> seen = new HashSet<>();
        List<Actor> rivals = new ArrayList<>();
        if (subject.rivals() != null) {
            for (EngineRequest.Rival rival : subject.rivals()) {
                if (rival != null && !blank(rival.brandName())
                        && seen.add(rival.brandName().strip().toLowerCase(Locale.ROOT))) {
                    rivals.add(new Actor(rival.brandName().strip(), host(rival.domain()), false, tone(random)));
                }
            }
        }
        boolean hasBrand = !blank(subject.brandName())
                && !seen.contains(subject.brandName().strip().toLowerCase(Locale.ROOT));
        if (hasBrand && random.nextInt(100) < 80) {
            chosen.add(new Actor(subject.brandName().strip(), host(subject.domain()), true, tone(random)));
        }
        List<Actor> named = new ArrayList<>();
        for (Actor rival : rivals) {
            if (random.nextInt(100) < 70) {
                named.add(rival);
            }
        }
        if (named.isEmpty() && !rivals.isEmpty()) {
            named.add(pick(random, rivals));
        }
        shuffle(random, named);
        chosen.addAll(named.subList(0, Math.min(5, named.size())));
        shuffle(random, chosen);
        return chosen;
    }

    private static Tone tone(SplittableRandom random) {
        int roll = random.nextInt(100);
        return roll < 22 ? Tone.NEGATIVE : roll < 40 ? Tone.NEUTRAL : Tone.POSITIVE;
    }

    /** The bare host of a domain or URL ({@code https://www.acme.com/x} → {@code www.acme.com}), or null. */
    private static String host(String domain) {
        if (blank(domain)) {
            return null;
        }
        String host = domain.strip().toLowerCase(Locale.ROOT).replaceFirst("^[a-z][a-z0-9+.-]*://", "");
        int cut = host.length();
        for (char stop : new char[] {'/', '?', '#', ':'}) {
            int at = host.indexOf(stop);
            if (at >= 0) {
                cut = Math.min(cut, at);
            }
        }
        host = host.substring(0, cut).replaceAll("[^a-z0-9.-]", "");
        return host.contains(".") ? host : null;
    }

    // ---- writing -----------------------------------------------------------------------------------------------

    /** Builds one answer; remembers a page title for every link it writes and which sources it left unlinked. */
    private static final class Writer {
        private final SplittableRandom random;
        /** The topic as the text names it; outside English a neutral phrase, since the text is in English. */
        private final String topic;
        /** The prompt's own topic, for page titles and URL slugs. */
        private final String pageTopic;
        private final boolean english;
        private final StringBuilder out = new StringBuilder();
        private final Map<String, String> titles = new LinkedHashMap<>();
        private final Map<String, String> unused = new LinkedHashMap<>();

        Writer(SplittableRandom random, String pageTopic, boolean english) {
            this.random = random;
            this.pageTopic = pageTopic;
            this.english = english;
            this.topic = english ? pageTopic : "this category";
        }

        String text() {
            return out.toString().strip();
        }

        void list(List<Actor> actors) {
            line(pick(random, List.of(
                    "Here are the options people most often recommend for " + topic + ":",
                    "There is no single right answer, but these options for " + topic + " come up again and again:",
                    "Based on user reviews and comparisons, these are strong choices for " + topic + ":",
                    "If you are looking at " + topic + ", start with these:")));
            line("");
            int number = 0;
            for (Actor actor : actors) {
                String entry = ++number + ". **" + actor.name() + "** – " + sentence(actor) + ".";
                if (random.nextBoolean()) {
                    entry += " " + moreAbout(actor);
                }
                line(entry);
            }
            line("");
            line(closing());
        }

        void paragraphs(List<Actor> actors) {
            line(pick(random, List.of(
                    "When it comes to " + topic + ", a handful of names keep coming up.",
                    "The market for " + topic + " is crowded, and the right pick depends on your team and budget.",
                    "Most comparisons of " + topic + " end up weighing the same few products.")));
            int index = 0;
            while (index < actors.size()) {
                int take = Math.min(actors.size() - index, 1 + random.nextInt(2));
                StringBuilder paragraph = new StringBuilder();
                for (Actor actor : actors.subList(index, index + take)) {
                    if (!paragraph.isEmpty()) {
                        paragraph.append(' ');
                    }
                    paragraph.append(capitalize(sentence(actor), actor)).append('.');
                    if (random.nextInt(3) > 0) {
                        paragraph.append(' ').append(moreAbout(actor));
                    }
                }
                line("");
                line(paragraph.toString());
                index += take;
            }
            line("");
            line(closing());
        }

        void table(List<Actor> actors) {
            line(pick(random, List.of(
                    "Here is a quick comparison of the main options for " + topic + ":",
                    "A side-by-side look at popular choices for " + topic + ":")));
            line("");
            line("| Option | Best for | Starting price | Rating |");
            line("|---|---|---|---|");
            for (Actor actor : actors) {
                String name = actor.host() != null && random.nextBoolean()
                        ? link(actor.name(), ownPage(actor), actor.name() + " – official site")
                        : actor.name();
                line("| " + name + " | " + pick(random, BEST_FOR) + " | " + pick(random, PRICES) + " | "
                        + rating(actor.tone()) + "/5 |");
            }
            line("");
            line("**Key differences:**");
            line("");
            for (Actor actor : actors) {
                line("- " + capitalize(sentence(actor), actor) + ".");
            }
            line("");
            line(closing());
        }

        void verdict(List<Actor> actors) {
            Actor first = actors.get(0);
            line("**Short answer:** for most people looking at " + topic + ", **" + first.name() + "** is a "
                    + (first.tone() == Tone.NEGATIVE ? "common starting point, with caveats." : "good place to start."));
            line("");
            line(capitalize(sentence(first), first) + ". " + moreAbout(first));
            if (actors.size() > 1) {
                line("");
                StringBuilder others = new StringBuilder("Worth comparing as well: ");
                List<Actor> rest = actors.subList(1, actors.size());
                for (int i = 0; i < rest.size(); i++) {
                    others.append(i == 0 ? "" : i == rest.size() - 1 ? " and " : ", ").append("**")
                            .append(rest.get(i).name()).append("**");
                }
                line(others + ".");
                line("");
                for (Actor actor : rest) {
                    line("- " + capitalize(sentence(actor), actor) + ".");
                }
            }
            line("");
            line("**Bottom line:** " + pick(random, List.of(
                    "shortlist two or three options and run a free trial before committing.",
                    "the best fit depends on team size, integrations and how much you want to spend.",
                    "read recent reviews, since pricing and support quality change quickly.")) + " " + closing());
        }

        /** An answer that names no brand: buying criteria and review sites. */
        void generic() {
            line("Picking the right option for " + topic + " comes down to a few criteria:");
            line("");
            List<String> criteria = new ArrayList<>(List.of(
                    "**Pricing** – compare per-seat costs and what the entry plan leaves out.",
                    "**Integrations** – check that it connects to the tools you already use.",
                    "**Support** – look at response times reported in recent reviews.",
                    "**Ease of use** – a short trial with real users tells you more than a demo.",
                    "**Security and compliance** – ask for certifications if you handle customer data."));
            shuffle(random, criteria);
            int count = 3 + random.nextInt(2);
            for (int i = 0; i < count; i++) {
                line((i + 1) + ". " + criteria.get(i));
            }
            line("");
            line(closing());
        }

        private String sentence(Actor actor) {
            List<String> templates = switch (actor.tone()) {
                case POSITIVE -> POSITIVE;
                case NEUTRAL -> NEUTRAL;
                case NEGATIVE -> NEGATIVE;
            };
            return pick(random, templates).replace("{n}", actor.name()).replace("{t}", topic);
        }

        /** A follow-up sentence with a link to the actor's own site or a review page about it. */
        private String moreAbout(Actor actor) {
            int roll = random.nextInt(4);
            if (actor.host() != null && roll < 2) {
                String url = ownPage(actor);
                String title = titles.get(url);
                return roll == 0
                        ? "See " + link(actor.name(), url, title) + " for current plans."
                        : "Details are on the " + link(actor.name() + " website", url, title) + ".";
            }
            String[] source = reviewPage(actor.name(), roll);
            return "Reviews on " + link(source[2], source[1], source[0]) + " are " + pick(random, List.of(
                    "mostly positive.", "mixed.", "worth a look.", "detailed on pricing."));
        }

        private String ownPage(Actor actor) {
            String path = pick(random, OWN_PATHS);
            String url = "https://" + actor.host() + "/" + path;
            titles.putIfAbsent(url, actor.name() + (path.isEmpty() ? "" : " – " + capitalizeWord(path)));
            return url;
        }

        /** A closing line linking one or two third-party pages about the topic; the rest become background. */
        private String closing() {
            List<String[]> pages = topicPages();
            shuffle(random, pages);
            int linked = 1 + random.nextInt(2);
            for (int i = linked; i < pages.size(); i++) {
                unused.putIfAbsent(pages.get(i)[1], pages.get(i)[0]);
            }
            String first = link(pages.get(0)[2], pages.get(0)[1], pages.get(0)[0]);
            if (linked == 1) {
                return pick(random, List.of("For more user opinions, see " + first + ".",
                        "A broader roundup is available on " + first + "."));
            }
            String second = link(pages.get(1)[2], pages.get(1)[1], pages.get(1)[0]);
            return pick(random, List.of("For a second opinion, see " + first + " and " + second + ".",
                    "Useful sources for comparing options: " + first + " and " + second + "."));
        }

        /** Third-party pages about the topic: {title, url, anchor}. */
        private List<String[]> topicPages() {
            String slug = slug(pageTopic);
            String name = english ? titleCase(pageTopic) : capitalizeWord(pageTopic);
            String best = english ? "Best " + name : name;
            List<String[]> pages = new ArrayList<>();
            pages.add(new String[] {best + " | G2", "https://www.g2.com/categories/" + slug, "G2"});
            pages.add(new String[] {best + " | Capterra", "https://www.capterra.com/" + slug + "-software/",
                    "Capterra"});
            String sub = pick(random, SUBREDDITS);
            pages.add(new String[] {"r/" + sub + ": " + (english ? "What do you use for " + pageTopic + "?" : name),
                    "https://www.reddit.com/r/" + sub + "/comments/" + redditId() + "/"
                            + (english ? "what_do_you_use_for_" : "") + slug.replace('-', '_') + "/", "Reddit"});
            pages.add(new String[] {name + " - Wikipedia", "https://en.wikipedia.org/wiki/" + wikiTitle(pageTopic),
                    "Wikipedia"});
            pages.add(new String[] {best + " – Forbes Advisor",
                    "https://www.forbes.com/advisor/business/software/best-" + slug + "/", "Forbes Advisor"});
            pages.add(new String[] {best + " | TrustRadius", "https://www.trustradius.com/" + slug, "TrustRadius"});
            return pages;
        }

        /** A review page about one product: {title, url, anchor}. */
        private String[] reviewPage(String name, int roll) {
            String slug = slug(name);
            return switch (roll % 4) {
                case 0 -> new String[] {name + " Reviews & Product Details | G2",
                        "https://www.g2.com/products/" + slug + "/reviews", "G2"};
                case 1 -> new String[] {name + " Reviews | TrustRadius",
                        "https://www.trustradius.com/products/" + slug + "/reviews", "TrustRadius"};
                case 2 -> new String[] {name + " Reviews, Pricing & Features | Capterra",
                        "https://www.capterra.com/p/" + (100000 + random.nextInt(200000)) + "/"
                                + slug.replace("-", "") + "/reviews/", "Capterra"};
                default -> {
                    String sub = pick(random, SUBREDDITS);
                    yield new String[] {"r/" + sub + ": Honest opinions on " + name + "?",
                            "https://www.reddit.com/r/" + sub + "/comments/" + redditId() + "/honest_opinions_on_"
                                    + slug.replace('-', '_') + "/", "Reddit"};
                }
            };
        }

        private String redditId() {
            return Long.toString(36L * 36 * 36 * 36 * 36 + random.nextLong(36L * 36 * 36 * 36 * 36 * 35), 36);
        }

        private String link(String anchor, String url, String title) {
            titles.putIfAbsent(url, title);
            return "[" + anchor.replace("[", "(").replace("]", ")") + "](" + url + ")";
        }

        /** Pages written but not linked, offered as background sources. */
        List<String[]> background() {
            List<String[]> pages = new ArrayList<>();
            unused.forEach((url, title) -> {
                if (!titles.containsKey(url)) {
                    pages.add(new String[] {title, url});
                }
            });
            return pages;
        }

        private String rating(Tone tone) {
            int tenths = switch (tone) {
                case POSITIVE -> 44 + random.nextInt(5);
                case NEUTRAL -> 40 + random.nextInt(4);
                case NEGATIVE -> 34 + random.nextInt(6);
            };
            return (tenths / 10) + "." + (tenths % 10);
        }

        private void line(String text) {
            out.append(text).append('\n');
        }
    }

    // ---- citations, fan-out, raw -----------------------------------------------------------------------------

    /** The text's links in order of first appearance (1..n), then 1–3 background sources (0). */
    private static List<EngineAnswer.Citation> citations(String text, Map<String, String> titles,
                                                         List<String[]> background, SplittableRandom random) {
        List<EngineAnswer.Citation> citations = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Matcher matcher = LINK.matcher(text);
        int position = 0;
        while (matcher.find()) {
            String url = matcher.group(2);
            if (seen.add(url)) {
                citations.add(new EngineAnswer.Citation(url, titles.getOrDefault(url, matcher.group(1)), ++position));
            }
        }
        List<String[]> pool = new ArrayList<>();
        for (String[] page : background) {
            if (!seen.contains(page[1])) {
                pool.add(page);
            }
        }
        shuffle(random, pool);
        int count = Math.min(pool.size(), 1 + random.nextInt(3));
        for (String[] page : pool.subList(0, count)) {
            citations.add(new EngineAnswer.Citation(page[1], page[0], 0));
        }
        return citations;
    }

    private List<String> fanOut(String prompt, String topic, List<Actor> actors, SplittableRandom random) {
        String base = prompt.isEmpty() ? topic : prompt.replaceAll("[?!.]+$", "").strip();
        List<String> candidates = new ArrayList<>();
        candidates.add(base + " reviews");
        candidates.add("best " + topic + " " + LocalDate.now(clock).getYear());
        if (actors.size() >= 2) {
            candidates.add(actors.get(0).name() + " vs " + actors.get(1).name());
        }
        candidates.add(topic + " comparison");
        shuffle(random, candidates);
        Set<String> queries = new LinkedHashSet<>();
        queries.add(base);
        int extra = random.nextInt(3);
        for (int i = 0; i < extra && i < candidates.size(); i++) {
            queries.add(candidates.get(i));
        }
        return List.copyOf(queries);
    }

    private String raw(EngineRequest request, String text, List<EngineAnswer.Citation> citations,
                       List<String> queries) {
        ObjectNode root = JSON.createObjectNode();
        root.put("engine", model);
        root.put("adapter", ADAPTER);
        root.put("model_version", MODEL_VERSION);
        root.put("note", "Offline demo answer generated by Periscope; not a real AI engine measurement.");
        root.put("seed", request.seed());
        root.put("text", text);
        ArrayNode cited = root.putArray("citations");
        for (EngineAnswer.Citation citation : citations) {
            ObjectNode node = cited.addObject();
            node.put("url", citation.url());
            node.put("title", citation.title());
            node.put("position", citation.position());
        }
        ArrayNode searched = root.putArray("fan_out_queries");
        queries.forEach(searched::add);
        return JSON.writeValueAsString(root);
    }

    // ---- text helpers ----------------------------------------------------------------------------------------

    /**
     * What the prompt asks about, keeping its words' case: "What are the best CRM tools for startups?" →
     * "CRM tools for startups".
     */
    static String topic(String prompt) {
        String text = prompt.replaceAll("[?!.:;,\"“”]", " ").replaceAll("\\s+", " ").strip();
        Matcher opening = QUESTION_OPENING.matcher(text);
        if (opening.lookingAt()) {
            text = text.substring(opening.end());
        }
        List<String> words = new ArrayList<>(List.of(text.split(" ")));
        words.removeIf(String::isBlank);
        while (!words.isEmpty() && isEdgeWord(words.get(0))) {
            words.remove(0);
        }
        while (!words.isEmpty() && isEdgeWord(words.get(words.size() - 1))) {
            words.remove(words.size() - 1);
        }
        if (words.size() > 6) {
            words = new ArrayList<>(words.subList(0, 6));
            while (words.size() > 1 && isEdgeWord(words.get(words.size() - 1))) {
                words.remove(words.size() - 1);
            }
        }
        if (!words.isEmpty() && isSentenceCase(words.get(0))) {
            words.set(0, words.get(0).toLowerCase(Locale.ROOT));
        }
        String topic = String.join(" ", words).strip();
        return topic.isEmpty() || slug(topic).equals("product") ? "software tools" : topic;
    }

    private static boolean isEdgeWord(String word) {
        return EDGE_WORDS.contains(word.toLowerCase(Locale.ROOT));
    }

    /** "Project" but not "CRM", "HubSpot" or "iPhone". */
    private static boolean isSentenceCase(String word) {
        return word.length() > 1 && Character.isUpperCase(word.charAt(0))
                && word.substring(1).chars().noneMatch(Character::isUpperCase);
    }

    static String slug(String text) {
        String ascii = Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("\\p{M}", "")
                .toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-+|-+$)", "");
        return ascii.isEmpty() ? "product" : ascii;
    }

    private static String wikiTitle(String text) {
        String title = capitalizeWord(text.strip()).replace(' ', '_');
        return URLEncoder.encode(title, StandardCharsets.UTF_8).replace("%2F", "/");
    }

    private static String titleCase(String text) {
        StringBuilder out = new StringBuilder();
        for (String word : text.split(" ")) {
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append(word.length() <= 3 && Set.of("for", "and", "or", "of", "to", "in", "the", "a", "an",
                    "vs", "with").contains(word) ? word : capitalizeWord(word));
        }
        return out.toString();
    }

    private static String capitalizeWord(String word) {
        return word.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }

    /** Capitalises the sentence unless it starts with the actor's name, which keeps its own spelling. */
    private static String capitalize(String sentence, Actor actor) {
        return sentence.startsWith(actor.name()) ? sentence : capitalizeWord(sentence);
    }

    private static Long tokens(String text) {
        return (long) Math.max(1, (text.length() + 3) / 4);
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
