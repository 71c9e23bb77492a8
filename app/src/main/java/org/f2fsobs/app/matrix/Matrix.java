package org.f2fsobs.app.matrix;

import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A matrix as accepted: the request, its expansion's size and where it stands. The cells are rows of
 * {@code CELLS}; the results rows of {@code RUNS}.
 *
 * @param status      QUEUED, RUNNING, DONE, FAILED or CANCELLED ({@link org.f2fsobs.app.queue.Status})
 * @param requestJson the request as accepted (normalised: scenario, profile, optimizations, params, repetitions, seed)
 * @param compared    its comparisons are stored ({@code COMPARISONS}); set once, after it is DONE
 */
@Table("MATRICES")
public record Matrix(
        @Id @Column("ID") Long id,
        @Column("SCENARIO") String scenario,
        @Column("PROFILE") String profile,
        @Column("STATUS") String status,
        @Column("REQUEST_JSON") String requestJson,
        @Column("SEED") long seed,
        @Column("REPETITIONS") int repetitions,
        @Column("CELL_COUNT") int cellCount,
        @Column("CELLS_DONE") int cellsDone,
        @Column("CELLS_FAILED") int cellsFailed,
        @Column("ERROR") String error,
        @Column("COMPARED") boolean compared,
        @Column("CREATED_AT") Instant createdAt,
        @Column("STARTED_AT") Instant startedAt,
        @Column("FINISHED_AT") Instant finishedAt) {
}
