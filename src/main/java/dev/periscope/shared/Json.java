package dev.periscope.shared;

import java.util.LinkedHashMap;
import java.util.Map;

/** Ordered JSON objects for responses: {@code Json.object("id", 1, "name", "Acme")}. Values may be null. */
public final class Json {
    private Json() {
    }

    public static Map<String, Object> object(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values must pair up");
        }
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
}
