package dev.periscope.projects;

import java.time.OffsetDateTime;
import java.util.List;

/** A tracked brand. {@code matchingNames} always starts with the brand name. */
public record Project(long id, long accountId, String name, String brandName, String url, String domain,
                      String description, String industry, String businessModel, String primaryProducts,
                      String targetAudience, String brandVoice, List<String> matchingNames, String countryCode,
                      String languageCode, boolean useSubdomain, boolean paused, String playStoreId,
                      String appStoreId, String ownedMediaJson, boolean weeklyEmailSubscribed,
                      boolean executePromptsImmediately, String externalIdentifier, int runsPerPrompt,
                      OffsetDateTime createdAt) {
}
