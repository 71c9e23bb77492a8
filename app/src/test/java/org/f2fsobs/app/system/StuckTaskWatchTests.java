package org.f2fsobs.app.system;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/** A database thread held inside one task is named in the log with where it waits; a quick task is not. */
class StuckTaskWatchTests {
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(StuckTaskWatch.class);

    @BeforeEach
    void watchShort() {
        Database.SCHEDULER.schedule(() -> { });                    // the class and its hook are in place
        StuckTaskWatch.stuckAfter = Duration.ofMillis(300);
        appender.start();
        logger.addAppender(appender);
    }

    @AfterEach
    void watchAsShipped() {
        StuckTaskWatch.stuckAfter = StuckTaskWatch.STUCK;
        logger.detachAppender(appender);
    }

    @Test
    void aTaskHeldPastTheThresholdIsLoggedOnceWithItsStack() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Mono.fromRunnable(() -> holdUntil(release)).subscribeOn(Database.SCHEDULER).subscribe();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (warnings().isEmpty() && System.nanoTime() < deadline) Thread.sleep(50);
        Thread.sleep(600);                                        // two more looks at the same task: still one warning
        release.countDown();
        List<ILoggingEvent> w = warnings();
        assertThat(w).hasSize(1);
        assertThat(w.get(0).getLevel()).isEqualTo(Level.WARN);
        assertThat(w.get(0).getFormattedMessage()).startsWith("database thread observatory-db-").contains("has been in one task for")
                .contains("StuckTaskWatchTests.holdUntil");
    }

    @Test
    void aTaskThatEndsBeforeTheThresholdIsNotLogged() throws Exception {
        // held for half the threshold: the watch looks at it about twice while it runs
        Mono.fromRunnable(StuckTaskWatchTests::holdHalfTheThreshold).subscribeOn(Database.SCHEDULER).block(Duration.ofSeconds(5));
        Thread.sleep(800);
        assertThat(warnings()).isEmpty();
    }

    private List<ILoggingEvent> warnings() {
        // only this class's tasks: a Spring context an earlier test class left running may hold a thread too
        return appender.list.stream().filter(e -> e.getFormattedMessage().contains("has been in one task")
                && e.getFormattedMessage().contains("StuckTaskWatchTests")).toList();
    }

    private static void holdHalfTheThreshold() {
        try {
            Thread.sleep(StuckTaskWatch.stuckAfter.toMillis() / 2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void holdUntil(CountDownLatch release) {
        try {
            release.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
