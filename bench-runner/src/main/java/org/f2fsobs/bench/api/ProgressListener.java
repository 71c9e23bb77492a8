package org.f2fsobs.bench.api;

/** Progress of a run in virtual work done; called from the running thread, must be cheap and must not throw. */
@FunctionalInterface
public interface ProgressListener {
    ProgressListener NONE = (phase, fraction) -> { };

    /**
     * @param phase    what is running ("preparation", "measured", a tool phase such as "write")
     * @param fraction 0..1 of the whole run
     */
    void progress(String phase, double fraction);
}
