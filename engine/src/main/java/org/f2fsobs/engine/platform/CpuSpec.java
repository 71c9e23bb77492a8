package org.f2fsobs.engine.platform;

import java.util.EnumMap;
import java.util.Map;

/**
 * The CPUs of a profile: how many are online, their clock, scheduler costs and the unit cost of every
 * {@link CpuOp} in picoseconds. Reading a constant through its accessor notes it in {@code reads}
 * ({@link ProfileReads}); {@link #costsPs()} is the raw table and notes nothing ({@link Machine} notes each op when
 * it is charged).
 */
public record CpuSpec(int count, int clockMhz, long contextSwitchNs, long sliceNs, long wakeJitterMeanNs,
                      Map<CpuOp, Long> costsPs, ProfileReads reads) {

    public CpuSpec {
        costsPs = new EnumMap<>(costsPs);
        if (reads == null) reads = new ProfileReads();
    }

    public CpuSpec(int count, int clockMhz, long contextSwitchNs, long sliceNs, long wakeJitterMeanNs, Map<CpuOp, Long> costsPs) {
        this(count, clockMhz, contextSwitchNs, sliceNs, wakeJitterMeanNs, costsPs, null);
    }

    /** The same CPUs noting their reads in {@code log}. */
    public CpuSpec withReads(ProfileReads log) {
        return log == reads ? this : new CpuSpec(count, clockMhz, contextSwitchNs, sliceNs, wakeJitterMeanNs, costsPs, log);
    }

    @Override public int count() { reads.note(ProfileReads.CPU_COUNT); return count; }
    @Override public int clockMhz() { reads.note(ProfileReads.CPU_CLOCK_MHZ); return clockMhz; }
    @Override public long contextSwitchNs() { reads.note(ProfileReads.CPU_CONTEXT_SWITCH_NS); return contextSwitchNs; }
    @Override public long sliceNs() { reads.note(ProfileReads.CPU_SLICE_NS); return sliceNs; }
    @Override public long wakeJitterMeanNs() { reads.note(ProfileReads.CPU_WAKE_JITTER_MEAN_NS); return wakeJitterMeanNs; }

    /** The unit cost of {@code op}, noted as read. */
    public long costPs(CpuOp op) {
        reads.noteCpu(op);
        return costsPs.get(op);
    }
}
