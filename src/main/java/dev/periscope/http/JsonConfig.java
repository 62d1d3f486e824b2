package dev.periscope.http;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.core.StreamReadFeature;

/** JSON reading is strict: a key given twice is a mistake the caller should hear about, not a silent overwrite. */
@Configuration(proxyBeanMethods = false)
public class JsonConfig {
    @Bean
    JsonMapperBuilderCustomizer strictDuplicates() {
        return builder -> builder.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    }
}
