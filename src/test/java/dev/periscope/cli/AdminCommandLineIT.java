package dev.periscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.db.DatabaseServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The admin command line works on the embedded database whether or not the service runs: here the database is
 * started first (as the running service would) and every command attaches to it.
 */
class AdminCommandLineIT {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static Path dataDir;
    private static DatabaseServer running;

    @BeforeAll
    static void startTheDatabaseAsTheServiceWould() throws Exception {
        dataDir = Files.createTempDirectory("periscope-cli-");
        System.setProperty("periscope.data-dir", dataDir.toString());
        String external = System.getenv("PERISCOPE_DATABASE_URL");
        if (external != null && !external.isBlank()) {
            System.setProperty("periscope.database.schema", "cli_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10));
        } else {
            running = DatabaseServer.embedded(dataDir);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        String schema = System.getProperty("periscope.database.schema");
        if (schema != null) {
            dev.periscope.support.ExternalDatabase.dropSchema(schema);
        }
        System.clearProperty("periscope.data-dir");
        System.clearProperty("periscope.database.schema");
        if (running != null) {
            running.close();
        }
    }

    private record Result(int exit, String out, String err) {
        JsonNode json() {
            return JSON.readTree(out);
        }
    }

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = AdminCommandLine.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void accountsAndKeysFromTheCommandLine() {
        String email = "ops-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
        Result account = run("accounts", "create", "--email", email, "--plan", "growth");
        assertThat(account.exit()).as(account.err()).isZero();
        assertThat(account.json().path("email").asString()).isEqualTo(email);
        assertThat(account.json().path("plan").asString()).isEqualTo("growth");

        Result key = run("keys", "create", "--account", email, "--scope", "read", "--name", "dashboard");
        assertThat(key.exit()).as(key.err()).isZero();
        String secret = key.json().path("key").asString();
        assertThat(secret).matches("psk_[0-9A-Za-z]{40}");
        long keyId = key.json().path("id").asLong();

        Result listed = run("keys", "list", "--account", email);
        assertThat(listed.out()).contains("dashboard").doesNotContain(secret);

        Result rotated = run("keys", "rotate", String.valueOf(keyId));
        assertThat(rotated.exit()).isZero();
        assertThat(rotated.json().path("key").asString()).isNotEqualTo(secret);
        assertThat(rotated.json().path("replaces_id").asLong()).isEqualTo(keyId);

        Result revoked = run("keys", "revoke", String.valueOf(rotated.json().path("id").asLong()));
        assertThat(revoked.json().path("revoked_at").isNull()).isFalse();

        Result daily = run("accounts", "set-tracking", email, "daily");
        assertThat(daily.exit()).isEqualTo(1);
        assertThat(daily.err()).contains("ERR_PLAN_REQUIRED");
        Result plan = run("accounts", "set-plan", email, "scale");
        assertThat(plan.json().path("plan").asString()).isEqualTo("scale");
        Result dailyOnScale = run("accounts", "set-tracking", email, "daily");
        assertThat(dailyOnScale.json().path("tracking_frequency").asString()).isEqualTo("daily");
    }

    @Test
    void mistakesExitNonZeroWithAReason() {
        Result usage = run("keys", "create", "--account", "x@example.com");
        assertThat(usage.exit()).isEqualTo(2);
        assertThat(usage.err()).contains("missing --scope").contains("usage:");
        Result badPlan = run("accounts", "create", "--email", "y@example.com", "--plan", "gold");
        assertThat(badPlan.exit()).isEqualTo(1);
        assertThat(badPlan.err()).contains("ERR_INVALID_PARAM").contains("gold");
        Result unknown = run("keys", "create", "--account", "nobody@example.com", "--scope", "read");
        assertThat(unknown.exit()).isEqualTo(1);
        assertThat(unknown.err()).contains("ERR_NOT_FOUND");
        String email = "dup-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
        assertThat(run("accounts", "create", "--email", email, "--plan", "starter").exit()).isZero();
        assertThat(run("accounts", "create", "--email", email.toUpperCase(), "--plan", "starter").err()).contains("already exists");
    }

    @Test
    void benchOptionsAreCheckedBeforeAnythingStarts() {
        Result noKey = run("bench", "run", "--project", "1", "--base-url", "http://127.0.0.1:1");
        assertThat(noKey.exit()).isEqualTo(2);
        assertThat(noKey.err()).contains("missing --key").contains("periscope bench run");
        Result badUrl = run("bench", "run", "--project", "1", "--base-url", "127.0.0.1:8080", "--key", "k");
        assertThat(badUrl.exit()).isEqualTo(2);
        assertThat(badUrl.err()).contains("--base-url");
        Result engines = run("bench", "seed", "--engines", "6");
        assertThat(engines.exit()).isEqualTo(2);
        assertThat(engines.err()).contains("--engines must be between 1 and 5");
        Result typo = run("bench", "seed", "--prompt", "10");
        assertThat(typo.exit()).isEqualTo(2);
        assertThat(typo.err()).contains("unknown option --prompt");
        Result words = run("bench", "seed", "--weeks", "many");
        assertThat(words.err()).contains("--weeks must be a whole number");
    }
}
