package org.f2fsobs.app.matrix;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.f2fsobs.app.queue.QueueEvents;
import org.f2fsobs.app.queue.Status;
import org.f2fsobs.app.system.Database;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;

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
 * Each stream re-reads the store when the queue signals a change to its matrix and every {@link #HEARTBEAT} (then
 * it also sends a comment, so proxies keep the connection); a missed signal delays an event, never loses it.
 */
@Component
class MatrixEventStream {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(MatrixEventStream.class);
    static final Duration HEARTBEAT = Duration.ofSeconds(15);

    private final MatrixRepository matrices;
    private final CellRepository cells;
    private final QueueEvents events;

    MatrixEventStream(MatrixRepository matrices, CellRepository cells, QueueEvents events) {
        this.matrices = matrices;
        this.cells = cells;
        this.events = events;
    }

    /** The stream of matrix {@code id} (which exists), skipping cells up to {@code lastEventId}. */
    Flux<ServerSentEvent<Object>> stream(long id, Integer lastEventId) {
        AtomicInteger next = new AtomicInteger(lastEventId == null ? 0 : lastEventId + 1);
        Flux<Boolean> triggers = Flux.merge(Flux.just(false), events.matrixChanges(id).map(x -> false),
                        Flux.interval(HEARTBEAT, HEARTBEAT).map(x -> true))
                .onBackpressureLatest();
        return triggers.concatMap(heartbeat -> poll(id, next, heartbeat), 1)
                .takeUntil(e -> "done".equals(e.event()))
                .doOnError(e -> LOG.warn("event stream of matrix {} failed (the browser reconnects with Last-Event-ID): {}", id, e.toString()));
    }

    /** The cells that became sendable since the last poll, and {@code done} when the matrix has ended. */
    private Flux<ServerSentEvent<Object>> poll(long id, AtomicInteger next, boolean heartbeat) {
        return cells.findHeadlines(id, next.get()).collectList().zipWith(matrices.findById(id)).subscribeOn(Database.SCHEDULER).flatMapMany(t -> {
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

    private static ServerSentEvent<Object> cellEvent(CellHeadline c) {
        var data = new MatrixViews.CellEvent(c.headlineName(), c.headlineVal(), c.headlineUnit(), c.cellIndex(), c.runId());
        return ServerSentEvent.builder().id(Integer.toString(c.cellIndex())).event("cell").data((Object) data).build();
    }

    private static ServerSentEvent<Object> doneEvent(Matrix m) {
        var data = new MatrixViews.DoneEvent(m.status(), m.cellCount(), m.cellsDone(), m.cellsFailed());
        return ServerSentEvent.builder().event("done").data((Object) data).build();
    }
}
