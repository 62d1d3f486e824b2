package dev.periscope.extraction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.periscope.execution.engines.EngineHttp;
import dev.periscope.support.FakeProviderServer;
import dev.periscope.support.FakeProviderServer.Reply;
import dev.periscope.support.RecordingSleeper;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The LLM judge: one call per answer, validated, asked again when invalid, cached by answer hash. */
class LlmSentimentJudgeTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String TEXT = "Acme is great but Globex is unreliable.";
    private static final Actor ACME = new Actor(Actor.Type.PROJECT, 7, "Acme", "acme.com", List.of("Acme"));
    private static final Actor GLOBEX = new Actor(Actor.Type.COMPETITOR, 3, "Globex", "globex.com", List.of("Globex"));
    private static final List<MentionMatch> MENTIONS = List.of(
            new MentionMatch(ACME, List.of("Acme"), 1, List.of(new MentionMatch.Span(0, 4))),
            new MentionMatch(GLOBEX, List.of("Globex"), 2, List.of(new MentionMatch.Span(18, 24))));
    /** Says neutral for everyone, so a fallback is visible. */
    private static final SentimentAnalyzer FALLBACK = (text, mentions) -> mentions.stream()
            .map(m -> new ActorSentiment(m.actor(), "neutral", 0.0, "fallback", "")).toList();

    private final FakeProviderServer server = new FakeProviderServer();
    private final Map<String, JsonNode> store = new HashMap<>();
    private final LlmSentimentJudge.Cache cache = new LlmSentimentJudge.Cache() {
        @Override
        public Optional<JsonNode> get(String hash) {
            return Optional.ofNullable(store.get(hash));
        }

        @Override
        public void put(String hash, JsonNode judgements) {
            store.put(hash, judgements);
        }
    };
    private final LlmSentimentJudge judge = new LlmSentimentJudge(
            new LlmSentimentJudge.Config("gpt-test", server.baseUrl() + "/v1", "sk-judge"),
            new EngineHttp("sentiment", new EngineHttp.Settings(Duration.ofSeconds(2), Duration.ofSeconds(2), 2,
                    Duration.ofMillis(5), Duration.ofMillis(50), 2), new RecordingSleeper()),
            cache, FALLBACK);

    @AfterEach
    void stop() {
        server.close();
    }

    private static Reply chat(String content) {
        return Reply.json(JSON.writeValueAsString(Map.of("choices", List.of(Map.of("message",
                Map.of("role", "assistant", "content", content))))));
    }

    private static final String VALID = """
            {"judgements": [
              {"actor": "brand", "analysis": "positive", "comment": "Acme is great", "topics": ""},
              {"actor": "competitor_3", "analysis": "negative", "comment": "Globex is unreliable", "topics": "reliability"}]}""";

    @Test
    void oneCallJudgesEveryMentionedActor() {
        server.reply(chat(VALID));
        List<ActorSentiment> result = judge.analyze(TEXT, MENTIONS);
        assertThat(result).extracting(ActorSentiment::analysis).containsExactly("positive", "negative");
        assertThat(result).extracting(ActorSentiment::score).containsExactly(0.5, -0.5);
        assertThat(result.get(1).topics()).isEqualTo("reliability");
        assertThat(server.requests()).hasSize(1);
        FakeProviderServer.Recorded request = server.requests().get(0);
        assertThat(request.path()).isEqualTo("/v1/chat/completions");
        assertThat(request.header("Authorization")).isEqualTo("Bearer sk-judge");
        assertThat(request.body()).contains("gpt-test").contains("json_object").contains("competitor_3").contains("Globex is unreliable");
    }

    @Test
    void theSameAnswerIsNeverJudgedTwice() {
        server.reply(chat(VALID));
        judge.analyze(TEXT, MENTIONS);
        judge.analyze(TEXT, MENTIONS);
        assertThat(server.requests()).hasSize(1);
        judge.analyze(TEXT + " More.", MENTIONS);
        assertThat(server.requests()).as("another answer is another judgement").hasSize(2);
    }

    @Test
    void anInvalidJudgementIsAskedAgain() {
        server.reply(chat("{\"judgements\": [{\"actor\": \"brand\", \"analysis\": \"great\"}]}"), chat("```json\n" + VALID + "\n```"));
        assertThat(judge.analyze(TEXT, MENTIONS)).extracting(ActorSentiment::analysis).containsExactly("positive", "negative");
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void whenTheModelCannotJudgeTheOfflineAnalyserDoes() {
        server.reply(chat("not json at all"));
        assertThat(judge.analyze(TEXT, MENTIONS)).extracting(ActorSentiment::comment).containsOnly("fallback");
        server.reset(Reply.status(401, "{\"error\":\"bad key sk-judge\"}"));
        assertThat(judge.analyze(TEXT + " x", MENTIONS)).extracting(ActorSentiment::comment).containsOnly("fallback");
        assertThat(store).isEmpty();
    }

    @Test
    void judgementsMustCoverExactlyTheMentionedActors() {
        Map<String, MentionMatch> actors = Map.of("brand", MENTIONS.get(0), "competitor_3", MENTIONS.get(1));
        assertThat(LlmSentimentJudge.validate(JSON.readTree(VALID), new java.util.LinkedHashMap<>(actors))).isPresent();
        assertThat(LlmSentimentJudge.validate(JSON.readTree("""
                {"judgements": [{"actor": "brand", "analysis": "positive"}]}"""), new java.util.LinkedHashMap<>(actors))).isEmpty();
        assertThat(LlmSentimentJudge.validate(JSON.readTree("""
                {"judgements": [{"actor": "brand", "analysis": "positive"}, {"actor": "brand", "analysis": "neutral"},
                 {"actor": "competitor_3", "analysis": "neutral"}]}"""), new java.util.LinkedHashMap<>(actors))).isEmpty();
        assertThat(LlmSentimentJudge.validate(JSON.readTree("""
                {"judgements": [{"actor": "brand", "analysis": "positive"}, {"actor": "competitor_9", "analysis": "neutral"}]}"""),
                new java.util.LinkedHashMap<>(actors))).isEmpty();
    }
}
