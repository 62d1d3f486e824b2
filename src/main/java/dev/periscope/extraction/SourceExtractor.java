package dev.periscope.extraction;

import java.net.IDN;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns an answer's text and the engine's citations into its sources: deduplicated by normalised URL, numbered by
 * visible appearance and classified as owned, competitor or third party. Pure and thread-safe.
 *
 * <p>Text URLs are markdown links and images ({@code [t](url)}), autolinks ({@code <url>}), bare {@code http(s)://}
 * URLs and bare {@code www.} URLs (read as {@code https://}); relative links and e-mail addresses are ignored.
 */
public final class SourceExtractor {

    public static final String OWNED = "owned";
    public static final String COMPETITOR = "competitor";
    public static final String THIRD_PARTY = "third_party";

    /**
     * Whose sites are whose. Domains are bare hosts ({@code acme.com}, {@code blog.acme.com}); a scheme, path, port,
     * trailing dot or leading {@code www.} is tolerated and ignored.
     *
     * @param projectDomain     the project's own domain (null or blank: nothing is owned)
     * @param exactHost         only the exact host is owned (a leading {@code www.} ignored on both sides), not its
     *                          subdomains
     * @param competitorDomains competitor id → domain; a competitor's subdomains are always its own
     */
    public record SiteOwnership(String projectDomain, boolean exactHost, Map<Long, String> competitorDomains) {
        public SiteOwnership {
            competitorDomains = competitorDomains == null ? Map.of() : competitorDomains;
        }
    }

    private SourceExtractor() {
    }

    /**
     * Extracts the sources of one answer: visible ones at positions 1..n (the engine's visible citations in their
     * order, then URLs of the text in text order), then background references (position 0) in their given order.
     */
    public static List<ExtractedSource> extract(String text, List<EngineCitation> citations, SiteOwnership ownership) {
        Owners owners = Owners.of(ownership);
        Map<String, Entry> entries = new LinkedHashMap<>();
        Set<String> visible = new LinkedHashSet<>();
        List<String> background = new ArrayList<>();

        List<EngineCitation> engine = new ArrayList<>();
        List<EngineCitation> shown = new ArrayList<>();
        if (citations != null) {
            for (EngineCitation citation : citations) {
                if (citation != null) {
                    engine.add(citation);
                    if (citation.position() > 0) {
                        shown.add(citation);
                    }
                }
            }
        }
        shown.sort(Comparator.comparingInt(EngineCitation::position)); // stable: equal positions keep their order
        for (EngineCitation citation : shown) {
            Entry entry = add(entries, fromCitation(citation));
            if (entry != null) {
                visible.add(entry.key);
            }
        }
        for (EngineCitation citation : engine) {
            if (citation.position() <= 0) {
                Entry entry = add(entries, fromCitation(citation));
                if (entry != null) {
                    background.add(entry.key);
                }
            }
        }
        for (TextLink link : TextLinks.find(text == null ? "" : text)) {
            Optional<UrlNormalizer.NormalizedUrl> normalized = UrlNormalizer.normalize(link.url());
            if (normalized.isPresent()) {
                Entry entry = add(entries, new Entry(normalized.get().url(), link.url(), normalized.get(),
                        link.title(), null));
                visible.add(entry.key);
            }
        }

        List<ExtractedSource> sources = new ArrayList<>(entries.size());
        int position = 0;
        for (String key : visible) {
            sources.add(entries.get(key).toSource(++position, owners));
        }
        for (String key : new LinkedHashSet<>(background)) {
            if (!visible.contains(key)) {
                sources.add(entries.get(key).toSource(0, owners));
            }
        }
        return sources;
    }

    /** Adds an entry or merges it into the one with the same key (first URL and first non-blank title win). */
    private static Entry add(Map<String, Entry> entries, Entry candidate) {
        if (candidate == null) {
            return null;
        }
        Entry existing = entries.putIfAbsent(candidate.key, candidate);
        if (existing == null) {
            return candidate;
        }
        if (existing.title == null) {
            existing.title = candidate.title;
        }
        return existing;
    }

    private static Entry fromCitation(EngineCitation citation) {
        String url = citation.url() == null ? "" : citation.url().strip();
        String hint = citation.domain() == null || citation.domain().isBlank() ? null
                : citation.domain().strip().toLowerCase(Locale.ROOT);
        Optional<UrlNormalizer.NormalizedUrl> normalized = UrlNormalizer.normalize(url);
        if (normalized.isPresent()) {
            UrlNormalizer.NormalizedUrl n = normalized.get();
            // A hint means the URL does not tell the site (a redirect): the hint is the domain.
            return new Entry(n.url(), url, hint == null ? n : new UrlNormalizer.NormalizedUrl(n.url(), n.sha256(),
                    n.host(), hint), citation.title(), hint);
        }
        if (hint == null) {
            return null;
        }
        // An unresolved redirect: the URL stays as given and the hint names the site.
        String key = url.isEmpty() ? hint : url;
        String host = url.contains("://") ? Owners.host(url) : null;
        boolean usable = host != null && !host.isEmpty() && host.chars().noneMatch(ch -> UrlNormalizer.isSpace((char) ch));
        UrlNormalizer.NormalizedUrl kept = new UrlNormalizer.NormalizedUrl(key, UrlNormalizer.sha256(key),
                usable ? host : hint, hint);
        return new Entry(key, url.isEmpty() ? hint : url, kept, citation.title(), hint);
    }

    private static String title(String raw) {
        return raw == null || raw.isBlank() ? null : raw.strip();
    }

    /** One source while it is being collected. */
    private static final class Entry {
        final String key;
        final String url;
        final UrlNormalizer.NormalizedUrl normalized;
        final String domainHint;
        String title;

        Entry(String key, String url, UrlNormalizer.NormalizedUrl normalized, String title, String domainHint) {
            this.key = key;
            this.url = url;
            this.normalized = normalized;
            this.title = title(title);
            this.domainHint = domainHint;
        }

        ExtractedSource toSource(int position, Owners owners) {
            String ownerHost = domainHint != null ? domainHint : normalized.host();
            String type = THIRD_PARTY;
            Long competitorId = null;
            if (owners.owns(ownerHost)) {
                type = OWNED;
            } else {
                competitorId = owners.competitor(ownerHost);
                if (competitorId != null) {
                    type = COMPETITOR;
                }
            }
            String host = normalized.host();
            // the path is parsed only for the store hosts, the only ones it matters for
            boolean playStore = host.equals("play.google.com") && path(normalized.url()).startsWith("/store/apps");
            boolean appStore = (host.equals("apps.apple.com") || host.equals("itunes.apple.com"))
                    && path(normalized.url()).contains("/app/");
            return new ExtractedSource(url, normalized.url(), normalized.sha256(), host, normalized.domain(), position,
                    type, competitorId, playStore, appStore, title);
        }

        private static String path(String url) {
            try {
                String path = URI.create(url).getRawPath();
                return path == null ? "" : path;
            } catch (IllegalArgumentException e) {
                return "";
            }
        }
    }

    /** The project's and competitors' domains in the form of normalised hosts. */
    private record Owners(String project, boolean exactHost, List<Map.Entry<Long, String>> competitors) {
        /**
         * Configured domains as hosts ({@link #host}): the same few domains come with every answer of a project, and
         * their IDN conversion would otherwise be repeated for each.
         */
        private static final UrlNormalizer.Memo<String> DOMAIN_HOSTS = new UrlNormalizer.Memo<>(1024, Owners::host);

        static Owners of(SiteOwnership ownership) {
            if (ownership == null) {
                return new Owners(null, false, List.of());
            }
            List<Map.Entry<Long, String>> competitors = new ArrayList<>();
            ownership.competitorDomains().forEach((id, domain) -> {
                String host = domain == null ? null : DOMAIN_HOSTS.get(domain);
                if (id != null && host != null && !host.isEmpty()) {
                    competitors.add(Map.entry(id, withoutWww(host)));
                }
            });
            String project = ownership.projectDomain() == null ? null : DOMAIN_HOSTS.get(ownership.projectDomain());
            return new Owners(project == null || project.isEmpty() ? null : withoutWww(project),
                    ownership.exactHost(), competitors);
        }

        boolean owns(String host) {
            if (project == null || host == null) {
                return false;
            }
            String h = host.toLowerCase(Locale.ROOT);
            return exactHost ? withoutWww(h).equals(project) : within(h, project);
        }

        /** The competitor with the longest domain containing the host; the lowest id among equal domains. */
        Long competitor(String host) {
            if (host == null) {
                return null;
            }
            String h = host.toLowerCase(Locale.ROOT);
            Map.Entry<Long, String> best = null;
            for (Map.Entry<Long, String> candidate : competitors) {
                if (within(h, candidate.getValue()) && (best == null
                        || candidate.getValue().length() > best.getValue().length()
                        || (candidate.getValue().length() == best.getValue().length()
                        && candidate.getKey() < best.getKey()))) {
                    best = candidate;
                }
            }
            return best == null ? null : best.getKey();
        }

        /** Whether host is domain or one of its subdomains. */
        private static boolean within(String host, String domain) {
            int dot = host.length() - domain.length() - 1;
            return host.equals(domain) || (dot >= 0 && host.endsWith(domain) && host.charAt(dot) == '.');
        }

        private static String withoutWww(String host) {
            return host.startsWith("www.") && host.length() > 4 ? host.substring(4) : host;
        }

        /**
         * The host of a configured domain or of a URL that did not normalise: scheme, userinfo, path, port and
         * trailing dots removed, lower-cased, IDN in punycode when possible. Null for null.
         */
        static String host(String raw) {
            if (raw == null) {
                return null;
            }
            String h = raw.strip();
            int scheme = h.indexOf("://");
            if (scheme >= 0) {
                h = h.substring(scheme + 3);
            }
            int end = h.length();
            for (char stop : new char[] {'/', '?', '#'}) {
                int i = h.indexOf(stop);
                if (i >= 0 && i < end) {
                    end = i;
                }
            }
            h = h.substring(0, end);
            h = h.substring(h.lastIndexOf('@') + 1);
            if (!h.startsWith("[")) {
                int colon = h.lastIndexOf(':');
                if (colon >= 0) {
                    h = h.substring(0, colon);
                }
            }
            h = h.toLowerCase(Locale.ROOT);
            while (h.endsWith(".")) {
                h = h.substring(0, h.length() - 1);
            }
            try {
                return IDN.toASCII(h, IDN.ALLOW_UNASSIGNED).toLowerCase(Locale.ROOT);
            } catch (IllegalArgumentException e) {
                return h;
            }
        }
    }

    /** A URL found in the answer text, with the markdown link text when it has one. */
    record TextLink(int start, String url, String title) {
    }

    /** Scans text for markdown links, autolinks and bare URLs in order of appearance. */
    static final class TextLinks {
        private final String text;
        private final List<TextLink> links = new ArrayList<>();

        private TextLinks(String text) {
            this.text = text;
        }

        static List<TextLink> find(String text) {
            TextLinks scanner = new TextLinks(text);
            scanner.scan();
            return scanner.links;
        }

        private void scan() {
            // one copy of the characters: the loop reads every one of them, most answers are UTF-16 strings and
            // indexing an array is much cheaper than String.charAt on those
            char[] chars = text.toCharArray();
            int i = 0;
            int n = chars.length;
            while (i < n) {
                char c = chars[i];
                int next = -1;
                if (c == '[' || (c == '!' && i + 1 < n && chars[i + 1] == '[')) {
                    next = markdownLink(i, c == '!');
                } else if (c == '<') {
                    next = autolink(i);
                } else if ((c == 'h' || c == 'H') && isHttpAt(text, i) && wordStart(i)) { // cheaper test first
                    next = bare(i);
                } else if ((c == 'w' || c == 'W') && text.regionMatches(true, i, "www.", 0, 4) && wordStart(i)) {
                    next = bare(i);
                }
                i = next > i ? next : i + 1;
            }
        }

        private boolean wordStart(int i) {
            if (i == 0) {
                return true;
            }
            char p = text.charAt(i - 1);
            return !Character.isLetterOrDigit(p) && "@.-_/:%+=&~$".indexOf(p) < 0;
        }

        private static boolean isHttp(String s) {
            return isHttpAt(s, 0);
        }

        private static boolean isHttpAt(String s, int i) {
            return s.regionMatches(true, i, "http://", 0, 7) || s.regionMatches(true, i, "https://", 0, 8);
        }

        /** {@code [text](dest "title")} or {@code ![alt](dest)}; returns the index after it, or -1. */
        private int markdownLink(int start, boolean image) {
            int open = image ? start + 1 : start;
            int depth = 0;
            int close = -1;
            for (int j = open; j < text.length(); j++) {
                char c = text.charAt(j);
                if (c == '\n') {
                    return -1;
                }
                if (c == '\\') {
                    j++;
                } else if (c == '[') {
                    depth++;
                } else if (c == ']' && --depth == 0) {
                    close = j;
                    break;
                }
            }
            if (close < 0 || close + 1 >= text.length() || text.charAt(close + 1) != '(') {
                return -1;
            }
            int j = close + 2;
            while (j < text.length() && (text.charAt(j) == ' ' || text.charAt(j) == '\t')) {
                j++;
            }
            String dest;
            if (j < text.length() && text.charAt(j) == '<') {
                int end = text.indexOf('>', j);
                if (end < 0 || text.substring(j, end).indexOf('\n') >= 0) {
                    return -1;
                }
                dest = text.substring(j + 1, end);
                j = end + 1;
            } else {
                int from = j;
                int parens = 0;
                while (j < text.length()) {
                    char c = text.charAt(j);
                    if (UrlNormalizer.isSpace(c) || (c == ')' && parens == 0)) {
                        break;
                    }
                    if (c == '(') {
                        parens++;
                    } else if (c == ')') {
                        parens--;
                    }
                    j++;
                }
                dest = text.substring(from, j);
            }
            int end = text.indexOf(')', j);
            int newline = text.indexOf('\n', j);
            if (end < 0 || (newline >= 0 && newline < end)) {
                return -1;
            }
            if (dest.regionMatches(true, 0, "www.", 0, 4)) {
                dest = "https://" + dest;
            }
            if (isHttp(dest)) {
                String label = image ? null : linkTitle(text.substring(open + 1, close));
                links.add(new TextLink(start, dest, label));
            }
            return end + 1;
        }

        private static final String[] EMPHASIS = {"**", "__", "*", "_", "`"};

        /** Link text as a title: emphasis markers stripped; none when it is a URL or only a reference number. */
        private static String linkTitle(String raw) {
            String t = raw.strip();
            boolean changed = true;
            while (changed && t.length() >= 2) {
                changed = false;
                for (String marker : EMPHASIS) {
                    if (t.length() > 2 * marker.length() && t.startsWith(marker) && t.endsWith(marker)) {
                        t = t.substring(marker.length(), t.length() - marker.length()).strip();
                        changed = true;
                    }
                }
            }
            if (t.isEmpty() || isHttp(t) || t.regionMatches(true, 0, "www.", 0, 4) || isReferenceNumber(t)) {
                return null;
            }
            return t;
        }

        /** Only digits, brackets and spaces ("3", "[12]"). */
        private static boolean isReferenceNumber(String t) {
            for (int i = 0; i < t.length(); i++) {
                char ch = t.charAt(i);
                if (!Character.isDigit(ch) && ch != '[' && ch != ']' && ch != ' ') {
                    return false;
                }
            }
            return true;
        }

        /** {@code <http(s)://...>}; returns the index after it, or -1. */
        private int autolink(int start) {
            if (!isHttpAt(text, start + 1)) {
                return -1;
            }
            for (int j = start + 1; j < text.length(); j++) {
                char c = text.charAt(j);
                if (c == '>') {
                    links.add(new TextLink(start, text.substring(start + 1, j), null));
                    return j + 1;
                }
                if (c == '<' || UrlNormalizer.isSpace(c)) {
                    return -1;
                }
            }
            return -1;
        }

        /** A bare {@code http(s)://} or {@code www.} URL; returns the index after it, or -1. */
        private int bare(int start) {
            boolean www = text.regionMatches(true, start, "www.", 0, 4);
            if (!www && !isHttpAt(text, start)) {
                return -1;
            }
            int j = start;
            while (j < text.length() && !endsBare(text.charAt(j))) {
                j++;
            }
            String url = UrlNormalizer.trim(text.substring(start, j));
            if (url.length() <= (www ? 4 : 8)) {
                return -1;
            }
            int end = start + url.length();
            if (www) {
                // A www. name needs a dot after "www." and is not the host part of an e-mail address.
                String host = url.substring(4, hostEnd(url, 4));
                if (host.indexOf('.') <= 0 || host.indexOf('@') >= 0) {
                    return j;
                }
                url = "https://" + url;
            }
            links.add(new TextLink(start, url, null));
            return end;
        }

        /** Where the host starting at {@code from} ends: at the first '/', '?', '#' or ':', else the end. */
        private static int hostEnd(String url, int from) {
            for (int i = from; i < url.length(); i++) {
                char c = url.charAt(i);
                if (c == '/' || c == '?' || c == '#' || c == ':') {
                    return i;
                }
            }
            return url.length();
        }

        private static boolean endsBare(char c) {
            return UrlNormalizer.isSpace(c) || "<>\"`|{}\\^".indexOf(c) >= 0
                    || (c > 127 && UrlNormalizer.isPunctuation(c));
        }
    }
}
