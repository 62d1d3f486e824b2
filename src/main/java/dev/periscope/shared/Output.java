package dev.periscope.shared;

/** The {@code output} selector: nested JSON (default), {@code flat} columns and rows, or {@code csv}. */
public enum Output {
    JSON, FLAT, CSV
}
