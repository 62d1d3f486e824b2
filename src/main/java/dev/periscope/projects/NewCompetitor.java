package dev.periscope.projects;

import java.util.List;

/** A competitor to add: bare domain, brand name and extra names to match. */
public record NewCompetitor(String domain, String brandName, List<String> matchingNames) {
}
