package dev.periscope.demo;

import dev.periscope.access.Accounts;
import dev.periscope.access.ApiKeys;
import dev.periscope.access.Caller;
import dev.periscope.access.Scope;
import dev.periscope.plans.Plan;
import dev.periscope.projects.NewCompetitor;
import dev.periscope.projects.NewProject;
import dev.periscope.projects.Projects;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * On the first start with an empty database: a demo account on the Scale plan with a read_write key, printed
 * once on standard output (never logged), and a demo project with prompts and competitors whose prompts start
 * running at once. {@code PERISCOPE_BOOTSTRAP_KEY} supplies the key so scripts know it.
 */
@Component
@ConditionalOnProperty(name = "periscope.bootstrap.enabled", havingValue = "true", matchIfMissing = true)
public class FirstStart implements ApplicationRunner {
    public static final String DEMO_EMAIL = "demo@periscope.local";
    private static final Logger log = LoggerFactory.getLogger(FirstStart.class);
    private static final long LOCK_KEY = 0x7065726973636f70L;

    private final Accounts accounts;
    private final ApiKeys keys;
    private final JdbcClient db;
    private final TransactionTemplate transactions;
    private final String bootstrapKey;
    private final Environment environment;
    private final Projects projects;

    public FirstStart(Accounts accounts, ApiKeys keys, JdbcClient db, TransactionTemplate transactions,
                      @Value("${periscope.bootstrap-key:}") String bootstrapKey, Environment environment,
                      Projects projects) {
        this.environment = environment;
        this.projects = projects;
        this.accounts = accounts;
        this.keys = keys;
        this.db = db;
        this.transactions = transactions;
        this.bootstrapKey = bootstrapKey;
    }

    /** A fictional brand on reserved .example domains, so demo data can never be mistaken for a real company's. */
    static NewProject demoProject() {
        return new NewProject("https://acme-analytics.example/", "acme-analytics.example", "Acme Analytics (demo)",
                "Acme Analytics", "US", "en", "Product analytics for growing software teams.", List.of("SAAS"),
                List.of("Acme"),
                List.of("What are the best product analytics tools for startups?",
                        "Acme Analytics vs Globex Insights: which is better?",
                        "How do I measure user retention in a SaaS product?",
                        "Which BI tool is easiest to set up for a small team?",
                        "Is Acme Analytics worth the price?",
                        "Best alternatives to Umbrella BI",
                        "How much does product analytics software cost?",
                        "Which tools show how my brand appears in AI answers?"),
                List.of(new NewCompetitor("globex-insights.example", "Globex Insights", List.of("Globex")),
                        new NewCompetitor("initech-metrics.example", "Initech Metrics", List.of("Initech")),
                        new NewCompetitor("umbrella-bi.example", "Umbrella BI", List.of())),
                Map.of(), false, false, null, true, null, null, 1);
    }

    @Override
    public void run(ApplicationArguments args) {
        ApiKeys.CreatedKey created = transactions.execute(status -> {
            // Several instances may start at once on one empty database: one of them bootstraps.
            db.sql("SELECT pg_advisory_xact_lock(:key)").param("key", LOCK_KEY).query().singleRow();
            if (accounts.anyExists()) {
                return null;
            }
            Accounts.Account account = accounts.create(DEMO_EMAIL, Plan.SCALE);
            ApiKeys.CreatedKey key = bootstrapKey.isBlank()
                    ? keys.create(account.ownerUserId(), Scope.READ_WRITE, "bootstrap")
                    : keys.createWithSecret(account.ownerUserId(), Scope.READ_WRITE, "bootstrap", bootstrapKey.strip());
            Caller owner = new Caller(key.id(), account.ownerUserId(), account.id(), DEMO_EMAIL, "owner",
                    Scope.READ_WRITE, Plan.SCALE);
            projects.create(owner, demoProject());
            return key;
        });
        if (created == null) {
            return;
        }
        log.info("Created the demo account {} with API key {} (shown once on standard output)", DEMO_EMAIL, created.keyHint());
        System.out.println("""

                ================================================================================
                  Periscope is ready. Demo account: %s (plan Scale), with a demo project
                  whose prompts run on the engines configured (or the offline demo engine).
                  API key (read_write), shown once; store it now:

                      %s

                  Try:  curl -H "Authorization: Bearer %s" http://localhost:%s/api/v1/ping
                ================================================================================
                """.formatted(DEMO_EMAIL, created.key(), created.key(),
                environment.getProperty("local.server.port", environment.getProperty("server.port", "8080"))));
    }
}
