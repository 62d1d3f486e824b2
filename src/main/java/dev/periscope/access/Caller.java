package dev.periscope.access;

import dev.periscope.plans.Plan;

/** The authenticated caller of one request: the key, its user and the user's account with its plan. */
public record Caller(long apiKeyId, long userId, long accountId, String email, String role, Scope scope, Plan plan) {
    public boolean canWrite() {
        return scope == Scope.READ_WRITE;
    }
}
