package dev.periscope.http;

import dev.periscope.shared.ErrorCode;
import dev.periscope.shared.RequestIds;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

/**
 * Tomcat answers some broken requests (an undecodable URL, say) before Spring sees them; this valve makes those
 * answers our JSON error body instead of Tomcat's HTML page.
 */
public class JsonErrorReportValve extends ErrorReportValve {
    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        ErrorCode code = switch (status) {
            case 404 -> ErrorCode.NOT_FOUND;
            case 405 -> ErrorCode.METHOD_NOT_ALLOWED;
            case 413 -> ErrorCode.PAYLOAD_TOO_LARGE;
            case 415 -> ErrorCode.UNSUPPORTED_MEDIA_TYPE;
            default -> status >= 500 ? ErrorCode.INTERNAL : ErrorCode.INVALID_PARAM;
        };
        String requestId = RequestIds.reuseOrCreate(null);
        String body = "{\"error\":{\"code\":\"" + code.wireName() + "\",\"message\":\""
                + (status >= 500 ? "Internal error" : "Malformed request") + "\"},\"request_id\":\"" + requestId + "\"}";
        try {
            response.setContentType("application/json");
            response.setCharacterEncoding(StandardCharsets.UTF_8.name());
            response.setHeader(RequestIds.HEADER, requestId);
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(body);
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException ignored) {
            // The client is gone or the response is committed; nothing more to say.
        }
    }
}
