package dev.periscope.shared;

import java.util.List;
import java.util.stream.Stream;

/** Model identifiers (spec "What the service does" 4; add-ons from DECISIONS), plus the offline demo engines. */
public final class Models {
    public static final List<String> CORE = List.of("chatgpt", "perplexity", "gemini", "ai_overview", "ai_mode");
    public static final List<String> ADD_ONS = List.of("copilot", "claude", "grok", "deepseek", "meta_ai", "amazon_rufus");
    public static final String DEMO = "demo";
    /** The offline demo's stand-in for Google's AI Overview (runs without an overview are {@code no_result}). */
    public static final String DEMO_AI_OVERVIEW = "demo_ai_overview";
    public static final List<String> ALL = Stream.of(CORE, ADD_ONS, List.of(DEMO, DEMO_AI_OVERVIEW))
            .flatMap(List::stream).toList();

    private Models() {
    }
}
