package org.f2fsobs.app.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The guard records an interrupt of a thread that is inside H2, and only such an interrupt. */
class InterruptGuardTests {

    @Test
    void anInterruptOfAThreadRunningAnH2StatementIsRecordedNamingBothThreads() throws Exception {
        InterruptGuard.install();
        InterruptGuard.drain();
        java.util.concurrent.atomic.AtomicReference<java.sql.Statement> running = new java.util.concurrent.atomic.AtomicReference<>();
        Thread victim = new Thread(() -> {
            try (Connection c = DriverManager.getConnection("jdbc:h2:mem:guard"); java.sql.Statement st = c.createStatement()) {
                running.set(st);
                // a second or so inside H2 (no shortcut for a filtered sum)
                st.executeQuery("SELECT SUM(X) FROM SYSTEM_RANGE(1, 30000000) WHERE MOD(X, 3) = 1").next();
            } catch (Exception e) {
                // cancelled
            }
        }, "guard-victim");
        victim.setDaemon(true);
        victim.start();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while ((running.get() == null || Arrays.stream(victim.getStackTrace()).noneMatch(f -> f.getClassName().startsWith("org.h2.")))
                && System.nanoTime() < deadline) Thread.sleep(5);
        victim.interrupt();
        List<AssertionError> found = InterruptGuard.drain();
        assertThat(found).hasSize(1);
        assertThat(found.get(0)).hasMessageContaining("'" + Thread.currentThread().getName() + "' interrupted thread 'guard-victim' inside H2");
        assertThat(found.get(0).getSuppressed()).hasSize(1);

        Thread idle = new Thread(() -> {
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException e) {
                // expected
            }
        }, "guard-idle");
        idle.start();
        while (idle.getState() != Thread.State.TIMED_WAITING) Thread.sleep(1);
        idle.interrupt();
        idle.join();
        assertThat(InterruptGuard.drain()).as("a thread outside H2 may be interrupted").isEmpty();
        victim.join(10_000);
    }
}
