package org.f2fsobs.app.run;

import org.springframework.data.r2dbc.repository.Query;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public interface RunRepository extends ReactiveCrudRepository<Run, Long> {

    String SUMMARY = "SELECT ID, KIND, STATUS, MATRIX_ID, CELL_INDEX, SCENARIO, TOOL, PROFILE, COMMAND, FLAGS, PARAMS_JSON, "
            + "SEED, HEADLINE_NAME, HEADLINE_VAL, HEADLINE_UNIT, VIRTUAL_NS, WALL_MS, CREATED_AT, FINISHED_AT FROM RUNS ";

    /** History, newest first (walks the primary key backwards). */
    @Query(SUMMARY + "ORDER BY ID DESC LIMIT :size OFFSET :offset")
    Flux<RunSummary> findPage(int size, long offset);

    /** History of one scenario, newest first (walks RUNS_BY_SCENARIO backwards). */
    @Query(SUMMARY + "WHERE SCENARIO = :scenario ORDER BY ID DESC LIMIT :size OFFSET :offset")
    Flux<RunSummary> findPageByScenario(String scenario, int size, long offset);

    /** History, newest first; a null scenario matches every run. */
    default Flux<RunSummary> findPage(String scenario, int size, long offset) {
        return scenario == null ? findPage(size, offset) : findPageByScenario(scenario, size, offset);
    }

    @Query("SELECT COUNT(*) FROM RUNS")
    Mono<Long> countAll();

    @Query("SELECT COUNT(*) FROM RUNS WHERE SCENARIO = :scenario")
    Mono<Long> countByScenario(String scenario);

    default Mono<Long> countPage(String scenario) {
        return scenario == null ? countAll() : countByScenario(scenario);
    }

    /** The result documents of a matrix's DONE cells, in cell order. */
    @Query("SELECT ID, RESULT_JSON FROM RUNS WHERE MATRIX_ID = :matrixId ORDER BY CELL_INDEX")
    Flux<ResultRow> findResultsByMatrix(long matrixId);
}
