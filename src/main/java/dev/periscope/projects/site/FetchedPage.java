package dev.periscope.projects.site;

import java.net.URI;

/**
 * An HTML page {@link SafeFetcher} read.
 *
 * @param finalUrl    where the page was found, after redirects
 * @param status      the final (2xx) HTTP status
 * @param contentType the lower-case media type without parameters, e.g. {@code text/html}
 * @param html        the body decoded with the declared charset, or UTF-8
 */
public record FetchedPage(URI finalUrl, int status, String contentType, String html) {
}
