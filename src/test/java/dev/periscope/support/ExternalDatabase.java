package dev.periscope.support;

import dev.periscope.db.DatabaseServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/** Tests on a shared server ({@code PERISCOPE_DATABASE_URL}) work in their own schema and drop it afterwards. */
public final class ExternalDatabase {
    private ExternalDatabase() {
    }

    public static void dropSchema(String schema) {
        String url = System.getenv("PERISCOPE_DATABASE_URL");
        if (url == null || url.isBlank() || !schema.matches("[a-z_][a-z0-9_]{0,62}")) {
            return;
        }
        DatabaseServer server = DatabaseServer.external(url, System.getenv("PERISCOPE_DATABASE_USER"),
                System.getenv("PERISCOPE_DATABASE_PASSWORD"));
        Properties credentials = new Properties();
        if (server.user() != null) {
            credentials.setProperty("user", server.user());
        }
        if (server.password() != null) {
            credentials.setProperty("password", server.password());
        }
        try (Connection connection = DriverManager.getConnection(server.jdbcUrl(), credentials);
             Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        } catch (SQLException e) {
            System.err.println("Could not drop the test schema " + schema + ": " + e.getMessage());
        }
    }
}
