package dev.periscope.plans;

import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import java.util.Map;
import java.util.Optional;

/** Answers "may this plan use that?" and raises {@code ERR_PLAN_REQUIRED} when not. */
public final class PlanGate {
    private PlanGate() {
    }

    public static void require(Plan plan, Feature feature) {
        if (!plan.atLeast(feature.minimum())) {
            throw planRequired(feature);
        }
    }

    /** The feature guarding an API route (path below /api/v1), if any. */
    public static Optional<Feature> featureFor(String method, String path) {
        for (Feature feature : Feature.values()) {
            for (Feature.Route route : feature.routes()) {
                if (route.matches(method, path)) {
                    return Optional.of(feature);
                }
            }
        }
        return Optional.empty();
    }

    public static ApiException planRequired(Feature feature) {
        return new ApiException(ErrorCode.PLAN_REQUIRED,
                "This requires the " + feature.minimum().displayName() + " plan or above",
                Map.of("required_plan", feature.minimum().wireName(), "feature", feature.name().toLowerCase()));
    }
}
