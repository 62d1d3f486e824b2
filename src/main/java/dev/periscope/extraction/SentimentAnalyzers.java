package dev.periscope.extraction;

import dev.periscope.execution.engines.EngineHttp;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Chooses the sentiment analyser: the LLM judge when {@code PERISCOPE_LLM_MODEL} names a chat model on an
 * OpenAI-compatible endpoint ({@code PERISCOPE_LLM_BASE_URL}, {@code PERISCOPE_LLM_API_KEY}, defaulting to the OpenAI
 * settings), otherwise the built-in offline lexicon analyser. The name is recorded with every judgement.
 */
@Component
public class SentimentAnalyzers {
    private static final Logger log = LoggerFactory.getLogger(SentimentAnalyzers.class);

    /** An analyser with the name recorded on its judgements. */
    public record Named(String name, SentimentAnalyzer analyzer) implements SentimentAnalyzer {
        @Override
        public List<ActorSentiment> analyze(String text, List<MentionMatch> mentions) {
            return analyzer.analyze(text, mentions);
        }
    }

    private final Named current;

    public SentimentAnalyzers(Environment env, JdbcClient db, JsonMapper json) {
        SentimentAnalyzer lexicon = new LexiconSentimentAnalyzer();
        String model = value(env, "PERISCOPE_LLM_MODEL");
        if (model == null) {
            this.current = new Named("lexicon", lexicon);
            return;
        }
        String baseUrl = Optional.ofNullable(value(env, "PERISCOPE_LLM_BASE_URL"))
                .or(() -> Optional.ofNullable(value(env, "OPENAI_BASE_URL"))).orElse("https://api.openai.com/v1");
        String apiKey = Optional.ofNullable(value(env, "PERISCOPE_LLM_API_KEY")).orElse(value(env, "OPENAI_API_KEY"));
        EngineHttp http = new EngineHttp("sentiment", new EngineHttp.Settings(Duration.ofSeconds(10), Duration.ofSeconds(60),
                3, Duration.ofSeconds(2), Duration.ofSeconds(30), 4), EngineHttp.Sleeper.REAL);
        this.current = new Named("llm:" + model, new LlmSentimentJudge(new LlmSentimentJudge.Config(model, baseUrl, apiKey),
                http, new DatabaseCache(db, json), lexicon));
        log.info("Sentiment is judged by the model {} at {}", model, baseUrl);
    }

    public Named current() {
        return current;
    }

    private static String value(Environment env, String name) {
        String value = env.getProperty(name);
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** Judgements kept in {@code sentiment_judgements}, shared by every instance. */
    private record DatabaseCache(JdbcClient db, JsonMapper json) implements LlmSentimentJudge.Cache {
        @Override
        public Optional<JsonNode> get(String hash) {
            return db.sql("SELECT result::text FROM sentiment_judgements WHERE answer_hash = :hash").param("hash", hash)
                    .query(String.class).optional().map(json::readTree);
        }

        @Override
        public void put(String hash, JsonNode judgements) {
            db.sql("""
                            INSERT INTO sentiment_judgements (answer_hash, result) VALUES (:hash, CAST(:result AS jsonb))
                            ON CONFLICT (answer_hash) DO NOTHING
                            """)
                    .param("hash", hash).param("result", json.writeValueAsString(judgements)).update();
        }
    }
}
