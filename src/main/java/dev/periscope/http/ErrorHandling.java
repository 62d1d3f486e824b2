package dev.periscope.http;

import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorBody;
import dev.periscope.shared.ErrorCode;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import tools.jackson.core.JacksonException;

/** Renders every failure inside Spring MVC as the one error body; never a stack trace, never HTML. */
@RestControllerAdvice
public class ErrorHandling {
    private static final Logger log = LoggerFactory.getLogger(ErrorHandling.class);

    @ExceptionHandler(ApiException.class)
    ResponseEntity<Object> api(ApiException failure, HttpServletRequest request) {
        return render(failure, request);
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<Object> unreadable(HttpMessageNotReadableException failure, HttpServletRequest request) {
        String message = failure.getMessage() == null ? "" : failure.getMessage();
        if (message.startsWith("Required request body is missing")) {
            return render(new ApiException(ErrorCode.INVALID_PARAM, "A JSON request body is required",
                    Map.of("param", "body", "reason", "required")), request);
        }
        String detail = failure.getCause() instanceof JacksonException jackson ? jackson.getOriginalMessage() : null;
        return render(new ApiException(ErrorCode.INVALID_PARAM,
                "Request body is not valid JSON" + (detail == null ? "" : ": " + firstLine(detail)),
                Map.of("param", "body")), request);
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<Object> mediaType(HttpMediaTypeNotSupportedException failure, HttpServletRequest request) {
        return render(new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                "Send the request body as application/json", Map.of("param", "Content-Type")), request);
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<Object> notAcceptable(HttpMediaTypeNotAcceptableException failure, HttpServletRequest request) {
        return render(new ApiException(ErrorCode.NOT_ACCEPTABLE, "This endpoint answers with application/json"), request);
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<Object> method(HttpRequestMethodNotSupportedException failure, HttpServletRequest request) {
        return render(new ApiException(ErrorCode.METHOD_NOT_ALLOWED,
                "Method " + failure.getMethod() + " is not allowed here",
                Map.of("allowed", failure.getSupportedHttpMethods() == null ? java.util.List.of()
                        : failure.getSupportedHttpMethods().stream().map(Object::toString).toList())), request);
    }

    @ExceptionHandler({NoHandlerFoundException.class, NoResourceFoundException.class})
    ResponseEntity<Object> noRoute(Exception failure, HttpServletRequest request) {
        return render(new ApiException(ErrorCode.NOT_FOUND, "No such endpoint: " + request.getRequestURI()), request);
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<Object> typeMismatch(MethodArgumentTypeMismatchException failure, HttpServletRequest request) {
        return render(new ApiException(ErrorCode.INVALID_PARAM, failure.getName() + " has the wrong type",
                Map.of("param", failure.getName())), request);
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<Object> missing(MissingServletRequestParameterException failure, HttpServletRequest request) {
        return render(new ApiException(ErrorCode.INVALID_PARAM, failure.getParameterName() + " is required",
                Map.of("param", failure.getParameterName(), "reason", "required")), request);
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<Object> unexpected(Exception failure, HttpServletRequest request) {
        log.error("Unhandled failure on {} {}", request.getMethod(), request.getRequestURI(), failure);
        return render(new ApiException(ErrorCode.INTERNAL,
                "Internal error; quote request id " + RequestIdFilter.of(request) + " when reporting it"), request);
    }

    private static ResponseEntity<Object> render(ApiException failure, HttpServletRequest request) {
        return ResponseEntity.status(HttpStatusCode.valueOf(failure.code().status()))
                .contentType(MediaType.APPLICATION_JSON)
                .body(ErrorBody.of(failure, RequestIdFilter.of(request)));
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        String line = newline < 0 ? text : text.substring(0, newline);
        return line.length() > 200 ? line.substring(0, 200) : line;
    }
}
