package org.f2fsobs.app.queue;

import java.lang.reflect.Constructor;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.CrashChecker;
import org.f2fsobs.bench.api.CrashReport;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.runner.EngineCellRunner;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the queue calls: bench-runner's engine-backed {@link EngineCellRunner}, and its crash checker
 * ({@code org.f2fsobs.bench.runner.EngineCrashChecker}) when that class is on the class path — until it is, every
 * crash check fails with a message saying so; the app never makes up a report. Tests replace these beans
 * ({@code @Primary} doubles) only to exercise queue mechanics.
 */
@Configuration(proxyBeanMethods = false)
class RunnerConfiguration {
    static final String ENGINE_CRASH_CHECKER = "org.f2fsobs.bench.runner.EngineCrashChecker";
    private static final Logger log = LoggerFactory.getLogger(RunnerConfiguration.class);

    @Bean
    CellRunner cellRunner(ScenarioCatalog catalog) {
        return new EngineCellRunner(catalog);
    }

    @Bean
    CrashChecker crashChecker(ScenarioCatalog catalog) {
        try {
            Class<?> c = Class.forName(ENGINE_CRASH_CHECKER, true, RunnerConfiguration.class.getClassLoader());
            for (Constructor<?> ctor : c.getConstructors()) {
                if (ctor.getParameterCount() == 1 && ctor.getParameterTypes()[0] == ScenarioCatalog.class) {
                    return (CrashChecker) ctor.newInstance(catalog);
                }
            }
            return (CrashChecker) c.getConstructor().newInstance();
        } catch (ClassNotFoundException absent) {
            log.warn("crash checks: {} is not on the class path; every crash check will fail until it is", ENGINE_CRASH_CHECKER);
            return new Unavailable();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("cannot create " + ENGINE_CRASH_CHECKER + ": " + e, e);
        }
    }

    /** Fails every crash check, naming what is missing. */
    static final class Unavailable implements CrashChecker {
        @Override
        public CrashReport run(CellSpec cell, Integer point, Integer maxPoints, ProgressListener progress, CancellationToken cancel) {
            throw new IllegalStateException("no crash checker in this build: " + ENGINE_CRASH_CHECKER + " is not on the class path");
        }
    }
}
