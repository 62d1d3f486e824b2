package dev.periscope.access;

import java.util.List;

/** API key scopes: {@code read} may only read; {@code read_write} may also POST, PATCH, PUT and DELETE. */
public enum Scope {
    READ("read"), READ_WRITE("read_write");

    public static final List<String> WIRE_NAMES = List.of("read", "read_write");
    private final String wireName;

    Scope(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Scope fromWire(String value) {
        for (Scope scope : values()) {
            if (scope.wireName.equals(value)) {
                return scope;
            }
        }
        throw new IllegalArgumentException("unknown scope " + value);
    }
}
