package dev.periscope.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.access.ApiKeySecrets;
import dev.periscope.plans.Plan;
import dev.periscope.support.ApiClient;
import dev.periscope.support.IntegrationTest;
import java.net.URI;
import java.net.http.HttpRequest;
import org.junit.jupiter.api.Test;

/** Spec "Authentication" 1-4 and the auth rows of "Errors". */
class AuthenticationIT extends IntegrationTest {

    @Test
    void missingHeaderIsMissingAuth_specAuthentication4() {
        ApiClient.Response response = api().get("/api/v1/ping", null);
        assertThat(response.status()).isEqualTo(401);
        assertThat(response.errorCode()).isEqualTo("ERR_MISSING_AUTH");
        assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
    }

    @Test
    void malformedHeaderIsMissingAuth_specAuthentication4() {
        for (String header : new String[] {"Basic dXNlcjpwYXNz", "Bearer", "Bearer ", "psk_abc", "Bearer a b"}) {
            ApiClient.Response response = api().send(HttpRequest.newBuilder(URI.create(api().baseUrl() + "/api/v1/ping"))
                    .header("Authorization", header).GET().build());
            assertThat(response.status()).as(header).isEqualTo(401);
            assertThat(response.errorCode()).as(header).isEqualTo("ERR_MISSING_AUTH");
        }
    }

    @Test
    void unknownKeyIsInvalidApiKey_specAuthentication4() {
        for (String key : new String[] {ApiKeySecrets.generate(), "psk_short", "not-a-key"}) {
            ApiClient.Response response = api().get("/api/v1/ping", key);
            assertThat(response.status()).isEqualTo(401);
            assertThat(response.errorCode()).isEqualTo("ERR_INVALID_API_KEY");
        }
    }

    @Test
    void revokedKeyIsRevokedApiKey_specAuthentication4() {
        TestAccount account = newAccount(Plan.GROWTH);
        long keyId = db.sql("SELECT id FROM api_keys WHERE user_id = :user AND scope = 'read_write'")
                .param("user", account.userId()).query(Long.class).single();
        assertThat(api().get("/api/v1/ping", account.key()).status()).isEqualTo(200);
        apiKeys.revoke(keyId);
        ApiClient.Response response = api().get("/api/v1/ping", account.key());
        assertThat(response.status()).isEqualTo(403);
        assertThat(response.errorCode()).isEqualTo("ERR_REVOKED_API_KEY");
    }

    @Test
    void rotationIssuesANewKeyAndRevokesTheOld() {
        TestAccount account = newAccount(Plan.GROWTH);
        long keyId = db.sql("SELECT id FROM api_keys WHERE user_id = :user AND scope = 'read_write'")
                .param("user", account.userId()).query(Long.class).single();
        String fresh = apiKeys.rotate(keyId).key();
        assertThat(fresh).isNotEqualTo(account.key()).matches("psk_[0-9A-Za-z]{40}");
        assertThat(api().get("/api/v1/ping", fresh).status()).isEqualTo(200);
        assertThat(api().get("/api/v1/ping", account.key()).errorCode()).isEqualTo("ERR_REVOKED_API_KEY");
        assertThat(api().post("/api/v1/collections", fresh, "{}").status()).as("scope carried over").isEqualTo(422);
    }

    @Test
    void keysAreStoredOnlyAsHashes_decisionsProduct() {
        TestAccount account = newAccount(Plan.GROWTH);
        long stored = db.sql("SELECT count(*) FROM api_keys WHERE key_hint LIKE :plain OR encode(key_hash, 'escape') LIKE :plain")
                .param("plain", "%" + account.key().substring(4) + "%").query(Long.class).single();
        assertThat(stored).isZero();
    }

    @Test
    void readKeyCannotWrite_specAuthentication3() {
        TestAccount account = newAccount(Plan.SCALE);
        long projectId = createProject(account, java.util.Map.of());
        String body = ApiClient.json(java.util.Map.of("project_id", projectId, "name", "Tag"));
        ApiClient.Response post = api().post("/api/v1/collections", account.readKey(), body);
        assertThat(post.status()).isEqualTo(403);
        assertThat(post.errorCode()).isEqualTo("ERR_INSUFFICIENT_SCOPE");
        assertThat(api().delete("/api/v1/prompts/1?project_id=" + projectId, account.readKey()).errorCode())
                .isEqualTo("ERR_INSUFFICIENT_SCOPE");
        assertThat(api().patch("/api/v1/competitors/1", account.readKey(), body).errorCode())
                .isEqualTo("ERR_INSUFFICIENT_SCOPE");
        assertThat(api().get("/api/v1/dimensions/projects", account.readKey()).status()).isEqualTo(200);
    }

    @Test
    void inactiveAccountIsRefused() {
        TestAccount account = newAccount(Plan.GROWTH);
        db.sql("UPDATE accounts SET status = 'inactive' WHERE id = :id").param("id", account.accountId()).update();
        ApiClient.Response response = api().get("/api/v1/ping", account.key());
        assertThat(response.status()).isEqualTo(403);
        assertThat(response.errorCode()).isEqualTo("ERR_ACCOUNT_INACTIVE");
    }

    @Test
    void pingAnswersOkWithTheUser_specHealthAndAccount() {
        TestAccount account = newAccount(Plan.STARTER);
        ApiClient.Response response = api().get("/api/v1/ping", account.key());
        assertThat(response.json().path("ok").asBoolean()).isTrue();
        assertThat(response.json().path("user_id").asLong()).isEqualTo(account.userId());
        assertThat(response.json().has("project")).isFalse();
        long projectId = createProject(account, java.util.Map.of());
        ApiClient.Response withProject = api().get("/api/v1/ping?project_id=" + projectId, account.key());
        assertThat(withProject.json().path("project").path("id").asLong()).isEqualTo(projectId);
    }

    @Test
    void everyResponseCarriesARequestId_decisionsErrors() {
        TestAccount account = newAccount(Plan.STARTER);
        ApiClient.Response ok = api().get("/api/v1/ping", account.key());
        assertThat(ok.header("X-Request-Id")).isEqualTo(ok.json().path("request_id").asString()).startsWith("req_");
        ApiClient.Response failed = api().get("/api/v1/ping", null);
        assertThat(failed.header("X-Request-Id")).isEqualTo(failed.json().path("request_id").asString());
        ApiClient.Response reused = api().send(HttpRequest.newBuilder(URI.create(api().baseUrl() + "/api/v1/ping"))
                .header("Authorization", "Bearer " + account.key()).header("X-Request-Id", "trace-123").GET().build());
        assertThat(reused.json().path("request_id").asString()).isEqualTo("trace-123");
        ApiClient.Response insane = api().send(HttpRequest.newBuilder(URI.create(api().baseUrl() + "/api/v1/ping"))
                .header("Authorization", "Bearer " + account.key()).header("X-Request-Id", "<script>").GET().build());
        assertThat(insane.json().path("request_id").asString()).startsWith("req_");
    }

    @Test
    void accountReportsPlanQuotasAndRateLimits_decisionsOtherEndpoints() {
        TestAccount account = newAccount(Plan.SCALE);
        createProject(account, java.util.Map.of("prompts", java.util.List.of("one", "two")));
        var json = api().get("/api/v1/account", account.key()).json();
        assertThat(json.path("plan").asString()).isEqualTo("scale");
        assertThat(json.path("tracking_frequency").asString()).isEqualTo("weekly");
        assertThat(json.path("limits").path("prompts").path("limit").asInt()).isEqualTo(1000);
        assertThat(json.path("limits").path("prompts").path("used").asInt()).isEqualTo(2);
        assertThat(json.path("limits").path("prompts").path("remaining").asInt()).isEqualTo(998);
        assertThat(json.path("limits").path("projects").path("used").asInt()).isEqualTo(1);
        assertThat(json.path("limits").path("team_members").path("limit").isNull()).isTrue();
        assertThat(json.path("limits").path("team_members").path("unlimited").asBoolean()).isTrue();
        assertThat(json.path("limits").path("intelligence_tasks").path("period").asString()).isEqualTo("month");
        assertThat(json.path("rate_limits").path("requests_per_minute").asInt()).isEqualTo(300);
        assertThat(json.path("rate_limits").path("write_requests_per_minute").asInt()).isEqualTo(60);
        var starter = api().get("/api/v1/account", newAccount(Plan.STARTER).key()).json();
        assertThat(starter.path("limits").path("team_members").path("limit").asInt()).isEqualTo(1);
        assertThat(starter.path("limits").path("competitors_per_project").path("limit").asInt()).isEqualTo(5);
    }
}
