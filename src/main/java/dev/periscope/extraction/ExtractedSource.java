package dev.periscope.extraction;

/**
 * A source of an answer after extraction.
 *
 * @param url           the URL as first seen (engine citation or answer text)
 * @param normalizedUrl the normalised URL ({@link UrlNormalizer}); equal sources share it
 * @param urlSha256     lower-case hex SHA-256 of {@code normalizedUrl}
 * @param host          the normalised host
 * @param domain        the registrable domain of the host (Public Suffix List), or the host for IP literals
 * @param position      1.. in order of first visible appearance; 0 for a background reference
 * @param sourceType    {@code owned}, {@code competitor} or {@code third_party}
 * @param competitorId  the competitor whose domain it is, for {@code competitor} sources
 */
public record ExtractedSource(String url, String normalizedUrl, String urlSha256, String host, String domain,
                              int position, String sourceType, Long competitorId, boolean playStoreLink,
                              boolean appStoreLink, String title) {
}
