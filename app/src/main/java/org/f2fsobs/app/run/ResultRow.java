package org.f2fsobs.app.run;

import org.springframework.data.relational.core.mapping.Column;

/** A result document and its row id, without the other columns. */
public record ResultRow(@Column("ID") long id, @Column("RESULT_JSON") String resultJson) {
}
