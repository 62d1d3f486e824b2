package dev.periscope.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The PostgreSQL server this process talks to, and how to reach it over JDBC. */
public final class DatabaseServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DatabaseServer.class);

    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final EmbeddedPostgres embedded;
    private final Path temporaryDirectory;

    private DatabaseServer(String jdbcUrl, String user, String password, EmbeddedPostgres embedded,
                           Path temporaryDirectory) {
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
        this.embedded = embedded;
        this.temporaryDirectory = temporaryDirectory;
    }

    public String jdbcUrl() {
        return jdbcUrl;
    }

    public String user() {
        return user;
    }

    public String password() {
        return password;
    }

    public boolean isEmbedded() {
        return embedded != null;
    }

    /**
     * An external server. Accepts {@code jdbc:postgresql://...} and the libpq form
     * {@code postgres[ql]://user:password@host:port/db?params}; explicit user and password win over the URL's.
     */
    public static DatabaseServer external(String url, String user, String password) {
        String jdbcUrl = url;
        String urlUser = null;
        String urlPassword = null;
        if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
            URI uri = URI.create(url);
            if (uri.getRawUserInfo() != null) {
                String[] parts = uri.getRawUserInfo().split(":", 2);
                urlUser = URLDecoder.decode(parts[0], StandardCharsets.UTF_8);
                urlPassword = parts.length > 1 ? URLDecoder.decode(parts[1], StandardCharsets.UTF_8) : null;
            }
            String hostPort = uri.getHost() + (uri.getPort() > 0 ? ":" + uri.getPort() : "");
            jdbcUrl = "jdbc:postgresql://" + hostPort + uri.getRawPath()
                    + (uri.getRawQuery() != null ? "?" + uri.getRawQuery() : "");
        } else if (!url.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("PERISCOPE_DATABASE_URL must start with jdbc:postgresql:, postgres:// or postgresql://");
        }
        return new DatabaseServer(jdbcUrl, blankToNull(user) != null ? user : urlUser,
                blankToNull(password) != null ? password : urlPassword, null, null);
    }

    /**
     * The embedded server on a data directory kept across restarts. When another process of ours already runs
     * it (the service, while an admin command runs), connect to that one instead of starting a second.
     */
    public static DatabaseServer embedded(Path dataDirectory) throws IOException {
        Path pgData = dataDirectory.resolve("postgres");
        Files.createDirectories(dataDirectory);
        Optional<Integer> runningPort = runningServerPort(pgData);
        if (runningPort.isPresent()) {
            log.info("Using the embedded PostgreSQL already running on port {} for {}", runningPort.get(), pgData);
            return new DatabaseServer("jdbc:postgresql://127.0.0.1:" + runningPort.get() + "/postgres", "postgres",
                    null, null, null);
        }
        log.info("Starting embedded PostgreSQL with data in {}", pgData);
        EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setDataDirectory(pgData)
                .setCleanDataDirectory(false)
                .setServerConfig("listen_addresses", "127.0.0.1")
                .setServerConfig("max_connections", "100")
                // The library starts PostgreSQL with fsync off (-F) and asynchronous commits, fine for tests and
                // wrong for data kept across restarts: a later -c wins, so turn durability back on.
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on")
                .start();
        return new DatabaseServer(postgres.getJdbcUrl("postgres", "postgres"), "postgres", null, postgres, null);
    }

    /** A throwaway embedded server for tests, deleted on close. */
    public static DatabaseServer ephemeral() throws IOException {
        Path directory = Files.createTempDirectory("periscope-pg-");
        EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setDataDirectory(directory)
                .setCleanDataDirectory(true)
                .setServerConfig("fsync", "off")
                .setServerConfig("synchronous_commit", "off")
                .setServerConfig("full_page_writes", "off")
                .setServerConfig("max_connections", "200")
                .start();
        return new DatabaseServer(postgres.getJdbcUrl("postgres", "postgres"), "postgres", null, postgres, directory);
    }

    /** postmaster.pid holds the server's pid on line 1 and its port on line 4. */
    static Optional<Integer> runningServerPort(Path pgData) {
        Path pidFile = pgData.resolve("postmaster.pid");
        try {
            if (!Files.isRegularFile(pidFile)) {
                return Optional.empty();
            }
            List<String> lines = Files.readAllLines(pidFile);
            if (lines.size() < 4) {
                return Optional.empty();
            }
            long pid = Long.parseLong(lines.get(0).strip());
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                return Optional.of(Integer.parseInt(lines.get(3).strip()));
            }
        } catch (IOException | NumberFormatException e) {
            log.debug("Could not read {}: {}", pidFile, e.toString());
        }
        return Optional.empty();
    }

    @Override
    public void close() throws IOException {
        if (embedded != null) {
            embedded.close();
        }
        if (temporaryDirectory != null && Files.exists(temporaryDirectory)) {
            try (var paths = Files.walk(temporaryDirectory)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
