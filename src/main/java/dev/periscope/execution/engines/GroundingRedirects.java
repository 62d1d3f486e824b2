package dev.periscope.execution.engines;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Turns Gemini's grounding redirect links ({@code .../grounding-api-redirect/...}) into the pages they point at. Each
 * link is asked once with {@code HEAD} (or {@code GET} when {@code HEAD} is refused with 405) without following the
 * redirect, and its {@code Location} is taken when it is an absolute http(s) URL. One answer's links are resolved in
 * parallel on virtual threads, a bounded number at a time and within a bounded total time; what resolves is kept in a
 * bounded LRU cache so the same link is never asked twice. Links that do not resolve are simply left out of the
 * result. Thread-safe.
 */
public final class GroundingRedirects {
    static final String REDIRECT_PATH = "/grounding-api-redirect/";

    /**
     * @param requestTimeout how long one link may take to answer
     * @param maxConcurrent  how many links of one answer are asked at the same time
     * @param totalTimeout   how long resolving one answer's links may take in all
     * @param cacheSize      how many resolved links are remembered
     */
    public record Settings(Duration requestTimeout, int maxConcurrent, Duration totalTimeout, int cacheSize) {
        public Settings {
            if (requestTimeout == null || requestTimeout.isNegative() || requestTimeout.isZero()) {
                throw new IllegalArgumentException("requestTimeout must be positive");
            }
            if (totalTimeout == null || totalTimeout.isNegative() || totalTimeout.isZero()) {
                throw new IllegalArgumentException("totalTimeout must be positive");
            }
            if (maxConcurrent < 1) {
                throw new IllegalArgumentException("maxConcurrent must be at least 1");
            }
            if (cacheSize < 0) {
                throw new IllegalArgumentException("cacheSize must not be negative");
            }
        }

        /** 3 s per link, 8 at a time, 10 s per answer, 10,000 cached links. */
        public static Settings defaults() {
            return new Settings(Duration.ofSeconds(3), 8, Duration.ofSeconds(10), 10_000);
        }
    }

    private final Settings settings;
    private final HttpClient client;
    private final Map<String, String> cache;

    public GroundingRedirects(Settings settings) {
        this.settings = settings;
        this.client = HttpClient.newBuilder()
                .connectTimeout(settings.requestTimeout())
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        int capacity = settings.cacheSize();
        this.cache = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
                return size() > capacity;
            }
        });
    }

    public GroundingRedirects() {
        this(Settings.defaults());
    }

    public Settings settings() {
        return settings;
    }

    /** Whether a URL is a grounding redirect link: an http(s) URL whose path contains {@value #REDIRECT_PATH}. */
    public static boolean isRedirect(String url) {
        if (url == null) {
            return false;
        }
        try {
            URI uri = new URI(url.strip());
            String scheme = uri.getScheme();
            return scheme != null && (scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
                    && uri.getHost() != null && uri.getRawPath() != null && uri.getRawPath().contains(REDIRECT_PATH);
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** Resolves one redirect link; empty when it is not one or does not resolve. */
    public Optional<String> resolve(String url) {
        return Optional.ofNullable(resolveAll(List.of(url)).get(url));
    }

    /**
     * Resolves the redirect links among {@code urls}: the result maps each link that resolved to its target. Other
     * URLs, and links that failed or ran out of time, are not in the result.
     */
    public Map<String, String> resolveAll(Collection<String> urls) {
        Map<String, String> resolved = new LinkedHashMap<>();
        Set<String> pending = new LinkedHashSet<>();
        for (String url : urls) {
            if (!isRedirect(url) || resolved.containsKey(url)) {
                continue;
            }
            String known = cache.get(url);
            if (known != null) {
                resolved.put(url, known);
            } else {
                pending.add(url);
            }
        }
        if (pending.isEmpty()) {
            return resolved;
        }
        Semaphore slots = new Semaphore(settings.maxConcurrent());
        long deadline = System.nanoTime() + settings.totalTimeout().toNanos();
        List<String> links = new ArrayList<>(pending);
        List<Callable<String>> tasks = new ArrayList<>();
        for (String link : links) {
            tasks.add(() -> {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !slots.tryAcquire(left, TimeUnit.NANOSECONDS)) {
                    return null;
                }
                try {
                    return lookup(link);
                } finally {
                    slots.release();
                }
            });
        }
        ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
        try {
            List<Future<String>> results = threads.invokeAll(tasks, settings.totalTimeout().toNanos(), TimeUnit.NANOSECONDS);
            for (int i = 0; i < results.size(); i++) {
                String target = done(results.get(i));
                if (target != null) {
                    resolved.put(links.get(i), target);
                    if (settings.cacheSize() > 0) {
                        cache.put(links.get(i), target);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            threads.shutdownNow();
        }
        return resolved;
    }

    /** How many resolved links the cache holds. */
    public int cached() {
        return cache.size();
    }

    private static String done(Future<String> future) {
        if (!future.isDone() || future.isCancelled()) {
            return null;
        }
        try {
            return future.get();
        } catch (ExecutionException | CancellationException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Asks the link where it goes, without following it; null when it does not say. */
    private String lookup(String link) throws InterruptedException {
        URI uri;
        try {
            uri = URI.create(link.strip());
        } catch (IllegalArgumentException e) {
            return null;
        }
        try {
            Answer answer = ask(uri, "HEAD");
            if (answer.status() == 405) {
                answer = ask(uri, "GET");
            }
            return answer.target();
        } catch (IOException e) {
            return null;
        }
    }

    private Answer ask(URI uri, String method) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(settings.requestTimeout())
                .method(method, HttpRequest.BodyPublishers.noBody())
                .build();
        HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        response.body().close();
        int status = response.statusCode();
        String target = status >= 300 && status < 400
                ? response.headers().firstValue("Location").map(GroundingRedirects::target).orElse(null)
                : null;
        return new Answer(status, target);
    }

    private record Answer(int status, String target) {
    }

    /** The Location when it is an absolute http(s) URL with a host. */
    static String target(String location) {
        String value = location.strip();
        try {
            URI uri = new URI(value);
            String scheme = uri.getScheme();
            if (scheme == null || uri.getHost() == null) {
                return null;
            }
            String lower = scheme.toLowerCase(Locale.ROOT);
            return lower.equals("http") || lower.equals("https") ? value : null;
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
