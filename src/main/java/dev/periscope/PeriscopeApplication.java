package dev.periscope;

import dev.periscope.cli.AdminCommandLine;
import dev.periscope.plans.PlanLimits;
import java.time.Clock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/** Starts the service, or runs an admin command when the first argument names one ({@code accounts}, {@code keys}). */
@SpringBootApplication
@EnableConfigurationProperties(PlanLimits.class)
public class PeriscopeApplication {

    public static void main(String[] args) {
        if (AdminCommandLine.handles(args)) {
            System.exit(AdminCommandLine.run(args));
        }
        SpringApplication.run(PeriscopeApplication.class, args);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
