package dev.periscope.extraction;

import java.util.List;

/** Judges the sentiment towards each mentioned actor of one answer. */
public interface SentimentAnalyzer {
    /** One result per mention given (actors not mentioned get none), in the order of {@code mentions}. */
    List<ActorSentiment> analyze(String text, List<MentionMatch> mentions);
}
