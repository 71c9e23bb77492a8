package org.f2fsobs.app.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

class ObservatoryPropertiesTests {

    private static ObservatoryProperties bind(org.springframework.core.env.PropertySource<?> source) {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().addFirst(source);
        return Binder.get(env).bind("observatory", ObservatoryProperties.class).orElseGet(() -> new ObservatoryProperties(null, null, null, null, null));
    }

    @Test
    void theTokenComesFromTheEnvironmentVariable() {
        ObservatoryProperties p = bind(new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                Map.of("OBSERVATORY_API_TOKEN", "from-env", "OBSERVATORY_LIMITS_MAX_CELLS", "12")));
        assertThat(p.apiToken()).isEqualTo("from-env");
        assertThat(p.tokenRequired()).isTrue();
        assertThat(p.limits().maxCells()).isEqualTo(12);
    }

    @Test
    void defaultsAreTheDocumentedOnes() {
        ObservatoryProperties p = bind(new MapPropertySource("none", Map.of()));
        assertThat(p.tokenRequired()).isFalse();
        assertThat(p.limits().maxCells()).isEqualTo(1000);
        assertThat(p.limits().concurrentMatrices()).isEqualTo(2);
        assertThat(p.limits().queuedMatrices()).isEqualTo(20);
        assertThat(p.limits().queuedRuns()).isEqualTo(100);
        assertThat(p.limits().runDataBytes()).isEqualTo(16L << 30);
        assertThat(p.limits().commandLength()).isEqualTo(4096);
        assertThat(p.limits().crashPoints()).isEqualTo(10_000);
        assertThat(p.limits().bodyBytes()).isEqualTo(4 << 20);
        assertThat(p.limits().bandCells()).isEqualTo(5000);
        assertThat(p.queue().effectiveWorkers()).isEqualTo(Math.max(1, Runtime.getRuntime().availableProcessors() - 1));
        assertThat(p.queue().durableCommits()).isTrue();
        assertThat(p.queue().pollInterval()).isEqualTo(java.time.Duration.ofSeconds(2));
        assertThat(p.queue().heartbeat()).isEqualTo(java.time.Duration.ofSeconds(2));
        assertThat(p.queue().missedHeartbeats()).isEqualTo(6);
        assertThat(p.role()).isEqualTo(ObservatoryProperties.Role.ALL);
        assertThat(p.role().runsJobs() && p.role().serves()).isTrue();
    }

    @Test
    void theRolesSayWhatAnInstanceDoes() {
        ObservatoryProperties web = bind(new MapPropertySource("p", Map.of("observatory.role", "web")));
        assertThat(web.role().serves()).isTrue();
        assertThat(web.role().runsJobs()).isFalse();
        ObservatoryProperties worker = bind(new MapPropertySource("p", Map.of("observatory.role", "worker")));
        assertThat(worker.role().serves()).isFalse();
        assertThat(worker.role().runsJobs()).isTrue();
        assertThatThrownBy(() -> bind(new MapPropertySource("p", Map.of("observatory.role", "manager")))).isInstanceOf(BindException.class);
        assertThatThrownBy(() -> bind(new MapPropertySource("p", Map.of("observatory.queue.missed-heartbeats", "1"))))
                .isInstanceOf(BindException.class).hasStackTraceContaining("missed-heartbeats must be at least 2");
    }

    @Test
    void aBlankTokenMeansNoToken() {
        assertThat(bind(new MapPropertySource("p", Map.of("observatory.api-token", "  "))).tokenRequired()).isFalse();
    }

    @Test
    void nonsensicalLimitsStopTheStart() {
        assertThatThrownBy(() -> bind(new MapPropertySource("p", Map.of("observatory.limits.max-cells", "0"))))
                .isInstanceOf(BindException.class).hasStackTraceContaining("max-cells must be at least 1");
    }
}
