/**
 * Durable background jobs in PostgreSQL: enqueue inside the writing transaction, claim with
 * {@code FOR UPDATE SKIP LOCKED} under a lease, retry with backoff, survive crashes and several instances.
 */
package dev.periscope.jobs;
