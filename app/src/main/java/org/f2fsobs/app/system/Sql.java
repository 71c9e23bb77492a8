package org.f2fsobs.app.system;

import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;

/** Small helpers for statements written with {@code DatabaseClient}. */
public final class Sql {
    private Sql() {}

    /** Binds {@code value}, or a typed null. */
    public static <T> GenericExecuteSpec bindNullable(GenericExecuteSpec s, String name, T value, Class<T> type) {
        return value == null ? s.bindNull(name, type) : s.bind(name, value);
    }
}
