package org.f2fsobs.app.crash;

import org.springframework.data.r2dbc.repository.Query;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Mono;

public interface CrashCheckRepository extends ReactiveCrudRepository<CrashCheck, Long> {

    @Query("SELECT COUNT(*) FROM CRASH_CHECKS WHERE STATUS = 'QUEUED'")
    Mono<Long> countQueued();
}
