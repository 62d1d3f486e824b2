package dev.periscope.shared;

import java.sql.Array;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

/** PostgreSQL arrays read from JDBC. */
public final class SqlArrays {
    private SqlArrays() {
    }

    /** A {@code text[]} column as a list; SQL NULL as an empty list. */
    public static List<String> strings(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
    }
}
