package dev.periscope;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/** Periodic tasks never wait for each other: the scheduler has a thread for each. */
class SchedulingConfigTest {
    @Test
    void theSchedulerHasMoreThreadsThanThereArePeriodicTasks() throws ClassNotFoundException {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter((reader, factory) -> true);
        List<String> tasks = new ArrayList<>();
        for (BeanDefinition candidate : scanner.findCandidateComponents("dev.periscope")) {
            for (var method : Class.forName(candidate.getBeanClassName()).getDeclaredMethods()) {
                if (method.isAnnotationPresent(Scheduled.class)) {
                    tasks.add(method.getDeclaringClass().getSimpleName() + "." + method.getName());
                }
            }
        }
        assertThat(tasks).contains("Rollups.refreshDue", "CitationRollups.refreshDue", "RunWorker.poll");
        ThreadPoolTaskScheduler scheduler = (ThreadPoolTaskScheduler) new SchedulingConfig().taskScheduler();
        assertThat(scheduler.getPoolSize()).as("threads for %s", tasks).isGreaterThan(tasks.size());
    }
}
