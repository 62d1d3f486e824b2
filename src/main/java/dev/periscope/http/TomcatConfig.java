package dev.periscope.http;

import org.apache.catalina.core.StandardHost;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Installs {@link JsonErrorReportValve} so even container-level errors are JSON. */
@Configuration(proxyBeanMethods = false)
public class TomcatConfig {
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> jsonErrorPages() {
        return factory -> factory.addContextCustomizers(context -> {
            if (context.getParent() instanceof StandardHost host) {
                host.setErrorReportValveClass(JsonErrorReportValve.class.getName());
            }
        });
    }
}
