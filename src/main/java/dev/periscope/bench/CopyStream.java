package dev.periscope.bench;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * One {@code COPY table (columns) FROM STDIN} in PostgreSQL's text format, on a connection of its own that commits
 * when the copy ends. The caller appends rows; every full block goes through a short bounded queue to a thread that
 * feeds the server, so building rows and loading them overlap, several tables load in parallel, and memory stays
 * at a few blocks whatever the number of rows. Not thread-safe: one producer per stream.
 */
final class CopyStream implements AutoCloseable {
    private static final int BLOCK_CHARS = 1 << 20;
    private static final byte[] END = new byte[0];

    private final String table;
    private final Connection connection;
    private final CopyIn copy;
    private final BlockingQueue<byte[]> blocks = new ArrayBlockingQueue<>(4);
    private final StringBuilder buffer = new StringBuilder(BLOCK_CHARS + 8_192);
    private final Thread feeder;
    private volatile Throwable failure;
    private boolean rowStarted;
    private boolean finished;

    private CopyStream(String table, Connection connection, CopyIn copy) {
        this.table = table;
        this.connection = connection;
        this.copy = copy;
        this.feeder = Thread.ofPlatform().name("copy-" + table).daemon().unstarted(this::feed);
    }

    static CopyStream open(DataSource dataSource, String table, String columns) throws SQLException {
        Connection connection = dataSource.getConnection();
        try {
            connection.setAutoCommit(true);
            CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI()
                    .copyIn("COPY " + table + " (" + columns + ") FROM STDIN");
            CopyStream stream = new CopyStream(table, connection, copy);
            stream.feeder.start();
            return stream;
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    CopyStream add(long value) {
        separate().append(value);
        return this;
    }

    CopyStream add(boolean value) {
        separate().append(value ? 't' : 'f');
        return this;
    }

    /** A text value (null writes SQL NULL), escaped for the text format. */
    CopyStream add(String value) {
        StringBuilder out = separate();
        if (value == null) {
            out.append("\\N");
        } else {
            appendText(out, value);
        }
        return this;
    }

    /** Appends {@code value} escaped for COPY's text format: backslash, newline, carriage return and tab. */
    static StringBuilder appendText(StringBuilder out, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> out.append(c);
            }
        }
        return out;
    }

    /** A nullable bigint. */
    CopyStream add(Long value) {
        return value == null ? add((String) null) : add(value.longValue());
    }

    /** A text[] value; the elements are quoted, so any text is safe. */
    CopyStream addArray(String... values) {
        StringBuilder literal = new StringBuilder(16 * values.length + 2).append('{');
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                literal.append(',');
            }
            literal.append('"');
            for (int j = 0; j < values[i].length(); j++) {
                char c = values[i].charAt(j);
                if (c == '"' || c == '\\') {
                    literal.append('\\');
                }
                literal.append(c);
            }
            literal.append('"');
        }
        return add(literal.append('}').toString());
    }

    void endRow() {
        buffer.append('\n');
        rowStarted = false;
        if (buffer.length() >= BLOCK_CHARS) {
            flush();
        }
    }

    /** Sends what is left, ends the copy (which commits it) and returns the number of rows the server loaded. */
    long finish() {
        flush();
        put(END);
        try {
            feeder.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while loading " + table, e);
        }
        rethrow();
        try {
            long rows = copy.endCopy();
            finished = true;
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException("COPY into " + table + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            if (!finished) {
                feeder.interrupt();
                if (copy.isActive()) {
                    copy.cancelCopy();
                }
            }
        } catch (SQLException ignored) {
            // the connection is closed below either way
        } finally {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // nothing more to release
            }
        }
    }

    private StringBuilder separate() {
        if (rowStarted) {
            buffer.append('\t');
        }
        rowStarted = true;
        return buffer;
    }

    private void flush() {
        if (!buffer.isEmpty()) {
            put(buffer.toString().getBytes(StandardCharsets.UTF_8));
            buffer.setLength(0);
        }
    }

    private void put(byte[] block) {
        try {
            while (!blocks.offer(block, 100, TimeUnit.MILLISECONDS)) {
                rethrow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while loading " + table, e);
        }
        rethrow();
    }

    private void feed() {
        try {
            while (true) {
                byte[] block = blocks.take();
                if (block == END) {
                    return;
                }
                copy.writeToCopy(block, 0, block.length);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SQLException | RuntimeException e) {
            failure = e;
        }
    }

    private void rethrow() {
        Throwable cause = failure;
        if (cause != null) {
            throw new IllegalStateException("COPY into " + table + " failed: " + cause.getMessage(), cause);
        }
    }
}
