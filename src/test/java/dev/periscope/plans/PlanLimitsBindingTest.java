package dev.periscope.plans;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/** Operators override quotas with environment variables named as the README says. */
class PlanLimitsBindingTest {
    @Test
    void environmentVariablesOverrideSingleQuotas() {
        MutablePropertySources sources = new MutablePropertySources();
        sources.addFirst(new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                Map.of("PERISCOPE_PLANS_GROWTH_PROMPTS", "500",
                        "PERISCOPE_PLANS_STARTER_COMPETITORSPERPROJECT", "7",
                        "PERISCOPE_PLANS_SCALE_PROJECTS", "-1")));
        sources.addLast(new MapPropertySource("empty", Map.of()));
        PlanLimits limits = new Binder(ConfigurationPropertySources.from(sources))
                .bindOrCreate("periscope", PlanLimits.class);
        assertThat(limits.of(Plan.GROWTH).prompts()).isEqualTo(500);
        assertThat(limits.of(Plan.GROWTH).projects()).isEqualTo(3);
        assertThat(limits.of(Plan.STARTER).competitorsPerProject()).isEqualTo(7);
        assertThat(limits.of(Plan.SCALE).projects()).isNull();
        assertThat(limits.of(Plan.SCALE).prompts()).isEqualTo(1_000);
    }
}
