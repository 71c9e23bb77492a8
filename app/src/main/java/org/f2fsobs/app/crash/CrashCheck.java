package org.f2fsobs.app.crash;

import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A crash-consistency check of one cell (POST /api/crash-checks) and, once DONE, its report (contracts.md §3).
 *
 * @param specJson   the {@link org.f2fsobs.bench.api.CellSpec}
 * @param point      check only this crash point, or null for all
 * @param maxPoints  visit at most this many points, or null for every one
 * @param reportJson the crash output document
 */
@Table("CRASH_CHECKS")
public record CrashCheck(
        @Id @Column("ID") Long id,
        @Column("STATUS") String status,
        @Column("SCENARIO") String scenario,
        @Column("PROFILE") String profile,
        @Column("SPEC_JSON") String specJson,
        @Column("POINT") Integer point,
        @Column("MAX_POINTS") Integer maxPoints,
        @Column("VERDICT") String verdict,
        @Column("CRASH_POINTS") Integer crashPoints,
        @Column("CHECKED") Integer checked,
        @Column("REPORT_JSON") String reportJson,
        @Column("ERROR") String error,
        @Column("CREATED_AT") Instant createdAt,
        @Column("STARTED_AT") Instant startedAt,
        @Column("FINISHED_AT") Instant finishedAt) {
}
