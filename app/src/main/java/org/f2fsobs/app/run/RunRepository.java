package org.f2fsobs.app.run;

import org.springframework.data.r2dbc.repository.Query;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public interface RunRepository extends ReactiveCrudRepository<Run, Long> {

    /** Runs of {@code scenario} (history counts; the page itself is {@link RunHistory}). */
    @Query("SELECT COUNT(*) FROM RUNS WHERE SCENARIO = :scenario")
    Mono<Long> countByScenario(String scenario);

    /** A run's id and matrix, without reading its documents (the run page). */
    record RunRef(@org.springframework.data.relational.core.mapping.Column("ID") long id,
                  @org.springframework.data.relational.core.mapping.Column("MATRIX_ID") Long matrixId) {}

    @Query("SELECT ID, MATRIX_ID FROM RUNS WHERE ID = :id")
    Mono<RunRef> findRef(long id);

    /** The result documents of a matrix's DONE cells, in cell order. */
    @Query("SELECT ID, RESULT_JSON FROM RUNS WHERE MATRIX_ID = :matrixId ORDER BY CELL_INDEX")
    Flux<ResultRow> findResultsByMatrix(long matrixId);

    /** The result documents of a matrix's own DONE cells (not its band's, contracts.md §6), in cell order. */
    @Query("SELECT r.ID AS ID, r.RESULT_JSON AS RESULT_JSON FROM RUNS r JOIN MATRICES m ON m.ID = r.MATRIX_ID "
            + "WHERE r.MATRIX_ID = :matrixId AND (m.OWN_CELLS IS NULL OR r.CELL_INDEX < m.OWN_CELLS) ORDER BY r.CELL_INDEX")
    Flux<ResultRow> findOwnResultsByMatrix(long matrixId);
}
