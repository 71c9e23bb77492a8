package org.f2fsobs.app.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * {@link Database#SCHEDULER} lets a task that runs finish when its subscription ends early; Reactor's bounded elastic
 * scheduler interrupts it, which is what closed H2's database file under load (the contrast shows each check can fail).
 */
class DatabaseSchedulerTests {
    private static final Scheduler ELASTIC = Schedulers.newBoundedElastic(2, 10, "contrast");

    @AfterAll
    static void disposeContrast() {
        ELASTIC.dispose();
    }

    /** A subscriber that leaves while the task runs: whether the task then sees an interrupt. */
    private static boolean interruptedWhenTheSubscriberLeaves(Scheduler scheduler) throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean disposed = new AtomicBoolean();
        CompletableFuture<Boolean> interrupted = new CompletableFuture<>();
        Disposable d = Mono.fromRunnable(() -> {
            started.countDown();
            interrupted.complete(sleepPast(disposed));
        }).subscribeOn(scheduler).subscribe();
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        d.dispose();                                              // from this thread, while the task runs on the scheduler's
        disposed.set(true);
        return interrupted.get(20, TimeUnit.SECONDS);
    }

    /**
     * A {@code subscribeOn} whose chain completes on another thread while the task that subscribed still runs (as
     * with a {@code publishOn} downstream, or a pooled connection handed over by the thread that released it):
     * subscribeOn then disposes its worker from that other thread.
     */
    private static boolean interruptedWhenTheChainCompletesElsewhere(Scheduler scheduler) throws Exception {
        AtomicBoolean completed = new AtomicBoolean();
        CompletableFuture<Boolean> interrupted = new CompletableFuture<>();
        Mono.<Integer>create(sink -> {
            Schedulers.parallel().schedule(() -> sink.success(1));
            interrupted.complete(sleepPast(completed));
        }).subscribeOn(scheduler).subscribe(x -> { }, e -> { }, () -> completed.set(true));
        return interrupted.get(20, TimeUnit.SECONDS);
    }

    /** Waits until {@code flag} is set, then 300 ms more; true if interrupted meanwhile. */
    private static boolean sleepPast(AtomicBoolean flag) {
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!flag.get() && System.nanoTime() < deadline) Thread.sleep(1);
            Thread.sleep(300);
            return false;
        } catch (InterruptedException e) {
            return true;
        }
    }

    @Test
    void aTaskWhoseSubscriberLeavesWhileItRunsIsNotInterrupted() throws Exception {
        assertThat(interruptedWhenTheSubscriberLeaves(Database.SCHEDULER)).isFalse();
        assertThat(interruptedWhenTheSubscriberLeaves(ELASTIC)).as("Reactor's bounded elastic, for contrast").isTrue();
    }

    @Test
    void aTaskWhoseChainCompletesOnAnotherThreadIsNotInterrupted() throws Exception {
        assertThat(interruptedWhenTheChainCompletesElsewhere(Database.SCHEDULER)).isFalse();
        assertThat(interruptedWhenTheChainCompletesElsewhere(ELASTIC)).as("Reactor's bounded elastic, for contrast").isTrue();
    }

    @Test
    void itsThreadsMayRestoreTheirOwnInterruptFlag() throws Exception {
        CompletableFuture<Boolean> flag = new CompletableFuture<>();
        Mono.fromRunnable(() -> {
            Thread.currentThread().interrupt();
            flag.complete(Thread.interrupted());
        }).subscribeOn(Database.SCHEDULER).subscribe();
        assertThat(flag.get(10, TimeUnit.SECONDS)).isTrue();
    }
}
