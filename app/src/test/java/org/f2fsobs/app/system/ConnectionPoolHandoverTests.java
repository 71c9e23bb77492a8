package org.f2fsobs.app.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.Connection;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties;
import reactor.core.publisher.Mono;

/**
 * A request that waits for a pooled connection gets it on {@link Database#SCHEDULER}, not on the thread of the request
 * that released it: that thread would otherwise run the waiting request's statements and, one release after another,
 * the work of every waiting request while the tasks queued for it wait (the multi-second stalls of issue 30's load).
 */
class ConnectionPoolHandoverTests {

    @Test
    void aWaitingAcquireIsServedOnADatabaseThreadNotOnTheReleasingOne() throws Exception {
        R2dbcProperties properties = new R2dbcProperties();
        properties.setUrl("r2dbc:h2:mem:///handover;DB_CLOSE_DELAY=-1");
        properties.setUsername("sa");
        properties.setPassword("");
        properties.getPool().setInitialSize(1);
        properties.getPool().setMaxSize(2);
        ConnectionPool pool = new DatabaseConfiguration().connectionFactory(properties);
        try {
            Connection first = Mono.from(pool.create()).block(Duration.ofSeconds(30));
            Connection second = Mono.from(pool.create()).block(Duration.ofSeconds(30));
            CompletableFuture<Thread> servedOn = new CompletableFuture<>();
            Mono.from(pool.create()).subscribe(c -> {
                servedOn.complete(Thread.currentThread());
                Mono.from(c.close()).subscribe();
            });
            assertThat(servedOn).as("every connection is lent: the third acquire waits").isNotDone();

            Thread releaser = Thread.currentThread();
            Mono.from(first.close()).block(Duration.ofSeconds(30));      // released here, by this (test) thread

            Thread served = servedOn.get(30, TimeUnit.SECONDS);
            assertThat(served).isNotSameAs(releaser);
            assertThat(served).isInstanceOf(Database.DatabaseThread.class);
            Mono.from(second.close()).block(Duration.ofSeconds(30));
        } finally {
            pool.dispose();
        }
    }
}
