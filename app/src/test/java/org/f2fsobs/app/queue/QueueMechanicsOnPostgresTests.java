package org.f2fsobs.app.queue;

import org.f2fsobs.app.distributed.TestPostgres;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@link QueueMechanicsTests} on PostgreSQL (embedded, from Maven Central): cancel, failure, order of events, exact
 * admission under racing posts, the unique result per cell and the restart, with db-scheduler's {@code FOR UPDATE SKIP
 * LOCKED} polling and PostgreSQL's row locks instead of H2's.
 */
@Import(QueueMechanicsTests.Runner.class)
class QueueMechanicsOnPostgresTests extends QueueMechanicsTests {

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        TestPostgres.register(registry, "queue");
    }
}
