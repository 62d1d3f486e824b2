package dev.periscope.support;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock tests control: real time by default; {@link #freezeAt} stops it, {@link #advance} moves it. */
public final class MutableClock extends Clock {
    private volatile Instant frozen;
    private volatile Duration offset = Duration.ZERO;

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return Clock.fixed(instant(), zone);
    }

    @Override
    public Instant instant() {
        Instant base = frozen != null ? frozen : Instant.now();
        return base.plus(offset);
    }

    public void freezeAt(Instant instant) {
        offset = Duration.ZERO;
        frozen = instant;
    }

    public void advance(Duration duration) {
        offset = offset.plus(duration);
    }

    public void reset() {
        frozen = null;
        offset = Duration.ZERO;
    }
}
