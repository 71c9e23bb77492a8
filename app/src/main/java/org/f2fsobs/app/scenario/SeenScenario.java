package org.f2fsobs.app.scenario;

import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Column;
import org.springframework.data.relational.core.mapping.Table;

/** A catalog scenario the app has served, with when it first and last saw it. */
@Table("SCENARIOS")
public record SeenScenario(
        @Id @Column("ID") String id,
        @Column("TITLE") String title,
        @Column("TOOL") String tool,
        @Column("FLAG") String flag,
        @Column("FIRST_SEEN") Instant firstSeen,
        @Column("LAST_SEEN") Instant lastSeen) {
}
