package dev.periscope.shared;

import java.util.List;
import java.util.stream.Stream;

/** Model identifiers (spec "What the service does" 4; add-ons from DECISIONS), plus the offline {@code demo} engine. */
public final class Models {
    public static final List<String> CORE = List.of("chatgpt", "perplexity", "gemini", "ai_overview", "ai_mode");
    public static final List<String> ADD_ONS = List.of("copilot", "claude", "grok", "deepseek", "meta_ai", "amazon_rufus");
    public static final String DEMO = "demo";
    public static final List<String> ALL = Stream.of(CORE, ADD_ONS, List.of(DEMO)).flatMap(List::stream).toList();

    private Models() {
    }
}
