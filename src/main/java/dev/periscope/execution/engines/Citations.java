package dev.periscope.execution.engines;

import dev.periscope.execution.engines.EngineAnswer.Citation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Assembles an answer's citation list the way {@link EngineAnswer} orders it: the sources the answer cites, numbered
 * 1..n in the order they are first cited, then the sources it consulted without citing, at position 0 in the order
 * they were first met. Each URL appears once: a cited URL is never also a background source, and a URL met again
 * keeps the place of its first appearance. The client decides what "first" means by the order of its calls.
 */
final class Citations {
    private record Source(String title, String domain) {
    }

    private final boolean fillTitles;
    private final Map<String, Source> cited = new LinkedHashMap<>();
    private final Map<String, Source> consulted = new LinkedHashMap<>();

    private Citations(boolean fillTitles) {
        this.fillTitles = fillTitles;
    }

    /** A URL met again changes nothing: its first appearance gives the title and domain. */
    static Citations firstWins() {
        return new Citations(false);
    }

    /** A URL met again keeps its first place, but its title fills in one the first appearance lacked. */
    static Citations fillingTitles() {
        return new Citations(true);
    }

    /** A source the answer's text cites. */
    void cite(String url, String title) {
        add(cited, url, title, null);
    }

    /** A cited source whose URL does not tell the site, with the site's domain. */
    void cite(String url, String title, String domain) {
        add(cited, url, title, domain);
    }

    /** A source the engine consulted; it becomes a background source unless the text also cites it. */
    void consult(String url, String title) {
        add(consulted, url, title, null);
    }

    /** A consulted source whose URL does not tell the site, with the site's domain. */
    void consult(String url, String title, String domain) {
        add(consulted, url, title, domain);
    }

    /** Whether nothing has been cited or consulted yet. */
    boolean isEmpty() {
        return cited.isEmpty() && consulted.isEmpty();
    }

    /** Cited sources numbered 1..n, then the consulted ones nothing cites at position 0. */
    List<Citation> list() {
        List<Citation> citations = new ArrayList<>();
        cited.forEach((url, source) -> citations.add(
                new Citation(url, source.title(), citations.size() + 1, source.domain())));
        consulted.forEach((url, source) -> {
            if (!cited.containsKey(url)) {
                citations.add(new Citation(url, source.title(), 0, source.domain()));
            }
        });
        return citations;
    }

    private void add(Map<String, Source> sources, String url, String title, String domain) {
        Source first = sources.get(url);
        if (first == null) {
            sources.put(url, new Source(title, domain));
        } else if (fillTitles && first.title() == null) {
            sources.put(url, new Source(title, first.domain()));
        }
    }
}
