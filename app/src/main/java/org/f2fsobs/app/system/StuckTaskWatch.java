package org.f2fsobs.app.system;

import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.scheduler.Schedulers;

/**
 * Names a thread of {@link Database#SCHEDULER} that has been inside one task for longer than {@link #STUCK}: a WARN
 * with the thread, how long, and its stack, once per task.
 * A statement normally takes milliseconds; a task that takes seconds is waiting (for a lock, for a connection that
 * only another task can give back) and every task queued behind it on that thread waits too, so the log says where.
 */
final class StuckTaskWatch {
    private static final Logger log = LoggerFactory.getLogger(StuckTaskWatch.class);

    static final Duration STUCK = Duration.ofSeconds(5);

    /** {@link #STUCK}, shorter in a test. */
    static volatile Duration stuckAfter = STUCK;

    /** A thread whose tasks are timed: the start of the task it runs (System.nanoTime, 0 = none) and the one last reported. */
    interface Timed {
        AtomicLong taskSince();

        AtomicLong reported();
    }

    private static final Set<Thread> threads = ConcurrentHashMap.newKeySet();

    static {
        // bounded elastic's threads run tasks on an executor of their own: the task is timed by wrapping it where it is scheduled
        Schedulers.onScheduleHook("observatory-stuck-watch", task -> () -> {
            if (Thread.currentThread() instanceof Timed t) {
                long outer = t.taskSince().get();
                if (outer == 0) t.taskSince().set(System.nanoTime());
                try {
                    task.run();
                } finally {
                    if (outer == 0) t.taskSince().set(0);
                }
            } else {
                task.run();
            }
        });
        Thread watch = new Thread(StuckTaskWatch::watch, "observatory-db-watch");
        watch.setDaemon(true);
        watch.start();
    }

    private StuckTaskWatch() {}

    /** Loads the class: the schedule hook and the watching thread are in place from here on. */
    static void install() {}

    /** Watches {@code t} (a {@link Timed} thread) from now until it ends. */
    static void register(Thread t) {
        threads.add(t);
    }

    private static void watch() {
        while (true) {
            try {
                Thread.sleep(Math.min(1000, Math.max(50, stuckAfter.toMillis() / 4)));
                long now = System.nanoTime();
                for (Thread t : threads) {
                    if (!t.isAlive() && t.getState() == Thread.State.TERMINATED) {
                        threads.remove(t);
                        continue;
                    }
                    Timed timed = (Timed) t;
                    long since = timed.taskSince().get();
                    if (since == 0 || now - since < stuckAfter.toNanos() || timed.reported().get() == since) continue;
                    timed.reported().set(since);
                    String stack = Arrays.stream(t.getStackTrace()).limit(60).map(f -> "\n\tat " + f).collect(Collectors.joining());
                    log.warn("database thread {} has been in one task for {} ms ({}): tasks queued behind it wait as long{}", t.getName(),
                            (now - since) / 1_000_000L, t.getState(), stack);
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                log.warn("stuck-task watch: {}", e.toString());
            }
        }
    }
}
