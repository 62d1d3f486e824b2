package dev.periscope.projects.site;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Which targets user-supplied URLs may point at. Production is strict; {@code PERISCOPE_ALLOW_LOOPBACK_TARGETS=true}
 * additionally admits this machine, for local development and tests against local fake sites.
 */
@Component
public class OutboundPolicy {
    private final TargetPolicy policy;

    public OutboundPolicy(@Value("${periscope.allow-loopback-targets:false}") boolean allowLoopback) {
        this.policy = allowLoopback ? TargetPolicy.ALLOW_LOOPBACK : TargetPolicy.STRICT;
    }

    public TargetPolicy policy() {
        return policy;
    }

    public ValidatedUrl check(String raw, String param) {
        return UrlGuard.check(raw, param, HostResolver.system(), policy);
    }
}
