package org.f2fsobs.app.run;

import org.springframework.data.repository.reactive.ReactiveCrudRepository;

public interface JmhImportRepository extends ReactiveCrudRepository<JmhImport, Long> {
}
