package dev.periscope.extraction;

/**
 * A source as the engine cited it: visible ones at positions 1.., background references at 0. {@code domain} is set
 * only when the URL does not tell the site (an unresolved redirect whose title names the domain).
 */
public record EngineCitation(String url, String title, int position, String domain) {
}
