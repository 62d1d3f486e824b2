package dev.periscope.execution.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.periscope.support.FakeProviderServer;
import dev.periscope.support.FakeProviderServer.Recorded;
import dev.periscope.support.FakeProviderServer.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class GroundingRedirectsTest {
    private FakeProviderServer server;

    @BeforeEach
    void start() {
        server = new FakeProviderServer();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static GroundingRedirects redirects(Duration requestTimeout, int concurrent, Duration total, int cache) {
        return new GroundingRedirects(new GroundingRedirects.Settings(requestTimeout, concurrent, total, cache));
    }

    private static GroundingRedirects quick() {
        return redirects(Duration.ofMillis(500), 8, Duration.ofSeconds(5), 100);
    }

    private String link(String token) {
        return server.baseUrl() + "/grounding-api-redirect/" + token;
    }

    private static Reply redirectTo(String location) {
        return Reply.status(302, "").withHeader("Location", location);
    }

    @Test
    void readsTheLocationOfAHeadRequestWithoutFollowingIt() {
        String target = server.baseUrl() + "/the-real-page";
        server.reply(redirectTo(target));

        assertThat(quick().resolve(link("AUZIYQabc123"))).contains(target);

        assertThat(server.requests()).hasSize(1);
        Recorded asked = server.requests().get(0);
        assertThat(asked.method()).isEqualTo("HEAD");
        assertThat(asked.path()).isEqualTo("/grounding-api-redirect/AUZIYQabc123");
    }

    @Test
    void fallsBackToGetWhenHeadIsNotAllowed() {
        server.reply(Reply.status(405, ""), Reply.status(301, "").withHeader("Location", "https://example.org/a?b=1"));

        assertThat(quick().resolve(link("t1"))).contains("https://example.org/a?b=1");

        assertThat(server.requests()).extracting(Recorded::method).containsExactly("HEAD", "GET");
    }

    @Test
    void anErrorLeavesTheLinkUnresolvedWithoutRetrying() {
        server.reply(Reply.status(500, ""));

        assertThat(quick().resolve(link("t1"))).isEmpty();

        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aSlowLinkIsGivenUpAfterTheRequestTimeout() {
        server.reply(redirectTo("https://example.org/late").delayedBy(Duration.ofSeconds(3)));
        GroundingRedirects redirects = redirects(Duration.ofMillis(200), 8, Duration.ofSeconds(10), 100);

        assertThat(redirects.resolve(link("slow"))).isEmpty();
        assertThat(redirects.cached()).isZero();
    }

    @Test
    void onlyAbsoluteHttpLocationsCount() {
        server.reply(redirectTo("/relative/path"), redirectTo("ftp://files.example.org/x"),
                redirectTo("javascript:alert(1)"), Reply.status(302, ""), Reply.status(200, ""));
        GroundingRedirects redirects = quick();

        for (String token : List.of("relative", "ftp", "script", "no-location", "plain-page")) {
            assertThat(redirects.resolve(link(token))).as(token).isEmpty();
        }

        assertThat(server.requests()).hasSize(5);
        assertThat(redirects.cached()).isZero();
    }

    @Test
    void resolvedLinksAreCachedAndTheOldestIsEvicted() {
        server.reply(redirectTo("https://example.org/target"));
        GroundingRedirects redirects = redirects(Duration.ofMillis(500), 8, Duration.ofSeconds(5), 2);

        redirects.resolve(link("a"));
        redirects.resolve(link("a"));
        assertThat(server.requests()).hasSize(1);

        redirects.resolve(link("b"));
        redirects.resolve(link("a"));
        redirects.resolve(link("c"));
        assertThat(server.requests()).hasSize(3);
        assertThat(redirects.cached()).isEqualTo(2);

        redirects.resolve(link("a"));
        assertThat(server.requests()).hasSize(3);
        redirects.resolve(link("b"));
        assertThat(server.requests()).hasSize(4);
    }

    @Test
    void resolvesOneAnswersLinksInParallelButNoMoreThanTheLimitAtOnce() {
        server.reply(redirectTo("https://example.org/target").delayedBy(Duration.ofMillis(300)));
        GroundingRedirects redirects = redirects(Duration.ofSeconds(2), 2, Duration.ofSeconds(10), 100);
        List<String> links = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            links.add(link("link" + i));
        }

        Map<String, String> resolved = redirects.resolveAll(links);

        assertThat(resolved).hasSize(6).containsOnlyKeys(links);
        assertThat(server.mostInFlight()).as("in parallel, but never more than the limit").isEqualTo(2);
    }

    @Test
    void theWholeAnswerGetsABoundedTime() {
        server.reply(redirectTo("https://example.org/target").delayedBy(Duration.ofSeconds(3)));
        GroundingRedirects redirects = redirects(Duration.ofSeconds(5), 8, Duration.ofMillis(400), 100);

        Map<String, String> resolved = redirects.resolveAll(List.of(link("x"), link("y"), link("z")));

        assertThat(resolved).as("given up after the total budget, long before the 3 s answers").isEmpty();
    }

    @Test
    void otherUrlsAreLeftAloneAndRepeatsAskedOnce() {
        server.reply(redirectTo("https://example.org/target"));
        String normal = server.baseUrl() + "/some/article";

        Map<String, String> resolved = quick().resolveAll(List.of(normal, link("a"), link("a")));

        assertThat(resolved).containsExactly(Map.entry(link("a"), "https://example.org/target"));
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void recognisesRedirectLinksByTheirPath() {
        assertThat(GroundingRedirects.isRedirect(
                "https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQHkT3x")).isTrue();
        assertThat(GroundingRedirects.isRedirect("http://127.0.0.1:4321/grounding-api-redirect/abc")).isTrue();
        assertThat(GroundingRedirects.isRedirect("https://www.example.org/grounding-api-redirect")).isFalse();
        assertThat(GroundingRedirects.isRedirect("https://www.example.org/blog/post")).isFalse();
        assertThat(GroundingRedirects.isRedirect("ftp://vertexaisearch.cloud.google.com/grounding-api-redirect/x"))
                .isFalse();
        assertThat(GroundingRedirects.isRedirect("not a url/grounding-api-redirect/x")).isFalse();
        assertThat(GroundingRedirects.isRedirect(null)).isFalse();
    }

    @Test
    void defaultsAndValidation() {
        GroundingRedirects.Settings defaults = GroundingRedirects.Settings.defaults();

        assertThat(defaults).isEqualTo(new GroundingRedirects.Settings(Duration.ofSeconds(3), 8,
                Duration.ofSeconds(10), 10_000));
        assertThatThrownBy(() -> new GroundingRedirects.Settings(Duration.ZERO, 8, Duration.ofSeconds(1), 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new GroundingRedirects.Settings(Duration.ofSeconds(1), 0, Duration.ofSeconds(1), 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
