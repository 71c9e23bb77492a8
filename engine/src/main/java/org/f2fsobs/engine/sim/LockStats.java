package org.f2fsobs.engine.sim;

/** Per named lock: acquisitions, contended acquisitions and total wait time (lockstat style). */
public final class LockStats {
    private final String name;
    long acquisitions;
    long contended;
    long waitNs;
    long maxWaitNs;

    LockStats(String name) {
        this.name = name;
    }

    public String name() { return name; }
    public long acquisitions() { return acquisitions; }
    public long contended() { return contended; }
    public long waitNs() { return waitNs; }
    public long maxWaitNs() { return maxWaitNs; }

    void addWait(long ns) {
        waitNs += ns;
        if (ns > maxWaitNs) maxWaitNs = ns;
    }

    void reset() {
        acquisitions = contended = waitNs = maxWaitNs = 0;
    }
}
