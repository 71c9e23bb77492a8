package org.f2fsobs.app.run;

import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;

public interface JmhResultRepository extends ReactiveCrudRepository<JmhResult, Long> {

    Flux<JmhResult> findByImportIdOrderById(long importId);
}
