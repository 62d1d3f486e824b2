package dev.periscope.projects.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SafeFetcherTest {
    private static final int MAX_BYTES = 64 * 1024;
    private static final String PAGE = """
            <!doctype html><html><head><title>Acme Tools</title></head><body><p>Grüße aus Köln</p></body></html>""";

    private HttpServer server;
    private ExecutorService serverThreads;
    private String base;
    private final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();
    private final Map<String, String> lastHeaders = new ConcurrentHashMap<>();
    private final CompletableFuture<Boolean> endlessBodyFullySent = new CompletableFuture<>();
    private SafeFetcher fetcher;

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        serverThreads = Executors.newVirtualThreadPerTaskExecutor();
        server.setExecutor(serverThreads);
        base = "http://127.0.0.1:" + server.getAddress().getPort();

        handle("/page", exchange -> {
            lastHeaders.put("user-agent", String.valueOf(exchange.getRequestHeaders().getFirst("User-Agent")));
            lastHeaders.put("accept", String.valueOf(exchange.getRequestHeaders().getFirst("Accept")));
            respond(exchange, 200, "text/html; charset=UTF-8", PAGE.getBytes(StandardCharsets.UTF_8));
        });
        handle("/latin1", exchange -> respond(exchange, 200, "text/html",
                "<html><head><meta charset=\"iso-8859-1\"><title>Café</title></head></html>"
                        .getBytes(StandardCharsets.ISO_8859_1)));
        handle("/start", exchange -> redirect(exchange, 301, "/middle"));
        handle("/middle", exchange -> redirect(exchange, 302, "next"));
        handle("/next", exchange -> redirect(exchange, 307, base + "/page"));
        handle("/loop", exchange -> redirect(exchange, 302, "/loop"));
        handle("/to-metadata", exchange -> redirect(exchange, 302, "http://169.254.169.254/latest/meta-data/"));
        handle("/to-private", exchange -> redirect(exchange, 302, "http://10.0.0.1/admin"));
        handle("/to-credentials", exchange -> redirect(exchange, 302,
                "http://admin:secret@127.0.0.1:" + server.getAddress().getPort() + "/page"));
        handle("/to-file", exchange -> redirect(exchange, 302, "file:///etc/passwd"));
        handle("/big", exchange -> respond(exchange, 200, "text/html", new byte[MAX_BYTES + 1]));
        handle("/exactly-max", exchange -> respond(exchange, 200, "text/html", "a".repeat(MAX_BYTES).getBytes(
                StandardCharsets.US_ASCII)));
        handle("/endless", exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/html");
            exchange.sendResponseHeaders(200, 0); // chunked, no length to check up front
            byte[] chunk = new byte[16 * 1024];
            try (OutputStream body = exchange.getResponseBody()) {
                for (int i = 0; i < 64 * 1024; i++) { // 1 GiB unless the client hangs up first
                    body.write(chunk);
                }
                endlessBodyFullySent.complete(true);
            } catch (IOException clientGone) {
                endlessBodyFullySent.complete(false);
            }
        });
        handle("/slow", exchange -> {
            sleep(3_000);
            respond(exchange, 200, "text/html", PAGE.getBytes(StandardCharsets.UTF_8));
        });
        handle("/trickle", exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/html");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream body = exchange.getResponseBody()) {
                for (int i = 0; i < 100; i++) {
                    body.write('x');
                    body.flush();
                    sleep(100);
                }
            } catch (IOException clientGone) {
                // expected: the fetcher gives up at its total deadline
            }
        });
        handle("/json", exchange -> respond(exchange, 200, "application/json", "{}".getBytes(StandardCharsets.UTF_8)));
        handle("/no-type", exchange -> respond(exchange, 200, null, PAGE.getBytes(StandardCharsets.UTF_8)));
        handle("/error", exchange -> respond(exchange, 500, "text/html", "boom".getBytes(StandardCharsets.UTF_8)));
        handle("/missing", exchange -> respond(exchange, 404, "text/html", "gone".getBytes(StandardCharsets.UTF_8)));
        server.start();
        fetcher = new SafeFetcher(settings(TargetPolicy.ALLOW_LOOPBACK, Duration.ofSeconds(3)));
    }

    @AfterEach
    void stopServer() {
        fetcher.close();
        server.stop(0);
        serverThreads.shutdownNow();
    }

    private static SafeFetcher.Settings settings(TargetPolicy policy, Duration total) {
        return new SafeFetcher.Settings(policy, Duration.ofMillis(300), Duration.ofMillis(300), total, MAX_BYTES, 3,
                "PeriscopeTest/1.0");
    }

    @Test
    void fetchesAnHtmlPage() throws FetchException {
        FetchedPage page = fetcher.fetch(base + "/page");

        assertThat(page.finalUrl()).isEqualTo(URI.create(base + "/page"));
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.contentType()).isEqualTo("text/html");
        assertThat(page.html()).isEqualTo(PAGE);
        assertThat(lastHeaders).containsEntry("user-agent", "PeriscopeTest/1.0")
                .containsEntry("accept", "text/html,application/xhtml+xml");
    }

    @Test
    void decodesWithTheCharsetDeclaredInTheMarkup() throws FetchException {
        assertThat(fetcher.fetch(base + "/latin1").html()).contains("<title>Café</title>");
    }

    @Test
    void followsARedirectChainWithRelativeAndAbsoluteLocations() throws FetchException {
        FetchedPage page = fetcher.fetch(base + "/start");

        assertThat(page.finalUrl()).isEqualTo(URI.create(base + "/page"));
        assertThat(page.html()).isEqualTo(PAGE);
        assertThat(hits.get("/start")).hasValue(1);
        assertThat(hits.get("/middle")).hasValue(1);
        assertThat(hits.get("/next")).hasValue(1);
    }

    @Test
    void redirectToCloudMetadataIsRefused_specProjectDraftsRedirectsRechecked() {
        assertFails("/to-metadata", FetchException.Reason.REFUSED_TARGET);
        assertFails("/to-private", FetchException.Reason.REFUSED_TARGET);
    }

    @Test
    void redirectToUrlWithCredentialsIsRefused() {
        assertThatThrownBy(() -> fetcher.fetch(base + "/to-credentials"))
                .isInstanceOfSatisfying(FetchException.class, e -> {
                    assertThat(e.reason()).isEqualTo(FetchException.Reason.REFUSED_TARGET);
                    assertThat(e.reasonToken()).isEqualTo("refused_target");
                    assertThat(e.getMessage()).contains("credentials").doesNotContain("secret");
                });
        assertThat(hits.get("/page")).isNull();
    }

    @Test
    void redirectToAnotherSchemeIsRefused() {
        assertFails("/to-file", FetchException.Reason.REFUSED_TARGET);
    }

    @Test
    void tooManyRedirectsFail() {
        assertFails("/loop", FetchException.Reason.TOO_MANY_REDIRECTS);
        assertThat(hits.get("/loop")).hasValue(4); // the first request and three allowed redirects
    }

    @Test
    void bodyLargerThanTheCapFails() {
        assertFails("/big", FetchException.Reason.TOO_LARGE);
    }

    @Test
    void bodyOfExactlyTheCapIsRead() throws FetchException {
        assertThat(fetcher.fetch(base + "/exactly-max").html()).hasSize(MAX_BYTES);
    }

    @Test
    void endlessBodyStopsAtTheCapWithoutDrainingIt() throws Exception {
        long started = System.nanoTime();

        assertFails("/endless", FetchException.Reason.TOO_LARGE);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
        assertThat(endlessBodyFullySent.get(5, TimeUnit.SECONDS)).as("server could send the whole body").isFalse();
    }

    @Test
    void slowServerTimesOut() {
        long started = System.nanoTime();

        assertFails("/slow", FetchException.Reason.TIMEOUT);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
    }

    @Test
    void tricklingServerIsCutOffAtTheTotalTimeout() {
        try (SafeFetcher impatient = new SafeFetcher(settings(TargetPolicy.ALLOW_LOOPBACK, Duration.ofMillis(800)))) {
            long started = System.nanoTime();

            assertThatThrownBy(() -> impatient.fetch(base + "/trickle"))
                    .isInstanceOfSatisfying(FetchException.class,
                            e -> assertThat(e.reason()).isEqualTo(FetchException.Reason.TIMEOUT));

            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(1_500));
        }
    }

    @Test
    void nonHtmlContentIsRefused() {
        assertFails("/json", FetchException.Reason.NOT_HTML);
        assertFails("/no-type", FetchException.Reason.NOT_HTML);
    }

    @Test
    void serverErrorIsAnHttpErrorWithItsStatus() {
        assertThatThrownBy(() -> fetcher.fetch(base + "/error"))
                .isInstanceOfSatisfying(FetchException.class, e -> {
                    assertThat(e.reason()).isEqualTo(FetchException.Reason.HTTP_ERROR);
                    assertThat(e.httpStatus()).hasValue(500);
                    assertThat(e.getMessage()).contains("500");
                });
        assertFails("/missing", FetchException.Reason.HTTP_ERROR);
    }

    @Test
    void strictPolicyRefusesTheLoopbackServer() {
        try (SafeFetcher strict = new SafeFetcher(settings(TargetPolicy.STRICT, Duration.ofSeconds(3)))) {
            assertThatThrownBy(() -> strict.fetch(base + "/page"))
                    .isInstanceOfSatisfying(FetchException.class,
                            e -> assertThat(e.reason()).isEqualTo(FetchException.Reason.REFUSED_TARGET));
        }
        assertThat(hits.get("/page")).isNull();
    }

    @Test
    void nameThatRebindsToAPrivateAddressAfterTheCheckIsRefusedAtConnect() {
        // First answer (the guard's check) is public; the answer at connect time points at this machine.
        AtomicInteger lookups = new AtomicInteger();
        HostResolver rebinding = host -> List.of(InetAddress.getByName(
                lookups.getAndIncrement() == 0 ? "93.184.216.34" : "127.0.0.1"));
        String url = "http://rebind.example.com:" + server.getAddress().getPort() + "/page";

        try (SafeFetcher strict = new SafeFetcher(settings(TargetPolicy.STRICT, Duration.ofSeconds(3)), rebinding)) {
            assertThatThrownBy(() -> strict.fetch(url))
                    .isInstanceOfSatisfying(FetchException.class,
                            e -> assertThat(e.reason()).isEqualTo(FetchException.Reason.REFUSED_TARGET));
        }
        assertThat(lookups.get()).isGreaterThanOrEqualTo(2);
        assertThat(hits.get("/page")).isNull();
    }

    @Test
    void nameResolvingToThisMachineIsFetchedUnderAllowLoopback() throws FetchException {
        HostResolver local = host -> List.of(InetAddress.getLoopbackAddress());

        try (SafeFetcher loopback = new SafeFetcher(settings(TargetPolicy.ALLOW_LOOPBACK, Duration.ofSeconds(3)),
                local)) {
            FetchedPage page = loopback.fetch("http://site.example.com:" + server.getAddress().getPort() + "/page");
            assertThat(page.html()).isEqualTo(PAGE);
        }
    }

    @Test
    void unreachablePortIsANetworkError() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        assertThatThrownBy(() -> fetcher.fetch("http://127.0.0.1:" + closedPort + "/"))
                .isInstanceOfSatisfying(FetchException.class,
                        e -> assertThat(e.reason()).isEqualTo(FetchException.Reason.NETWORK));
    }

    private void assertFails(String path, FetchException.Reason reason) {
        assertThatThrownBy(() -> fetcher.fetch(base + path))
                .as(path)
                .isInstanceOfSatisfying(FetchException.class, e -> assertThat(e.reason()).isEqualTo(reason));
    }

    private interface Handler {
        void handle(HttpExchange exchange) throws IOException;
    }

    private void handle(String path, Handler handler) {
        server.createContext(path, exchange -> {
            // Contexts match by prefix; only the exact path counts, anything else is a 404.
            String requested = exchange.getRequestURI().getPath();
            if (!requested.equals(path)) {
                respond(exchange, 404, "text/plain", new byte[0]);
                return;
            }
            hits.computeIfAbsent(path, key -> new AtomicInteger()).incrementAndGet();
            handler.handle(exchange);
        });
    }

    private static void respond(HttpExchange exchange, int status, String contentType, byte[] body)
            throws IOException {
        if (contentType != null) {
            exchange.getResponseHeaders().set("Content-Type", contentType);
        }
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static void redirect(HttpExchange exchange, int status, String location) throws IOException {
        exchange.getResponseHeaders().set("Location", location);
        respond(exchange, status, "text/html", new byte[0]);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
