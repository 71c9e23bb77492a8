package org.f2fsobs.app.queue;

import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.CrashChecker;
import org.f2fsobs.bench.runner.EngineCellRunner;
import org.f2fsobs.bench.runner.EngineCrashChecker;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the queue calls: bench-runner's engine-backed {@link EngineCellRunner} and {@link EngineCrashChecker}, on the
 * shipped catalog. Both are thread-safe (each run builds its own simulated machine). Tests replace the runner with
 * a {@code @Primary} double only to exercise queue mechanics.
 */
@Configuration(proxyBeanMethods = false)
class RunnerConfiguration {

    @Bean
    CellRunner cellRunner(ScenarioCatalog catalog) {
        return new EngineCellRunner(catalog);
    }

    @Bean
    CrashChecker crashChecker(ScenarioCatalog catalog) {
        return new EngineCrashChecker(catalog);
    }
}
