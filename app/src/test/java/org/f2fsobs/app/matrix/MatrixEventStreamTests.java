package org.f2fsobs.app.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.r2dbc.pool.ConnectionPool;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.f2fsobs.app.queue.QueueEvents;
import org.f2fsobs.app.system.ObservatoryProperties;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.http.codec.ServerSentEvent;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The event stream when a read of the store does not come back (a database thread held by other work): the read is
 * left after {@link MatrixEventStream#READ_TIMEOUT} and made again, so the page still gets its replay and {@code done}.
 */
class MatrixEventStreamTests {

    @Test
    void aReadThatNeverEndsIsLeftAndTheNextOneDeliversTheReplayAndDone() {
        AtomicBoolean firstReadCancelled = new AtomicBoolean();
        CellRepository cells = mock(CellRepository.class);
        MatrixRepository matrices = mock(MatrixRepository.class);
        when(cells.findHeadlines(7L, 0)).thenReturn(Flux.<CellHeadline>never().doOnCancel(() -> firstReadCancelled.set(true)),
                Flux.just(new CellHeadline(0, "DONE", 70L, "write", 2145.0, "MiB/s"), new CellHeadline(1, "DONE", 71L, "write", 2556.0, "MiB/s")));
        when(matrices.findById(7L)).thenReturn(Mono.just(new Matrix(7L, "fio-large-section", "default", "DONE", "{}", 1, 1, 2, 2, 0, null, true,
                Instant.EPOCH, Instant.EPOCH, Instant.EPOCH)));
        var properties = new ObservatoryProperties(null, null, null, new ObservatoryProperties.Queue(null, Duration.ofMillis(200), null, null, null), null);
        var stream = new MatrixEventStream(matrices, cells, new QueueEvents(), properties,
                new StaticListableBeanFactory().getBeanProvider(ConnectionPool.class));

        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        Logger logger = (Logger) LoggerFactory.getLogger(MatrixEventStream.class);
        logger.addAppender(log);
        long start = System.nanoTime();
        List<ServerSentEvent<Object>> events;
        try {
            events = stream.stream(7L, null).collectList().block(Duration.ofSeconds(30));
        } finally {
            logger.detachAppender(log);
        }

        assertThat(events).extracting(ServerSentEvent::event).containsExactly("cell", "cell", "done");
        assertThat(events).extracting(ServerSentEvent::id).containsExactly("0", "1", null);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(MatrixEventStream.READ_TIMEOUT);
        assertThat(firstReadCancelled).isTrue();
        assertThat(log.list).extracting(ILoggingEvent::getFormattedMessage)
                .anyMatch(m -> m.startsWith("event stream of matrix 7: a read of the store took over 5 s; left"));
    }
}
