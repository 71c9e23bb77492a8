package org.f2fsobs.app.matrix;

import org.springframework.data.relational.core.mapping.Column;

public record StatusCount(@Column("STATUS") String status, @Column("N") long n) {
}
