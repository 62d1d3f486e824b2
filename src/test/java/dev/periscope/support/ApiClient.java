package dev.periscope.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Calls the running service over real HTTP, the way users do. */
public final class ApiClient {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String baseUrl;

    public ApiClient(int port) {
        this.baseUrl = "http://127.0.0.1:" + port;
    }

    /** One answer: status, headers and the body (parsed when it is JSON). */
    public record Response(int status, java.net.http.HttpHeaders headers, String text) {
        public JsonNode json() {
            return JSON.readTree(text);
        }

        public String errorCode() {
            return json().path("error").path("code").asString();
        }

        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }
    }

    public Response get(String path, String key) {
        return send("GET", path, key, null, null);
    }

    public Response post(String path, String key, String body) {
        return send("POST", path, key, body, "application/json");
    }

    public Response patch(String path, String key, String body) {
        return send("PATCH", path, key, body, "application/json");
    }

    public Response delete(String path, String key) {
        return send("DELETE", path, key, null, null);
    }

    public Response send(String method, String path, String key, String body, String contentType) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(60))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        return send(request.build());
    }

    public Response send(HttpRequest request) {
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public String baseUrl() {
        return baseUrl;
    }

    public static String json(Object value) {
        return JSON.writeValueAsString(value);
    }
}
