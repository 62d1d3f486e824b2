package dev.periscope.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BenchRunnerTest {

    @Test
    void theApiPrefixIsAddedOnceWhateverTheBaseUrlEndsWith() {
        assertThat(BenchRunner.apiBase("http://127.0.0.1:18080")).isEqualTo("http://127.0.0.1:18080/api/v1");
        assertThat(BenchRunner.apiBase("http://127.0.0.1:18080/")).isEqualTo("http://127.0.0.1:18080/api/v1");
        assertThat(BenchRunner.apiBase("http://127.0.0.1:18080/api/v1")).isEqualTo("http://127.0.0.1:18080/api/v1");
        assertThat(BenchRunner.apiBase("https://periscope.example/api/v1/")).isEqualTo("https://periscope.example/api/v1");
    }

    @Test
    void aBaseUrlMustBeHttp() {
        assertThatThrownBy(() -> BenchRunner.apiBase("localhost:8080")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BenchRunner.apiBase("ftp://host/")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BenchRunner.apiBase(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
