/**
 * One client per engine: each turns a prompt into an {@link dev.periscope.execution.engines.EngineAnswer} (answer
 * text, cited sources in visible order with background sources at position 0, search fan-out, usage, raw body).
 */
package dev.periscope.execution.engines;
