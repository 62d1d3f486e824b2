package dev.periscope.projects.site;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/** Turns a DNS name into addresses; a seam so tests can simulate DNS answers, including hostile ones. */
@FunctionalInterface
public interface HostResolver {

    /** Every address the name resolves to; throws when the name does not resolve at all. */
    List<InetAddress> resolve(String host) throws UnknownHostException;

    /** The JVM's resolver (system DNS, hosts file and the JVM's own cache). */
    static HostResolver system() {
        return host -> List.of(InetAddress.getAllByName(host));
    }
}
