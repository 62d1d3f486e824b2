package dev.periscope.projects.site;

import dev.periscope.shared.ApiException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.Serial;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.io.Closer;
import org.apache.hc.core5.util.Timeout;

/**
 * Fetches one HTML page from a user-supplied URL without becoming an SSRF proxy.
 *
 * <p>Every URL, the first and each redirect target, passes {@link UrlGuard}; the connection itself goes through a
 * DNS resolver that applies the same {@link TargetPolicy} to the addresses it is about to connect to, so a name that
 * re-resolves to an internal address between the check and the connect (DNS rebinding) is still refused. Bodies are
 * capped, and the whole operation, redirects included, is bounded by {@link Settings#totalTimeout()}.
 *
 * <p>Thread-safe; holds one pooled HTTP client, so share an instance and close it on shutdown.
 */
public final class SafeFetcher implements AutoCloseable {
    private static final Set<String> HTML_TYPES = Set.of("text/html", "application/xhtml+xml");
    private static final Set<Integer> REDIRECT_STATUSES = Set.of(301, 302, 303, 307, 308);
    private static final String ACCEPT = "text/html,application/xhtml+xml";
    /** Pages often declare their charset only in a meta tag, and the tag must sit in the first 1024 bytes. */
    private static final int CHARSET_SNIFF_BYTES = 1024;
    private static final Pattern META_CHARSET =
            Pattern.compile("<meta[^>]+charset\\s*=\\s*[\"']?\\s*([a-z0-9_.:-]+)", Pattern.CASE_INSENSITIVE);

    /**
     * @param policy         which addresses may be contacted
     * @param connectTimeout TCP (and TLS) connect limit per hop
     * @param readTimeout    the longest silence tolerated while waiting for bytes
     * @param totalTimeout   the limit on the whole fetch, redirects and body included
     * @param maxBytes       the largest body read; anything longer fails with {@code too_large}
     * @param maxRedirects   how many redirects are followed
     * @param userAgent      sent on every request
     */
    public record Settings(TargetPolicy policy, Duration connectTimeout, Duration readTimeout, Duration totalTimeout,
                           int maxBytes, int maxRedirects, String userAgent) {
        public Settings {
            Objects.requireNonNull(policy, "policy");
            requirePositive(connectTimeout, "connectTimeout");
            requirePositive(readTimeout, "readTimeout");
            requirePositive(totalTimeout, "totalTimeout");
            if (maxBytes < 1 || maxBytes == Integer.MAX_VALUE) {
                throw new IllegalArgumentException("maxBytes must be between 1 and " + (Integer.MAX_VALUE - 1));
            }
            if (maxRedirects < 0) {
                throw new IllegalArgumentException("maxRedirects must not be negative");
            }
            if (userAgent == null || userAgent.isBlank()) {
                throw new IllegalArgumentException("userAgent must not be blank");
            }
        }

        public static Settings defaults() {
            return new Settings(TargetPolicy.STRICT, Duration.ofSeconds(5), Duration.ofSeconds(10),
                    Duration.ofSeconds(20), 2 * 1024 * 1024, 5,
                    "PeriscopeBot/0.1 (+https://github.com/periscope-analytics/periscope)");
        }

        private static void requirePositive(Duration duration, String name) {
            if (duration == null || duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException(name + " must be positive");
            }
        }
    }

    private final Settings settings;
    private final HostResolver resolver;
    private final CloseableHttpClient client;

    public SafeFetcher(Settings settings) {
        this(settings, HostResolver.system());
    }

    /** With a chosen resolver, so tests can play a DNS server that changes its answer. */
    SafeFetcher(Settings settings, HostResolver resolver) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.resolver = Objects.requireNonNull(resolver, "resolver");
        ConnectionConfig connectionConfig = ConnectionConfig.custom()
                .setConnectTimeout(timeout(settings.connectTimeout()))
                .setSocketTimeout(timeout(settings.readTimeout()))
                .build();
        RequestConfig requestConfig = RequestConfig.custom()
                .setRedirectsEnabled(false)
                .setAuthenticationEnabled(false)
                .setConnectionRequestTimeout(timeout(settings.connectTimeout()))
                .setResponseTimeout(timeout(settings.readTimeout()))
                .build();
        this.client = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDnsResolver(new GuardedDnsResolver(resolver, settings.policy()))
                        .setDefaultConnectionConfig(connectionConfig)
                        .setMaxConnTotal(32)
                        .setMaxConnPerRoute(4)
                        .build())
                .setDefaultRequestConfig(requestConfig)
                .setUserAgent(settings.userAgent())
                // Redirects are followed by hand so each target passes the guard; retries would stretch the deadline.
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                .build();
    }

    /**
     * Fetches {@code url} and returns the HTML page it ends on.
     *
     * @throws FetchException with a {@link FetchException.Reason} and a message fit for the user
     */
    public FetchedPage fetch(String url) throws FetchException {
        long deadline = System.nanoTime() + settings.totalTimeout().toNanos();
        FutureTask<FetchedPage> task = new FutureTask<>(() -> followRedirects(url, deadline));
        Thread.ofVirtual().name("safe-fetcher").start(task);
        try {
            return task.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw timedOut();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FetchException(FetchException.Reason.NETWORK, "The fetch was interrupted", e);
        } catch (ExecutionException e) {
            throw unwrap(e.getCause());
        } finally {
            // Stops a worker that is still busy: interrupting a virtual thread closes the socket it blocks on.
            task.cancel(true);
        }
    }

    @Override
    public void close() {
        client.close(CloseMode.GRACEFUL);
    }

    private FetchedPage followRedirects(String url, long deadline) throws FetchException {
        URI target = guard(url, "the URL");
        for (int redirects = 0; ; redirects++) {
            if (deadline - System.nanoTime() <= 0) {
                throw timedOut();
            }
            switch (fetchOnce(target, deadline)) {
                case Hop.Arrived arrived -> {
                    return arrived.page();
                }
                case Hop.Redirected redirected -> {
                    if (redirects >= settings.maxRedirects()) {
                        throw new FetchException(FetchException.Reason.TOO_MANY_REDIRECTS,
                                "The site redirected more than " + settings.maxRedirects() + " times");
                    }
                    target = guard(redirected.location(), "the redirect target");
                }
            }
        }
    }

    private URI guard(String url, String what) throws FetchException {
        try {
            return UrlGuard.check(url, what, resolver, settings.policy()).uri();
        } catch (ApiException e) {
            throw new FetchException(FetchException.Reason.REFUSED_TARGET, "Refused to fetch: " + e.getMessage(), e);
        }
    }

    private Hop fetchOnce(URI target, long deadline) throws FetchException {
        HttpGet request = new HttpGet(target);
        request.setHeader(HttpHeaders.ACCEPT, ACCEPT);
        try (Exchange exchange = new Exchange(request, client.executeOpen(null, request, null))) {
            return read(target, exchange.response(), deadline);
        } catch (IOException e) {
            throw translate(e, deadline);
        }
    }

    private Hop read(URI target, ClassicHttpResponse response, long deadline) throws IOException, FetchException {
        int status = response.getCode();
        if (REDIRECT_STATUSES.contains(status)) {
            Header location = response.getFirstHeader(HttpHeaders.LOCATION);
            if (location == null || location.getValue() == null || location.getValue().isBlank()) {
                throw FetchException.httpError(status);
            }
            return new Hop.Redirected(resolve(target, location.getValue().strip()));
        }
        if (status < 200 || status > 299) {
            throw FetchException.httpError(status);
        }
        Header contentTypeHeader = response.getFirstHeader(HttpHeaders.CONTENT_TYPE);
        String contentType = contentTypeHeader == null ? "" : contentTypeHeader.getValue();
        String mediaType = mediaType(contentType);
        if (!HTML_TYPES.contains(mediaType)) {
            throw new FetchException(FetchException.Reason.NOT_HTML, mediaType.isEmpty()
                    ? "The page does not declare a content type; only HTML pages can be read"
                    : "The page is " + mediaType + ", not HTML");
        }
        byte[] body = readCapped(response.getEntity(), deadline);
        String html = decode(body, declaredCharset(contentType));
        return new Hop.Arrived(new FetchedPage(target, status, mediaType, html));
    }

    private static String resolve(URI base, String location) throws FetchException {
        try {
            return base.resolve(new URI(location)).toString();
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new FetchException(FetchException.Reason.REFUSED_TARGET,
                    "Refused to fetch: the site redirected to an invalid URL", e);
        }
    }

    private byte[] readCapped(HttpEntity entity, long deadline) throws IOException, FetchException {
        if (entity == null) {
            return new byte[0];
        }
        int maxBytes = settings.maxBytes();
        if (entity.getContentLength() > maxBytes) {
            throw tooLarge();
        }
        // The stream is closed with the response by Exchange, which aborts first so an unread rest is never drained.
        InputStream in = entity.getContent();
        if (in == null) {
            return new byte[0];
        }
        int limit = maxBytes + 1;
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(limit, 64 * 1024));
        byte[] buffer = new byte[8192];
        while (out.size() < limit) {
            int count = in.read(buffer, 0, Math.min(buffer.length, limit - out.size()));
            if (count < 0) {
                break;
            }
            out.write(buffer, 0, count);
            // A server trickling bytes just under the read timeout must not outlive the overall deadline.
            if (deadline - System.nanoTime() <= 0) {
                throw timedOut();
            }
        }
        if (out.size() > maxBytes) {
            throw tooLarge();
        }
        return out.toByteArray();
    }

    private static String mediaType(String contentType) {
        int semicolon = contentType.indexOf(';');
        String type = semicolon < 0 ? contentType : contentType.substring(0, semicolon);
        return type.strip().toLowerCase(Locale.ROOT);
    }

    private static Charset declaredCharset(String contentType) {
        for (String parameter : contentType.split(";")) {
            int equals = parameter.indexOf('=');
            if (equals > 0 && parameter.substring(0, equals).strip().equalsIgnoreCase("charset")) {
                return charset(parameter.substring(equals + 1).strip().replace("\"", "").replace("'", ""));
            }
        }
        return null;
    }

    private static String decode(byte[] body, Charset declared) {
        boolean utf8Bom = body.length >= 3
                && (body[0] & 0xFF) == 0xEF && (body[1] & 0xFF) == 0xBB && (body[2] & 0xFF) == 0xBF;
        if (utf8Bom) {
            return new String(body, 3, body.length - 3, StandardCharsets.UTF_8);
        }
        Charset charset = declared != null ? declared : sniffedCharset(body);
        return new String(body, charset != null ? charset : StandardCharsets.UTF_8);
    }

    private static Charset sniffedCharset(byte[] body) {
        String head = new String(body, 0, Math.min(body.length, CHARSET_SNIFF_BYTES), StandardCharsets.ISO_8859_1);
        Matcher matcher = META_CHARSET.matcher(head);
        return matcher.find() ? charset(matcher.group(1)) : null;
    }

    private static Charset charset(String name) {
        try {
            return name.isEmpty() ? null : Charset.forName(name);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return null;
        }
    }

    private FetchException translate(IOException e, long deadline) {
        if (hasCause(e, RefusedAddressException.class)) {
            return new FetchException(FetchException.Reason.REFUSED_TARGET,
                    "Refused to fetch: the site's address is private, loopback or reserved", e);
        }
        // Socket and connect timeouts, and aborts caused by our own deadline, are all InterruptedIOExceptions.
        if (deadline - System.nanoTime() <= 0 || hasCause(e, InterruptedIOException.class)) {
            return timedOut(e);
        }
        if (hasCause(e, UnknownHostException.class)) {
            return new FetchException(FetchException.Reason.NETWORK, "The site's host name could not be resolved", e);
        }
        return new FetchException(FetchException.Reason.NETWORK, "The site could not be reached", e);
    }

    private FetchException timedOut() {
        return timedOut(null);
    }

    private FetchException timedOut(Throwable cause) {
        return new FetchException(FetchException.Reason.TIMEOUT, "The site did not answer in time", cause);
    }

    private FetchException tooLarge() {
        return new FetchException(FetchException.Reason.TOO_LARGE,
                "The page is larger than " + settings.maxBytes() + " bytes");
    }

    private static FetchException unwrap(Throwable cause) {
        if (cause instanceof FetchException fetchException) {
            return fetchException;
        }
        if (cause instanceof RuntimeException runtimeException) {
            throw runtimeException;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new FetchException(FetchException.Reason.NETWORK, "The site could not be reached", cause);
    }

    private static boolean hasCause(Throwable error, Class<? extends Throwable> type) {
        for (Throwable current = error; current != null; current = current.getCause()) {
            if (type.isInstance(current)) {
                return true;
            }
        }
        return false;
    }

    private static Timeout timeout(Duration duration) {
        return Timeout.ofMilliseconds(Math.max(1, duration.toMillis()));
    }

    /** What one request produced: the page, or where to go next. */
    private sealed interface Hop {
        record Arrived(FetchedPage page) implements Hop {
        }

        record Redirected(String location) implements Hop {
        }
    }

    /** One request and its response, closed together. */
    private record Exchange(HttpGet request, ClassicHttpResponse response) implements AutoCloseable {
        @Override
        public void close() {
            // Aborting drops the connection, so closing the response cannot drain an unread (maybe endless) body.
            request.cancel();
            Closer.closeQuietly(response);
        }
    }

    /** Resolves for the connection manager and refuses before any socket is opened to a disallowed address. */
    private record GuardedDnsResolver(HostResolver resolver, TargetPolicy policy) implements DnsResolver {
        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            InetAddress literal = UrlGuard.ipLiteral(host);
            List<InetAddress> addresses = literal != null ? List.of(literal) : resolver.resolve(host);
            if (addresses == null || addresses.isEmpty()) {
                throw new UnknownHostException(host);
            }
            for (InetAddress address : addresses) {
                if (address == null || !policy.allows(address)) {
                    throw new RefusedAddressException(host);
                }
            }
            return addresses.toArray(InetAddress[]::new);
        }

        @Override
        public List<InetSocketAddress> resolve(String host, int port) throws UnknownHostException {
            return Arrays.stream(resolve(host)).map(address -> new InetSocketAddress(address, port)).toList();
        }

        @Override
        public String resolveCanonicalHostname(String host) {
            // Only used for Kerberos, which is off; a reverse lookup would be a needless DNS query.
            return host;
        }
    }

    /** Thrown from DNS resolution so the client aborts the connect; told apart from a genuine lookup failure. */
    private static final class RefusedAddressException extends UnknownHostException {
        @Serial
        private static final long serialVersionUID = 1L;

        RefusedAddressException(String host) {
            super(host + " resolves to an address that is not allowed");
        }
    }
}
