package dev.periscope.access;

import dev.periscope.plans.Plan;
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
 * once on standard output (never logged). {@code PERISCOPE_BOOTSTRAP_KEY} supplies the key so scripts know it.
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

    public FirstStart(Accounts accounts, ApiKeys keys, JdbcClient db, TransactionTemplate transactions,
                      @Value("${periscope.bootstrap-key:}") String bootstrapKey, Environment environment) {
        this.environment = environment;
        this.accounts = accounts;
        this.keys = keys;
        this.db = db;
        this.transactions = transactions;
        this.bootstrapKey = bootstrapKey;
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
            return bootstrapKey.isBlank()
                    ? keys.create(account.ownerUserId(), Scope.READ_WRITE, "bootstrap")
                    : keys.createWithSecret(account.ownerUserId(), Scope.READ_WRITE, "bootstrap", bootstrapKey.strip());
        });
        if (created == null) {
            return;
        }
        log.info("Created the demo account {} with API key {} (shown once on standard output)", DEMO_EMAIL, created.keyHint());
        System.out.println("""

                ================================================================================
                  Periscope is ready. Demo account: %s (plan Scale)
                  API key (read_write), shown once; store it now:

                      %s

                  Try:  curl -H "Authorization: Bearer %s" http://localhost:%s/api/v1/ping
                ================================================================================
                """.formatted(DEMO_EMAIL, created.key(), created.key(),
                environment.getProperty("local.server.port", environment.getProperty("server.port", "8080"))));
    }
}
