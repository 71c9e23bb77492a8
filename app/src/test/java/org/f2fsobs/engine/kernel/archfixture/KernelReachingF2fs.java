package org.f2fsobs.engine.kernel.archfixture;

import org.f2fsobs.engine.f2fs.F2fsSbInfo;

/** Breaks "kernel never imports f2fs" on purpose (ArchitectureTests' fixture; test sources only). */
public final class KernelReachingF2fs {
    F2fsSbInfo sbi;
}
