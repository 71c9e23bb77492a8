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
}
