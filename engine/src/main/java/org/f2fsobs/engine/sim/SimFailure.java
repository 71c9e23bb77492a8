package org.f2fsobs.engine.sim;

/** A simulated task (or a callback) threw: the run stops and this carries the cause and where it happened. */
public final class SimFailure extends RuntimeException {
    public SimFailure(String where, Throwable cause) {
        super(where + ": " + cause, cause);
    }
}
