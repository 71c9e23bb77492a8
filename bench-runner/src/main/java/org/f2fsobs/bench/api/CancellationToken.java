package org.f2fsobs.bench.api;

import java.util.concurrent.atomic.AtomicBoolean;

/** Cooperative cancellation: a run checks it between workload operations and stops with {@link CancelledException}. */
public final class CancellationToken {
    public static final CancellationToken NONE = new CancellationToken();

    private final AtomicBoolean cancelled = new AtomicBoolean();

    public void cancel() {
        if (this == NONE) throw new IllegalStateException("NONE cannot be cancelled");
        cancelled.set(true);
    }

    /** Cancels unless this is {@link #NONE} (used when one part of a job fails and the rest should stop). */
    public void cancelQuietly() {
        if (this != NONE) cancelled.set(true);
    }

    public boolean isCancelled() {
        return cancelled.get();
    }

    public void throwIfCancelled() {
        if (cancelled.get()) throw new CancelledException();
    }

    /** Thrown out of a run that noticed its token was cancelled. */
    public static final class CancelledException extends RuntimeException {
        public CancelledException() {
            super("cancelled", null, false, false);
        }
    }
}
