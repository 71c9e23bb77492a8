package org.f2fsobs.engine.sim;

/** Unwinds a simulated task when its simulation ends early (failure, deadlock, or end of run for daemons). */
public final class SimAbortedError extends Error {
    SimAbortedError() {
        super("simulation aborted", null, false, false);
    }
}
