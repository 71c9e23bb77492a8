package org.f2fsobs.app.queue;

import java.lang.reflect.Constructor;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.CellRunner;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.CrashChecker;
import org.f2fsobs.bench.api.CrashReport;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The runner the queue calls: bench-runner's engine-backed {@link CellRunner} and {@link CrashChecker}
 * ({@code org.f2fsobs.bench.runner.EngineCellRunner}, {@code EngineCrashChecker}) when they are on the class path.
 * Without them every job fails with a message saying so — the app never makes up a result. Tests replace these
 * beans with {@code @TestBean}/{@code @MockitoBean}.
 */
@Configuration(proxyBeanMethods = false)
class RunnerConfiguration {
    static final String ENGINE_CELL_RUNNER = "org.f2fsobs.bench.runner.EngineCellRunner";
    static final String ENGINE_CRASH_CHECKER = "org.f2fsobs.bench.runner.EngineCrashChecker";
    private static final Logger log = LoggerFactory.getLogger(RunnerConfiguration.class);

    @Bean
    CellRunner cellRunner() {
        CellRunner engine = instantiate(ENGINE_CELL_RUNNER, CellRunner.class);
        return engine != null ? engine : new Unavailable();
    }

    @Bean
    CrashChecker crashChecker() {
        CrashChecker engine = instantiate(ENGINE_CRASH_CHECKER, CrashChecker.class);
        return engine != null ? engine : new Unavailable();
    }

    private static <T> T instantiate(String className, Class<T> type) {
        try {
            Class<?> c = Class.forName(className, true, RunnerConfiguration.class.getClassLoader());
            Constructor<?> ctor = c.getDeclaredConstructor();
            log.info("runner: {}", className);
            return type.cast(ctor.newInstance());
        } catch (ClassNotFoundException absent) {
            log.warn("runner: {} is not on the class path; jobs will fail until it is", className);
            return null;
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("cannot create " + className + ": " + e, e);
        }
    }

    /** Fails every job, naming what is missing. */
    static final class Unavailable implements CellRunner, CrashChecker {
        @Override
        public RunResult run(CellSpec cell, ProgressListener progress, CancellationToken cancel) {
            throw new IllegalStateException("no engine-backed runner: " + ENGINE_CELL_RUNNER + " is not on the class path");
        }

        @Override
        public RunResult exec(ExecSpec spec, ProgressListener progress, CancellationToken cancel) {
            throw new IllegalStateException("no engine-backed runner: " + ENGINE_CELL_RUNNER + " is not on the class path");
        }

        @Override
        public CrashReport run(CellSpec cell, Integer point, Integer maxPoints, ProgressListener progress, CancellationToken cancel) {
            throw new IllegalStateException("no crash checker: " + ENGINE_CRASH_CHECKER + " is not on the class path");
        }
    }
}
