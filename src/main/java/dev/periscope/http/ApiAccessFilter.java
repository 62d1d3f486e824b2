package dev.periscope.http;

import dev.periscope.access.ApiKeys;
import dev.periscope.access.Caller;
import dev.periscope.plans.PlanGate;
import dev.periscope.ratelimit.RateLimiter;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The door of the REST API, in this order: body size, authentication (spec "Authentication" 1-4), rate limits
 * (DECISIONS "Rate limits"), scope (writes need read_write) and plan gates ({@link dev.periscope.plans.Feature}).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class ApiAccessFilter extends OncePerRequestFilter {
    public static final String PREFIX = "/api/v1";
    private static final Pattern BEARER = Pattern.compile("^Bearer +(\\S+) *$", Pattern.CASE_INSENSITIVE);
    private static final Set<String> WRITES = Set.of("POST", "PATCH", "PUT", "DELETE");
    private static final Set<String> PUBLIC_PATHS = Set.of(PREFIX + "/openapi.json");

    private final ApiKeys apiKeys;
    private final RateLimiter rateLimiter;
    private final ErrorWriter errors;
    private final int maxBodyBytes;

    public ApiAccessFilter(ApiKeys apiKeys, RateLimiter rateLimiter, ErrorWriter errors,
                           @Value("${periscope.max-body-bytes:1048576}") int maxBodyBytes) {
        this.apiKeys = apiKeys;
        this.rateLimiter = rateLimiter;
        this.errors = errors;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI();
        return !(path.equals(PREFIX) || path.startsWith(PREFIX + "/")) || PUBLIC_PATHS.contains(path);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        HttpServletRequest forwarded;
        try {
            forwarded = withBoundedBody(request);
            Caller caller = authenticate(request);
            request.setAttribute(Caller.class.getName(), caller);
            boolean write = WRITES.contains(request.getMethod());
            RateLimiter.Decision decision = rateLimiter.hit(caller.apiKeyId(), write);
            response.setHeader("X-RateLimit-Limit", String.valueOf(decision.limit()));
            response.setHeader("X-RateLimit-Remaining", String.valueOf(decision.remaining()));
            response.setHeader("X-RateLimit-Reset", String.valueOf(decision.resetAt().getEpochSecond()));
            if (!decision.allowed()) {
                response.setHeader("Retry-After", String.valueOf(decision.retryAfterSeconds()));
                throw new ApiException(ErrorCode.RATE_LIMITED,
                        "Rate limit exceeded: " + decision.limit()
                                + (decision.bucket().equals("write") ? " write" : "") + " requests per minute",
                        Map.of("limit", decision.limit(), "retry_after_seconds", decision.retryAfterSeconds(),
                                "bucket", decision.bucket()));
            }
            if (write && !caller.canWrite()) {
                throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "Insufficient scope: write required",
                        Map.of("required_scope", "read_write"));
            }
            String apiPath = request.getRequestURI().substring(PREFIX.length());
            PlanGate.featureFor(request.getMethod(), apiPath).ifPresent(feature -> PlanGate.require(caller.plan(), feature));
        } catch (ApiException failure) {
            if (failure.code() == ErrorCode.MISSING_AUTH || failure.code() == ErrorCode.INVALID_API_KEY) {
                response.setHeader("WWW-Authenticate", "Bearer realm=\"periscope\"");
            }
            errors.write(request, response, failure);
            return;
        }
        chain.doFilter(forwarded, response);
    }

    private Caller authenticate(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        if (header == null || header.isBlank()) {
            throw new ApiException(ErrorCode.MISSING_AUTH, "Missing Authorization header");
        }
        Matcher matcher = BEARER.matcher(header);
        if (!matcher.matches()) {
            throw new ApiException(ErrorCode.MISSING_AUTH, "Malformed Authorization header: expected 'Bearer <API key>'");
        }
        return apiKeys.authenticate(matcher.group(1));
    }

    /** Reads a body up to the limit so an oversized one is refused before anything parses it. */
    private HttpServletRequest withBoundedBody(HttpServletRequest request) throws IOException {
        long declared = request.getContentLengthLong();
        if (declared > maxBodyBytes) {
            throw tooLarge();
        }
        if (!WRITES.contains(request.getMethod())) {
            return request;
        }
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes(maxBodyBytes + 1);
        }
        if (body.length > maxBodyBytes) {
            throw tooLarge();
        }
        return new BufferedBodyRequest(request, body);
    }

    private ApiException tooLarge() {
        return new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, "Request body is larger than " + maxBodyBytes + " bytes",
                Map.of("max_bytes", maxBodyBytes));
    }

    private static final class BufferedBodyRequest extends HttpServletRequestWrapper {
        private final byte[] body;

        BufferedBodyRequest(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("bodies are read synchronously");
                }

                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] buffer, int offset, int length) {
                    return in.read(buffer, offset, length);
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            return new BufferedReader(new InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}
