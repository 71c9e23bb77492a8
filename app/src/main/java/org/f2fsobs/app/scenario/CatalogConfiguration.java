package org.f2fsobs.app.scenario;

import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The scenario catalog shipped in bench-runner, loaded once (a broken scenario file stops the start-up). */
@Configuration(proxyBeanMethods = false)
class CatalogConfiguration {

    @Bean
    ScenarioCatalog scenarioCatalog() {
        return ScenarioCatalog.load();
    }
}
