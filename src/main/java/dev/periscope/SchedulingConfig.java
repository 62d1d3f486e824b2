package dev.periscope;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/** Background work (job workers, clean-ups) runs in the service, never in an admin command. */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
@ConditionalOnProperty(name = "periscope.scheduling.enabled", havingValue = "true", matchIfMissing = true)
class SchedulingConfig {
    /** More threads than periodic tasks, so no task waits for another. */
    static final int THREADS = 8;

    /**
     * Every periodic task runs with a fixed delay. With virtual threads on, Spring's default scheduler runs all
     * fixed-delay tasks on one thread, so a long rollup rebuild (a minute on a very large project) would hold up the
     * run and job workers behind it. A pool gives each task its own thread; a task still never overlaps itself.
     */
    @Bean
    TaskScheduler taskScheduler() {
        ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();
        scheduler.setPoolSize(THREADS);
        scheduler.setThreadNamePrefix("periodic-");
        scheduler.setWaitForTasksToCompleteOnShutdown(true);
        scheduler.setAwaitTerminationSeconds(20);
        return scheduler;
    }
}
