package dev.periscope.extraction;

import java.util.List;
import java.util.Map;

/** Everything extracted from one answer. */
public record Extraction(List<MentionMatch> mentions, List<ExtractedSource> sources, List<ActorSentiment> sentiments,
                         List<Map<String, Object>> shoppingProducts) {
    public Extraction {
        mentions = List.copyOf(mentions);
        sources = List.copyOf(sources);
        sentiments = List.copyOf(sentiments);
        shoppingProducts = List.copyOf(shoppingProducts);
    }

    public boolean mentionsBrand() {
        return mentions.stream().anyMatch(mention -> mention.actor().isProject());
    }

    public boolean citesBrand() {
        return sources.stream().anyMatch(source -> source.sourceType().equals("owned"));
    }
}
