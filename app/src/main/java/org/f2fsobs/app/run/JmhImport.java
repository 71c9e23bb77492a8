package org.f2fsobs.app.run;

import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.Table;

/** An imported JMH result file ({@code -rf json}), kept whole in {@code document}. */
@Table("JMH_IMPORTS")
public record JmhImport(
        @Id @Column("ID") Long id,
        @Column("NAME") String name,
        @Column("BENCHMARKS") int benchmarks,
        @Column("JMH_VERSION") String jmhVersion,
        @Column("JDK_VERSION") String jdkVersion,
        @Column("DOCUMENT") String document,
        @Column("CREATED_AT") Instant createdAt) {
}
