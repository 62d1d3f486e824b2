package dev.periscope.metrics;

import dev.periscope.projects.Competitor;
import dev.periscope.projects.Project;
import dev.periscope.shared.Json;
import java.util.Map;

/** An actor of the metrics (spec "Common conventions", actor shape); {@code competitorId} is null for the brand. */
public record ActorRef(Long competitorId, long id, String name, String domain) {
    public static ActorRef brand(Project project) {
        return new ActorRef(null, project.id(), project.brandName(), project.domain());
    }

    public static ActorRef of(Competitor competitor) {
        return new ActorRef(competitor.id(), competitor.id(), competitor.brandName(), competitor.domain());
    }

    public boolean isProject() {
        return competitorId == null;
    }

    /** The key of this actor in aggregate rows: 0 for the brand, else the competitor id. */
    public long key() {
        return competitorId == null ? 0 : competitorId;
    }

    public Map<String, Object> json() {
        return Json.object("type", isProject() ? "project" : "competitor", "id", id, "competitor_id", competitorId,
                "name", name, "domain", domain);
    }
}
