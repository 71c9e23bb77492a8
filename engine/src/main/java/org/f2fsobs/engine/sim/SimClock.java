package org.f2fsobs.engine.sim;

/** Virtual time in integer nanoseconds; only the event loop moves it, and only forward (FDB Sim2::now()). */
public final class SimClock {
    private long nowNs;

    public long nowNs() {
        return nowNs;
    }

    void advanceTo(long atNs) {
        if (atNs < nowNs) throw new IllegalStateException("time went backwards: " + atNs + " < " + nowNs);
        nowNs = atNs;
    }
}
