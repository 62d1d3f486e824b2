package dev.periscope.http;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.core.MethodParameter;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyAdvice;

/** Adds {@code request_id} to every JSON object the API returns (DECISIONS "Errors": every response carries it). */
@RestControllerAdvice
public class RequestIdBodyAdvice implements ResponseBodyAdvice<Object> {
    @Override
    public boolean supports(MethodParameter returnType, Class<? extends HttpMessageConverter<?>> converterType) {
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object beforeBodyWrite(Object body, MethodParameter returnType, MediaType contentType,
                                  Class<? extends HttpMessageConverter<?>> converterType, ServerHttpRequest request,
                                  ServerHttpResponse response) {
        if (body instanceof Map<?, ?> map && MediaType.APPLICATION_JSON.isCompatibleWith(contentType)
                && !map.containsKey("request_id") && request instanceof ServletServerHttpRequest servlet) {
            HttpServletRequest raw = servlet.getServletRequest();
            try {
                ((Map<String, Object>) map).put("request_id", RequestIdFilter.of(raw));
            } catch (UnsupportedOperationException immutable) {
                Map<String, Object> copy = new java.util.LinkedHashMap<>((Map<String, Object>) map);
                copy.put("request_id", RequestIdFilter.of(raw));
                return copy;
            }
        }
        return body;
    }
}
