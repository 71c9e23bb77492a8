package org.f2fsobs.engine.platform;

import org.f2fsobs.engine.sim.SimOptions;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;

/**
 * A profile bound to a simulation: the simulated CPUs with the profile's scheduler costs, and the per-primitive
 * cost table through which every layer charges CPU work ({@link #cpu}).
 */
public final class Machine {
    /** How far a running task's private clock may run ahead of the shared one (simulator accuracy, not a machine property). */
    public static final long SYNC_QUANTUM_NS = 20_000;
    /** A run passing this much virtual time fails (livelock guard): one virtual hour. */
    public static final long MAX_VIRTUAL_NS = 3_600_000_000_000L;

    private final Profile profile;
    private final Simulation sim;
    private final int[] account = new int[CpuOp.values().length];
    private final long[] costPs = new long[CpuOp.values().length];
    private final ProfileReads reads;

    public Machine(Profile profile, long seed) {
        this.profile = profile;
        this.reads = profile.reads();
        CpuSpec c = profile.cpu();
        this.sim = new Simulation(seed, new SimOptions(c.count(), c.contextSwitchNs(), c.sliceNs(), SYNC_QUANTUM_NS,
                c.wakeJitterMeanNs(), MAX_VIRTUAL_NS));
        for (CpuOp op : CpuOp.values()) {
            account[op.ordinal()] = sim.accounting().register(op.key());
            costPs[op.ordinal()] = c.costsPs().get(op);       // the raw table: an op is noted as read when charged
        }
    }

    public Profile profile() { return profile; }
    public Simulation sim() { return sim; }

    /** Charges {@code count} units of {@code op} to the running task (a charge of zero units reads no cost). */
    public void cpu(SimTask t, CpuOp op, long count) {
        if (count != 0) reads.noteCpu(op);
        t.cpuPs(account[op.ordinal()], costPs[op.ordinal()] * count);
    }

    public void cpu(SimTask t, CpuOp op) {
        reads.noteCpu(op);
        t.cpuPs(account[op.ordinal()], costPs[op.ordinal()]);
    }

    /** The unit cost of {@code op}, noted as read (a caller that keeps it, e.g. in a lock, reads it now). */
    public long costPs(CpuOp op) {
        reads.noteCpu(op);
        return costPs[op.ordinal()];
    }

    /** The unit cost of {@code op} without noting it: for a caller that notes the read when it charges the cost. */
    public long unitCostPs(CpuOp op) {
        return costPs[op.ordinal()];
    }

    /** The profile's read log ({@link ProfileReads}). */
    public ProfileReads reads() {
        return reads;
    }

    public int account(CpuOp op) {
        return account[op.ordinal()];
    }

    /** Replaces one unit cost (what-if studies and tests); call before the run starts. */
    public void overrideCostPs(CpuOp op, long ps) {
        if (ps < 0) throw new IllegalArgumentException("cost must be >= 0: " + op.key());
        costPs[op.ordinal()] = ps;
    }
}
