package dev.periscope.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.plans.Plan;
import dev.periscope.ratelimit.RateLimiter;
import dev.periscope.support.ApiClient;
import dev.periscope.support.IntegrationTest;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** DECISIONS "Rate limits": 300 requests and 60 writes per minute per key, counted in PostgreSQL. */
class RateLimitIT extends IntegrationTest {

    @Test
    void threeHundredRequestsPerMinuteThen429WithRetryAfter_decisionsRateLimits() {
        TestAccount account = newAccount(Plan.STARTER);
        clock.freezeAt(Instant.parse("2030-01-01T10:00:15Z"));
        for (int i = 1; i <= 300; i++) {
            ApiClient.Response response = api().get("/api/v1/ping", account.key());
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("X-RateLimit-Remaining")).isEqualTo(String.valueOf(300 - i));
        }
        ApiClient.Response limited = api().get("/api/v1/ping", account.key());
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.errorCode()).isEqualTo("ERR_RATE_LIMITED");
        assertThat(limited.header("Retry-After")).isEqualTo("45");
        assertThat(limited.header("X-RateLimit-Limit")).isEqualTo("300");
        assertThat(limited.header("X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(limited.header("X-RateLimit-Reset")).isEqualTo(String.valueOf(Instant.parse("2030-01-01T10:01:00Z").getEpochSecond()));

        // Another key of the same account has its own budget.
        assertThat(api().get("/api/v1/ping", account.readKey()).status()).isEqualTo(200);

        clock.advance(Duration.ofSeconds(45));
        assertThat(api().get("/api/v1/ping", account.key()).status()).isEqualTo(200);
    }

    @Test
    void sixtyWritesPerMinuteOnTopOfTheGlobalLimit_decisionsRateLimits() {
        TestAccount account = newAccount(Plan.STARTER);
        clock.freezeAt(Instant.parse("2030-01-02T10:00:00Z"));
        for (int i = 0; i < 60; i++) {
            // A write the service refuses still counts: limits protect the service, whatever the outcome.
            assertThat(api().delete("/api/v1/prompts/1?project_id=999999", account.key()).status()).isEqualTo(404);
        }
        ApiClient.Response limited = api().delete("/api/v1/prompts/1?project_id=999999", account.key());
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.header("X-RateLimit-Limit")).isEqualTo("60");
        assertThat(limited.json().path("error").path("meta").path("bucket").asString()).isEqualTo("write");
        assertThat(api().get("/api/v1/ping", account.key()).status()).as("reads go on").isEqualTo(200);
    }

    @Test
    void twoInstancesOnOneDatabaseShareTheCount() {
        TestAccount account = newAccount(Plan.STARTER);
        long keyId = db.sql("SELECT id FROM api_keys WHERE user_id = :u AND scope = 'read'").param("u", account.userId())
                .query(Long.class).single();
        clock.freezeAt(Instant.parse("2030-01-03T10:00:00Z"));
        RateLimiter first = new RateLimiter(db, clock, 5, 2);
        RateLimiter second = new RateLimiter(db, clock, 5, 2);
        for (int i = 0; i < 5; i++) {
            assertThat((i % 2 == 0 ? first : second).hit(keyId, false).allowed()).isTrue();
        }
        assertThat(first.hit(keyId, false).allowed()).isFalse();
        assertThat(second.hit(keyId, false).allowed()).isFalse();
    }
}
