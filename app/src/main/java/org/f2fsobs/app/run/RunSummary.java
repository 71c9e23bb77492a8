package org.f2fsobs.app.run;

import java.time.Instant;
import org.springframework.data.relational.core.mapping.Column;

/** A run without its result document: what lists show. */
public record RunSummary(
        @Column("ID") long id,
        @Column("KIND") String kind,
        @Column("STATUS") String status,
        @Column("MATRIX_ID") Long matrixId,
        @Column("CELL_INDEX") Integer cellIndex,
        @Column("SCENARIO") String scenario,
        @Column("TOOL") String tool,
        @Column("PROFILE") String profile,
        @Column("COMMAND") String command,
        @Column("FLAGS") String flags,
        @Column("PARAMS_JSON") String paramsJson,
        @Column("SEED") Long seed,
        @Column("HEADLINE_NAME") String headlineName,
        @Column("HEADLINE_VAL") Double headlineValue,
        @Column("HEADLINE_UNIT") String headlineUnit,
        @Column("VIRTUAL_NS") Long virtualNs,
        @Column("WALL_MS") Long wallMs,
        @Column("CREATED_AT") Instant createdAt,
        @Column("FINISHED_AT") Instant finishedAt) {
}
