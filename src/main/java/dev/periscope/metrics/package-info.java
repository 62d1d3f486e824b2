/**
 * Read-only analytics over the extracted records: per-actor metrics by day, week (from Monday) or month, with sticky
 * carry-forward for week and month buckets without runs, and their summaries.
 */
package dev.periscope.metrics;
