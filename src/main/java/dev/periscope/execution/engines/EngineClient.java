package dev.periscope.execution.engines;

/** Asks one engine one prompt. Implementations are thread-safe and hold no per-request state. */
public interface EngineClient {
    /** The model identifier recorded on executions, e.g. {@code chatgpt}. */
    String model();

    /** The adapter recorded with each execution, e.g. {@code openai-responses}. */
    String adapter();

    EngineAnswer ask(EngineRequest request) throws EngineException;
}
