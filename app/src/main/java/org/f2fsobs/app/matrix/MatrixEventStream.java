package org.f2fsobs.app.matrix;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.f2fsobs.app.queue.QueueEvents;
import org.f2fsobs.app.queue.Status;
import org.f2fsobs.app.system.Database;
import org.f2fsobs.app.system.ObservatoryProperties;
import io.r2dbc.pool.ConnectionPool;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/matrices/{id}/events} (contracts.md §4). The stream is read from the store, in cell order:
 * every finished cell first (a replay), then each cell as it finishes, then {@code done}, then the end.
 *
 * <ul>
 * <li>{@code event: cell}, {@code id} = the cell index, data = the cell's headline ({@code name, value, unit}) plus
 *     {@code cell} and {@code run_id}. Cells are sent in index order: a cell that finishes before an earlier one
 *     waits for it, so the ids only grow and {@code Last-Event-ID: k} means exactly "cells 0 … k seen" — a reconnect
 *     with it gets cells k + 1 … onwards. Failed and cancelled cells have no headline and no event.</li>
 * <li>{@code event: done}, data = {@code status, cell_count, cells_done, cells_failed}: when the matrix has ended and
 *     no cell of it runs any more.</li>
 * </ul>
 * Each stream re-reads the store when the queue signals a change to its matrix, every poll interval
 * ({@code observatory.queue.poll-interval}: a cell that finished on another instance — a worker — sends no signal here,
 * so the page's instance finds it in the result rows it stores anyway), and every {@link #HEARTBEAT} (then it also
 * sends a comment, so proxies keep the connection); a missed signal delays an event, never loses it. A read that takes
 * over {@link #READ_TIMEOUT} (a database thread held by other work) is left — logged with the connection pool's state —
 * and made afresh at the next trigger, so one stuck read never silences a stream.
 */
@Component
class MatrixEventStream {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(MatrixEventStream.class);
    static final Duration HEARTBEAT = Duration.ofSeconds(15);
    /** A read slower than this is logged; one slower than {@link #READ_TIMEOUT} is left and made again at the next trigger. */
    private static final Duration SLOW_POLL = Duration.ofSeconds(2);
    static final Duration READ_TIMEOUT = Duration.ofSeconds(5);

    private final MatrixRepository matrices;
    private final CellRepository cells;
    private final QueueEvents events;
    private final Duration pollEvery;
    private final ObjectProvider<ConnectionPool> pool;

    MatrixEventStream(MatrixRepository matrices, CellRepository cells, QueueEvents events, ObservatoryProperties properties,
                      ObjectProvider<ConnectionPool> pool) {
        this.pool = pool;
        this.matrices = matrices;
        this.cells = cells;
        this.events = events;
        this.pollEvery = properties.queue().pollInterval();
    }

    /** The stream of matrix {@code id} (which exists), skipping cells up to {@code lastEventId}. */
    Flux<ServerSentEvent<Object>> stream(long id, Integer lastEventId) {
        AtomicInteger next = new AtomicInteger(lastEventId == null ? 0 : lastEventId + 1);
        Flux<Boolean> triggers = Flux.merge(Flux.just(false), events.matrixChanges(id).map(x -> false),
                        Flux.interval(pollEvery, pollEvery).map(x -> false), Flux.interval(HEARTBEAT, HEARTBEAT).map(x -> true))
                .onBackpressureLatest();
        return triggers.concatMap(heartbeat -> poll(id, next, heartbeat), 1)
                .takeUntil(e -> "done".equals(e.event()))
                .doOnError(e -> LOG.warn("event stream of matrix {} failed (the browser reconnects with Last-Event-ID): {}", id, e.toString()));
    }

    /** The cells that became sendable since the last poll, and {@code done} when the matrix has ended. */
    private Flux<ServerSentEvent<Object>> poll(long id, AtomicInteger next, boolean heartbeat) {
        long startNanos = System.nanoTime();
        return cells.findHeadlines(id, next.get()).collectList().zipWith(matrices.findById(id)).subscribeOn(Database.SCHEDULER)
                .cancelOn(Database.SCHEDULER)               // a page that leaves mid-read: the connection is given back there, not on the event loop
                .timeout(READ_TIMEOUT)
                .doOnNext(t -> slow(id, startNanos))
                .onErrorResume(TimeoutException.class, e -> {
                    LOG.warn("event stream of matrix {}: a read of the store took over {} s; left, read again at the next trigger{}", id,
                            READ_TIMEOUT.toSeconds(), poolState());
                    return Mono.empty();
                })
                .flatMapMany(t -> {
            List<ServerSentEvent<Object>> out = new ArrayList<>();
            boolean anyRunning = false;
            boolean blocked = false;
            for (CellHeadline c : t.getT1()) {
                Status s = Status.valueOf(c.status());
                if (!s.ended()) {
                    blocked = true;
                    if (s == Status.RUNNING) anyRunning = true;
                    continue;
                }
                if (blocked) continue;
                next.set(c.cellIndex() + 1);
                if (s == Status.DONE) out.add(cellEvent(c));
            }
            Matrix m = t.getT2();
            if (Status.valueOf(m.status()).ended() && !anyRunning && !blocked) out.add(doneEvent(m));
            else if (heartbeat && out.isEmpty()) out.add(ServerSentEvent.builder().comment("waiting").build());
            return Flux.fromIterable(out);
        });
    }

    /** A read of the store that took seconds delays every event of the stream: logged, with the pool's state. */
    private void slow(long id, long startNanos) {
        long ms = (System.nanoTime() - startNanos) / 1_000_000;
        if (ms < SLOW_POLL.toMillis()) return;
        LOG.warn("event stream of matrix {}: one read of the store took {} ms{}", id, ms, poolState());
    }

    private String poolState() {
        ConnectionPool p = pool.getIfAvailable();
        var metrics = p == null ? null : p.getMetrics().orElse(null);
        return metrics == null ? "" : " (connections: " + metrics.acquiredSize() + " lent, " + metrics.idleSize() + " idle, "
                + metrics.pendingAcquireSize() + " waited for)";
    }

    private static ServerSentEvent<Object> cellEvent(CellHeadline c) {
        var data = new MatrixViews.CellEvent(c.headlineName(), c.headlineVal(), c.headlineUnit(), c.cellIndex(), c.runId());
        return ServerSentEvent.builder().id(Integer.toString(c.cellIndex())).event("cell").data((Object) data).build();
    }

    private static ServerSentEvent<Object> doneEvent(Matrix m) {
        var data = new MatrixViews.DoneEvent(m.status(), m.cellCount(), m.cellsDone(), m.cellsFailed());
        return ServerSentEvent.builder().event("done").data((Object) data).build();
    }
}
