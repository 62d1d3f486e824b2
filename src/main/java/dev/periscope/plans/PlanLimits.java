package dev.periscope.plans;

import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Quotas per plan. Defaults are the numbers in DECISIONS.md; operators override any of them in configuration,
 * e.g. {@code periscope.plans.growth.prompts=500}; a negative number there means unlimited. In {@link Limits} a null
 * value means unlimited.
 */
@ConfigurationProperties("periscope")
public record PlanLimits(Map<String, Limits> plans) {
    public record Limits(Integer projects, Integer prompts, Integer competitorsPerProject, Integer intelligenceTasksPerMonth,
                         Integer teamMembers, Integer recommendationItemsPerWeek) {
    }

    public static final Map<String, Limits> DEFAULTS = Map.of(
            "starter", new Limits(1, 50, 5, 5, 1, 20),
            "growth", new Limits(3, 200, 10, 20, 5, 50),
            "scale", new Limits(10, 1_000, 20, 100, -1, 150));

    public PlanLimits {
        Map<String, Limits> merged = new java.util.HashMap<>();
        DEFAULTS.forEach((name, limits) -> merged.put(name, overlay(limits, limits)));
        if (plans != null) {
            plans.forEach((name, given) -> merged.merge(name.toLowerCase(), given, PlanLimits::overlay));
        }
        plans = Map.copyOf(merged);
    }

    public Limits of(Plan plan) {
        return plans.get(plan.wireName());
    }

    private static Limits overlay(Limits base, Limits given) {
        return new Limits(
                pick(given.projects(), base.projects()),
                pick(given.prompts(), base.prompts()),
                pick(given.competitorsPerProject(), base.competitorsPerProject()),
                pick(given.intelligenceTasksPerMonth(), base.intelligenceTasksPerMonth()),
                pick(given.teamMembers(), base.teamMembers()),
                pick(given.recommendationItemsPerWeek(), base.recommendationItemsPerWeek()));
    }

    private static Integer pick(Integer given, Integer base) {
        if (given == null) {
            return base;
        }
        return given < 0 ? null : given;
    }
}
