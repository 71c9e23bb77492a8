package org.f2fsobs.app.matrix;

import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.Table;

/**
 * One comparison (contracts.md §3) of a DONE matrix, as stored for {@code GET /api/scenarios/{id}/comparison}.
 *
 * @param pointKey       profile, canonical parameters and iozone row: what "the same parameter point" means
 * @param comparisonJson the comparison document (snake_case)
 */
@Table("COMPARISONS")
public record StoredComparison(
        @Id @Column("ID") Long id,
        @Column("MATRIX_ID") long matrixId,
        @Column("SCENARIO") String scenario,
        @Column("POINT_KEY") String pointKey,
        @Column("ROW_KB") Integer rowKb,
        @Column("RATIO") Double ratio,
        @Column("REFERENCE_RATIO") Double referenceRatio,
        @Column("VERDICT") String verdict,
        @Column("COMPARISON_JSON") String comparisonJson,
        @Column("CREATED_AT") Instant createdAt) {
}
