package org.f2fsobs.engine.sim.archfixture;

import org.f2fsobs.engine.f2fs.Volume;

/** Breaks "sim imports nothing above it" on purpose (ArchitectureTests' fixture; test sources only). */
public final class SimReachingUp {
    Volume volume;
}
