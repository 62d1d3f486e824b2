package dev.periscope.shared;

import java.util.List;

/** Rectangular data for {@code output=flat|csv}. */
public record Table(List<String> columns, List<List<Object>> rows) {
}
