package dev.periscope.bench;

import dev.periscope.extraction.EngineCitation;
import dev.periscope.extraction.ExtractedSource;
import dev.periscope.extraction.SourceExtractor;
import dev.periscope.extraction.UrlNormalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The web the synthetic answers cite: a few thousand domains and tens of thousands of URLs with Zipf-like
 * popularity, so a few domains and pages are cited very often and most only now and then. The big community sites
 * (Reddit, YouTube, LinkedIn, Wikipedia, review sites) lead, the project's and competitors' sites sit among them, and
 * a long tail of fictional {@code .example} sites follows. Each URL is stored the way extraction stores it: run once
 * through {@link SourceExtractor} for its normalised form, SHA-256, host, domain and owner.
 */
final class UrlPool {
    /** One citable page; {@code chatgptUrl} is the raw form ChatGPT links it with (a utm_source it adds). */
    record Page(String url, String chatgptUrl, ExtractedSource stored) {
    }

    private enum Kind { REDDIT, YOUTUBE, WIKIPEDIA, LINKEDIN, REVIEWS, MEDIUM, PLAY_STORE, APP_STORE, SITE, VENDOR }

    /** A site: its hosts (with shares) and the kind of paths it has. */
    private record Site(String[] hosts, double[] hostShares, Kind kind) {
        static Site of(Kind kind, String... hosts) {
            double[] shares = new double[hosts.length];
            shares[0] = 1;
            for (int i = 1; i < hosts.length; i++) {
                shares[i] = 0.15;
            }
            return new Site(hosts, shares, kind);
        }
    }

    /** Well-known sites in rank order; the project and competitor sites are slotted in between. */
    private static final List<Site> POPULAR = List.of(
            Site.of(Kind.REDDIT, "www.reddit.com", "old.reddit.com"),
            Site.of(Kind.YOUTUBE, "www.youtube.com", "m.youtube.com"),
            Site.of(Kind.WIKIPEDIA, "en.wikipedia.org", "de.wikipedia.org"),
            Site.of(Kind.REVIEWS, "www.g2.com"),
            Site.of(Kind.LINKEDIN, "www.linkedin.com", "de.linkedin.com"),
            Site.of(Kind.REVIEWS, "www.capterra.com"),
            Site.of(Kind.MEDIUM, "medium.com"),
            Site.of(Kind.SITE, "github.com"),
            Site.of(Kind.SITE, "www.forbes.com"),
            Site.of(Kind.SITE, "stackoverflow.com"),
            Site.of(Kind.SITE, "blog.hubspot.com"),
            Site.of(Kind.SITE, "www.techradar.com"),
            Site.of(Kind.SITE, "zapier.com"),
            Site.of(Kind.REVIEWS, "www.trustradius.com"),
            Site.of(Kind.SITE, "www.quora.com"),
            Site.of(Kind.SITE, "www.gartner.com"),
            Site.of(Kind.SITE, "www.producthunt.com"),
            Site.of(Kind.SITE, "news.ycombinator.com"),
            Site.of(Kind.SITE, "www.pcmag.com"),
            Site.of(Kind.REVIEWS, "www.getapp.com"),
            Site.of(Kind.SITE, "www.softwareadvice.com"),
            Site.of(Kind.SITE, "www.heise.de"),
            Site.of(Kind.SITE, "t3n.de"),
            Site.of(Kind.SITE, "www.chip.de"),
            Site.of(Kind.SITE, "www.investopedia.com"),
            Site.of(Kind.SITE, "techcrunch.com"),
            Site.of(Kind.SITE, "www.theverge.com"),
            Site.of(Kind.SITE, "x.com"),
            Site.of(Kind.PLAY_STORE, "play.google.com"),
            Site.of(Kind.APP_STORE, "apps.apple.com"));

    private static final String[] WORDS = {"best", "product", "analytics", "tools", "dashboard", "review", "pricing",
            "guide", "startups", "saas", "retention", "churn", "funnel", "kpi", "metrics", "bi", "reporting", "data",
            "warehouse", "integration", "alternatives", "comparison", "2026", "2025", "how", "to", "track", "measure",
            "growth", "teams", "small", "business", "enterprise", "free", "open", "source", "self", "hosted", "privacy",
            "gdpr", "cohort", "analysis", "event", "tracking", "setup", "tutorial", "top", "features", "roadmap",
            "case", "study", "benchmark", "marketing", "revenue", "forecast", "segments", "customers", "charts"};
    private static final String[] ADJECTIVES = {"bright", "clear", "smart", "rapid", "open", "bold", "quiet", "true",
            "prime", "nimble", "solid", "keen", "lucid", "agile", "steady", "vivid", "calm", "sharp", "fresh", "deep",
            "urban", "north", "south", "east", "west", "blue", "green", "red", "silver", "golden"};
    private static final String[] NOUNS = {"data", "metrics", "insight", "stack", "review", "guide", "lab", "hub",
            "journal", "digest", "report", "pulse", "wire", "desk", "notes", "bench", "compass", "ledger", "signal",
            "atlas", "forge", "harbor", "orbit", "canvas", "matrix", "beacon", "sprout", "summit", "trail", "vault"};
    private static final String[] VARIANTS = {"", "blog", "news", "hq", "labs", "online", "daily", "weekly", "reviews"};
    private static final String[] SECTIONS = {"blog", "guides", "reviews", "compare", "resources", "articles", "news",
            "learn"};
    private static final String[] VENDOR_SECTIONS = {"blog", "features", "docs", "customers", "integrations"};
    private static final String[] SUBREDDITS = {"analytics", "SaaS", "startups", "BusinessIntelligence",
            "dataengineering", "marketing", "ProductManagement", "smallbusiness", "datascience", "Entrepreneur"};
    private static final String ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

    private final Page[] pages;
    private final Weighted popularity;
    private final int[] ownedPages;
    private final Weighted ownedPopularity;
    private final int[][] rivalPages;
    private final Weighted[] rivalPopularity;

    /**
     * @param rivalIds competitor ids in the order of {@code rivals}
     */
    UrlPool(SplittableRandom random, List<SyntheticProject.Rival> rivals, List<Long> rivalIds, int domainCount,
            int pageCount) {
        Map<Long, String> rivalDomains = new LinkedHashMap<>();
        for (int i = 0; i < rivals.size(); i++) {
            rivalDomains.put(rivalIds.get(i), rivals.get(i).domain());
        }
        SourceExtractor.SiteOwnership ownership = new SourceExtractor.SiteOwnership(SyntheticProject.DOMAIN, false,
                rivalDomains);

        List<Site> sites = new ArrayList<>(POPULAR);
        sites.add(Math.min(5, sites.size()), Site.of(Kind.VENDOR, SyntheticProject.DOMAIN));
        for (int i = 0; i < rivals.size(); i++) {
            sites.add(Math.min(7 + 3 * i, sites.size()), Site.of(Kind.VENDOR, rivals.get(i).domain()));
        }
        Set<String> taken = new HashSet<>();
        sites.forEach(site -> taken.add(site.hosts()[0]));
        int target = Math.max(domainCount, sites.size());
        for (int i = 0; sites.size() < target; i++) {
            String host = syntheticHost(i);
            if (taken.add(host)) {
                sites.add(Site.of(Kind.SITE, host));
            }
        }

        double[] siteWeights = Weighted.zipf(sites.size(), 1.05);
        int[] pagesPerSite = allocate(siteWeights, Math.max(pageCount, sites.size()));
        List<Page> pageList = new ArrayList<>();
        List<Double> pageWeights = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int s = 0; s < sites.size(); s++) {
            Site site = sites.get(s);
            double[] within = Weighted.zipf(pagesPerSite[s], 1.1);
            double sum = 0;
            for (double w : within) {
                sum += w;
            }
            for (int j = 0; j < pagesPerSite[s]; j++) {
                Page page = null;
                for (int attempt = 0; page == null; attempt++) {
                    String host = site.hosts()[Weighted.pick(random, site.hostShares())];
                    String url = "https://" + host + path(random, site.kind(), j, attempt);
                    page = page(url, title(random, site.kind()), ownership, seen);
                }
                pageList.add(page);
                pageWeights.add(siteWeights[s] * within[j] / sum);
            }
        }
        pages = pageList.toArray(Page[]::new);
        popularity = new Weighted(pageWeights.stream().mapToDouble(Double::doubleValue).toArray());

        List<Integer> owned = new ArrayList<>();
        List<List<Integer>> byRival = new ArrayList<>();
        for (int i = 0; i < rivals.size(); i++) {
            byRival.add(new ArrayList<>());
        }
        for (int i = 0; i < pages.length; i++) {
            ExtractedSource stored = pages[i].stored();
            if (stored.sourceType().equals(SourceExtractor.OWNED)) {
                owned.add(i);
            } else if (stored.competitorId() != null) {
                byRival.get(rivalIds.indexOf(stored.competitorId())).add(i);
            }
        }
        ownedPages = owned.stream().mapToInt(Integer::intValue).toArray();
        ownedPopularity = ownedPages.length == 0 ? null : new Weighted(Weighted.zipf(ownedPages.length, 1.1));
        rivalPages = new int[rivals.size()][];
        rivalPopularity = new Weighted[rivals.size()];
        for (int i = 0; i < rivals.size(); i++) {
            rivalPages[i] = byRival.get(i).stream().mapToInt(Integer::intValue).toArray();
            rivalPopularity[i] = rivalPages[i].length == 0 ? null : new Weighted(Weighted.zipf(rivalPages[i].length, 1.1));
        }
    }

    int size() {
        return pages.length;
    }

    Page page(int index) {
        return pages[index];
    }

    /** Any page, by popularity. */
    int next(SplittableRandom random) {
        return popularity.next(random);
    }

    /** A page of the project's own site, or -1 when it has none. */
    int nextOwned(SplittableRandom random) {
        return ownedPopularity == null ? -1 : ownedPages[ownedPopularity.next(random)];
    }

    /** A page of competitor {@code rival} (index into the project's rivals), or -1 when it has none. */
    int nextOfRival(SplittableRandom random, int rival) {
        return rivalPopularity[rival] == null ? -1 : rivalPages[rival][rivalPopularity[rival].next(random)];
    }

    private static Page page(String url, String title, SourceExtractor.SiteOwnership ownership, Set<String> seen) {
        List<ExtractedSource> extracted = SourceExtractor.extract("", List.of(new EngineCitation(url, title, 1, null)),
                ownership);
        if (extracted.size() != 1 || !seen.add(extracted.get(0).urlSha256())) {
            return null;
        }
        ExtractedSource stored = extracted.get(0);
        String tracked = url + (url.contains("?") ? "&" : "?") + "utm_source=chatgpt.com";
        Optional<UrlNormalizer.NormalizedUrl> normalized = UrlNormalizer.normalize(tracked);
        boolean same = normalized.isPresent() && normalized.get().sha256().equals(stored.urlSha256());
        return new Page(url, same ? tracked : url, stored);
    }

    /** Splits {@code total} pages over sites in proportion to the square root of their weight, at least one each. */
    private static int[] allocate(double[] weights, int total) {
        int[] counts = new int[weights.length];
        double sum = 0;
        for (double weight : weights) {
            sum += Math.sqrt(weight);
        }
        int spare = total - weights.length;
        int given = 0;
        for (int i = 0; i < weights.length; i++) {
            counts[i] = 1 + (int) Math.floor(spare * Math.sqrt(weights[i]) / sum);
            given += counts[i];
        }
        for (int i = 0; given < total; i = (i + 1) % weights.length) {
            counts[i]++;
            given++;
        }
        return counts;
    }

    private static String syntheticHost(int i) {
        int adjective = i % ADJECTIVES.length;
        int noun = (i / ADJECTIVES.length) % NOUNS.length;
        int variant = (i / (ADJECTIVES.length * NOUNS.length)) % VARIANTS.length;
        String variantPart = VARIANTS[variant].isEmpty() ? "" : "-" + VARIANTS[variant];
        String round = i >= ADJECTIVES.length * NOUNS.length * VARIANTS.length
                ? "-" + (i / (ADJECTIVES.length * NOUNS.length * VARIANTS.length)) : "";
        return ADJECTIVES[adjective] + "-" + NOUNS[noun] + variantPart + round + ".example";
    }

    private static String path(SplittableRandom random, Kind kind, int rank, int attempt) {
        String slug = slug(random, 3 + random.nextInt(4)) + (attempt > 0 ? "-" + attempt : "");
        return switch (kind) {
            case REDDIT -> "/r/" + SUBREDDITS[random.nextInt(SUBREDDITS.length)] + "/comments/"
                    + id(random, "abcdefghijklmnopqrstuvwxyz0123456789", 7) + "/" + slug.replace('-', '_') + "/";
            case YOUTUBE -> "/watch?v=" + id(random, ID_CHARS, 11);
            case WIKIPEDIA -> "/wiki/" + capitalize(slug(random, 1 + random.nextInt(2))).replace('-', '_')
                    + (attempt > 0 ? "_" + attempt : "");
            case LINKEDIN -> "/pulse/" + slug + "-" + id(random, "abcdefghijklmnopqrstuvwxyz0123456789", 6);
            case REVIEWS -> random.nextInt(3) == 0
                    ? "/compare/" + slug(random, 2) + "-vs-" + slug(random, 2) + (attempt > 0 ? "-" + attempt : "")
                    : "/products/" + slug + "/reviews";
            case MEDIUM -> "/@" + ADJECTIVES[random.nextInt(ADJECTIVES.length)] + NOUNS[random.nextInt(NOUNS.length)]
                    + "/" + slug + "-" + id(random, "0123456789abcdef", 12);
            case PLAY_STORE -> "/store/apps/details?id=com." + slug.replace("-", ".");
            case APP_STORE -> "/us/app/" + slug + "/id" + (100_000_000 + random.nextInt(900_000_000));
            case VENDOR -> rank == 0 && attempt == 0 ? "/" : rank == 1 && attempt == 0 ? "/pricing"
                    : "/" + VENDOR_SECTIONS[random.nextInt(VENDOR_SECTIONS.length)] + "/" + slug;
            case SITE -> random.nextInt(5) == 0 ? "/" + slug
                    : "/" + SECTIONS[random.nextInt(SECTIONS.length)] + "/" + slug;
        };
    }

    /** A page title for most pages; engines leave some untitled. */
    private static String title(SplittableRandom random, Kind kind) {
        if (random.nextInt(10) < 4 || kind == Kind.PLAY_STORE || kind == Kind.APP_STORE) {
            return null;
        }
        String[] words = slug(random, 3 + random.nextInt(4)).split("-");
        StringBuilder title = new StringBuilder();
        for (String word : words) {
            if (!title.isEmpty()) {
                title.append(' ');
            }
            title.append(capitalize(word));
        }
        return title.toString();
    }

    private static String slug(SplittableRandom random, int words) {
        StringBuilder slug = new StringBuilder();
        for (int i = 0; i < words; i++) {
            if (i > 0) {
                slug.append('-');
            }
            slug.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return slug.toString();
    }

    private static String id(SplittableRandom random, String alphabet, int length) {
        StringBuilder id = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            id.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return id.toString();
    }

    private static String capitalize(String word) {
        return word.isEmpty() ? word : word.substring(0, 1).toUpperCase(Locale.ROOT) + word.substring(1);
    }
}
