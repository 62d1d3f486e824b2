package dev.periscope.execution;

import dev.periscope.execution.engines.AnthropicClient;
import dev.periscope.execution.engines.DataForSeoClient;
import dev.periscope.execution.engines.DemoEngine;
import dev.periscope.execution.engines.EngineClient;
import dev.periscope.execution.engines.EngineHttp;
import dev.periscope.execution.engines.GeminiClient;
import dev.periscope.execution.engines.GroundingRedirects;
import dev.periscope.execution.engines.OpenAiCompatibleChatClient;
import dev.periscope.execution.engines.OpenAiResponsesClient;
import dev.periscope.execution.engines.PerplexityClient;
import dev.periscope.shared.Models;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The engines this instance runs prompts on, configured from the providers' usual environment variables: an engine
 * whose key is set is enabled; {@code PERISCOPE_ENGINES} may list the enabled model ids explicitly. Without any
 * real engine the offline {@code demo} engine runs instead, and its answers are recorded as {@code demo}.
 */
@Component
public class Engines {
    private static final Logger log = LoggerFactory.getLogger(Engines.class);
    private final Map<String, EngineClient> enabled;
    private final List<String> order;
    private final List<String> knownModels;

    @Autowired
    public Engines(Environment env) {
        this(env, EngineHttp.Sleeper.REAL);
    }

    Engines(Environment env, EngineHttp.Sleeper sleeper) {
        Map<String, EngineClient> configured = new LinkedHashMap<>();
        String openAiKey = value(env, "OPENAI_API_KEY");
        if (openAiKey != null) {
            configured.put("chatgpt", new OpenAiResponsesClient(new OpenAiResponsesClient.Config(openAiKey,
                    value(env, "OPENAI_BASE_URL", "https://api.openai.com/v1"),
                    value(env, "PERISCOPE_OPENAI_MODEL", "gpt-4.1")), http(env, "chatgpt", sleeper)));
        }
        String perplexityKey = value(env, "PERPLEXITY_API_KEY");
        if (perplexityKey != null) {
            configured.put("perplexity", new PerplexityClient(new PerplexityClient.Config(perplexityKey,
                    value(env, "PERPLEXITY_BASE_URL", "https://api.perplexity.ai"),
                    value(env, "PERISCOPE_PERPLEXITY_MODEL", "sonar")), http(env, "perplexity", sleeper)));
        }
        String geminiKey = value(env, "GEMINI_API_KEY");
        if (geminiKey != null) {
            configured.put("gemini", new GeminiClient(new GeminiClient.Config(geminiKey,
                    value(env, "GEMINI_BASE_URL", "https://generativelanguage.googleapis.com"),
                    value(env, "PERISCOPE_GEMINI_MODEL", "gemini-2.5-flash")), http(env, "gemini", sleeper),
                    new GroundingRedirects(GroundingRedirects.Settings.defaults())));
        }
        String login = value(env, "DATAFORSEO_LOGIN");
        String password = value(env, "DATAFORSEO_PASSWORD");
        if (login != null && password != null) {
            DataForSeoClient.Config config = new DataForSeoClient.Config(login, password,
                    value(env, "DATAFORSEO_BASE_URL", "https://api.dataforseo.com"),
                    value(env, "PERISCOPE_DATAFORSEO_DEVICE", "desktop"));
            configured.put("ai_overview", new DataForSeoClient(DataForSeoClient.Mode.AI_OVERVIEW, config,
                    http(env, "ai_overview", sleeper)));
            configured.put("ai_mode", new DataForSeoClient(DataForSeoClient.Mode.AI_MODE, config,
                    http(env, "ai_mode", sleeper)));
        }
        String anthropicKey = value(env, "ANTHROPIC_API_KEY");
        if (anthropicKey != null) {
            configured.put("claude", new AnthropicClient(new AnthropicClient.Config(anthropicKey,
                    value(env, "ANTHROPIC_BASE_URL", "https://api.anthropic.com"),
                    value(env, "PERISCOPE_ANTHROPIC_MODEL", "claude-sonnet-4-5")), http(env, "claude", sleeper)));
        }
        Set<String> known = new LinkedHashSet<>(Models.ALL);
        for (String id : list(value(env, "PERISCOPE_CUSTOM_ENGINES"))) {
            String prefix = "PERISCOPE_ENGINE_" + id.toUpperCase(Locale.ROOT) + "_";
            String baseUrl = value(env, prefix + "BASE_URL");
            String model = value(env, prefix + "MODEL");
            if (baseUrl == null || model == null) {
                throw new IllegalStateException("Custom engine " + id + " needs " + prefix + "BASE_URL and " + prefix + "MODEL");
            }
            known.add(id);
            configured.put(id, new OpenAiCompatibleChatClient(new OpenAiCompatibleChatClient.Config(id,
                    value(env, prefix + "API_KEY", ""), baseUrl, model), http(env, id, sleeper)));
        }
        List<String> explicit = list(value(env, "PERISCOPE_ENGINES"));
        Map<String, EngineClient> chosen = new LinkedHashMap<>();
        if (!explicit.isEmpty()) {
            for (String id : explicit) {
                if (id.equals(Models.DEMO)) {
                    chosen.put(id, new DemoEngine());
                } else if (id.equals(Models.DEMO_AI_OVERVIEW)) {
                    chosen.put(id, DemoEngine.aiOverview(Clock.systemUTC()));
                } else if (configured.containsKey(id)) {
                    chosen.put(id, configured.get(id));
                } else {
                    throw new IllegalStateException("PERISCOPE_ENGINES lists " + id + " but it is not configured (no key or base URL)");
                }
            }
        } else {
            chosen.putAll(configured);
        }
        if (chosen.isEmpty()) {
            chosen.put(Models.DEMO, new DemoEngine());
            chosen.put(Models.DEMO_AI_OVERVIEW, DemoEngine.aiOverview(Clock.systemUTC()));
            log.info("No AI engine configured: running the offline demo engines; their answers are recorded as 'demo' "
                    + "and 'demo_ai_overview'");
        } else {
            log.info("Engines enabled: {}", chosen.keySet());
        }
        this.enabled = Map.copyOf(chosen);
        this.knownModels = known.stream().sorted().toList();
        this.order = List.copyOf(chosen.keySet());
    }

    /** Model ids that run each cycle, in configuration order. */
    public List<String> enabledModels() {
        return order;
    }

    public Optional<EngineClient> client(String model) {
        return Optional.ofNullable(enabled.get(model));
    }

    /** Every model id a filter may name: the spec's, the add-ons, demo and configured custom engines. */
    public List<String> knownModels() {
        return knownModels;
    }

    private static EngineHttp http(Environment env, String model, EngineHttp.Sleeper sleeper) {
        EngineHttp.Settings defaults = EngineHttp.Settings.defaults();
        String key = "periscope.engines." + model.replace('_', '-') + ".";
        EngineHttp.Settings settings = new EngineHttp.Settings(
                env.getProperty(key + "connect-timeout", Duration.class,
                        env.getProperty("periscope.engines.connect-timeout", Duration.class, defaults.connectTimeout())),
                env.getProperty(key + "read-timeout", Duration.class,
                        env.getProperty("periscope.engines.read-timeout", Duration.class, defaults.readTimeout())),
                env.getProperty(key + "max-attempts", Integer.class,
                        env.getProperty("periscope.engines.max-attempts", Integer.class, defaults.maxAttempts())),
                env.getProperty("periscope.engines.base-backoff", Duration.class, defaults.baseBackoff()),
                env.getProperty("periscope.engines.max-backoff", Duration.class, defaults.maxBackoff()),
                env.getProperty(key + "concurrency", Integer.class,
                        env.getProperty("periscope.engines.concurrency", Integer.class, defaults.maxConcurrency())));
        return new EngineHttp(model, settings, sleeper);
    }

    private static String value(Environment env, String name) {
        String value = env.getProperty(name);
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static String value(Environment env, String name, String fallback) {
        String value = value(env, name);
        return value == null ? fallback : value;
    }

    private static List<String> list(String csv) {
        List<String> items = new ArrayList<>();
        if (csv != null) {
            for (String part : csv.split(",")) {
                if (!part.isBlank()) {
                    items.add(part.strip().toLowerCase(Locale.ROOT));
                }
            }
        }
        return items;
    }
}
