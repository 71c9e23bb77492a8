package org.f2fsobs.engine.sim;

/**
 * Settings of the simulated machine's scheduler. The platform layer fills them from a profile.
 *
 * @param cpus              number of simulated CPUs (online cores)
 * @param contextSwitchNs   CPU time a task spends getting onto a CPU after it slept (wake-up + switch)
 * @param sliceNs           a task that ran this long while others wait for a CPU yields at its next sync point
 * @param syncQuantumNs     a running task re-synchronises with the global clock at least this often; bounds how far
 *                          a task's private time may run ahead of shared, lock-free state
 * @param wakeJitterMeanNs  mean of an exponential delay added to each wake-up (0 = none); the only seeded scheduler
 *                          variation, declared by the profile with its source
 * @param maxVirtualNs      a run that passes this virtual time fails (catches livelocks behind periodic timers)
 */
public record SimOptions(int cpus, long contextSwitchNs, long sliceNs, long syncQuantumNs,
                         long wakeJitterMeanNs, long maxVirtualNs) {

    public SimOptions {
        if (cpus < 1 || cpus > 1024) throw new IllegalArgumentException("cpus must be in 1..1024: " + cpus);
        if (contextSwitchNs < 0 || sliceNs <= 0 || syncQuantumNs <= 0 || wakeJitterMeanNs < 0 || maxVirtualNs <= 0) {
            throw new IllegalArgumentException("scheduler times must be positive (context switch and jitter may be 0)");
        }
    }

    /** A plain machine for tests: no switch cost, no jitter. */
    public static SimOptions ideal(int cpus) {
        return new SimOptions(cpus, 0, 4_000_000, 20_000, 0, 3_600_000_000_000L);
    }

    public SimOptions withContextSwitchNs(long ns) {
        return new SimOptions(cpus, ns, sliceNs, syncQuantumNs, wakeJitterMeanNs, maxVirtualNs);
    }

    public SimOptions withWakeJitterMeanNs(long ns) {
        return new SimOptions(cpus, contextSwitchNs, sliceNs, syncQuantumNs, ns, maxVirtualNs);
    }

    public SimOptions withSyncQuantumNs(long ns) {
        return new SimOptions(cpus, contextSwitchNs, sliceNs, ns, wakeJitterMeanNs, maxVirtualNs);
    }

    public SimOptions withMaxVirtualNs(long ns) {
        return new SimOptions(cpus, contextSwitchNs, sliceNs, syncQuantumNs, wakeJitterMeanNs, ns);
    }
}
