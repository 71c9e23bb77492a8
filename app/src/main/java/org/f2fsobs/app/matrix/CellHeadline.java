package org.f2fsobs.app.matrix;

import org.springframework.data.relational.core.mapping.Column;

/** A cell's status and, once DONE, its result's headline: what an SSE event carries. */
public record CellHeadline(
        @Column("CELL_INDEX") int cellIndex,
        @Column("STATUS") String status,
        @Column("RUN_ID") Long runId,
        @Column("HEADLINE_NAME") String headlineName,
        @Column("HEADLINE_VAL") Double headlineVal,
        @Column("HEADLINE_UNIT") String headlineUnit) {
}
