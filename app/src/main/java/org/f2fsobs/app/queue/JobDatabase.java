package org.f2fsobs.app.queue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import javax.sql.DataSource;
import org.f2fsobs.app.system.ObservatoryProperties;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The JDBC side of the store, for the job library (db-scheduler speaks JDBC; the app speaks R2DBC). It opens the
 * database Flyway migrates ({@code spring.flyway.url}, user, password): on H2 the same file, which in one JVM is the
 * same open database as R2DBC's, on PostgreSQL the same server. A small pool of its own, not a {@code DataSource} bean:
 * Boot would otherwise build JDBC transaction managers and templates beside the R2DBC ones.
 */
@Component
public class JobDatabase implements AutoCloseable {
    private final HikariDataSource dataSource;
    private final boolean postgres;

    JobDatabase(Environment env, ObservatoryProperties properties) {
        String url = env.getRequiredProperty("spring.flyway.url");
        this.postgres = url.startsWith("jdbc:postgresql:");
        HikariConfig c = new HikariConfig();
        c.setPoolName("observatory-jobs");
        c.setJdbcUrl(url);
        c.setUsername(env.getProperty("spring.flyway.user", ""));
        c.setPassword(env.getProperty("spring.flyway.password", ""));
        c.setMaximumPoolSize(properties.queue().effectiveWorkers() + 4);     // each worker, the poller, heartbeats, the pump
        c.setMinimumIdle(1);
        this.dataSource = new HikariDataSource(c);
    }

    public DataSource dataSource() {
        return dataSource;
    }

    /** PostgreSQL (else the embedded H2). */
    public boolean postgres() {
        return postgres;
    }

    @Override
    public void close() {
        dataSource.close();
    }
}
