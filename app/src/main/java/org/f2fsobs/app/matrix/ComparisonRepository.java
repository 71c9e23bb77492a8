package org.f2fsobs.app.matrix;

import org.springframework.data.r2dbc.repository.Query;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;

public interface ComparisonRepository extends ReactiveCrudRepository<StoredComparison, Long> {

    Flux<StoredComparison> findByMatrixIdOrderById(long matrixId);

    /** Per point of {@code scenario}, the comparison of the newest DONE matrix that covered it. */
    @Query("SELECT c.* FROM COMPARISONS c WHERE c.SCENARIO = :scenario AND c.MATRIX_ID = (SELECT MAX(d.MATRIX_ID) "
            + "FROM COMPARISONS d WHERE d.SCENARIO = c.SCENARIO AND d.POINT_KEY = c.POINT_KEY) ORDER BY c.POINT_KEY")
    Flux<StoredComparison> findLatestPerPoint(String scenario);
}
