package dev.periscope.projects;

import dev.periscope.projects.site.OutboundPolicy;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import dev.periscope.shared.JsonBody;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * Reads and validates the bodies of the write endpoints into core inputs. REST and MCP both come through here,
 * so a request means the same thing whichever door it used.
 */
@Component
public class ProjectRequests {
    public static final int MAX_PROMPTS_PER_REQUEST = 100;
    public static final int MAX_PROMPT_LENGTH = 1_000;
    public static final int MAX_NAME_LENGTH = 200;
    public static final int MAX_DESCRIPTION_LENGTH = 5_000;
    public static final int MAX_COMPETITORS_PER_REQUEST = 50;
    private static final Pattern EXTERNAL_IDENTIFIER = Pattern.compile("[a-z0-9_-]{1,64}");
    private static final Pattern HEX_COLOR = Pattern.compile("#[0-9a-fA-F]{6}");
    /** Owned-media fields; {@code google_play_url} is the older public document's name for {@code play_store_url}. */
    public static final List<String> OWNED_MEDIA_FIELDS = List.of("youtube_channel_url", "instagram_profile_url",
            "facebook_page_url", "tiktok_profile_url", "app_store_url", "play_store_url");

    private final OutboundPolicy outbound;

    public ProjectRequests(OutboundPolicy outbound) {
        this.outbound = outbound;
    }

    public NewProject newProject(JsonBody body) {
        body.allowOnly("website_url", "name", "main_country", "main_language", "brand_name", "description",
                "industry", "matching_names", "prompts", "competitors", "owned_media", "use_subdomain",
                "weekly_email_subscribed", "external_identifier", "execute_prompts_immediately", "play_store_id",
                "app_store_id", "runs_per_prompt");
        String websiteUrl = websiteUrl(body);
        String name = body.requiredString("name", MAX_NAME_LENGTH);
        String country = Locales.country("main_country", body.requiredString("main_country", 10));
        String language = Locales.language("main_language", body.requiredString("main_language", 10));
        String brandName = body.optionalString("brand_name", MAX_NAME_LENGTH);
        JsonBody ownedMedia = body.optionalObject("owned_media");
        return new NewProject(websiteUrl, Domains.bareHost("website_url", websiteUrl), name,
                brandName == null || brandName.isBlank() ? name : brandName, country, language,
                body.optionalString("description", MAX_DESCRIPTION_LENGTH),
                orEmpty(body.optionalStringList("industry", 10, 100)),
                matchingNames(body, "matching_names"),
                orEmpty(body.optionalStringList("prompts", MAX_PROMPTS_PER_REQUEST, MAX_PROMPT_LENGTH)),
                competitors(body, "competitors"),
                ownedMedia == null ? Map.of() : ownedMedia(ownedMedia, false),
                body.optionalBoolean("use_subdomain", false),
                body.optionalBoolean("weekly_email_subscribed", false),
                externalIdentifier(body),
                body.optionalBoolean("execute_prompts_immediately", true),
                body.optionalString("play_store_id", 200), body.optionalString("app_store_id", 200),
                runsPerPrompt(body));
    }

    /** {@code website_url}: a public http(s) URL (spec "Projects and drafts"), normalised. */
    public String websiteUrl(JsonBody body) {
        String raw = body.requiredString("website_url", 2_048);
        return outbound.check(raw, "website_url").uri().toString();
    }

    /** Answers per prompt, engine and cycle: several samples smooth out the noise of single AI answers. */
    public static int runsPerPrompt(JsonBody body) {
        Long value = body.optionalLong("runs_per_prompt", 1, 10);
        return value == null ? 1 : value.intValue();
    }

    public static String externalIdentifier(JsonBody body) {
        String value = body.optionalString("external_identifier", 64);
        if (value != null && !EXTERNAL_IDENTIFIER.matcher(value).matches()) {
            throw new ApiException(ErrorCode.INVALID_PARAM,
                    "external_identifier must be 1 to 64 characters of a-z, 0-9, _ and -",
                    Map.of("param", "external_identifier", "pattern", "^[a-z0-9_-]{1,64}$"));
        }
        return value;
    }

    public static List<String> matchingNames(JsonBody body, String field) {
        return orEmpty(body.optionalStringList(field, MatchingNames.MAX_NAMES, MatchingNames.MAX_LENGTH));
    }

    public static List<NewCompetitor> competitors(JsonBody body, String field) {
        List<JsonBody> items = body.optionalObjectList(field, MAX_COMPETITORS_PER_REQUEST);
        List<NewCompetitor> competitors = new ArrayList<>();
        if (items == null) {
            return competitors;
        }
        for (JsonBody item : items) {
            item.allowOnly("domain", "brand_name", "matching_names");
            competitors.add(competitor(item, "domain"));
        }
        return competitors;
    }

    /** One competitor; {@code domainField} is "domain" in lists and in {@code POST /competitors}. */
    public static NewCompetitor competitor(JsonBody item, String domainField) {
        String domain = Domains.bareHost(item.qualified(domainField), item.requiredString(domainField, 2_048));
        String brandName = item.optionalString("brand_name", MAX_NAME_LENGTH);
        if (brandName == null || brandName.isBlank()) {
            brandName = brandFromDomain(domain);
        }
        return new NewCompetitor(domain, brandName, matchingNames(item, "matching_names"));
    }

    public Map<String, String> ownedMedia(JsonBody body, boolean topLevel) {
        Map<String, String> media = new LinkedHashMap<>();
        for (String field : OWNED_MEDIA_FIELDS) {
            String value = body.optionalString(field, 2_048);
            if (value == null && field.equals("play_store_url")) {
                value = body.optionalString("google_play_url", 2_048);
            }
            if (value != null && !value.isBlank()) {
                media.put(field, outbound.check(value, body.qualified(field)).uri().toString());
            }
        }
        if (!topLevel) {
            List<String> allowed = new ArrayList<>(OWNED_MEDIA_FIELDS);
            allowed.add("google_play_url");
            body.allowOnly(allowed.toArray(String[]::new));
        }
        return media;
    }

    public static String color(JsonBody body, String field) {
        String value = body.optionalString(field, 7);
        if (value != null && !HEX_COLOR.matcher(value).matches()) {
            throw new ApiException(ErrorCode.INVALID_PARAM, field + " must be a hex colour such as #1a2b3c",
                    Map.of("param", body.qualified(field), "pattern", "^#[0-9a-fA-F]{6}$"));
        }
        return value == null ? null : value.toLowerCase(Locale.ROOT);
    }

    /** {@code acme-tools.com} → {@code Acme Tools}. */
    public static String brandFromDomain(String domain) {
        String label = domain.contains(".") ? domain.substring(0, domain.indexOf('.')) : domain;
        StringBuilder name = new StringBuilder();
        for (String word : label.split("[-_]")) {
            if (!word.isEmpty()) {
                if (!name.isEmpty()) {
                    name.append(' ');
                }
                name.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
            }
        }
        return name.isEmpty() ? domain : name.toString();
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }
}
