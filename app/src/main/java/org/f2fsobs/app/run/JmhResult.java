package org.f2fsobs.app.run;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.Table;

/** One benchmark of an imported JMH file: its primary metric. */
@Table("JMH_RESULTS")
public record JmhResult(
        @Id @Column("ID") Long id,
        @Column("IMPORT_ID") long importId,
        @Column("BENCHMARK") String benchmark,
        @Column("MODE") String mode,
        @Column("THREADS") Integer threads,
        @Column("FORKS") Integer forks,
        @Column("PARAMS_JSON") String paramsJson,
        @Column("SCORE") double score,
        @Column("SCORE_ERROR") Double scoreError,
        @Column("SCORE_UNIT") String scoreUnit) {
}
