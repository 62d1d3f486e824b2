package dev.periscope.http;

import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorBody;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** Writes the error body from servlet filters, which run before Spring MVC's exception handling. */
@Component
public class ErrorWriter {
    private final JsonMapper json;

    public ErrorWriter(JsonMapper json) {
        this.json = json;
    }

    public void write(HttpServletRequest request, HttpServletResponse response, ApiException failure) throws IOException {
        response.setStatus(failure.code().status());
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        json.writeValue(response.getOutputStream(), ErrorBody.of(failure, RequestIdFilter.of(request)));
    }
}
