package dev.periscope.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import tools.jackson.databind.json.JsonMapper;

/**
 * Serves the API description ({@code openapi/periscope.yaml}) as JSON at {@code GET /api/v1/openapi.json}. The
 * path is public (see {@link ApiAccessFilter}). The YAML is read and converted once at startup, so a broken
 * document stops the service from starting instead of failing at request time.
 */
@RestController
public class OpenApiController {
    public static final String PATH = ApiAccessFilter.PREFIX + "/openapi.json";
    static final String RESOURCE = "openapi/periscope.yaml";

    private final byte[] document;

    public OpenApiController(JsonMapper json) {
        this.document = json.writeValueAsBytes(load());
    }

    /** Bytes, not a Map, so {@link RequestIdBodyAdvice} leaves the document as it is. */
    @GetMapping(value = PATH, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> openApi() {
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_JSON)
                .cacheControl(CacheControl.noCache())
                .body(document);
    }

    private static Object load() {
        try (InputStream in = new ClassPathResource(RESOURCE).getInputStream()) {
            Object tree = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
            if (tree == null) {
                throw new IllegalStateException(RESOURCE + " is empty");
            }
            return tree;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }
}
