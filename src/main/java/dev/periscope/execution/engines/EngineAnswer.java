package dev.periscope.execution.engines;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * What an engine answered, kept as the engine gave it.
 *
 * @param text           the answer text (markdown as the engine wrote it); empty when {@code noResult}
 * @param citations      cited sources: visible ones numbered 1.. in order of first appearance, then background
 *                       sources (consulted but not cited inline) with position 0
 * @param fanOutQueries  the search queries the engine ran, in order, without repeats
 * @param noResult       the engine had no answer for this prompt (a SERP without an AI Overview): a successful run
 * @param modelVersion   the provider's own model name for this answer, when it says
 * @param usage          tokens and cost, when known
 * @param rawResponse    the provider's raw response body, stored compressed so extraction can be re-run
 * @param structured     structured data some engines return (shopping products, brand entities), by kind
 */
public record EngineAnswer(String text, List<Citation> citations, List<String> fanOutQueries, boolean noResult,
                           String modelVersion, Usage usage, String rawResponse,
                           Map<String, List<Map<String, Object>>> structured) {

    public EngineAnswer {
        text = text == null ? "" : text;
        citations = List.copyOf(citations);
        fanOutQueries = List.copyOf(fanOutQueries);
        structured = structured == null ? Map.of() : Map.copyOf(structured);
    }

    /**
     * A cited source; {@code position} 0 is a background reference without a visible rank. {@code domain} is set
     * only when the URL itself does not tell the site (an unresolved redirect link whose title names the domain).
     */
    public record Citation(String url, String title, int position, String domain) {
        public Citation(String url, String title, int position) {
            this(url, title, position, null);
        }
    }

    /** Token counts and cost in US dollars; any of them may be unknown (null). */
    public record Usage(Long inputTokens, Long outputTokens, BigDecimal costUsd) {
        public static final Usage UNKNOWN = new Usage(null, null, null);
    }
}
