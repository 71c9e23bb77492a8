package org.f2fsobs.app.archfixture;

import org.f2fsobs.engine.f2fs.Optimizations;

/** Breaks "the app imports no org.f2fsobs.engine class" on purpose (ArchitectureTests' fixture; test sources only). */
public final class AppImportingTheEngine {
    Optimizations flags;
}
