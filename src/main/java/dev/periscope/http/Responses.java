package dev.periscope.http;

import dev.periscope.shared.Output;
import dev.periscope.shared.Table;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.temporal.TemporalAccessor;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * Renders a response in the caller's {@code output}: nested JSON, {@code flat} (the metadata plus columns and
 * rows) or {@code csv} (RFC 4180 with a header row). Errors never pass through here; they are always JSON.
 */
public final class Responses {
    private Responses() {
    }

    public static ResponseEntity<Object> render(Output output, Map<String, Object> metadata,
                                                Supplier<Map<String, Object>> nested, Supplier<Table> table) {
        return switch (output) {
            case JSON -> {
                Map<String, Object> body = new LinkedHashMap<>(metadata);
                body.putAll(nested.get());
                yield ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
            }
            case FLAT -> {
                Table rows = table.get();
                Map<String, Object> body = new LinkedHashMap<>(metadata);
                body.put("columns", rows.columns());
                body.put("rows", rows.rows());
                yield ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
            }
            case CSV -> ResponseEntity.ok()
                    .contentType(new MediaType("text", "csv", java.nio.charset.StandardCharsets.UTF_8))
                    .body(csv(table.get()));
        };
    }

    /** Items as rows of the given columns, in order; a missing field is an empty cell. */
    public static Table table(java.util.List<Map<String, Object>> items, java.util.List<String> columns) {
        return new Table(columns, items.stream().map(item -> columns.stream().map(item::get).toList()).toList());
    }

    public static String csv(Table table) {
        StringWriter out = new StringWriter();
        try (CSVPrinter printer = new CSVPrinter(out, CSVFormat.RFC4180.builder().get())) {
            printer.printRecord(table.columns());
            for (var row : table.rows()) {
                printer.printRecord(row.stream().map(Responses::cell).toList());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** Lists become one cell joined with "|"; dates print in ISO form; null is an empty cell. */
    private static Object cell(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Collection<?> items) {
            return items.stream().map(item -> String.valueOf(cell(item))).collect(Collectors.joining("|"));
        }
        if (value instanceof TemporalAccessor) {
            return value.toString();
        }
        return value;
    }
}
