package org.f2fsobs.app.system;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.ConnectionFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.health.contributor.ReactiveHealthIndicator;
import org.springframework.data.r2dbc.mapping.R2dbcMappingContext;
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
 *
 * <p><b>A released connection is handed over on {@link Database#SCHEDULER}, not on the releasing thread.</b> When every
 * connection is lent, an acquire waits; reactor-pool then delivers the next released connection to it on the
 * thread that released it, by default, and r2dbc-h2 runs the waiting request's statement there, synchronously, which
 * releases again and serves the next waiting request. Under load one database thread so ran other requests' work for
 * seconds while the requests queued on its own bounded-elastic worker waited: with 16 connections on
 * {@code /api/runs?page=0}, pairs of requests stalled 1–14 s (a trace of each request's steps put the whole wait
 * between its subscription and the start of its task on that thread). The acquisition scheduler ends that.
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
                .customizer(builder -> builder.acquisitionScheduler(Database.SCHEDULER))
                .build());
    }

    /**
     * Table and column names go to the database unquoted, as every hand-written statement of the app writes them: H2
     * and PostgreSQL then fold them alike onto the tables the migrations made (Spring Data would quote them for
     * PostgreSQL, and {@code "MATRICES"} is not {@code matrices}).
     */
    @Bean
    static BeanPostProcessor unquotedIdentifiers() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessBeforeInitialization(Object bean, String name) {
                if (bean instanceof R2dbcMappingContext c) c.setForceQuote(false);
                return bean;
            }
        };
    }

    @Bean
    ReactiveHealthIndicator r2dbcHealthIndicator(ConnectionFactory connectionFactory) {
        ConnectionFactoryHealthIndicator h2 = new ConnectionFactoryHealthIndicator(connectionFactory);
        return () -> h2.health(true).subscribeOn(Database.SCHEDULER);
    }
}
