package dev.periscope.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Chooses the database: external when {@code PERISCOPE_DATABASE_URL} is set, embedded otherwise. */
@Configuration(proxyBeanMethods = false)
public class DatabaseConfig {
    private static final Pattern SCHEMA_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    @Bean(destroyMethod = "close")
    public DatabaseServer databaseServer(@Value("${periscope.database.url:}") String url,
                                         @Value("${periscope.database.user:}") String user,
                                         @Value("${periscope.database.password:}") String password,
                                         @Value("${periscope.database.embedded.ephemeral:false}") boolean ephemeral,
                                         @Value("${periscope.data-dir:}") String dataDir) throws IOException {
        if (!url.isBlank()) {
            return DatabaseServer.external(url.strip(), user, password);
        }
        if (ephemeral) {
            return DatabaseServer.ephemeral();
        }
        return DatabaseServer.embedded(dataDirectory(dataDir));
    }

    /**
     * The pool. {@code periscope.database.schema} puts everything in one schema, created on first use; tests use
     * it to run on an external server without touching its other data.
     */
    @Bean(destroyMethod = "close")
    public DataSource dataSource(DatabaseServer server,
                                 @Value("${periscope.database.schema:}") String schema,
                                 @Value("${periscope.database.pool-size:20}") int poolSize) throws SQLException {
        String jdbcUrl = server.jdbcUrl();
        if (!schema.isBlank()) {
            if (!SCHEMA_NAME.matcher(schema).matches()) {
                throw new IllegalArgumentException("periscope.database.schema must be a plain lower-case identifier");
            }
            createSchema(server, schema);
            jdbcUrl = jdbcUrl + (jdbcUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema;
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        config.setUsername(server.user());
        config.setPassword(server.password());
        config.setMaximumPoolSize(poolSize);
        config.setPoolName("periscope");
        config.addDataSourceProperty("reWriteBatchedInserts", "true");
        // The driver prepares a statement on the server after a few uses, and PostgreSQL may then plan it once for
        // any parameters: for the analytics reads (a project, a range, filters) that generic plan can be many times
        // slower than planning with the actual values, which costs well under a millisecond. Starting parallel
        // workers costs milliseconds too: only plans that are expensive anyway get them (rollup reads stay serial).
        // JIT compilation is off: the planner's cost estimates for the raw analytics reads are often far too high,
        // and compiling such a plan took 160 ms of a 180 ms read (measured on mentions_by_domain for one prompt).
        config.addDataSourceProperty("options",
                "-c plan_cache_mode=force_custom_plan -c parallel_setup_cost=10000 -c jit=off");
        return new HikariDataSource(config);
    }

    static Path dataDirectory(String configured) {
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        return Path.of(System.getProperty("user.home"), ".local", "share", "periscope");
    }

    private static void createSchema(DatabaseServer server, String schema) throws SQLException {
        Properties properties = new Properties();
        if (server.user() != null) {
            properties.setProperty("user", server.user());
        }
        if (server.password() != null) {
            properties.setProperty("password", server.password());
        }
        try (Connection connection = DriverManager.getConnection(server.jdbcUrl(), properties);
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
        }
    }
}
