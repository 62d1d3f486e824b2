package dev.periscope.bench;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The fictional project the benchmark loads: a brand and its competitors on reserved {@code .example} domains,
 * collections, and prompts with a realistic mix of types, brand kinds and two locales. Everything follows from the
 * seed, so two seeds with the same options describe the same project.
 */
final class SyntheticProject {
    static final String BRAND = "Brightline Analytics";
    static final String BRAND_ALIAS = "Brightline";
    static final String DOMAIN = "brightline-analytics.example";
    static final List<String> COLLECTIONS = List.of("Pricing", "Comparisons", "Integrations", "Onboarding",
            "Enterprise", "Reporting", "Privacy", "Alternatives");

    /** A competitor as loaded; {@code alias} may be null. */
    record Rival(String name, String alias, String domain, String color) {
        String[] matchingNames() {
            return alias == null ? new String[] {name} : new String[] {name, alias};
        }
    }

    static final List<Rival> RIVALS = List.of(
            new Rival("Vantage Metrics", "Vantage", "vantage-metrics.example", "#ef4444"),
            new Rival("Corvid Data", null, "corvid-data.example", "#f59e0b"),
            new Rival("Halcyon BI", "Halcyon", "halcyon-bi.example", "#10b981"),
            new Rival("Quarry Analytics", "Quarry", "quarry-analytics.example", "#3b82f6"),
            new Rival("Tessellate Insights", "Tessellate", "tessellate.example", "#8b5cf6"),
            new Rival("Nimbus Dashboards", "Nimbus", "nimbus-dashboards.example", "#ec4899"),
            new Rival("Orchard Insights", null, "orchard-insights.example", "#14b8a6"),
            new Rival("Kestrel Stats", "Kestrel", "kestrel-stats.example", "#f97316"),
            new Rival("Parallax Labs", null, "parallax-labs.example", "#6366f1"),
            new Rival("Meridian Signals", "Meridian", "meridian-signals.example", "#84cc16"),
            new Rival("Sable Reports", null, "sable-reports.example", "#06b6d4"),
            new Rival("Foxglove Data", null, "foxglove-data.example", "#d946ef"),
            new Rival("Juniper Trends", null, "juniper-trends.example", "#0ea5e9"),
            new Rival("Cobalt Lens", null, "cobalt-lens.example", "#a855f7"),
            new Rival("Atlas Pulse", null, "atlas-pulse.example", "#22c55e"),
            new Rival("Wren Analytics", "Wren", "wren-analytics.example", "#eab308"),
            new Rival("Granite Metrics", null, "granite-metrics.example", "#64748b"),
            new Rival("Lattice Board", null, "lattice-board.example", "#f43f5e"),
            new Rival("Polaris Insight", null, "polaris-insight.example", "#2dd4bf"),
            new Rival("Ember Charts", null, "ember-charts.example", "#fb923c"));

    /** One prompt; {@code affinity} shifts how often engines name the brand for it. */
    record Prompt(String text, String countryCode, String languageCode, String promptType, String brandKind,
                  int[] collections, double affinity) {
        String textKey() {
            return text.toLowerCase(Locale.ROOT);
        }

        boolean german() {
            return languageCode.equals("de");
        }
    }

    private final List<Rival> rivals;
    private final List<Prompt> prompts;

    SyntheticProject(SplittableRandom random, int promptCount, int rivalCount) {
        this.rivals = RIVALS.subList(0, rivalCount);
        this.prompts = prompts(random, promptCount, rivals);
    }

    List<Rival> rivals() {
        return rivals;
    }

    List<Prompt> prompts() {
        return prompts;
    }

    // Prompt vocabulary. English first, then German for the second locale.
    private static final String[] CATEGORIES = {"product analytics tool", "BI platform", "dashboard software",
            "customer analytics platform", "web analytics tool", "data visualization tool", "reporting tool",
            "KPI tracking software", "self-serve analytics tool", "embedded analytics platform"};
    private static final String[] AUDIENCES = {"startups", "SaaS companies", "e-commerce teams", "marketing agencies",
            "small businesses", "enterprise teams", "product managers", "data teams", "nonprofits",
            "fintech companies", "healthcare providers", "remote teams"};
    private static final String[] TASKS = {"measure user retention", "track conversion funnels",
            "build a KPI dashboard", "forecast monthly revenue", "segment customers", "analyze churn",
            "set up event tracking", "report marketing ROI", "share dashboards with clients",
            "combine data from several sources"};
    private static final String[] FEATURES = {"SSO", "real-time dashboards", "SQL access", "unlimited seats",
            "warehouse sync", "alerting", "GDPR compliance", "embedded charts"};
    private static final String[] CATEGORIES_DE = {"Produktanalyse-Tool", "BI-Tool", "Dashboard-Tool",
            "Reporting-Tool", "Webanalyse-Tool", "Datenvisualisierungs-Tool"};
    private static final String[] AUDIENCES_DE = {"Startups", "SaaS-Unternehmen", "E-Commerce-Teams", "Agenturen",
            "kleine Unternehmen", "Konzerne", "Produktmanager", "Datenteams"};
    private static final String[] TASKS_DE = {"die Kundenbindung messen", "Conversion-Funnels verfolgen",
            "ein KPI-Dashboard erstellen", "den Monatsumsatz prognostizieren", "Kunden segmentieren",
            "die Abwanderung analysieren"};
    private static final String[] FEATURES_DE = {"SSO", "Echtzeit-Dashboards", "SQL-Zugriff", "DSGVO-Konformität",
            "unbegrenzten Nutzern"};

    private static final String[] TYPES = {"informational", "commercial", "navigational", "transactional"};
    private static final double[] TYPE_WEIGHTS = {0.40, 0.35, 0.10, 0.15};

    /** Templates by prompt type (index into TYPES) and brand kind: {B} brand, {R} rival, {C} category, ... */
    private static String[] templates(int type, String kind, boolean german) {
        if (german) {
            return switch (type) {
                case 0 -> switch (kind) {
                    case "brand" -> new String[] {"Wie kann ich mit {B} {T}?"};
                    case "brand_other" -> new String[] {"Wie kann ich mit {R} {T}?"};
                    default -> new String[] {"Wie kann ich {T}?", "Welche Kennzahlen helfen {A}, die {T} wollen?",
                            "Was leistet ein {C} für {A}?"};
                };
                case 1 -> switch (kind) {
                    case "brand" -> new String[] {"Ist {B} ein gutes {C} für {A}?",
                            "{B} oder {R}: was passt besser zu {A}?"};
                    case "brand_other" -> new String[] {"Alternativen zu {R} für {A}", "Ist {R} ein gutes {C}?"};
                    default -> new String[] {"Bestes {C} für {A}", "Welches {C} eignet sich für {A} mit {F}?",
                            "{C} Vergleich für {A}"};
                };
                case 2 -> switch (kind) {
                    case "brand" -> new String[] {"{B} Preise", "{B} Anmeldung", "{B} Dokumentation {F}"};
                    case "brand_other" -> new String[] {"{R} Preise", "{R} Hilfe-Center"};
                    default -> new String[] {"{C} Testberichte für {A}"};
                };
                default -> switch (kind) {
                    case "brand" -> new String[] {"{B} Abo mit {F} abschließen"};
                    case "brand_other" -> new String[] {"{R} Rabatt für {A}"};
                    default -> new String[] {"{C} für {A} kaufen", "Kostenlose Testversion {C} mit {F}"};
                };
            };
        }
        return switch (type) {
            case 0 -> switch (kind) {
                case "brand" -> new String[] {"How do I {T} with {B}?", "Does {B} help {A} {T}?"};
                case "brand_other" -> new String[] {"How do I {T} with {R}?", "Can {R} help {A} {T}?"};
                default -> new String[] {"How do I {T} for {A}?", "What is the best way to {T}?",
                        "Which metrics should {A} track to {T}?", "What does a {C} do for {A}?",
                        "How can {A} {T} without a data team?"};
            };
            case 1 -> switch (kind) {
                case "brand" -> new String[] {"Is {B} a good {C} for {A}?", "{B} vs {R} for {A}",
                        "Is {B} worth it for {A} that need {F}?"};
                case "brand_other" -> new String[] {"Is {R} a good {C} for {A}?", "Alternatives to {R} for {A}",
                        "{R} reviews from {A}"};
                default -> new String[] {"Best {C} for {A}", "Which {C} is best for {A} with {F}?",
                        "Top {C} options for {A} in 2026", "{C} with {F}: what do you recommend for {A}?"};
            };
            case 2 -> switch (kind) {
                case "brand" -> new String[] {"{B} pricing page", "{B} login", "{B} documentation for {F}"};
                case "brand_other" -> new String[] {"{R} pricing", "{R} help center for {F}"};
                default -> new String[] {"{C} reviews site for {A}", "{C} comparison chart for {A}"};
            };
            default -> switch (kind) {
                case "brand" -> new String[] {"Sign up for the {B} plan with {F}", "{B} discount for {A}"};
                case "brand_other" -> new String[] {"{R} discount for {A}", "Buy {R} with {F}"};
                default -> new String[] {"Buy a {C} subscription for {A}", "Free trial of a {C} with {F}",
                        "Cheapest {C} plan with {F} for {A}"};
            };
        };
    }

    private static List<Prompt> prompts(SplittableRandom random, int count, List<Rival> rivals) {
        List<Prompt> result = new ArrayList<>(count);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < count; i++) {
            boolean german = random.nextDouble() < 0.2;
            int type = Weighted.pick(random, TYPE_WEIGHTS);
            double kindDraw = random.nextDouble();
            String kind;
            if (type == 2) {
                kind = kindDraw < 0.45 ? "brand" : kindDraw < 0.80 ? "brand_other" : "non_brand";
            } else {
                kind = kindDraw < 0.10 ? "brand" : kindDraw < 0.22 ? "brand_other" : "non_brand";
            }
            if (rivals.isEmpty() && kind.equals("brand_other")) {
                kind = "non_brand";
            }
            String[] options = templates(type, kind, german);
            String text = null;
            for (int attempt = 0; attempt < 20 && text == null; attempt++) {
                String candidate = fill(options[random.nextInt(options.length)], random, rivals, german);
                if (!seen.contains(key(german, candidate))) {
                    text = candidate;
                }
            }
            if (text == null) {
                text = fill(options[0], random, rivals, german) + " (" + (i + 1) + ")";
            }
            seen.add(key(german, text));
            int memberships = Weighted.pick(random, new double[] {0.4, 0.4, 0.2});
            int first = random.nextInt(COLLECTIONS.size());
            int[] collections = switch (memberships) {
                case 0 -> new int[0];
                case 1 -> new int[] {first};
                default -> new int[] {first, (first + 1 + random.nextInt(COLLECTIONS.size() - 1)) % COLLECTIONS.size()};
            };
            result.add(new Prompt(text, german ? "DE" : "US", german ? "de" : "en", TYPES[type], kind, collections,
                    random.nextDouble(-0.15, 0.15)));
        }
        return List.copyOf(result);
    }

    private static String key(boolean german, String text) {
        return (german ? "de:" : "en:") + text.toLowerCase(Locale.ROOT);
    }

    private static String fill(String template, SplittableRandom random, List<Rival> rivals, boolean german) {
        String text = template
                .replace("{B}", BRAND)
                .replace("{C}", pick(random, german ? CATEGORIES_DE : CATEGORIES))
                .replace("{A}", pick(random, german ? AUDIENCES_DE : AUDIENCES))
                .replace("{T}", pick(random, german ? TASKS_DE : TASKS))
                .replace("{F}", pick(random, german ? FEATURES_DE : FEATURES));
        if (text.contains("{R}")) {
            text = text.replace("{R}", rivals.get(Weighted.zipfIndex(random, rivals.size())).name());
        }
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    private static String pick(SplittableRandom random, String[] values) {
        return values[random.nextInt(values.length)];
    }
}
