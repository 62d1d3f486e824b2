package dev.periscope.projects;

import java.time.OffsetDateTime;
import java.util.List;

/** A competitor of a project; its id is the actor id in metrics. */
public record Competitor(long id, long projectId, String brandName, String domain, List<String> matchingNames,
                         String color, String playStoreId, String appStoreId, boolean processing,
                         OffsetDateTime createdAt) {
}
