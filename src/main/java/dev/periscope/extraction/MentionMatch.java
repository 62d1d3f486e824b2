package dev.periscope.extraction;

import java.util.List;

/**
 * One actor mentioned in an answer: the names that matched (as written in its matching names, in order of first
 * appearance), its position (1 = the first actor the answer names) and every occurrence as a span of the
 * original text, in order.
 */
public record MentionMatch(Actor actor, List<String> keywords, int position, List<Span> occurrences) {
    public MentionMatch {
        keywords = List.copyOf(keywords);
        occurrences = List.copyOf(occurrences);
    }

    /** Characters [start, end) of the original answer text. */
    public record Span(int start, int end) {
    }

    public int firstOffset() {
        return occurrences.get(0).start();
    }
}
