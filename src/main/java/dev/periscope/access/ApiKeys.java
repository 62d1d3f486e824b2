package dev.periscope.access;

import dev.periscope.plans.Plan;
import dev.periscope.shared.ApiException;
import dev.periscope.shared.ErrorCode;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/** Creates, authenticates, revokes and rotates API keys. The plain key exists only in the create/rotate result. */
@Component
public class ApiKeys {
    private final JdbcClient db;
    private final Clock clock;

    public ApiKeys(JdbcClient db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** A key as listed: never the secret. */
    public record KeyInfo(long id, long userId, String email, String name, String scope, String keyHint,
                          OffsetDateTime createdAt, OffsetDateTime lastUsedAt, OffsetDateTime revokedAt) {
    }

    /** The result of create and rotate: the only time the secret is visible. */
    public record CreatedKey(long id, String key, String scope, String name, String keyHint, long userId,
                             Long replacesId) {
    }

    public CreatedKey create(long userId, Scope scope, String name) {
        return insert(userId, scope, name, ApiKeySecrets.generate(), null);
    }

    /** Used by the first-start bootstrap when the operator supplies the key (PERISCOPE_BOOTSTRAP_KEY). */
    public CreatedKey createWithSecret(long userId, Scope scope, String name, String secret) {
        if (!ApiKeySecrets.looksValid(secret)) {
            throw new IllegalArgumentException("a bootstrap key must look like psk_ followed by 40 letters or digits");
        }
        return insert(userId, scope, name, secret, null);
    }

    public Caller authenticate(String key) {
        if (!ApiKeySecrets.looksValid(key)) {
            throw new ApiException(ErrorCode.INVALID_API_KEY, "Invalid API key");
        }
        Optional<Row> row = db.sql("""
                        SELECT k.id AS key_id, k.scope, k.revoked_at, k.last_used_at, u.id AS user_id, u.email, u.role,
                               a.id AS account_id, a.plan, a.status
                          FROM api_keys k
                          JOIN users u ON u.id = k.user_id
                          JOIN accounts a ON a.id = u.account_id
                         WHERE k.key_hash = :hash
                        """)
                .param("hash", ApiKeySecrets.hash(key))
                .query((rs, n) -> new Row(rs.getLong("key_id"), rs.getString("scope"),
                        rs.getObject("revoked_at", OffsetDateTime.class),
                        rs.getObject("last_used_at", OffsetDateTime.class), rs.getLong("user_id"),
                        rs.getString("email"), rs.getString("role"), rs.getLong("account_id"),
                        rs.getString("plan"), rs.getString("status")))
                .optional();
        Row found = row.orElseThrow(() -> new ApiException(ErrorCode.INVALID_API_KEY, "Invalid API key"));
        if (found.revokedAt != null) {
            throw new ApiException(ErrorCode.REVOKED_API_KEY, "API key has been revoked");
        }
        if (!"active".equals(found.status)) {
            throw new ApiException(ErrorCode.ACCOUNT_INACTIVE, "The account of this API key is inactive");
        }
        touch(found);
        return new Caller(found.keyId, found.userId, found.accountId, found.email, found.role,
                Scope.fromWire(found.scope), Plan.fromWire(found.plan));
    }

    public Optional<KeyInfo> find(long id) {
        return db.sql(SELECT_INFO + " WHERE k.id = :id").param("id", id).query(ApiKeys::info).optional();
    }

    public List<KeyInfo> listForUser(long userId) {
        return db.sql(SELECT_INFO + " WHERE k.user_id = :user ORDER BY k.id").param("user", userId)
                .query(ApiKeys::info).list();
    }

    /** Revokes a key; revoking a revoked key changes nothing. */
    public KeyInfo revoke(long id) {
        db.sql("UPDATE api_keys SET revoked_at = coalesce(revoked_at, :now) WHERE id = :id")
                .param("now", now()).param("id", id).update();
        return find(id).orElseThrow(() -> ApiException.notFound("API key"));
    }

    /** Issues a new key with the same user, scope and name, and revokes the old one in the same transaction. */
    @Transactional
    public CreatedKey rotate(long id) {
        KeyInfo old = db.sql(SELECT_INFO + " WHERE k.id = :id FOR UPDATE OF k").param("id", id)
                .query(ApiKeys::info).optional()
                .orElseThrow(() -> ApiException.notFound("API key"));
        if (old.revokedAt() != null) {
            throw new ApiException(ErrorCode.INVALID_PARAM, "A revoked key cannot be rotated",
                    java.util.Map.of("param", "id"));
        }
        CreatedKey fresh = insert(old.userId(), Scope.fromWire(old.scope()), old.name(), ApiKeySecrets.generate(), id);
        db.sql("UPDATE api_keys SET revoked_at = :now, replaced_by = :fresh WHERE id = :id")
                .param("now", now()).param("fresh", fresh.id()).param("id", id).update();
        return fresh;
    }

    private CreatedKey insert(long userId, Scope scope, String name, String secret, Long replaces) {
        long id = db.sql("""
                        INSERT INTO api_keys (user_id, name, scope, key_hash, key_hint, created_at)
                        VALUES (:user, :name, :scope, :hash, :hint, :now) RETURNING id
                        """)
                .param("user", userId).param("name", name).param("scope", scope.wireName())
                .param("hash", ApiKeySecrets.hash(secret)).param("hint", ApiKeySecrets.hint(secret))
                .param("now", now())
                .query(Long.class).single();
        return new CreatedKey(id, secret, scope.wireName(), name, ApiKeySecrets.hint(secret), userId, replaces);
    }

    /** last_used_at is written at most once a minute per key, so authentication stays a read. */
    private void touch(Row row) {
        OffsetDateTime now = now();
        if (row.lastUsedAt == null || row.lastUsedAt.isBefore(now.minusMinutes(1))) {
            db.sql("UPDATE api_keys SET last_used_at = :now WHERE id = :id").param("now", now)
                    .param("id", row.keyId).update();
        }
    }

    private OffsetDateTime now() {
        return OffsetDateTime.ofInstant(Instant.now(clock), ZoneOffset.UTC);
    }

    private static final String SELECT_INFO = """
            SELECT k.id, k.user_id, u.email, k.name, k.scope, k.key_hint, k.created_at, k.last_used_at, k.revoked_at
              FROM api_keys k JOIN users u ON u.id = k.user_id
            """;

    private static KeyInfo info(java.sql.ResultSet rs, int n) throws java.sql.SQLException {
        return new KeyInfo(rs.getLong("id"), rs.getLong("user_id"), rs.getString("email"), rs.getString("name"),
                rs.getString("scope"), rs.getString("key_hint"), rs.getObject("created_at", OffsetDateTime.class),
                rs.getObject("last_used_at", OffsetDateTime.class), rs.getObject("revoked_at", OffsetDateTime.class));
    }

    private record Row(long keyId, String scope, OffsetDateTime revokedAt, OffsetDateTime lastUsedAt, long userId,
                       String email, String role, long accountId, String plan, String status) {
    }
}
