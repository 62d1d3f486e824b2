package dev.periscope.access;

import dev.periscope.plans.Feature;
import dev.periscope.plans.Plan;
import dev.periscope.plans.PlanGate;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/** Accounts and their owners. An account holds the plan; its first user is the owner. */
@Component
public class Accounts {
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[^@\\s]{1,255}");
    private final JdbcClient db;

    public Accounts(JdbcClient db) {
        this.db = db;
    }

    public record Account(long id, long ownerUserId, String email, String plan, String trackingFrequency,
                          String status, OffsetDateTime createdAt) {
    }

    @Transactional
    public Account create(String email, Plan plan) {
        if (email == null || !EMAIL.matcher(email).matches()) {
            throw ApiException.invalidParam("email", "email must look like name@example.com");
        }
        if (findByEmail(email).isPresent()) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "An account with this email already exists",
                    Map.of("param", "email"));
        }
        long accountId = db.sql("INSERT INTO accounts (plan) VALUES (:plan) RETURNING id")
                .param("plan", plan.wireName()).query(Long.class).single();
        db.sql("INSERT INTO users (account_id, email, role) VALUES (:account, :email, 'owner')")
                .param("account", accountId).param("email", email).update();
        return findByEmail(email).orElseThrow();
    }

    public Optional<Account> findByEmail(String email) {
        return db.sql("""
                        SELECT a.id, u.id AS user_id, u.email, a.plan, a.tracking_frequency, a.status, a.created_at
                          FROM users u JOIN accounts a ON a.id = u.account_id
                         WHERE lower(u.email) = lower(:email)
                        """)
                .param("email", email)
                .query((rs, n) -> new Account(rs.getLong("id"), rs.getLong("user_id"), rs.getString("email"),
                        rs.getString("plan"), rs.getString("tracking_frequency"), rs.getString("status"),
                        rs.getObject("created_at", OffsetDateTime.class)))
                .optional();
    }

    /** Changing plans down to one without daily tracking puts the cadence back to weekly. */
    public Account setPlan(String email, Plan plan) {
        Account account = findByEmail(email).orElseThrow(() -> ApiException.notFound("Account"));
        db.sql("""
                        UPDATE accounts SET plan = :plan,
                               tracking_frequency = CASE WHEN :plan = 'scale' THEN tracking_frequency ELSE 'weekly' END
                         WHERE id = :id
                        """)
                .param("plan", plan.wireName()).param("id", account.id()).update();
        return findByEmail(email).orElseThrow();
    }

    /** The tracking cadence: weekly on every plan, daily on plans with {@link Feature#DAILY_TRACKING}. */
    public Account setTrackingFrequency(String email, String frequency) {
        Account account = findByEmail(email).orElseThrow(() -> ApiException.notFound("Account"));
        if (!List.of("weekly", "daily").contains(frequency)) {
            throw ApiException.invalidEnum("tracking_frequency", frequency, List.of("weekly", "daily"));
        }
        if (frequency.equals("daily")) {
            PlanGate.require(Plan.fromWire(account.plan()), Feature.DAILY_TRACKING);
        }
        db.sql("UPDATE accounts SET tracking_frequency = :frequency WHERE id = :id")
                .param("frequency", frequency).param("id", account.id()).update();
        return findByEmail(email).orElseThrow();
    }

    public boolean anyExists() {
        return db.sql("SELECT EXISTS (SELECT 1 FROM accounts)").query(Boolean.class).single();
    }
}
