package org.f2fsobs.app.matrix;

import org.springframework.data.r2dbc.repository.Query;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public interface MatrixRepository extends ReactiveCrudRepository<Matrix, Long> {

    /** History, newest first; null filters match everything. */
    @Query("SELECT * FROM MATRICES WHERE (:scenario IS NULL OR SCENARIO = :scenario) AND (:status IS NULL OR STATUS = :status) "
            + "ORDER BY ID DESC LIMIT :size OFFSET :offset")
    Flux<Matrix> findPage(String scenario, String status, int size, long offset);

    @Query("SELECT COUNT(*) FROM MATRICES WHERE (:scenario IS NULL OR SCENARIO = :scenario) AND (:status IS NULL OR STATUS = :status)")
    Mono<Long> countPage(String scenario, String status);

    @Query("SELECT COUNT(*) FROM MATRICES WHERE STATUS IN ('QUEUED', 'RUNNING')")
    Mono<Long> countUnfinished();
}
