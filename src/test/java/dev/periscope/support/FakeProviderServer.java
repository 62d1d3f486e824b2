package dev.periscope.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A local stand-in for an AI provider's HTTP API, on 127.0.0.1: answers queued replies in order (the last one
 * repeats), and records every request so tests can check what the client sent.
 */
public final class FakeProviderServer implements AutoCloseable {
    /** One canned reply; {@code delay} holds the answer back (for timeouts), {@code truncateTo} cuts the body. */
    public record Reply(int status, Map<String, String> headers, String body, Duration delay) {
        public static Reply json(String body) {
            return new Reply(200, Map.of("Content-Type", "application/json"), body, Duration.ZERO);
        }

        public static Reply status(int status, String body) {
            return new Reply(status, Map.of("Content-Type", "application/json"), body, Duration.ZERO);
        }

        public Reply withHeader(String name, String value) {
            Map<String, String> copy = new java.util.LinkedHashMap<>(headers);
            copy.put(name, value);
            return new Reply(status, copy, body, delay);
        }

        public Reply delayedBy(Duration wait) {
            return new Reply(status, headers, body, wait);
        }
    }

    /** A request as the server saw it. */
    public record Recorded(String method, String path, String query, Map<String, List<String>> headers, String body) {
        public String header(String name) {
            for (var entry : headers.entrySet()) {
                if (entry.getKey().equalsIgnoreCase(name)) {
                    return entry.getValue().get(0);
                }
            }
            return null;
        }
    }

    private final HttpServer server;
    private final Deque<Reply> replies = new ArrayDeque<>();
    private final List<Recorded> requests = new CopyOnWriteArrayList<>();
    private final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger mostInFlight = new java.util.concurrent.atomic.AtomicInteger();

    public FakeProviderServer() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    /** The base URL, e.g. {@code http://127.0.0.1:41234}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public synchronized FakeProviderServer reply(Reply... next) {
        replies.addAll(List.of(next));
        return this;
    }

    /** Forgets queued replies and recorded requests, then queues these replies. */
    public synchronized FakeProviderServer reset(Reply... next) {
        replies.clear();
        requests.clear();
        replies.addAll(List.of(next));
        return this;
    }

    public List<Recorded> requests() {
        return List.copyOf(requests);
    }

    /** The most requests this server was answering at the same time. */
    public int mostInFlight() {
        return mostInFlight.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        try (exchange; InputStream in = exchange.getRequestBody()) {
            String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            requests.add(new Recorded(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    exchange.getRequestURI().getRawQuery(), Map.copyOf(exchange.getRequestHeaders()), body));
            Reply reply;
            synchronized (this) {
                reply = replies.size() > 1 ? replies.poll() : replies.peek();
            }
            if (reply == null) {
                reply = Reply.status(500, "{\"error\":\"no reply queued\"}");
            }
            if (!reply.delay().isZero()) {
                try {
                    Thread.sleep(reply.delay());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            reply.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                exchange.getResponseBody().write(bytes);
            }
        } catch (IOException clientWentAway) {
            // A client that timed out closed the connection; nothing to answer.
        } finally {
            inFlight.decrementAndGet();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
