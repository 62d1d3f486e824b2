/**
 * Plans (Starter, Growth, Scale): the feature gates in one table ({@link dev.periscope.plans.Feature}), the
 * quotas ({@link dev.periscope.plans.PlanLimits}) and the numbers {@code GET /account} reports.
 */
package dev.periscope.plans;
