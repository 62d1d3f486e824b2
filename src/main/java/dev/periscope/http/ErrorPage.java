package dev.periscope.http;

import dev.periscope.shared.ErrorBody;
import dev.periscope.shared.ErrorCode;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Errors the container raises before Spring MVC (a malformed URL, a broken request) also get our JSON body. */
@RestController
public class ErrorPage implements ErrorController {
    @RequestMapping(value = "/error", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Map<String, Object>> error(HttpServletRequest request) {
        Object statusAttribute = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = statusAttribute instanceof Integer given ? given : 500;
        ErrorCode code = switch (status) {
            case 400 -> ErrorCode.INVALID_PARAM;
            case 404 -> ErrorCode.NOT_FOUND;
            case 405 -> ErrorCode.METHOD_NOT_ALLOWED;
            case 413 -> ErrorCode.PAYLOAD_TOO_LARGE;
            case 415 -> ErrorCode.UNSUPPORTED_MEDIA_TYPE;
            default -> status >= 500 ? ErrorCode.INTERNAL : ErrorCode.INVALID_PARAM;
        };
        String message = status == 400 ? "Bad request" : code == ErrorCode.INTERNAL ? "Internal error" : "Request refused";
        return ResponseEntity.status(status == 400 ? 400 : code.status()).contentType(MediaType.APPLICATION_JSON)
                .body(ErrorBody.of(code, message, Map.of(), RequestIdFilter.of(request)));
    }
}
