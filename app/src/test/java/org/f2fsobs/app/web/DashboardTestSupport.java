package org.f2fsobs.app.web;

import org.f2fsobs.app.TestDatabases;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The app on a random port with its own H2 file and the engine-backed runner, shared by the page tests and the
 * browser tests (one context: same annotations, same property source), with {@link DashboardFixture} seeded once, on
 * first use.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "observatory.queue.workers=2")
@AutoConfigureWebTestClient
abstract class DashboardTestSupport {
    @Autowired
    protected WebTestClient webClient;

    @LocalServerPort
    protected int port;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabases.fresh(registry, "dashboards");
    }

    /** The seeded results, seeded on first use in this context. */
    protected DashboardFixture fixture() {
        return DashboardFixture.of(webClient, port);
    }

    /** Whether nothing has been seeded in this context yet (the empty-state test runs first). */
    protected boolean unseeded() {
        return !DashboardFixture.seededFor(port);
    }
}
