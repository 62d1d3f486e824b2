package dev.periscope.projects.site;

import java.net.InetAddress;

/** Which destinations an outbound request may reach. */
public enum TargetPolicy {
    /** Public unicast addresses only: what production uses for anything a user typed. */
    STRICT,
    /**
     * Also the loopback range and the name {@code localhost}, so tests and local development can talk to a server on
     * this machine. Private, link-local (cloud metadata) and other special ranges stay refused.
     */
    ALLOW_LOOPBACK;

    public boolean allows(InetAddress address) {
        return UrlGuard.isPublic(address) || (this == ALLOW_LOOPBACK && address.isLoopbackAddress());
    }

    boolean allowsLocalhostName() {
        return this == ALLOW_LOOPBACK;
    }
}
