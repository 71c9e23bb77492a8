package org.f2fsobs.bench.archfixture;

import org.f2fsobs.engine.f2fs.Volume;

/** Breaks "the runner uses the Volume's front door, not its sb_info" on purpose (ArchitectureTests' fixture). */
public final class WorkloadReachingSbInfo {
    static long freeSections(Volume v) {
        return v.sbi().smI().freeSections();
    }
}
