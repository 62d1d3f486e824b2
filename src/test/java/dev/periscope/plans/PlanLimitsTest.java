package dev.periscope.plans;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Pins the plan table of DECISIONS.md, and how operators override it. */
class PlanLimitsTest {
    @Test
    void defaultsAreTheNumbersOfTheDecisions() {
        PlanLimits limits = new PlanLimits(null);
        assertThat(limits.of(Plan.STARTER)).isEqualTo(new PlanLimits.Limits(1, 50, 5, 5, 1, 20));
        assertThat(limits.of(Plan.GROWTH)).isEqualTo(new PlanLimits.Limits(3, 200, 10, 20, 5, 50));
        assertThat(limits.of(Plan.SCALE)).isEqualTo(new PlanLimits.Limits(10, 1_000, 20, 100, null, 150));
    }

    @Test
    void operatorsOverrideSingleNumbersAndNegativeMeansUnlimited() {
        PlanLimits limits = new PlanLimits(Map.of("growth", new PlanLimits.Limits(null, 500, null, null, -1, null)));
        assertThat(limits.of(Plan.GROWTH)).isEqualTo(new PlanLimits.Limits(3, 500, 10, 20, null, 50));
        assertThat(limits.of(Plan.STARTER).prompts()).isEqualTo(50);
    }

    @Test
    void featureGatesOfTheSpec_whatTheServiceDoes6() {
        assertThat(PlanGate.featureFor("GET", "/search_console/summary")).contains(Feature.SEARCH_CONSOLE);
        assertThat(PlanGate.featureFor("POST", "/annotations")).contains(Feature.ANNOTATIONS);
        assertThat(PlanGate.featureFor("PATCH", "/annotations/4")).contains(Feature.ANNOTATIONS);
        assertThat(PlanGate.featureFor("GET", "/metrics/ai_traffic")).contains(Feature.AI_TRAFFIC);
        assertThat(PlanGate.featureFor("GET", "/metrics/agent_traffic")).contains(Feature.AGENT_TRAFFIC);
        assertThat(PlanGate.featureFor("GET", "/dimensions/agent_bots")).contains(Feature.AGENT_BOT_CATALOG);
        assertThat(PlanGate.featureFor("DELETE", "/webhooks/3")).contains(Feature.WEBHOOKS);
        assertThat(PlanGate.featureFor("GET", "/metrics/timeseries")).isEmpty();
        assertThat(PlanGate.featureFor("GET", "/annotationsx")).isEmpty();
        assertThat(Feature.SEARCH_CONSOLE.minimum()).isEqualTo(Plan.GROWTH);
        assertThat(Feature.ANNOTATIONS.minimum()).isEqualTo(Plan.GROWTH);
        for (Feature scaleOnly : new Feature[] {Feature.AI_TRAFFIC, Feature.AGENT_TRAFFIC, Feature.AGENT_BOT_CATALOG,
                Feature.WEBHOOKS, Feature.SENTIMENT_REPUTATION_RECOMMENDATIONS, Feature.MCP_WITH_API_KEY}) {
            assertThat(scaleOnly.minimum()).as(scaleOnly.name()).isEqualTo(Plan.SCALE);
        }
    }
}
