package org.f2fsobs.app;

import org.f2fsobs.app.distributed.TestPostgres;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link AppIntegrationTests} on PostgreSQL (embedded, from Maven Central): the same API, the same SQL, the other database. */
class AppOnPostgresTests extends AppIntegrationTests {

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        TestPostgres.register(registry, "app");
    }
}
