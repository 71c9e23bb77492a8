package org.f2fsobs.app.queue;

import java.time.Instant;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.ProgressListener;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * One kind of job — a matrix cell, a single run, a crash check — as the job scheduler ({@link Jobs}) sees it: how its
 * row is claimed, what runs, and how each outcome is stored. The scheduler's handler deals with the outcomes once for
 * all kinds; each kind only says what its row becomes.
 *
 * @param <W> the claimed work
 * @param <R> what its run returns
 */
interface JobKind<W extends Work, R> {

    /** The db-scheduler task name; the task instance id is the row id. */
    String taskName();

    /** Marks row {@code id} RUNNING (counting the attempt); empty when there is nothing to run (it ended meanwhile). */
    Mono<W> claim(long id);

    R run(W work, ProgressListener progress, CancellationToken token);

    /** Stores the result; fails when the row already has one (the job is then retried, finds it ended, and stops). */
    Mono<Void> done(W work, R result);

    Mono<Void> failed(W work, String error);

    /** The run stopped on its cancellation token because its work was cancelled. */
    Mono<Void> cancelled(W work);

    /** The instance is stopping: back to QUEUED, to run again (here after a restart, or on another worker). */
    Mono<Void> requeue(W work);

    /** Work that should have an execution in the job table and has none (a crash between a commit and its scheduling). */
    Flux<Due> unscheduled();

    /** An execution to create: the task instance id and the time that orders it among the due ones. */
    record Due(long id, Instant orderTime) {}
}
