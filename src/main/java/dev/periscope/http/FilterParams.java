package dev.periscope.http;

import dev.periscope.execution.Engines;
import dev.periscope.execution.ExecutionFilter;
import dev.periscope.metrics.ActorRef;
import dev.periscope.projects.Collections;
import dev.periscope.projects.Competitor;
import dev.periscope.projects.Competitors;
import dev.periscope.projects.Locales;
import dev.periscope.projects.Project;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.DateRange;
import dev.periscope.shared.ErrorCode;
import dev.periscope.shared.QueryParams;
import java.time.Clock;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * Reads the common filters of the spec ("Common query parameters") into one {@link ExecutionFilter}, the same way
 * for every endpoint: enums and unknown ids are 422 {@code ERR_INVALID_PARAM} with the allowed values.
 */
@Component
public class FilterParams {
    public static final List<String> PROMPT_TYPES = List.of("informational", "navigational", "commercial", "transactional");
    public static final List<String> BRAND_KINDS = List.of("brand", "brand_other", "non_brand");

    /** Parameters an endpoint accepts beyond project, dates, model, collection and prompt. */
    public enum Accepts { LOCALE, PROMPT_TYPE, MENTION_FILTER, CITATION_FILTER }

    private final Engines engines;
    private final Collections collections;
    private final Competitors competitors;
    private final Clock clock;

    public FilterParams(Engines engines, Collections collections, Competitors competitors, Clock clock) {
        this.engines = engines;
        this.collections = collections;
        this.competitors = competitors;
        this.clock = clock;
    }

    public ExecutionFilter read(QueryParams params, Project project, Integer defaultDays, Set<Accepts> accepts) {
        Long collectionId = params.optionalId("collection_id");
        if (collectionId != null && collections.list(project.id()).stream().noneMatch(c -> c.id() == collectionId)) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "collection_id is not a collection of this project",
                    Map.of("param", "collection_id", "value", collectionId));
        }
        String country = accepts.contains(Accepts.LOCALE) ? params.raw("country_code") : null;
        String language = accepts.contains(Accepts.LOCALE) ? params.raw("language_code") : null;
        return new ExecutionFilter(project.id(), DateRange.from(params, clock, defaultDays),
                params.optionalEnum("model", engines.knownModels()), collectionId,
                country == null ? null : Locales.country("country_code", country),
                language == null ? null : Locales.language("language_code", language),
                params.optionalString("prompt", 1_000),
                accepts.contains(Accepts.PROMPT_TYPE) ? params.optionalEnum("prompt_type", PROMPT_TYPES) : null,
                accepts.contains(Accepts.PROMPT_TYPE) ? params.optionalEnum("brand_kind", BRAND_KINDS) : null,
                accepts.contains(Accepts.MENTION_FILTER) ? params.optionalEnum("mention_filter", ExecutionFilter.MENTION_FILTERS) : null,
                accepts.contains(Accepts.CITATION_FILTER) ? params.optionalEnum("citation_filter", ExecutionFilter.CITATION_FILTERS) : null,
                competitorIds(params, project));
    }

    public ExecutionFilter read(QueryParams params, Project project, Accepts... accepts) {
        return read(params, project, null, accepts.length == 0 ? EnumSet.noneOf(Accepts.class) : EnumSet.of(accepts[0], accepts));
    }

    /**
     * The actors compared: the brand (unless left out), then the project's live competitors, only those in
     * {@code competitors} when it names any.
     */
    public List<ActorRef> actors(Project project, List<Long> competitorIds, boolean includeBrand) {
        List<ActorRef> actors = new java.util.ArrayList<>();
        if (includeBrand) {
            actors.add(ActorRef.brand(project));
        }
        for (Competitor competitor : competitors.list(project.id())) {
            if (competitorIds.isEmpty() || competitorIds.contains(competitor.id())) {
                actors.add(ActorRef.of(competitor));
            }
        }
        return actors;
    }

    /** {@code competitors}: ids of the project's live competitors; an unknown id is an error, never silently empty. */
    public List<Long> competitorIds(QueryParams params, Project project) {
        List<Long> ids = params.idList("competitors");
        if (ids.isEmpty()) {
            return ids;
        }
        List<Long> known = competitors.list(project.id()).stream().map(Competitor::id).toList();
        List<Long> unknown = ids.stream().filter(id -> !known.contains(id)).toList();
        if (!unknown.isEmpty()) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "competitors lists ids that are not competitors of this project",
                    Map.of("param", "competitors", "invalid_ids", unknown));
        }
        return ids.stream().distinct().toList();
    }
}
