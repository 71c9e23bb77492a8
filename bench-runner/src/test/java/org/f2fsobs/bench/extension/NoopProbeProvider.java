package org.f2fsobs.bench.extension;

import java.util.List;
import org.f2fsobs.engine.f2fs.Optimization;
import org.f2fsobs.engine.f2fs.OptimizationProvider;

/** A flag from an invented patch that changes nothing: registered only in the "extension" test execution. */
public final class NoopProbeProvider implements OptimizationProvider {
    @Override
    public List<Optimization> optimizations() {
        return List.of(new Optimization("noop_probe", "an example patch that changes nothing", false));
    }
}
