package dev.periscope.projects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.periscope.shared.ApiException;
import org.junit.jupiter.api.Test;

class DomainsTest {
    @Test
    void urlsAreNormalisedToTheBareHost_specPostCompetitors() {
        assertThat(Domains.bareHost("domain", "https://www.OpenAI.com/research?x=1")).isEqualTo("openai.com");
        assertThat(Domains.bareHost("domain", "openai.com")).isEqualTo("openai.com");
        assertThat(Domains.bareHost("domain", "openai.com/")).isEqualTo("openai.com");
        assertThat(Domains.bareHost("domain", "blog.acme.co.uk:8443")).isEqualTo("blog.acme.co.uk");
        assertThat(Domains.bareHost("domain", "münchen.de")).isEqualTo("xn--mnchen-3ya.de");
        assertThat(Domains.bareHost("domain", "www.com")).isEqualTo("www.com");
    }

    @Test
    void garbageIsRefusedWithTheParameterName() {
        for (String bad : new String[] {"not a domain", "localhost", "https://", "-acme.com", "user:pw@acme.com", "acme..com"}) {
            assertThatThrownBy(() -> Domains.bareHost("domain", bad)).as(bad)
                    .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.meta()).containsEntry("param", "domain"));
        }
    }
}
