package org.f2fsobs.app.queue;

import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * "Matrix m changed" signals for the SSE streams. A signal carries no data: a stream that receives one reads the
 * store again, so a lost or late signal costs latency, never an event.
 */
@Component
public class QueueEvents {
    private final Sinks.Many<Long> matrices = Sinks.many().multicast().directBestEffort();

    public synchronized void matrixChanged(long matrixId) {
        matrices.tryEmitNext(matrixId);
    }

    public Flux<Long> matrixChanges(long matrixId) {
        return matrices.asFlux().filter(id -> id == matrixId);
    }
}
