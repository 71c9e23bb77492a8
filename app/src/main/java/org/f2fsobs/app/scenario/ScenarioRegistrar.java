package org.f2fsobs.app.scenario;

import java.time.Instant;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;

/** Records every built-in catalog scenario in {@code SCENARIOS} at start-up (first seen, last seen); user ones live in USER_SCENARIOS. */
@Component
class ScenarioRegistrar {
    private final ScenarioCatalog catalog;
    private final SeenScenarioRepository seen;

    ScenarioRegistrar(ScenarioCatalog catalog, SeenScenarioRepository seen) {
        this.catalog = catalog;
        this.seen = seen;
    }

    @EventListener(ApplicationReadyEvent.class)
    void register() {
        Instant now = Instant.now();
        Flux.fromIterable(catalog.builtIns())
                .concatMap((Scenario s) -> seen.upsert(s.id(), s.title(), s.tool(), s.flag(), now))
                .then().block();
    }
}
