package org.f2fsobs.app.crash;

import org.springframework.data.repository.reactive.ReactiveCrudRepository;

public interface CrashCheckRepository extends ReactiveCrudRepository<CrashCheck, Long> {
}
