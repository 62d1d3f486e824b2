package dev.periscope.extraction;

import java.util.List;
import java.util.Map;

/**
 * Extracts mentions, sources and sentiment from one answer: pure, deterministic and thread-safe. A matcher is
 * compiled once per subject (the project's actors) and reused for every answer of that project.
 */
public final class Extractor {
    private final Subject subject;
    private final MentionMatcher matcher;
    private final SourceExtractor.SiteOwnership ownership;
    private final SentimentAnalyzer sentiment;

    public Extractor(Subject subject, SentimentAnalyzer sentiment) {
        this.subject = subject;
        this.matcher = MentionMatcher.compile(subject.actors());
        this.ownership = subject.ownership();
        this.sentiment = sentiment;
    }

    public Subject subject() {
        return subject;
    }

    public Extraction extract(String text, List<EngineCitation> citations, List<Map<String, Object>> shoppingProducts) {
        String answer = text == null ? "" : text;
        List<MentionMatch> mentions = matcher.match(answer);
        List<ExtractedSource> sources = SourceExtractor.extract(answer, citations, ownership);
        List<ActorSentiment> sentiments = mentions.isEmpty() ? List.of() : sentiment.analyze(answer, mentions);
        return new Extraction(mentions, sources, sentiments, shoppingProducts == null ? List.of() : shoppingProducts);
    }
}
