package org.f2fsobs.bench.runner;

import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.tool.dd.DdDialect;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.device.ContentRegistry;

/**
 * What a workload may use besides the volume: content registration, the run's seeded randomness, the virtual
 * wall clock the tool prints (a fixed epoch plus virtual time), process ids, progress and cancellation.
 */
public final class WorkloadEnv {
    /** 2026-01-01T00:00:00Z: the virtual date tools print (output never depends on the host clock). */
    public static final long VIRTUAL_EPOCH_MS = 1_767_225_600_000L;

    private final ContentRegistry registry;
    private final Prng prng;
    private final DdDialect ddDialect;
    private final ProgressListener progress;
    private final CancellationToken cancel;
    private final String phase;
    private int nextPid = 4100;

    public WorkloadEnv(ContentRegistry registry, Prng prng, DdDialect ddDialect, ProgressListener progress,
                       CancellationToken cancel, String phase) {
        this.registry = registry;
        this.prng = prng;
        this.ddDialect = ddDialect;
        this.progress = progress;
        this.cancel = cancel;
        this.phase = phase;
    }

    public ContentRegistry registry() { return registry; }
    public Prng prng() { return prng; }
    public DdDialect ddDialect() { return ddDialect; }

    public int nextPid() {
        return nextPid++;
    }

    /** Epoch milliseconds for a virtual time. */
    public long epochMillis(long virtualNs) {
        return VIRTUAL_EPOCH_MS + virtualNs / 1_000_000L;
    }

    /** Reports progress of this phase (0..1) and stops the run when cancelled. */
    public void progress(double fraction) {
        cancel.throwIfCancelled();
        progress.progress(phase, Math.max(0, Math.min(1, fraction)));
    }

    public void checkCancelled() {
        cancel.throwIfCancelled();
    }
}
