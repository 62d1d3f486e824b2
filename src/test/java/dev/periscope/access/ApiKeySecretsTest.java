package dev.periscope.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ApiKeySecretsTest {
    @Test
    void keysArePskAndFortyBase62Characters_decisionsProduct() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            String key = ApiKeySecrets.generate();
            assertThat(key).matches("psk_[0-9A-Za-z]{40}");
            assertThat(ApiKeySecrets.looksValid(key)).isTrue();
            seen.add(key);
        }
        assertThat(seen).hasSize(200);
    }

    @Test
    void onlyTheHashAndAHintAreKept() {
        String key = ApiKeySecrets.generate();
        assertThat(ApiKeySecrets.hash(key)).hasSize(32).isNotEqualTo(key.getBytes());
        assertThat(ApiKeySecrets.hint(key)).startsWith(key.substring(0, 8)).endsWith(key.substring(40)).hasSize(13);
        assertThat(ApiKeySecrets.looksValid("psk_short")).isFalse();
        assertThat(ApiKeySecrets.looksValid("sk_" + key.substring(3))).isFalse();
        assertThat(ApiKeySecrets.looksValid(key.substring(0, 43) + "!")).isFalse();
    }
}
