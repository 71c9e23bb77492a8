package org.f2fsobs.app.run;

import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.Table;

/**
 * One result row: a matrix cell (kind CELL, inserted DONE with its result), a scenario run (SCENARIO) or a
 * free-form command (EXEC) — the last two inserted QUEUED and filled in when they end. The full result
 * (contracts.md §3) is {@code resultJson}; the other columns repeat its headline fields for lists and filters.
 *
 * @param requestJson the {@code CellSpec} or {@code ExecSpec} a queued run executes
 * @param flags       the optimizations as {@code flag=true|false,…} in name order
 * @param studiedFlag whether the scenario's studied flag was on (null for free-form runs)
 */
@Table("RUNS")
public record Run(
        @Id @Column("ID") Long id,
        @Column("KIND") String kind,
        @Column("STATUS") String status,
        @Column("MATRIX_ID") Long matrixId,
        @Column("CELL_INDEX") Integer cellIndex,
        @Column("REQUEST_JSON") String requestJson,
        @Column("SCENARIO") String scenario,
        @Column("TOOL") String tool,
        @Column("PROFILE") String profile,
        @Column("COMMAND") String command,
        @Column("FLAGS") String flags,
        @Column("STUDIED_FLAG_ON") Boolean studiedFlag,
        @Column("PARAMS_JSON") String paramsJson,
        @Column("SEED") Long seed,
        @Column("HEADLINE_NAME") String headlineName,
        @Column("HEADLINE_VAL") Double headlineValue,
        @Column("HEADLINE_UNIT") String headlineUnit,
        @Column("VIRTUAL_NS") Long virtualNs,
        @Column("WALL_MS") Long wallMs,
        @Column("RESULT_JSON") String resultJson,
        @Column("ERROR") String error,
        @Column("CREATED_AT") Instant createdAt,
        @Column("STARTED_AT") Instant startedAt,
        @Column("FINISHED_AT") Instant finishedAt) {

    public static final String CELL = "CELL", SCENARIO = "SCENARIO", EXEC = "EXEC";
}
