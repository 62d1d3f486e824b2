package dev.periscope.execution;

/** Announcements of the execution module, published in the recording transaction. */
public final class ExecutionEvents {
    private ExecutionEvents() {
    }

    /** A run landed (successfully or not) as execution {@code executionId}. */
    public record ExecutionCompleted(long executionId, long projectId, boolean success) {
    }
}
