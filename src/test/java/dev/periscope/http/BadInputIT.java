package dev.periscope.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.plans.Plan;
import dev.periscope.support.ApiClient;
import dev.periscope.support.IntegrationTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Bad input of every kind gets a clear 4xx naming the parameter; never a 500, never a stack trace, never HTML. */
class BadInputIT extends IntegrationTest {
    private TestAccount account;
    private long projectId;

    @BeforeEach
    void project() {
        account = newAccount(Plan.SCALE);
        projectId = createProject(account, Map.of());
    }

    private void assertRefused(ApiClient.Response response, int status, String code, String param) {
        assertThat(response.status()).as(response.text()).isEqualTo(status);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.errorCode()).isEqualTo(code);
        if (param != null) {
            assertThat(response.json().path("error").path("meta").path("param").asString()).isEqualTo(param);
        }
        assertThat(response.text()).doesNotContain("Exception").doesNotContain("at dev.").doesNotContain("<html");
    }

    @Test
    void malformedJson() {
        assertRefused(api().post("/api/v1/collections", account.key(), "{\"project_id\": 1,"), 422, "ERR_INVALID_PARAM", "body");
        assertRefused(api().post("/api/v1/collections", account.key(), "[1, 2]"), 422, "ERR_INVALID_PARAM", "body");
        assertRefused(api().post("/api/v1/collections", account.key(), "{\"a\":1,\"a\":2}"), 422, "ERR_INVALID_PARAM", null);
    }

    @Test
    void wrongTypes() {
        assertRefused(api().post("/api/v1/collections", account.key(), "{\"project_id\":\"" + projectId + "\",\"name\":\"x\"}"),
                422, "ERR_INVALID_PARAM", "project_id");
        assertRefused(api().post("/api/v1/prompts", account.key(), ApiClient.json(Map.of("project_id", projectId,
                "prompts", "one prompt", "country_code", "US", "language_code", "en"))), 422, "ERR_INVALID_PARAM", "prompts");
        assertRefused(api().post("/api/v1/prompts/assign_tags", account.key(), ApiClient.json(Map.of("project_id", projectId,
                "prompt_ids", List.of("a")))), 422, "ERR_INVALID_PARAM", "prompt_ids[0]");
        assertRefused(api().post("/api/v1/project_drafts", account.key(), ApiClient.json(Map.of("website_url", "https://a.example.com",
                "main_country", "US", "main_language", "en", "suggest", "no"))), 422, "ERR_INVALID_PARAM", "suggest");
        assertRefused(api().get("/api/v1/dimensions/prompts?project_id=x1", account.key()), 422, "ERR_INVALID_PARAM", "project_id");
        assertRefused(api().get("/api/v1/dimensions/projects/abc", account.key()), 422, "ERR_INVALID_PARAM", "id");
        assertRefused(api().get("/api/v1/dimensions/competitors?project_id=" + projectId + "&include_project_brand=maybe",
                account.key()), 422, "ERR_INVALID_PARAM", "include_project_brand");
    }

    @Test
    void missingRequiredFields() {
        assertRefused(api().post("/api/v1/collections", account.key(), null), 422, "ERR_INVALID_PARAM", "project_id");
        assertRefused(api().post("/api/v1/collections", account.key(), ApiClient.json(Map.of("project_id", projectId))),
                422, "ERR_INVALID_PARAM", "name");
        assertRefused(api().post("/api/v1/prompts", account.key(), ApiClient.json(Map.of("project_id", projectId,
                "prompts", List.of("x"), "country_code", "US"))), 422, "ERR_INVALID_PARAM", "language_code");
        assertRefused(api().post("/api/v1/projects", account.key(), ApiClient.json(Map.of("name", "Acme"))),
                422, "ERR_INVALID_PARAM", "website_url");
        assertRefused(api().get("/api/v1/dimensions/prompts", account.key()), 422, "ERR_INVALID_PARAM", "project_id");
        assertRefused(api().delete("/api/v1/prompts/1", account.key()), 422, "ERR_INVALID_PARAM", "project_id");
        assertRefused(api().patch("/api/v1/project_drafts/draft_x", account.key(), "{}"), 404, "ERR_DRAFT_NOT_FOUND", null);
    }

    @Test
    void outOfRangeNumbers() {
        assertRefused(api().get("/api/v1/dimensions/prompts?project_id=" + projectId + "&per_page=101", account.key()),
                422, "ERR_INVALID_PARAM", "per_page");
        assertRefused(api().get("/api/v1/dimensions/prompts?project_id=" + projectId + "&page=0", account.key()),
                422, "ERR_INVALID_PARAM", "page");
        assertRefused(api().get("/api/v1/dimensions/prompts?project_id=99999999999999999999", account.key()),
                422, "ERR_INVALID_PARAM", "project_id");
        assertRefused(api().get("/api/v1/dimensions/prompts?project_id=-4", account.key()), 422, "ERR_INVALID_PARAM", "project_id");
        assertRefused(api().post("/api/v1/collections", account.key(), "{\"project_id\":1e400,\"name\":\"x\"}"),
                422, "ERR_INVALID_PARAM", null);
    }

    @Test
    void unknownEnumValuesListTheAllowedOnes_decisionsListsFiltersOutput() {
        ApiClient.Response response = api().get("/api/v1/dimensions/prompts?project_id=" + projectId + "&brand_kind=ours",
                account.key());
        assertRefused(response, 422, "ERR_INVALID_PARAM", "brand_kind");
        assertThat(response.json().path("error").path("meta").path("allowed").toString()).contains("non_brand");
        assertRefused(api().get("/api/v1/dimensions/prompts?project_id=" + projectId + "&model=chatgpt5", account.key()),
                422, "ERR_INVALID_PARAM", "model");
        assertRefused(api().get("/api/v1/dimensions/projects?output=xml", account.key()), 422, "ERR_INVALID_PARAM", "output");
        assertRefused(api().patch("/api/v1/project_drafts/draft_abc", account.key(), "{\"step\":\"launch\"}"),
                404, "ERR_DRAFT_NOT_FOUND", null);
        assertRefused(api().post("/api/v1/prompts", account.key(), ApiClient.json(Map.of("project_id", projectId,
                "prompts", List.of("x"), "country_code", "XX", "language_code", "en"))), 422, "ERR_INVALID_PARAM", "country_code");
    }

    @Test
    void unknownFieldsAreNamed() {
        ApiClient.Response response = api().post("/api/v1/collections", account.key(),
                ApiClient.json(Map.of("project_id", projectId, "name", "x", "colour", "red")));
        assertRefused(response, 422, "ERR_INVALID_PARAM", "colour");
    }

    @Test
    void oversizedBodiesAndStrings() {
        String huge = "{\"project_id\":" + projectId + ",\"name\":\"" + "x".repeat(1_100_000) + "\"}";
        ApiClient.Response body = api().post("/api/v1/collections", account.key(), huge);
        assertThat(body.status()).isEqualTo(413);
        assertThat(body.errorCode()).isEqualTo("ERR_PAYLOAD_TOO_LARGE");
        ApiClient.Response string = api().post("/api/v1/collections", account.key(),
                ApiClient.json(Map.of("project_id", projectId, "name", "x".repeat(101))));
        assertRefused(string, 422, "ERR_INVALID_PARAM", "name");
        assertThat(string.json().path("error").path("meta").path("max_length").asInt()).isEqualTo(100);
        assertRefused(api().get("/api/v1/dimensions/prompts?project_id=" + projectId + "&country_code=" + "U".repeat(3000),
                account.key()), 422, "ERR_INVALID_PARAM", "country_code");
    }

    @Test
    void controlCharactersNeverReachTheDatabase() {
        assertRefused(api().post("/api/v1/collections", account.key(), "{\"project_id\":" + projectId + ",\"name\":\"a\\u0000b\"}"),
                422, "ERR_INVALID_PARAM", "name");
        assertRefused(api().get("/api/v1/dimensions/prompts?project_id=" + projectId + "&country_code=U%00S", account.key()),
                422, "ERR_INVALID_PARAM", "country_code");
    }

    @Test
    void repeatedQueryParametersAreRefused() {
        assertRefused(api().get("/api/v1/dimensions/prompts?project_id=" + projectId + "&project_id=2", account.key()),
                422, "ERR_INVALID_PARAM", "project_id");
    }

    @Test
    void transportLevelMistakes() {
        assertRefused(api().send("POST", "/api/v1/collections", account.key(), "name=x", "application/x-www-form-urlencoded"),
                415, "ERR_UNSUPPORTED_MEDIA_TYPE", null);
        assertRefused(api().send("PUT", "/api/v1/ping", account.key(), "{}", "application/json"), 405, "ERR_METHOD_NOT_ALLOWED", null);
        assertRefused(api().get("/api/v1/no/such/thing", account.key()), 404, "ERR_NOT_FOUND", null);
        assertRefused(api().get("/nothing-here", null), 404, "ERR_NOT_FOUND", null);
    }

    @Test
    void evenUndecodableUrlsGetTheJsonErrorBody() throws Exception {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
            socket.getOutputStream().write("GET /api/v1/%zz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(answer).startsWith("HTTP/1.1 400").contains("application/json").contains("\"ERR_INVALID_PARAM\"")
                    .doesNotContain("<html");
        }
    }
}
