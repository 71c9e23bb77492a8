package org.f2fsobs.app.matrix;

import org.springframework.data.r2dbc.repository.Query;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;

public interface CellRepository extends ReactiveCrudRepository<Cell, Long> {

    Flux<Cell> findByMatrixIdOrderByCellIndex(long matrixId);

    /** The cells from {@code fromIndex} on, with their headline (SSE). */
    @Query("SELECT c.CELL_INDEX, c.STATUS, c.RUN_ID, r.HEADLINE_NAME, r.HEADLINE_VAL, r.HEADLINE_UNIT FROM CELLS c "
            + "LEFT JOIN RUNS r ON r.ID = c.RUN_ID WHERE c.MATRIX_ID = :matrixId AND c.CELL_INDEX >= :fromIndex ORDER BY c.CELL_INDEX")
    Flux<CellHeadline> findHeadlines(long matrixId, int fromIndex);
}
