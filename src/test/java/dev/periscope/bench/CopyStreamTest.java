package dev.periscope.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CopyStreamTest {

    @Test
    void textFormatEscapesOnlyWhatCopyWouldMisread() {
        assertThat(CopyStream.appendText(new StringBuilder(), "1. **Acme**\tis\r\nfine \\ \"quoted\" ü").toString())
                .isEqualTo("1. **Acme**\\tis\\r\\nfine \\\\ \"quoted\" ü");
    }

    @Test
    void timestampsAreUtcWithSecondPrecision() {
        assertThat(Timestamps.format(0)).isEqualTo("1970-01-01 00:00:00+00");
        assertThat(Timestamps.format(1_772_409_907L)).isEqualTo("2026-03-02 00:05:07+00");
        assertThat(Timestamps.format(1_772_409_907L + 86_399)).isEqualTo("2026-03-03 00:05:06+00");
    }
}
