package org.f2fsobs.app.system;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.ConnectionFactory;
import org.springframework.boot.health.contributor.ReactiveHealthIndicator;
import org.springframework.boot.r2dbc.ConnectionFactoryBuilder;
import org.springframework.boot.r2dbc.health.ConnectionFactoryHealthIndicator;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The R2DBC connection pool, as Boot would build it from {@code spring.r2dbc.*} but with its allocator on
 * {@link Database#SCHEDULER}: r2dbc-pool opens connections on {@code Schedulers.single()} by default, and opening
 * an embedded H2 session is file I/O on a thread that must not block. The database health check (a statement)
 * runs there too, not on the event loop that serves {@code /actuator/health}.
 */
@Configuration(proxyBeanMethods = false)
public class DatabaseConfiguration {

    @Bean(destroyMethod = "dispose")
    ConnectionPool connectionFactory(R2dbcProperties properties) {
        ConnectionFactory h2 = ConnectionFactoryBuilder.withUrl(properties.getUrl()).username(properties.getUsername())
                .password(properties.getPassword()).build();
        R2dbcProperties.Pool pool = properties.getPool();
        return new ConnectionPool(ConnectionPoolConfiguration.builder(h2)
                .name("observatory")
                .initialSize(pool.getInitialSize())
                .maxSize(pool.getMaxSize())
                .maxIdleTime(pool.getMaxIdleTime())
                .allocatorSubscribeOn(Database.SCHEDULER)
                .build());
    }

    @Bean
    ReactiveHealthIndicator r2dbcHealthIndicator(ConnectionFactory connectionFactory) {
        ConnectionFactoryHealthIndicator h2 = new ConnectionFactoryHealthIndicator(connectionFactory);
        return () -> h2.health(true).subscribeOn(Database.SCHEDULER);
    }
}
