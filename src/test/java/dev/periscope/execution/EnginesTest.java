package dev.periscope.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.periscope.support.RecordingSleeper;
import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

/** Which engines run, from the providers' usual environment variables (issue "Engines"). */
class EnginesTest {
    private static Engines engines(MockEnvironment env) {
        return new Engines(env, new RecordingSleeper());
    }

    @Test
    void withoutAnyKeyOnlyTheDemoEnginesRun() {
        Engines engines = engines(new MockEnvironment());
        assertThat(engines.enabledModels()).containsExactly("demo", "demo_ai_overview");
        assertThat(engines.client("demo").orElseThrow().adapter()).isEqualTo("demo-offline");
        assertThat(engines.client("demo_ai_overview").orElseThrow().model()).isEqualTo("demo_ai_overview");
    }

    @Test
    void anEngineWhoseKeyIsSetIsEnabled() {
        MockEnvironment env = new MockEnvironment()
                .withProperty("OPENAI_API_KEY", "sk-x")
                .withProperty("GEMINI_API_KEY", "g-x")
                .withProperty("DATAFORSEO_LOGIN", "me")
                .withProperty("DATAFORSEO_PASSWORD", "pw");
        assertThat(engines(env).enabledModels()).containsExactly("chatgpt", "gemini", "ai_overview", "ai_mode");
        assertThat(engines(env).client("demo")).as("the demo engines never mix with real ones").isEmpty();
        assertThat(engines(env).client("demo_ai_overview")).isEmpty();
        assertThat(engines(new MockEnvironment().withProperty("DATAFORSEO_LOGIN", "me")).enabledModels())
                .as("login without password is not configured").containsExactly("demo", "demo_ai_overview");
    }

    @Test
    void periscopeEnginesChoosesExplicitly() {
        MockEnvironment env = new MockEnvironment()
                .withProperty("OPENAI_API_KEY", "sk-x")
                .withProperty("PERPLEXITY_API_KEY", "p-x")
                .withProperty("PERISCOPE_ENGINES", "perplexity");
        assertThat(engines(env).enabledModels()).containsExactly("perplexity");
        assertThatThrownBy(() -> engines(new MockEnvironment().withProperty("PERISCOPE_ENGINES", "chatgpt")))
                .hasMessageContaining("chatgpt");
    }

    @Test
    void customModelsMapToOpenAiCompatibleEndpoints() {
        MockEnvironment env = new MockEnvironment()
                .withProperty("PERISCOPE_CUSTOM_ENGINES", "llama")
                .withProperty("PERISCOPE_ENGINE_LLAMA_BASE_URL", "http://127.0.0.1:11434/v1")
                .withProperty("PERISCOPE_ENGINE_LLAMA_MODEL", "llama3.1:8b");
        Engines engines = engines(env);
        assertThat(engines.enabledModels()).containsExactly("llama");
        assertThat(engines.client("llama").orElseThrow().adapter()).isEqualTo("openai-chat");
        assertThat(engines.knownModels()).contains("llama", "chatgpt", "demo");
        assertThatThrownBy(() -> engines(new MockEnvironment().withProperty("PERISCOPE_CUSTOM_ENGINES", "broken")))
                .hasMessageContaining("PERISCOPE_ENGINE_BROKEN_BASE_URL");
    }
}
