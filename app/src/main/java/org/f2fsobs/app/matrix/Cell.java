package org.f2fsobs.app.matrix;

import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.Table;

/**
 * One cell of a matrix, in expansion order ({@code CELL_INDEX} from 0). DONE exactly when its result row exists:
 * both are written in one transaction.
 *
 * @param specJson the {@link org.f2fsobs.bench.api.CellSpec} (snake_case JSON)
 * @param runId    the result's row in {@code RUNS} once DONE
 * @param attempts how often a worker took it (more than 1 after a restart interrupted it, or a killed worker)
 * @param worker   the instance that took it last (host-pid)
 * @param phase    how far it has got while it runs on whichever instance (written every poll interval)
 */
@Table("CELLS")
public record Cell(
        @Id @Column("ID") Long id,
        @Column("MATRIX_ID") long matrixId,
        @Column("CELL_INDEX") int cellIndex,
        @Column("SPEC_JSON") String specJson,
        @Column("STATUS") String status,
        @Column("RUN_ID") Long runId,
        @Column("ATTEMPTS") int attempts,
        @Column("ERROR") String error,
        @Column("STARTED_AT") Instant startedAt,
        @Column("FINISHED_AT") Instant finishedAt,
        @Column("WORKER") String worker,
        @Column("PHASE") String phase,
        @Column("FRACTION") Double fraction) {
}
