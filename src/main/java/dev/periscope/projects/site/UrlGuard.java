package dev.periscope.projects.site;

import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import java.net.IDN;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Decides whether a user-supplied URL may be the target of a server-side request (SSRF guard).
 *
 * <p>Accepted: absolute {@code http}/{@code https} URLs without credentials whose host is a public IP literal or a
 * syntactically valid, non-internal DNS name whose addresses (when it resolves) are all public. Every refusal is an
 * {@link ApiException} with {@link ErrorCode#INVALID_PARAM} and meta {@code param} and {@code reason}.
 */
public final class UrlGuard {
    public static final int MAX_LENGTH = 2048;

    public static final String REASON_MALFORMED = "malformed_url";
    public static final String REASON_TOO_LONG = "too_long";
    public static final String REASON_UNSUPPORTED_SCHEME = "unsupported_scheme";
    public static final String REASON_MISSING_HOST = "missing_host";
    public static final String REASON_CREDENTIALS = "credentials_not_allowed";
    public static final String REASON_LOCALHOST = "localhost";
    public static final String REASON_INTERNAL_HOSTNAME = "internal_hostname";
    public static final String REASON_PRIVATE_ADDRESS = "private_address";

    /** Suffixes used by mDNS, home routers and corporate networks; never reachable from the public internet. */
    private static final List<String> INTERNAL_SUFFIXES = List.of(
            ".local", ".internal", ".intranet", ".lan", ".home", ".corp", ".home.arpa", ".localdomain");

    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?");
    /** A last label like this makes browsers and libc read the whole host as an IPv4 address. */
    private static final Pattern NUMERIC_LABEL = Pattern.compile("0x[0-9a-f]*|[0-9]+");
    private static final Pattern DOTTED_QUAD = Pattern.compile(
            "(?:(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])");
    private static final Pattern IPV6_TEXT = Pattern.compile("[0-9a-f:][0-9a-f:.]*");
    private static final Pattern PORT = Pattern.compile("[0-9]{1,5}");

    /** IANA special-purpose IPv4 blocks that must never be a target. */
    private static final List<Ipv4Block> NON_PUBLIC_IPV4 = List.of(
            Ipv4Block.of("0.0.0.0/8"),
            Ipv4Block.of("10.0.0.0/8"),
            Ipv4Block.of("100.64.0.0/10"),
            Ipv4Block.of("127.0.0.0/8"),
            Ipv4Block.of("169.254.0.0/16"),
            Ipv4Block.of("172.16.0.0/12"),
            Ipv4Block.of("192.0.0.0/24"),
            Ipv4Block.of("192.0.2.0/24"),
            Ipv4Block.of("192.88.99.0/24"),
            Ipv4Block.of("192.168.0.0/16"),
            Ipv4Block.of("198.18.0.0/15"),
            Ipv4Block.of("198.51.100.0/24"),
            Ipv4Block.of("203.0.113.0/24"),
            Ipv4Block.of("224.0.0.0/4"),
            Ipv4Block.of("240.0.0.0/4"));

    private UrlGuard() {
    }

    /** Checks with the system resolver and {@link TargetPolicy#STRICT}. */
    public static ValidatedUrl check(String raw, String param) {
        return check(raw, param, HostResolver.system(), TargetPolicy.STRICT);
    }

    /**
     * Validates and normalises {@code raw}; {@code param} names the request parameter in messages and meta.
     *
     * @throws ApiException {@link ErrorCode#INVALID_PARAM} when the URL is refused
     */
    public static ValidatedUrl check(String raw, String param, HostResolver resolver, TargetPolicy policy) {
        Objects.requireNonNull(param, "param");
        Objects.requireNonNull(resolver, "resolver");
        Objects.requireNonNull(policy, "policy");
        if (raw == null || raw.isBlank()) {
            throw refuse(param, REASON_MALFORMED, param + " must be an http or https URL");
        }
        String text = raw.strip();
        if (text.length() > MAX_LENGTH) {
            throw refuse(param, REASON_TOO_LONG, param + " must be at most " + MAX_LENGTH + " characters long");
        }
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw refuse(param, REASON_MALFORMED, param + " is not a valid URL");
        }
        String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
        if (scheme == null) {
            throw refuse(param, REASON_MALFORMED, param + " must be an absolute URL starting with http:// or https://");
        }
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw refuse(param, REASON_UNSUPPORTED_SCHEME, param + " must use http or https, not " + scheme);
        }
        String authority = uri.getRawAuthority();
        if (authority == null || authority.isEmpty()) {
            throw refuse(param, REASON_MISSING_HOST, param + " must include a host name");
        }
        // Any '@' means user-info, even an empty one; refusing it outright also defeats parser-confusion tricks.
        if (authority.contains("@")) {
            throw refuse(param, REASON_CREDENTIALS, param + " must not contain credentials (user:password@)");
        }
        Authority parts = splitAuthority(authority, param);
        if (parts.host().isEmpty()) {
            throw refuse(param, REASON_MISSING_HOST, param + " must include a host name");
        }
        // Percent-escapes in a host are decoded by browsers but not by every client; refusing them keeps one reading.
        if (parts.host().contains("%")) {
            throw refuse(param, REASON_MALFORMED, param + " has an invalid host");
        }
        Target target = parts.host().startsWith("[")
                ? ipv6Target(parts.host(), param, policy)
                : nameOrIpv4Target(parts.host(), param, resolver, policy);
        URI normalised = normalise(uri, scheme, target.uriHost(), parts.port(), param);
        return new ValidatedUrl(normalised, target.host(), target.addresses(), target.resolved());
    }

    /** Whether the address is public unicast: none of the private, loopback, link-local or reserved ranges. */
    public static boolean isPublic(InetAddress address) {
        byte[] bytes = address.getAddress();
        return bytes.length == 4 ? isPublicIpv4(toInt(bytes, 0)) : isPublicIpv6(bytes);
    }

    /**
     * The address an IP-literal host denotes (canonical dotted quad, or IPv6 with or without brackets), or
     * {@code null} when the host is not such a literal. Never touches DNS.
     */
    static InetAddress ipLiteral(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        String lower = bare.toLowerCase(Locale.ROOT);
        try {
            if (DOTTED_QUAD.matcher(lower).matches()) {
                return InetAddress.getByAddress(ipv4Bytes(lower));
            }
            if (lower.contains(":") && IPV6_TEXT.matcher(lower).matches()) {
                // Text with a colon is parsed as an IPv6 literal by the JDK, never looked up.
                return InetAddress.getByName(lower);
            }
        } catch (UnknownHostException e) {
            return null;
        }
        return null;
    }

    private static Target ipv6Target(String bracketed, String param, TargetPolicy policy) {
        if (!bracketed.endsWith("]")) {
            throw refuse(param, REASON_MALFORMED, param + " has an invalid IPv6 address");
        }
        String literal = bracketed.substring(1, bracketed.length() - 1).toLowerCase(Locale.ROOT);
        InetAddress address = literal.contains(":") ? ipLiteral(literal) : null;
        if (address == null) {
            throw refuse(param, REASON_MALFORMED, param + " has an invalid IPv6 address");
        }
        requireAllowed(List.of(address), param, policy);
        return new Target("[" + literal + "]", literal, List.of(address), true);
    }

    private static Target nameOrIpv4Target(String rawHost, String param, HostResolver resolver, TargetPolicy policy) {
        String ascii;
        try {
            // Conversion first: nameprep folds full-width digits and dots, so IP detection must look at the result.
            ascii = IDN.toASCII(rawHost.toLowerCase(Locale.ROOT), IDN.USE_STD3_ASCII_RULES).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            throw refuse(param, REASON_MALFORMED, param + " has an invalid host name");
        }
        if (ascii.endsWith(".")) {
            ascii = ascii.substring(0, ascii.length() - 1);
        }
        if (ascii.isEmpty()) {
            throw refuse(param, REASON_MISSING_HOST, param + " must include a host name");
        }
        String[] labels = ascii.split("\\.", -1);
        if (NUMERIC_LABEL.matcher(labels[labels.length - 1]).matches()) {
            return ipv4Target(ascii, param, policy);
        }
        if (ascii.equals("localhost") && policy.allowsLocalhostName()) {
            return resolvedName(ascii, param, resolver, policy);
        }
        if (ascii.equals("localhost") || ascii.endsWith(".localhost")) {
            throw refuse(param, REASON_LOCALHOST, param + " must not point to localhost");
        }
        for (String suffix : INTERNAL_SUFFIXES) {
            if (ascii.endsWith(suffix)) {
                throw refuse(param, REASON_INTERNAL_HOSTNAME,
                        param + " must be a public host name; " + suffix + " names are internal");
            }
        }
        if (labels.length < 2) {
            throw refuse(param, REASON_INTERNAL_HOSTNAME,
                    param + " must be a public host name with a domain, such as example.com");
        }
        if (ascii.length() > 253) {
            throw refuse(param, REASON_MALFORMED, param + " has an invalid host name");
        }
        for (String label : labels) {
            if (!DNS_LABEL.matcher(label).matches()) {
                throw refuse(param, REASON_MALFORMED, param + " has an invalid host name");
            }
        }
        return resolvedName(ascii, param, resolver, policy);
    }

    private static Target ipv4Target(String host, String param, TargetPolicy policy) {
        // Decimal, hex, octal and shortened spellings (2130706433, 0x7f.1, 127.1) exist mostly to smuggle addresses.
        if (!DOTTED_QUAD.matcher(host).matches()) {
            throw refuse(param, REASON_MALFORMED,
                    param + " uses an unusual IPv4 notation; write the address as four decimal numbers (a.b.c.d)");
        }
        InetAddress address = ipLiteral(host);
        if (address == null) {
            throw refuse(param, REASON_MALFORMED, param + " has an invalid IPv4 address");
        }
        requireAllowed(List.of(address), param, policy);
        return new Target(host, host, List.of(address), true);
    }

    private static Target resolvedName(String host, String param, HostResolver resolver, TargetPolicy policy) {
        List<InetAddress> addresses;
        try {
            addresses = resolver.resolve(host);
        } catch (UnknownHostException e) {
            // Nothing to connect to, so nothing to exploit; the fetcher re-checks the addresses at connect time.
            return new Target(host, host, List.of(), false);
        }
        if (addresses == null || addresses.isEmpty()) {
            return new Target(host, host, List.of(), false);
        }
        List<InetAddress> checked = new ArrayList<>(addresses.size());
        for (InetAddress address : addresses) {
            checked.add(Objects.requireNonNull(address, "resolver returned a null address"));
        }
        requireAllowed(checked, param, policy);
        return new Target(host, host, checked, true);
    }

    private static void requireAllowed(List<InetAddress> addresses, String param, TargetPolicy policy) {
        for (InetAddress address : addresses) {
            if (!policy.allows(address)) {
                // The address itself stays out of the message: it may describe internal DNS to an outsider.
                throw refuse(param, REASON_PRIVATE_ADDRESS,
                        param + " points to a private, loopback or reserved network address");
            }
        }
    }

    private static Authority splitAuthority(String authority, String param) {
        String host;
        String port = null;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) {
                throw refuse(param, REASON_MALFORMED, param + " has an invalid IPv6 address");
            }
            host = authority.substring(0, close + 1);
            String rest = authority.substring(close + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    throw refuse(param, REASON_MALFORMED, param + " has an invalid host");
                }
                port = rest.substring(1);
            }
        } else {
            int colon = authority.lastIndexOf(':');
            host = colon < 0 ? authority : authority.substring(0, colon);
            port = colon < 0 ? null : authority.substring(colon + 1);
        }
        return new Authority(host, parsePort(port, param));
    }

    private static int parsePort(String port, String param) {
        if (port == null || port.isEmpty()) {
            return -1;
        }
        int value = PORT.matcher(port).matches() ? Integer.parseInt(port) : 0;
        if (value < 1 || value > 65535) {
            throw refuse(param, REASON_MALFORMED, param + " has an invalid port");
        }
        return value;
    }

    private static URI normalise(URI uri, String scheme, String uriHost, int port, String param) {
        StringBuilder text = new StringBuilder(scheme).append("://").append(uriHost);
        int defaultPort = scheme.equals("https") ? 443 : 80;
        if (port != -1 && port != defaultPort) {
            text.append(':').append(port);
        }
        String path = uri.getRawPath();
        text.append(path == null || path.isEmpty() ? "/" : path);
        if (uri.getRawQuery() != null) {
            text.append('?').append(uri.getRawQuery());
        }
        try {
            // toASCIIString percent-encodes any non-ASCII left in path or query, so every HTTP client can send it.
            return new URI(new URI(text.toString()).toASCIIString());
        } catch (URISyntaxException e) {
            throw refuse(param, REASON_MALFORMED, param + " is not a valid URL");
        }
    }

    private static boolean isPublicIpv4(int address) {
        if (address == 0xFFFFFFFF) {
            return false;
        }
        for (Ipv4Block block : NON_PUBLIC_IPV4) {
            if (block.contains(address)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isPublicIpv6(byte[] bytes) {
        if (allZero(bytes, 0, 10) && (bytes[10] & 0xFF) == 0xFF && (bytes[11] & 0xFF) == 0xFF) {
            return isPublicIpv4(toInt(bytes, 12)); // IPv4-mapped ::ffff:a.b.c.d
        }
        if (allZero(bytes, 0, 12)) {
            // IPv4-compatible ::a.b.c.d; :: and ::1 land in 0.0.0.0/8 and are refused with it.
            return isPublicIpv4(toInt(bytes, 12));
        }
        if (bytes[0] == 0x00 && bytes[1] == 0x64 && (bytes[2] & 0xFF) == 0xFF && (bytes[3] & 0xFF) == 0x9B
                && allZero(bytes, 4, 12)) {
            return isPublicIpv4(toInt(bytes, 12)); // NAT64 64:ff9b::/96
        }
        if (bytes[0] == 0x20 && bytes[1] == 0x02) {
            return isPublicIpv4(toInt(bytes, 2)); // 6to4 2002::/16 carries the IPv4 address in bits 16-47
        }
        // Only 2000::/3 is allocated as global unicast; this alone rules out ::/8, 100::/64, fc00::/7, fe80::/10,
        // fec0::/10 and ff00::/8.
        if ((bytes[0] & 0xE0) != 0x20) {
            return false;
        }
        int first = (bytes[0] & 0xFF) << 8 | (bytes[1] & 0xFF);
        int second = (bytes[2] & 0xFF) << 8 | (bytes[3] & 0xFF);
        if (first == 0x2001 && second < 0x0200) {
            return false; // 2001::/23 IETF protocol assignments, Teredo among them
        }
        if (first == 0x2001 && second == 0x0DB8) {
            return false; // 2001:db8::/32 documentation
        }
        return !(first == 0x3FFF && second < 0x1000); // 3fff::/20 documentation
    }

    private static boolean allZero(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static int toInt(byte[] bytes, int offset) {
        return (bytes[offset] & 0xFF) << 24 | (bytes[offset + 1] & 0xFF) << 16
                | (bytes[offset + 2] & 0xFF) << 8 | (bytes[offset + 3] & 0xFF);
    }

    private static byte[] ipv4Bytes(String dottedQuad) {
        String[] parts = dottedQuad.split("\\.");
        byte[] bytes = new byte[4];
        for (int i = 0; i < 4; i++) {
            bytes[i] = (byte) Integer.parseInt(parts[i]);
        }
        return bytes;
    }

    private static ApiException refuse(String param, String reason, String message) {
        return new ApiException(ErrorCode.INVALID_PARAM, message, Map.of("param", param, "reason", reason));
    }

    private record Authority(String host, int port) {
    }

    /** @param uriHost the host as written in the normalised URI (IPv6 in brackets) */
    private record Target(String uriHost, String host, List<InetAddress> addresses, boolean resolved) {
    }

    private record Ipv4Block(int network, int mask) {
        static Ipv4Block of(String cidr) {
            String[] parts = cidr.split("/");
            int prefix = Integer.parseInt(parts[1]);
            int mask = prefix == 0 ? 0 : -1 << (32 - prefix);
            return new Ipv4Block(toInt(ipv4Bytes(parts[0]), 0) & mask, mask);
        }

        boolean contains(int address) {
            return (address & mask) == network;
        }
    }
}
