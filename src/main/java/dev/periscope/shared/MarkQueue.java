package dev.periscope.shared;

import java.time.LocalDate;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A table of (project, date) marks that database triggers write whenever something a pre-aggregate depends on
 * changes, drained by a refresher on every instance. Each marked (project, date) is worked in its own transaction
 * under a transaction-scoped advisory lock, and exactly the marks read before the work are deleted, so a mark written
 * while the work runs survives for the next pass and two instances never work the same key at once.
 *
 * @param table  the marks table: columns {@code id}, {@code project_id} and {@code column}
 * @param column the date column ({@code day}, {@code month})
 */
public record MarkQueue(JdbcClient db, TransactionTemplate transactions, String table, String column) {

    /** One marked key. */
    public record Mark(long projectId, LocalDate date) {
    }

    /**
     * Works every marked key until none is left that this instance can take; returns how many it worked.
     *
     * @param lockClass the advisory lock's second key for a mark (the first is the project id)
     * @param work      recomputes what depends on the mark, inside its transaction
     */
    public int drain(ToIntFunction<Mark> lockClass, Consumer<Mark> work) {
        int done = 0;
        int pass;
        do {
            pass = 0;
            for (Mark mark : marked()) {
                if (Boolean.TRUE.equals(transactions.execute(status -> workMarked(mark, lockClass, work)))) {
                    pass++;
                }
            }
            done += pass;
        } while (pass > 0);
        return done;
    }

    /** Up to 1,000 marked keys; a key another instance holds stays marked and ends the loop when it is all that is left. */
    private List<Mark> marked() {
        return db.sql("SELECT DISTINCT project_id, " + column + " FROM " + table + " ORDER BY 1, 2 LIMIT 1000")
                .query((rs, n) -> new Mark(rs.getLong(1), rs.getObject(2, LocalDate.class))).list();
    }

    /** Inside a transaction: works the mark unless another instance holds it; false when skipped or unmarked. */
    private boolean workMarked(Mark mark, ToIntFunction<Mark> lockClass, Consumer<Mark> work) {
        Boolean locked = db.sql("SELECT pg_try_advisory_xact_lock(:project, :class)")
                .param("project", (int) mark.projectId()).param("class", lockClass.applyAsInt(mark))
                .query(Boolean.class).single();
        if (!Boolean.TRUE.equals(locked)) {
            return false;
        }
        List<Long> marks = db.sql("SELECT id FROM " + table + " WHERE project_id = :project AND " + column + " = :date")
                .param("project", mark.projectId()).param("date", mark.date()).query(Long.class).list();
        if (marks.isEmpty()) {
            return false;
        }
        work.accept(mark);
        db.sql("DELETE FROM " + table + " WHERE id = ANY (CAST(:ids AS bigint[]))")
                .param("ids", marks.toArray(Long[]::new)).update();
        return true;
    }
}
