package dev.periscope.metrics;

import dev.periscope.execution.ExecutionFilter;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A day-aligned range split for tables holding both day and calendar-month rows: whole months inside the range come
 * from month rows, the days at its edges from day rows. Open bounds become far dates.
 */
record MonthWindow(LocalDate from, LocalDate to, LocalDate monthsFrom, LocalDate monthsTo) {
    /**
     * The rows of a table with columns {@code project_id}, {@code month} and {@code day} that the window reads, as a
     * derived table aliased {@code r}: three index ranges (the months, and the days before and after them), so the
     * conditions a query adds on {@code r} are pushed into each range and the reads stay index-only.
     */
    static String rows(String table) {
        String base = "SELECT * FROM " + table + " WHERE project_id = :f_project AND ";
        return "(" + base + "month AND day >= :months_from AND day < :months_to"
                + " UNION ALL " + base + "NOT month AND day >= :from AND day < :months_from"
                + " UNION ALL " + base + "NOT month AND day >= :months_to AND day < :to) r";
    }

    static MonthWindow of(ExecutionFilter filter) {
        LocalDate from = filter.range().from() == null ? LocalDate.of(1970, 1, 1)
                : LocalDate.ofInstant(filter.range().from(), ZoneOffset.UTC);
        LocalDate to = filter.range().to() == null ? LocalDate.of(9999, 1, 1)
                : LocalDate.ofInstant(filter.range().to(), ZoneOffset.UTC);
        LocalDate firstMonth = from.getDayOfMonth() == 1 ? from : from.withDayOfMonth(1).plusMonths(1);
        LocalDate endMonth = to.withDayOfMonth(1);
        boolean anyMonth = firstMonth.isBefore(endMonth);
        return new MonthWindow(from, to, anyMonth ? firstMonth : to, anyMonth ? endMonth : to);
    }

    JdbcClient.StatementSpec bind(JdbcClient.StatementSpec spec) {
        return spec.param("from", from).param("to", to).param("months_from", monthsFrom).param("months_to", monthsTo);
    }
}
