package dev.periscope;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;

/** Background work (job workers, clean-ups) runs in the service, never in an admin command. */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
@ConditionalOnProperty(name = "periscope.scheduling.enabled", havingValue = "true", matchIfMissing = true)
class SchedulingConfig {
}
