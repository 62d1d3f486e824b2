package dev.periscope.projects.site;

import dev.periscope.shared.Json;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Step-one suggestions of a project draft (name, description, industry, brand aliases) read from the site's own
 * HTML through {@link SafeFetcher}. When the site cannot be read, the suggestions fall back to what the domain
 * gives and say why in {@code error}, so the wizard can go on.
 */
@Component
public class SiteSuggester implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SiteSuggester.class);
    private final SafeFetcher fetcher;

    public SiteSuggester(OutboundPolicy policy) {
        SafeFetcher.Settings defaults = SafeFetcher.Settings.defaults();
        this.fetcher = new SafeFetcher(new SafeFetcher.Settings(policy.policy(), defaults.connectTimeout(),
                defaults.readTimeout(), defaults.totalTimeout(), defaults.maxBytes(), defaults.maxRedirects(),
                defaults.userAgent()));
    }

    public Map<String, Object> suggestDetails(String websiteUrl) {
        URI uri = URI.create(websiteUrl);
        try {
            FetchedPage page = fetcher.fetch(websiteUrl);
            SiteSuggestions.Suggestions suggestions = SiteSuggestions.suggest(page.finalUrl(), page.html());
            return Json.object(
                    "name", suggestions.name(),
                    "brand_name", suggestions.name(),
                    "description", suggestions.description(),
                    "industry", suggestions.industry(),
                    "brand_aliases", suggestions.brandAliases(),
                    "source", "website",
                    "fetched_url", page.finalUrl().toString(),
                    "error", null);
        } catch (FetchException failure) {
            log.info("Could not read {} for suggestions: {}", uri.getHost(), failure.reasonToken());
            SiteSuggestions.Suggestions fallback = SiteSuggestions.suggest(uri, "");
            return Json.object(
                    "name", fallback.name(),
                    "brand_name", fallback.name(),
                    "description", null,
                    "industry", List.of(),
                    "brand_aliases", fallback.brandAliases(),
                    "source", "domain",
                    "fetched_url", null,
                    "error", Json.object("reason", failure.reasonToken(), "message", failure.getMessage()));
        }
    }

    @Override
    public void close() {
        fetcher.close();
    }
}
