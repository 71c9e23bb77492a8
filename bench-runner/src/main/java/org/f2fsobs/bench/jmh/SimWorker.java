package org.f2fsobs.bench.jmh;

import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.Simulation;

/**
 * A simulation kept alive across JMH invocations. Engine code that needs a {@link SimTask} must run on that task's
 * own thread, and {@link Simulation#run()} runs once per simulation; so one task, "bench", does the set-up (mount)
 * and then runs each batch the benchmark thread hands over, while the simulation's driver waits on its own thread.
 * Between batches the bench task holds the baton and waits on a queue outside the simulation: virtual time stands
 * still, and the benchmark thread may read (or, with an OfflineTask, drive) the engine's state.
 *
 * <p>Each batch costs two cross-thread hand-offs (benchmark thread → virtual thread → back), tens of µs on a busy
 * 2-core machine; batches are sized to a few ms so that this stays in the noise.
 *
 * @param <S> what the set-up step builds (a mounted volume, a vmalloc model ...)
 */
final class SimWorker<S> implements AutoCloseable {
    /** A batch run by the bench task; the result goes to a Blackhole / is returned from the benchmark. */
    @FunctionalInterface
    interface Batch<S> {
        long run(SimTask t, S state);
    }

    private static final Object READY = new Object();
    private static final Object STOP = new Object();

    private final SynchronousQueue<Object> toTask = new SynchronousQueue<>();
    private final SynchronousQueue<Object> toBench = new SynchronousQueue<>();
    private final Simulation sim;
    private final Thread driver;
    private volatile Throwable driverFailure;
    private S state;

    SimWorker(Simulation sim, Function<SimTask, S> setUp) {
        this.sim = sim;
        sim.spawn("bench", t -> {
            try {
                state = setUp.apply(t);
            } catch (Throwable e) {
                put(toBench, e);
                return;
            }
            put(toBench, READY);
            while (true) {
                Object job = take(toTask);
                if (job == STOP) return;
                Object reply;
                try {
                    @SuppressWarnings("unchecked")
                    Batch<S> b = (Batch<S>) job;
                    reply = b.run(t, state);
                } catch (Throwable e) {
                    reply = e;
                }
                put(toBench, reply);
            }
        });
        driver = Thread.ofPlatform().name("sim-driver").daemon(true).start(() -> {
            try {
                sim.run();
            } catch (Throwable e) {
                driverFailure = e;
            }
        });
        reply();
    }

    Simulation sim() { return sim; }

    /** The set-up's result; touch it only between batches (the bench task is idle then). */
    S state() { return state; }

    /** Runs one batch in the bench task and waits for it. */
    long run(Batch<S> batch) {
        handOver(batch);
        return (Long) reply();
    }

    @Override
    public void close() {
        if (!driver.isAlive()) return;
        handOver(STOP);
        try {
            driver.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (driverFailure != null) throw new IllegalStateException("simulation failed at close", driverFailure);
    }

    /** Gives the bench task a job; fails instead of hanging when the simulation has ended. */
    private void handOver(Object job) {
        while (true) {
            try {
                if (toTask.offer(job, 100, TimeUnit.MILLISECONDS)) return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while handing over a batch", e);
            }
            if (!driver.isAlive()) throw new IllegalStateException("the simulation ended", driverFailure);
        }
    }

    private Object reply() {
        while (true) {
            Object r;
            try {
                r = toBench.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the simulation ran a batch", e);
            }
            if (r instanceof Throwable e) throw new IllegalStateException("batch failed in the simulation", e);
            if (r != null) return r;
            if (!driver.isAlive()) throw new IllegalStateException("the simulation ended", driverFailure);
        }
    }

    private static void put(SynchronousQueue<Object> q, Object o) {
        try {
            q.put(o);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static Object take(SynchronousQueue<Object> q) {
        try {
            return q.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
