package dev.periscope.support;

import dev.periscope.execution.engines.EngineHttp;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records the waits of a retrying client instead of sleeping, so retry tests take no time. */
public final class RecordingSleeper implements EngineHttp.Sleeper {
    private final List<Duration> waits = new CopyOnWriteArrayList<>();

    @Override
    public void sleep(Duration duration) {
        waits.add(duration);
    }

    public List<Duration> waits() {
        return List.copyOf(waits);
    }
}
