package dev.periscope.extraction;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Whose answer it is: the project's brand and its competitors, and the project's domain rule. */
public record Subject(Actor brand, List<Actor> competitors, boolean exactHost) {
    public Subject {
        competitors = List.copyOf(competitors);
    }

    public List<Actor> actors() {
        List<Actor> all = new ArrayList<>();
        all.add(brand);
        all.addAll(competitors);
        return all;
    }

    public SourceExtractor.SiteOwnership ownership() {
        Map<Long, String> domains = new LinkedHashMap<>();
        for (Actor competitor : competitors) {
            domains.put(competitor.id(), competitor.domain());
        }
        return new SourceExtractor.SiteOwnership(brand.domain(), exactHost, domains);
    }
}
