package org.f2fsobs.engine.platform;

import java.util.EnumMap;
import java.util.Map;

/**
 * The CPUs of a profile: how many are online, their clock, scheduler costs and the unit cost of every
 * {@link CpuOp} in picoseconds.
 */
public record CpuSpec(int count, int clockMhz, long contextSwitchNs, long sliceNs, long wakeJitterMeanNs,
                      Map<CpuOp, Long> costsPs) {

    public CpuSpec {
        costsPs = new EnumMap<>(costsPs);
    }

    public long costPs(CpuOp op) {
        return costsPs.get(op);
    }
}
