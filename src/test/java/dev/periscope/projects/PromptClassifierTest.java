package dev.periscope.projects;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PromptClassifierTest {
    @Test
    void intentFromCueWords() {
        assertThat(PromptClassifier.promptType("Where can I buy running shoes online?")).isEqualTo("transactional");
        assertThat(PromptClassifier.promptType("Best CRM for small teams")).isEqualTo("commercial");
        assertThat(PromptClassifier.promptType("HubSpot vs Salesforce")).isEqualTo("commercial");
        assertThat(PromptClassifier.promptType("acme login page")).isEqualTo("navigational");
        assertThat(PromptClassifier.promptType("How does photosynthesis work?")).isEqualTo("informational");
        assertThat(PromptClassifier.promptType("topology basics")).as("'top' only as a word").isEqualTo("informational");
    }

    @Test
    void brandKindFromNames_specPromptTable() {
        List<String> own = List.of("Acme", "Acme Corp");
        List<String> rivals = List.of("Globex");
        assertThat(PromptClassifier.brandKind("Is Acme any good?", own, rivals)).isEqualTo("brand");
        assertThat(PromptClassifier.brandKind("Globex pricing", own, rivals)).isEqualTo("brand_other");
        assertThat(PromptClassifier.brandKind("best project tools", own, rivals)).isEqualTo("non_brand");
        assertThat(PromptClassifier.brandKind("Acmeology explained", own, rivals)).isEqualTo("non_brand");
    }
}
