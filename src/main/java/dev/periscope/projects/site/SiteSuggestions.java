package dev.periscope.projects.site;

import java.net.IDN;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Project suggestions (name, description, industry, brand aliases) read from a site's home page HTML.
 *
 * <p>Pure: no network, no state. Any input, however broken, yields suggestions; at worst they come from the domain.
 */
public final class SiteSuggestions {

    /**
     * @param name         never null; the domain label capitalised when the page names nothing better (empty
     *                     only for a URL without host and a page without name)
     * @param description  at most {@value #MAX_DESCRIPTION} characters, or null when the page has none
     * @param industry     zero to two codes from {@link #INDUSTRY_CODES}, most likely first
     * @param brandAliases distinct ignoring case, the name first, at most {@value #MAX_ALIASES}, never blank
     */
    public record Suggestions(String name, String description, List<String> industry, List<String> brandAliases) {
        public Suggestions {
            industry = List.copyOf(industry);
            brandAliases = List.copyOf(brandAliases);
        }
    }

    public static final int MAX_DESCRIPTION = 300;
    public static final int MAX_ALIASES = 6;
    private static final int MAX_NAME = 80;
    private static final int MIN_PARAGRAPH = 40;
    private static final int MAX_INDUSTRIES = 2;
    /** Below this weighted score an industry guess is noise (one weak word in one place). */
    private static final int MIN_INDUSTRY_SCORE = 6;
    private static final int MAX_HEADINGS = 15;

    private static final int TITLE_WEIGHT = 3;
    private static final int DESCRIPTION_WEIGHT = 2;
    private static final int KEYWORDS_WEIGHT = 2;
    private static final int HEADING_WEIGHT = 1;

    private static final Pattern WHITESPACE = Pattern.compile("[\\s\\u00A0\\u2000-\\u200B\\u3000]+");
    private static final Pattern TITLE_SEPARATOR = Pattern.compile("\\s+[|\\-–—·]\\s+|:\\s+");
    private static final Pattern WELCOME = Pattern.compile("(?i)^welcome\\s+to\\s+");
    private static final Pattern TITLE_PART_TRIM = Pattern.compile("^\\s+|[\\s!.,;:]+$");
    private static final Pattern NOT_ALPHANUMERIC = Pattern.compile("[^\\p{L}\\p{N}]+");
    private static final Pattern LEGAL_SUFFIX = Pattern.compile("(?i)[\\s,]+(?:&\\s*co\\.?|inc\\.?|incorporated|llc"
            + "|l\\.l\\.c\\.|ltd\\.?|limited|gmbh|s\\.a\\.?|sa|s\\.a\\.s\\.?|sas|b\\.v\\.?|bv|ag|corp\\.?|corporation"
            + "|co\\.?|plc|pty\\.?|kg)\\s*$");
    private static final Pattern TRAILING_PUNCTUATION = Pattern.compile("[\\s,.&-]+$");
    private static final Set<String> GENERIC_TITLE_PARTS =
            Set.of("home", "homepage", "home page", "welcome", "index", "official site", "official website");
    /**
     * Second-level labels under which registrations happen below a country code ({@code acme.co.uk}); a heuristic
     * standing in for the full Public Suffix List, good enough for suggestions.
     */
    private static final Set<String> SECOND_LEVEL_LABELS =
            Set.of("co", "com", "net", "org", "ac", "gov", "edu", "ne", "or", "ltd", "plc");

    private static final List<IndustryRule> INDUSTRY_RULES = List.of(
            rule("SAAS", "saas:3", "software as a service:3", "cloud software:3", "cloud platform:2", "crm:2",
                    "free trial:2", "workflow:1", "workflows:1", "automation:1", "dashboard:1", "platform:1",
                    "collaboration:1", "productivity:1", "b2b:1"),
            rule("ECOMMERCE", "ecommerce:3", "e commerce:3", "online store:3", "online shop:3", "shop now:2",
                    "add to cart:2", "free shipping:2", "buy online:2", "marketplace:1", "shop:1", "checkout:1",
                    "cart:1", "store:1"),
            rule("FINANCE", "fintech:3", "banking:2", "bank:2", "payments:2", "loans:2", "loan:2", "credit card:2",
                    "investing:2", "investment:2", "investments:2", "insurance:2", "accounting:2", "invoicing:2",
                    "finance:2", "financial:2", "crypto:2", "wealth management:3", "trading:1", "money:1"),
            rule("HEALTHCARE", "healthcare:3", "health care:3", "telehealth:3", "medical:2", "clinic:2",
                    "clinics:2", "patients:2", "patient:2", "doctor:2", "doctors:2", "hospital:2", "pharmacy:2",
                    "dental:2", "mental health:2", "therapy:1", "wellness:1", "health:1"),
            rule("EDUCATION", "edtech:3", "e learning:3", "online courses:3", "education:2", "courses:2",
                    "course:1", "students:2", "school:2", "university:2", "tutoring:2", "teachers:2", "curriculum:2",
                    "learning:1", "learn:1"),
            rule("TRAVEL", "travel:2", "hotel:2", "hotels:2", "flights:2", "flight:1", "vacation:2", "vacations:2",
                    "holiday:1", "destinations:2", "airline:2", "resort:2", "resorts:2", "tours:1", "trip:1",
                    "trips:1", "booking:1"),
            rule("MEDIA", "breaking news:3", "news:2", "magazine:2", "journalism:2", "podcast:2", "podcasts:2",
                    "newsletter:1", "publisher:1", "entertainment:1", "streaming:1", "stories:1"),
            rule("MARKETING", "digital marketing:3", "content marketing:3", "email marketing:3", "marketing:2",
                    "seo:2", "advertising:2", "ads:1", "lead generation:2", "social media:1", "campaigns:1",
                    "agency:1", "brand:1"),
            rule("REAL_ESTATE", "real estate:3", "homes for sale:3", "realtor:3", "realtors:3", "properties:2",
                    "apartments:2", "rentals:2", "mortgage:1", "property:1", "listings:1", "rent:1"),
            rule("AUTOMOTIVE", "automotive:3", "car dealership:3", "cars:2", "car:2", "vehicles:2", "vehicle:2",
                    "dealership:2", "tires:2", "auto parts:3", "electric vehicles:2", "auto:1"),
            rule("FOOD_AND_BEVERAGE", "restaurant:2", "restaurants:2", "food:2", "recipes:2", "recipe:1",
                    "coffee:2", "beverages:2", "beverage:2", "wine:2", "beer:2", "bakery:2", "catering:2",
                    "meal:1", "meals:1", "menu:1", "organic:1"),
            rule("GAMING", "gaming:3", "esports:3", "video games:3", "games:2", "game:2", "gamers:2",
                    "multiplayer:2", "console:1", "play:1"),
            rule("HR", "human resources:3", "applicant tracking:3", "payroll:2", "hiring:2", "recruiting:2",
                    "recruitment:2", "hr:2", "talent:1", "employees:1", "onboarding:1", "jobs:1"),
            rule("LEGAL", "law firm:3", "lawyers:2", "lawyer:2", "attorneys:2", "attorney:2", "legal:2",
                    "litigation:2", "contracts:1", "compliance:1"),
            rule("SECURITY", "cybersecurity:3", "cyber security:3", "penetration testing:3", "zero trust:2",
                    "malware:2", "vulnerability:2", "vulnerabilities:2", "firewall:2", "threat detection:2",
                    "threats:1", "security:1", "encryption:1"),
            rule("DEVELOPER_TOOLS", "developer tools:3", "developers:2", "developer:2", "api:2", "apis:2", "sdk:2",
                    "devops:2", "debugging:2", "observability:2", "open source:1", "code:1", "deploy:1", "cli:1",
                    "infrastructure:1", "github:1"),
            rule("ENERGY", "renewable energy:3", "solar:2", "renewable:2", "energy:2", "electricity:2",
                    "wind power:3", "oil and gas:3", "utilities:1", "battery:1", "ev charging:2"),
            rule("TELECOM", "telecom:3", "telecommunications:3", "mobile plans:3", "phone plans:3", "broadband:2",
                    "internet provider:2", "5g:2", "voip:2", "fiber:1", "carrier:1", "sim:1"),
            rule("FASHION", "fashion:2", "clothing:2", "apparel:2", "shoes:2", "dresses:2", "jewelry:2",
                    "jewellery:2", "sneakers:2", "accessories:1", "style:1", "collection:1"),
            rule("HOME", "home decor:3", "home improvement:3", "interior design:2", "furniture:2", "bedding:2",
                    "mattress:2", "mattresses:2", "sofas:2", "appliances:2", "kitchen:1", "garden:1", "decor:1"));

    /** The industry codes {@link Suggestions#industry()} draws from. */
    public static final List<String> INDUSTRY_CODES = INDUSTRY_RULES.stream().map(IndustryRule::code).toList();

    private SiteSuggestions() {
    }

    /** Suggestions for the page at {@code url}; {@code html} may be null, empty or not HTML at all. */
    public static Suggestions suggest(URI url, String html) {
        Domain domain = Domain.of(url);
        try {
            Document document = Jsoup.parse(html == null ? "" : html);
            return fromDocument(document, domain);
        } catch (RuntimeException e) {
            // Nothing a page contains may break project creation; the domain alone still yields a name.
            return new Suggestions(domain.displayName(), null, List.of(), aliases(domain.displayName(), domain));
        }
    }

    private static Suggestions fromDocument(Document document, Domain domain) {
        String title = firstNonBlank(clean(document.title()), meta(document, "og:title"));
        String name = Objects.requireNonNullElse(firstNonBlank(
                shortEnough(meta(document, "og:site_name")),
                shortEnough(meta(document, "application-name")),
                nameFromTitle(title, domain),
                domain.displayName()), "");
        String description = truncate(firstNonBlank(
                meta(document, "description"),
                meta(document, "og:description"),
                firstParagraph(document)));
        return new Suggestions(name, description, industries(document, title), aliases(name, domain));
    }

    private static String nameFromTitle(String title, Domain domain) {
        if (title == null) {
            return null;
        }
        String label = domain.label() == null ? null : compact(domain.label());
        String best = null;
        int bestScore = 0;
        for (String rawPart : TITLE_SEPARATOR.split(title)) {
            String part = TITLE_PART_TRIM.matcher(WELCOME.matcher(rawPart.strip()).replaceFirst("")).replaceAll("");
            if (part.isEmpty() || part.length() > MAX_NAME
                    || GENERIC_TITLE_PARTS.contains(part.toLowerCase(Locale.ROOT))) {
                continue;
            }
            // Without a domain (an IP address) nothing better than the first part is known.
            if (label == null) {
                return part;
            }
            int score = domainMatch(compact(part), label);
            if (score > bestScore) {
                best = part;
                bestScore = score;
            }
        }
        // Null when no part relates to the domain: such a title is more often a tagline than a name.
        return best;
    }

    /** 3: same letters as the domain label; 2: one starts with the other; 1: one contains the other; 0: unrelated. */
    private static int domainMatch(String part, String label) {
        if (part.isEmpty() || label.isEmpty()) {
            return 0;
        }
        if (part.equals(label)) {
            return 3;
        }
        if (part.length() < 3 || label.length() < 3) {
            return 0;
        }
        if (part.startsWith(label) || label.startsWith(part)) {
            return 2;
        }
        return part.contains(label) || label.contains(part) ? 1 : 0;
    }

    private static String firstParagraph(Document document) {
        for (Element paragraph : document.select("p")) {
            if (paragraph.closest("nav, header, footer, aside, form") != null) {
                continue;
            }
            String text = clean(paragraph.text());
            if (text != null && text.length() >= MIN_PARAGRAPH && text.contains(" ")
                    && !text.toLowerCase(Locale.ROOT).contains("cookie")) {
                return text;
            }
        }
        return null;
    }

    private static List<String> industries(Document document, String title) {
        List<WeightedText> sources = new ArrayList<>();
        sources.add(new WeightedText(title, TITLE_WEIGHT));
        sources.add(new WeightedText(meta(document, "description"), DESCRIPTION_WEIGHT));
        sources.add(new WeightedText(meta(document, "og:description"), DESCRIPTION_WEIGHT));
        sources.add(new WeightedText(meta(document, "keywords"), KEYWORDS_WEIGHT));
        document.select("h1, h2, h3").stream().limit(MAX_HEADINGS)
                .forEach(heading -> sources.add(new WeightedText(heading.text(), HEADING_WEIGHT)));

        Map<String, Integer> scores = new LinkedHashMap<>();
        for (WeightedText source : sources) {
            String words = words(source.text());
            if (words.isBlank()) {
                continue;
            }
            for (IndustryRule rule : INDUSTRY_RULES) {
                int hits = rule.weightIn(words);
                if (hits > 0) {
                    scores.merge(rule.code(), hits * source.weight(), Integer::sum);
                }
            }
        }
        List<Map.Entry<String, Integer>> ranked = scores.entrySet().stream()
                .filter(entry -> entry.getValue() >= MIN_INDUSTRY_SCORE)
                .sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
                .toList();
        List<String> codes = new ArrayList<>();
        for (Map.Entry<String, Integer> entry : ranked) {
            // A runner-up far behind the leader is more likely a stray word than a second line of business.
            if (codes.size() == MAX_INDUSTRIES || entry.getValue() * 2 < ranked.get(0).getValue()) {
                break;
            }
            codes.add(entry.getKey());
        }
        return codes;
    }

    private static List<String> aliases(String name, Domain domain) {
        Map<String, String> aliases = new LinkedHashMap<>();
        addAlias(aliases, name);
        addAlias(aliases, withoutLegalSuffix(name));
        if (domain.label() != null) {
            addAlias(aliases, domain.label().replace("-", ""));
        }
        addAlias(aliases, domain.registrable());
        return aliases.values().stream().limit(MAX_ALIASES).toList();
    }

    private static void addAlias(Map<String, String> aliases, String alias) {
        String cleaned = clean(alias);
        if (cleaned != null) {
            aliases.putIfAbsent(cleaned.toLowerCase(Locale.ROOT), cleaned);
        }
    }

    static String withoutLegalSuffix(String name) {
        if (name == null) {
            return null;
        }
        String result = name.strip();
        // Repeated for stacked forms such as "GmbH & Co. KG".
        for (int round = 0; round < 3; round++) {
            Matcher suffix = LEGAL_SUFFIX.matcher(result);
            if (!suffix.find()) {
                break;
            }
            String stripped = TRAILING_PUNCTUATION.matcher(result.substring(0, suffix.start())).replaceFirst("");
            if (stripped.isEmpty()) {
                break;
            }
            result = stripped;
        }
        return result;
    }

    private static String meta(Document document, String key) {
        for (Element meta : document.select("meta[content]")) {
            if (key.equalsIgnoreCase(meta.attr("property")) || key.equalsIgnoreCase(meta.attr("name"))) {
                String content = clean(meta.attr("content"));
                if (content != null) {
                    return content;
                }
            }
        }
        return null;
    }

    private static String truncate(String text) {
        if (text == null || text.length() <= MAX_DESCRIPTION) {
            return text;
        }
        int limit = MAX_DESCRIPTION - 1; // room for the ellipsis
        int cut = text.lastIndexOf(' ', limit);
        // One enormous "word" (a URL, base64) has no boundary worth waiting for.
        String head = cut < MAX_DESCRIPTION / 2 ? text.substring(0, limit) : text.substring(0, cut);
        return TRAILING_PUNCTUATION.matcher(head).replaceFirst("") + "…";
    }

    private static String shortEnough(String name) {
        return name != null && name.length() <= MAX_NAME ? name : null;
    }

    private static String firstNonBlank(String... candidates) {
        for (String candidate : candidates) {
            if (candidate != null && !candidate.isBlank()) {
                return candidate;
            }
        }
        return null;
    }

    /** Whitespace collapsed and trimmed; null when nothing is left. */
    private static String clean(String text) {
        if (text == null) {
            return null;
        }
        String cleaned = WHITESPACE.matcher(text).replaceAll(" ").strip();
        return cleaned.isEmpty() ? null : cleaned;
    }

    private static String compact(String text) {
        return NOT_ALPHANUMERIC.matcher(text.toLowerCase(Locale.ROOT)).replaceAll("");
    }

    /** Lower-case words separated by single spaces and padded with one, so phrases match on word boundaries. */
    private static String words(String text) {
        if (text == null) {
            return "";
        }
        return " " + NOT_ALPHANUMERIC.matcher(text.toLowerCase(Locale.ROOT)).replaceAll(" ").strip() + " ";
    }

    private static IndustryRule rule(String code, String... weightedKeywords) {
        Map<String, Integer> keywords = new LinkedHashMap<>();
        for (String weighted : weightedKeywords) {
            int colon = weighted.lastIndexOf(':');
            keywords.put(words(weighted.substring(0, colon)), Integer.parseInt(weighted.substring(colon + 1)));
        }
        return new IndustryRule(code, Map.copyOf(keywords));
    }

    /** @param keywords padded keyword phrases (see {@link #words}) and their weights */
    private record IndustryRule(String code, Map<String, Integer> keywords) {
        int weightIn(String paddedWords) {
            int total = 0;
            for (Map.Entry<String, Integer> keyword : keywords.entrySet()) {
                if (paddedWords.contains(keyword.getKey())) {
                    total += keyword.getValue();
                }
            }
            return total;
        }
    }

    private record WeightedText(String text, int weight) {
    }

    /**
     * @param host        ASCII host without {@code www.}, or null
     * @param registrable the registrable domain in Unicode ({@code acme-tools.com}), null for IP addresses
     * @param label       its first label in Unicode ({@code acme-tools}), null for IP addresses
     */
    private record Domain(String host, String registrable, String label) {
        /** Never throws: a URI it cannot read gives an empty domain. */
        static Domain of(URI url) {
            try {
                String host = url == null ? null : hostOf(url);
                return host == null || host.isBlank() ? new Domain(null, null, null) : ofHost(host);
            } catch (RuntimeException e) {
                return new Domain(null, null, null);
            }
        }

        /** The host even of a URI that was never normalised, whose Unicode host {@link URI#getHost()} rejects. */
        private static String hostOf(URI url) {
            if (url.getHost() != null) {
                return url.getHost();
            }
            String authority = url.getRawAuthority();
            if (authority == null) {
                return null;
            }
            authority = authority.substring(authority.lastIndexOf('@') + 1);
            int colon = authority.lastIndexOf(':');
            return colon > 0 && !authority.startsWith("[") ? authority.substring(0, colon) : authority;
        }

        private static Domain ofHost(String rawHost) {
            String host = rawHost.toLowerCase(Locale.ROOT);
            if (host.endsWith(".")) {
                host = host.substring(0, host.length() - 1);
            }
            if (host.startsWith("[") || host.contains(":") || host.matches("[0-9.]+")) {
                return new Domain(host, null, null);
            }
            host = IDN.toASCII(host, IDN.ALLOW_UNASSIGNED).toLowerCase(Locale.ROOT);
            if (host.startsWith("www.") && host.indexOf('.', 4) > 0) {
                host = host.substring(4);
            }
            String[] labels = host.split("\\.");
            int keep = labels.length >= 3 && labels[labels.length - 1].length() == 2
                    && SECOND_LEVEL_LABELS.contains(labels[labels.length - 2]) ? 3 : 2;
            keep = Math.min(keep, labels.length);
            String registrable = String.join(".", List.of(labels).subList(labels.length - keep, labels.length));
            return new Domain(host, unicode(registrable), unicode(labels[labels.length - keep]));
        }

        /** The label as a name: {@code acme-tools} becomes "Acme Tools"; the host itself for IP addresses. */
        String displayName() {
            if (label == null) {
                return host == null ? "" : host;
            }
            StringBuilder name = new StringBuilder();
            for (String word : label.split("[-_]+")) {
                if (word.isEmpty()) {
                    continue;
                }
                if (!name.isEmpty()) {
                    name.append(' ');
                }
                name.appendCodePoint(Character.toUpperCase(word.codePointAt(0)))
                        .append(word.substring(Character.charCount(word.codePointAt(0))));
            }
            return name.isEmpty() ? label : name.toString();
        }

        private static String unicode(String ascii) {
            try {
                return IDN.toUnicode(ascii, IDN.ALLOW_UNASSIGNED);
            } catch (IllegalArgumentException e) {
                return ascii;
            }
        }
    }
}
