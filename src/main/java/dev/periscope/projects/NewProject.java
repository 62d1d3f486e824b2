package dev.periscope.projects;

import java.util.List;
import java.util.Map;

/** A validated project creation request, from {@code POST /projects} or a finalized draft. */
public record NewProject(String websiteUrl, String domain, String name, String brandName, String countryCode,
                         String languageCode, String description, List<String> industry, List<String> matchingNames,
                         List<String> prompts, List<NewCompetitor> competitors, Map<String, String> ownedMedia,
                         boolean useSubdomain, boolean weeklyEmailSubscribed, String externalIdentifier,
                         boolean executePromptsImmediately, String playStoreId, String appStoreId,
                         int runsPerPrompt) {
}
