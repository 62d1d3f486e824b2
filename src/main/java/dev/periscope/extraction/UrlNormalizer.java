package dev.periscope.extraction;

import com.google.common.net.InetAddresses;
import com.google.common.net.InternetDomainName;

import java.net.IDN;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Normalises http(s) URLs so that equal pages share one form and one {@code url_sha256}. Pure and thread-safe.
 *
 * <p>Rules: scheme and host lower-cased; IDN hosts in punycode; a trailing dot on the host, userinfo, the fragment
 * and the default port removed; an empty path becomes {@code /}; dot-segments resolved; percent-encoding normalised
 * (upper-case hex, unreserved characters decoded, anything else that needs it encoded as UTF-8, existing escapes
 * never double-encoded); tracking parameters removed from the query while the other parameters keep their order.
 * Nothing else changes: trailing slashes, {@code www.} and the order of the query stay as given.
 *
 * <p>The registrable domain comes from the Public Suffix List bundled with Guava, private section included
 * ({@code foo.github.io} is its own domain); IP literals, {@code localhost}, public suffixes themselves and hosts
 * under no public suffix are their own domain.
 *
 * <p>Host names repeat across answers far more than URLs do, so the costly per-host steps (IDN conversion, Public
 * Suffix List look-up) are memoised in small bounded caches; everything else is computed per URL.
 */
public final class UrlNormalizer {

    /** A normalised URL with its SHA-256 (64 lower-case hex), host and registrable domain. */
    public record NormalizedUrl(String url, String sha256, String host, String domain) {
    }

    /** Most entries of each host cache before it starts afresh. */
    private static final int HOST_CACHE_SIZE = 4096;
    /** Normal form of a registered-name host as written in a URL (empty when unusable), see {@link #regName}. */
    private static final Memo<Optional<String>> HOST_NAMES = new Memo<>(HOST_CACHE_SIZE,
            raw -> Optional.ofNullable(computeRegName(raw)));
    /** Registrable domain of a host, see {@link #registrableDomain}. */
    private static final Memo<String> DOMAINS = new Memo<>(HOST_CACHE_SIZE, UrlNormalizer::computeRegistrableDomain);
    private static final Set<String> TRACKING = Set.of("gclid", "dclid", "gbraid", "wbraid", "fbclid", "msclkid",
            "mc_cid", "mc_eid", "_ga", "_gl", "yclid", "igshid", "srsltid", "ref_src", "spm");
    private static final HexFormat HEX = HexFormat.of();
    private static final char[] UPPER_HEX = "0123456789ABCDEF".toCharArray();

    private UrlNormalizer() {
    }

    /**
     * Normalises {@code raw}: surrounding whitespace, angle brackets, quotes and trailing prose punctuation are
     * trimmed first ({@link #trim(String)}). Empty for anything that is not an absolute http(s) URL with a host.
     */
    public static Optional<NormalizedUrl> normalize(String raw) {
        if (raw == null) {
            return Optional.empty();
        }
        String text = trim(raw);
        Parts parts = Parts.of(text);
        if (text.isEmpty() || parts.scheme == null || parts.authority == null) {
            return Optional.empty();
        }
        String scheme = parts.scheme.toLowerCase(Locale.ROOT);
        int defaultPort;
        if (scheme.equals("http")) {
            defaultPort = 80;
        } else if (scheme.equals("https")) {
            defaultPort = 443;
        } else {
            return Optional.empty();
        }
        Authority authority = authority(parts.authority);
        if (authority == null) {
            return Optional.empty();
        }
        StringBuilder url = new StringBuilder(text.length() + 8).append(scheme).append("://").append(authority.host);
        if (authority.port >= 0 && authority.port != defaultPort) {
            url.append(':').append(authority.port);
        }
        String path = removeDotSegments(percentNormalize(parts.path, false));
        url.append(path.isEmpty() ? "/" : path);
        String query = parts.query == null ? "" : query(parts.query);
        if (!query.isEmpty()) {
            url.append('?').append(query);
        }
        String normalized = url.toString();
        // A registered name (letters, digits, '_', '-', '.'), a port, and a path and query of allowed characters
        // and escapes: java.net.URI accepts that form whatever it holds, so only an IP literal (which Guava
        // validated, with a syntax not quite URI's) still needs the check
        if (authority.host.startsWith("[")) {
            try {
                new URI(normalized);
            } catch (URISyntaxException e) {
                return Optional.empty();
            }
        }
        return Optional.of(new NormalizedUrl(normalized, sha256(normalized), authority.host,
                registrableDomain(authority.host)));
    }

    /**
     * The registrable domain of a host (Public Suffix List, private section honoured): {@code www.bbc.co.uk} gives
     * {@code bbc.co.uk}, {@code a.b.blogspot.com} gives {@code b.blogspot.com}. IP literals, {@code localhost},
     * public suffixes themselves and hosts under no public suffix are returned as they are (lower-cased, without a
     * trailing dot). Null stays null.
     */
    public static String registrableDomain(String host) {
        return host == null ? null : DOMAINS.get(host);
    }

    private static String computeRegistrableDomain(String host) {
        String h = host.strip().toLowerCase(Locale.ROOT);
        while (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        if (h.isEmpty() || h.startsWith("[") || h.equals("localhost") || InetAddresses.isInetAddress(h)) {
            return h;
        }
        try {
            InternetDomainName name = InternetDomainName.from(h);
            return name.isUnderPublicSuffix() ? name.topPrivateDomain().toString() : h;
        } catch (IllegalArgumentException | IllegalStateException e) {
            return h;
        }
    }

    /** Lower-case hex SHA-256 of the UTF-8 bytes of {@code text}. */
    public static String sha256(String text) {
        try {
            return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /**
     * Trims what surrounds a URL in prose: whitespace, {@code <>}, leading opening brackets and quotes, trailing
     * punctuation ({@code .,;:!?'"*_~} and non-ASCII punctuation such as {@code 。}) and closing brackets that have
     * no opening partner inside the URL, so {@code https://en.wikipedia.org/wiki/Mercury_(planet)} keeps its
     * parenthesis while {@code (see https://acme.com/a).} gives {@code https://acme.com/a}.
     */
    public static String trim(String raw) {
        if (raw == null) {
            return "";
        }
        int start = 0;
        int end = raw.length();
        while (true) {
            while (start < end && isSpace(raw.charAt(start))) {
                start++;
            }
            while (end > start && isSpace(raw.charAt(end - 1))) {
                end--;
            }
            if (start >= end) {
                return "";
            }
            char first = raw.charAt(start);
            if (first == '<' || first == '(' || first == '[' || first == '"' || first == '\'' || first == '*'
                    || first == '\u201c' || first == '\u2018' || first == '\u00ab') {
                start++;
                continue;
            }
            char last = raw.charAt(end - 1);
            if (last == '>' || ".,;:!?'\"*_~".indexOf(last) >= 0 || (last > 127 && isPunctuation(last))) {
                end--;
                continue;
            }
            if ((last == ')' && unbalanced(raw, start, end, '(', ')'))
                    || (last == ']' && unbalanced(raw, start, end, '[', ']'))) {
                end--;
                continue;
            }
            return raw.substring(start, end);
        }
    }

    static boolean isSpace(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c);
    }

    static boolean isPunctuation(char c) {
        return switch (Character.getType(c)) {
            case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                 Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
                 Character.OTHER_PUNCTUATION -> true;
            default -> false;
        };
    }

    private static boolean unbalanced(String s, int start, int end, char open, char close) {
        int depth = 0;
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            if (c == open) {
                depth++;
            } else if (c == close) {
                depth--;
            }
        }
        return depth < 0;
    }

    private record Authority(String host, int port) {
    }

    /**
     * The parts of a URI reference as RFC 3986 appendix B splits them (its regular expression
     * {@code ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?}, written out): null for an absent scheme,
     * authority or query; the fragment is dropped.
     */
    private record Parts(String scheme, String authority, String path, String query) {
        static Parts of(String s) {
            int n = s.length();
            int i = 0;
            String scheme = null;
            int colon = indexOfAny(s, ":/?#", 0);
            if (colon > 0 && colon < n && s.charAt(colon) == ':') {
                scheme = s.substring(0, colon);
                i = colon + 1;
            }
            String authority = null;
            if (s.startsWith("//", i)) {
                int end = indexOfAny(s, "/?#", i + 2);
                authority = s.substring(i + 2, end);
                i = end;
            }
            int pathEnd = indexOfAny(s, "?#", i);
            String path = s.substring(i, pathEnd);
            String query = null;
            if (pathEnd < n && s.charAt(pathEnd) == '?') {
                int end = s.indexOf('#', pathEnd + 1);
                query = s.substring(pathEnd + 1, end < 0 ? n : end);
            }
            return new Parts(scheme, authority, path, query);
        }

        /** The first index at or after {@code from} holding one of {@code chars}, else the length of s. */
        private static int indexOfAny(String s, String chars, int from) {
            for (int i = from; i < s.length(); i++) {
                if (chars.indexOf(s.charAt(i)) >= 0) {
                    return i;
                }
            }
            return s.length();
        }
    }

    /**
     * A thread-safe memo of a pure function of a string, bounded: once it holds {@code capacity} entries it starts
     * afresh (the values are cheap to recompute, and the keys that matter come back quickly).
     */
    static final class Memo<V> {
        private final ConcurrentHashMap<String, V> values = new ConcurrentHashMap<>();
        private final int capacity;
        private final Function<String, V> function;

        Memo(int capacity, Function<String, V> function) {
            this.capacity = capacity;
            this.function = function;
        }

        V get(String key) {
            V value = values.get(key);
            if (value == null) {
                value = function.apply(key);
                if (values.size() >= capacity) {
                    values.clear();
                }
                values.put(key, value);
            }
            return value;
        }
    }

    /** Host (lower-case, punycode, no trailing dot) and port (-1 when absent) of an authority; null if invalid. */
    private static Authority authority(String raw) {
        String hostPort = raw.substring(raw.lastIndexOf('@') + 1);
        String host;
        String port;
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            if (close < 0) {
                return null;
            }
            host = hostPort.substring(0, close + 1).toLowerCase(Locale.ROOT);
            String rest = hostPort.substring(close + 1);
            if (!rest.isEmpty() && !rest.startsWith(":")) {
                return null;
            }
            port = rest.isEmpty() ? "" : rest.substring(1);
            if (!InetAddresses.isInetAddress(host.substring(1, host.length() - 1))) {
                return null;
            }
        } else {
            int colon = hostPort.lastIndexOf(':');
            host = colon < 0 ? hostPort : hostPort.substring(0, colon);
            port = colon < 0 ? "" : hostPort.substring(colon + 1);
            host = regName(host);
            if (host == null) {
                return null;
            }
        }
        int number = -1;
        if (!port.isEmpty()) {
            if (port.length() > 5 || !port.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return null;
            }
            number = Integer.parseInt(port);
            if (number > 65535) {
                return null;
            }
        }
        return new Authority(host, number);
    }

    /** A registered-name host in its normal form, or null when it is not a usable host name. */
    private static String regName(String raw) {
        return HOST_NAMES.get(raw).orElse(null);
    }

    private static String computeRegName(String raw) {
        String host = raw.indexOf('%') >= 0 ? percentDecode(raw) : raw;
        if (host == null) {
            return null;
        }
        host = stripTrailingDots(host);
        if (host.isEmpty()) {
            return null;
        }
        try {
            host = IDN.toASCII(host, IDN.ALLOW_UNASSIGNED);
        } catch (IllegalArgumentException e) {
            return null;
        }
        host = stripTrailingDots(host.toLowerCase(Locale.ROOT));
        if (host.isEmpty()) {
            return null;
        }
        return hasValidLabels(host) ? host : null;
    }

    /** Whether every dot-separated label is non-empty and made of {@code [a-z0-9_-]} only. */
    private static boolean hasValidLabels(String host) {
        int labelLength = 0;
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            if (c == '.') {
                if (labelLength == 0) {
                    return false;
                }
                labelLength = 0;
            } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-') {
                labelLength++;
            } else {
                return false;
            }
        }
        return labelLength > 0;
    }

    private static String stripTrailingDots(String host) {
        int end = host.length();
        while (end > 0 && host.charAt(end - 1) == '.') {
            end--;
        }
        return host.substring(0, end);
    }

    /** Decodes %XX escapes as UTF-8; null when an escape is malformed. */
    private static String percentDecode(String s) {
        byte[] bytes = new byte[s.length() * 4];
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                if (i + 2 >= s.length() || hex(s.charAt(i + 1)) < 0 || hex(s.charAt(i + 2)) < 0) {
                    return null;
                }
                bytes[n++] = (byte) (hex(s.charAt(i + 1)) * 16 + hex(s.charAt(i + 2)));
                i += 2;
            } else {
                for (byte b : String.valueOf(c).getBytes(StandardCharsets.UTF_8)) {
                    bytes[n++] = b;
                }
            }
        }
        return new String(bytes, 0, n, StandardCharsets.UTF_8);
    }

    /** Removes tracking parameters and normalises the percent-encoding of the others, keeping their order. */
    private static String query(String raw) {
        List<String> kept = new ArrayList<>();
        for (String param : raw.split("&", -1)) {
            if (param.isEmpty()) {
                continue;
            }
            String normalized = percentNormalize(param, true);
            int eq = normalized.indexOf('=');
            String name = (eq < 0 ? normalized : normalized.substring(0, eq)).toLowerCase(Locale.ROOT);
            if (name.startsWith("utm_") || TRACKING.contains(name)) {
                continue;
            }
            kept.add(normalized);
        }
        return String.join("&", kept);
    }

    private static boolean isUnreserved(int c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                || c == '-' || c == '.' || c == '_' || c == '~';
    }

    /** Characters that may stay literal in a path segment or query: unreserved, sub-delims, ':', '@', '/' ('?'). */
    private static boolean isAllowed(int c, boolean query) {
        return isUnreserved(c) || "!$&'()*+,;=:@/".indexOf(c) >= 0 || (query && c == '?');
    }

    private static int hex(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    /**
     * Upper-cases existing escapes, decodes escaped unreserved characters, escapes a '%' that starts no valid escape
     * and encodes every other character that may not appear literally as UTF-8 escapes.
     */
    private static String percentNormalize(String s, boolean query) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '%') {
                int hi = i + 2 < s.length() ? hex(s.charAt(i + 1)) : -1;
                int lo = i + 2 < s.length() ? hex(s.charAt(i + 2)) : -1;
                if (hi >= 0 && lo >= 0) {
                    int value = hi * 16 + lo;
                    if (isUnreserved(value)) {
                        out.append((char) value);
                    } else {
                        out.append('%').append(UPPER_HEX[hi]).append(UPPER_HEX[lo]);
                    }
                    i += 3;
                } else {
                    out.append("%25");
                    i++;
                }
                continue;
            }
            if (c < 128 && isAllowed(c, query)) {
                out.append(c);
                i++;
                continue;
            }
            int cp = s.codePointAt(i);
            for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
                out.append('%').append(UPPER_HEX[(b >> 4) & 0xF]).append(UPPER_HEX[b & 0xF]);
            }
            i += Character.charCount(cp);
        }
        return out.toString();
    }

    /** RFC 3986 section 5.2.4 on an absolute path (an empty path stays empty). */
    private static String removeDotSegments(String path) {
        if (path.indexOf('.') < 0) {
            return path;
        }
        String in = path;
        StringBuilder out = new StringBuilder(path.length());
        while (!in.isEmpty()) {
            if (in.startsWith("../")) {
                in = in.substring(3);
            } else if (in.startsWith("./")) {
                in = in.substring(2);
            } else if (in.startsWith("/./")) {
                in = in.substring(2);
            } else if (in.equals("/.")) {
                in = "/";
            } else if (in.startsWith("/../")) {
                in = in.substring(3);
                removeLastSegment(out);
            } else if (in.equals("/..")) {
                in = "/";
                removeLastSegment(out);
            } else if (in.equals(".") || in.equals("..")) {
                in = "";
            } else {
                int next = in.indexOf('/', in.startsWith("/") ? 1 : 0);
                if (next < 0) {
                    next = in.length();
                }
                out.append(in, 0, next);
                in = in.substring(next);
            }
        }
        return out.toString();
    }

    private static void removeLastSegment(StringBuilder out) {
        int slash = out.lastIndexOf("/");
        out.setLength(Math.max(slash, 0));
    }
}
