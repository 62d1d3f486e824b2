/**
 * Running prompts against AI engines: one client per engine over plain HTTP ({@code execution.engines}), the
 * durable run queue with one row per (prompt, engine, cycle, sample), the scheduler that fills it each cycle, the
 * worker that drains it, and the stored executions with the raw provider responses.
 */
package dev.periscope.execution;
