package org.f2fsobs.engine.f2fs;

import java.util.List;

/**
 * Adds optimizations to the built-in four without touching them: list an implementation in
 * {@code META-INF/services/org.f2fsobs.engine.f2fs.OptimizationProvider} (see docs/adding-an-optimization.md).
 */
public interface OptimizationProvider {
    List<Optimization> optimizations();
}
