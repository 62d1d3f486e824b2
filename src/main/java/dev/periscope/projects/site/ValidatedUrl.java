package dev.periscope.projects.site;

import java.net.InetAddress;
import java.net.URI;
import java.util.List;

/**
 * A URL that passed {@link UrlGuard}.
 *
 * @param uri       normalised: lower-case scheme and host, punycode host, no default port, path at least {@code /},
 *                  no fragment
 * @param host      the ASCII host, without brackets for IPv6 literals
 * @param addresses what the host resolved to when checked; empty when the name did not resolve
 * @param resolved  whether the host resolved (IP literals always do)
 */
public record ValidatedUrl(URI uri, String host, List<InetAddress> addresses, boolean resolved) {
    public ValidatedUrl {
        addresses = List.copyOf(addresses);
    }
}
