package org.f2fsobs.app.queue;

import org.f2fsobs.app.system.ObservatoryProperties;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Makes committed changes survive a kill -9. H2 (MVStore) commits into memory and its background writer stores
 * them to the file up to {@code WRITE_DELAY} (500 ms) later; {@code CHECKPOINT} stores them now. Called after the
 * commits the queue relies on: a matrix, run or crash check accepted (before its 202), a job claimed (so that
 * {@code ATTEMPTS} counts every start), a cell's result, a run or crash check ending. On PostgreSQL a commit is
 * durable when it returns, and this does nothing.
 */
@Component
public class Durability {
    private final DatabaseClient db;
    private final boolean enabled;

    Durability(DatabaseClient db, ObservatoryProperties properties, R2dbcProperties r2dbc) {
        this.db = db;
        this.enabled = properties.queue().durableCommits() && r2dbc.getUrl() != null && r2dbc.getUrl().startsWith("r2dbc:h2:");
    }

    public Mono<Void> checkpoint() {
        return enabled ? db.sql("CHECKPOINT").then() : Mono.empty();
    }
}
