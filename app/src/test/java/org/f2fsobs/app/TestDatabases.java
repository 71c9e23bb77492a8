package org.f2fsobs.app;

import java.util.UUID;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A fresh H2 file database per test context. The folder name is drawn once here: {@code ${random.uuid}} in
 * {@code observatory.data-dir} would be drawn again for each URL that refers to it, and Flyway would migrate one
 * file while R2DBC opened another.
 */
public final class TestDatabases {
    private TestDatabases() {}

    public static void fresh(DynamicPropertyRegistry registry, String name) {
        String dir = "./target/test-data/" + name + "-" + UUID.randomUUID();
        registry.add("observatory.data-dir", () -> dir);
    }
}
