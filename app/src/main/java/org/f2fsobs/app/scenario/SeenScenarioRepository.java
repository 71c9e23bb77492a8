package org.f2fsobs.app.scenario;

import java.time.Instant;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.data.r2dbc.repository.Modifying;
import org.springframework.data.r2dbc.repository.Query;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Mono;

public interface SeenScenarioRepository extends ReactiveCrudRepository<SeenScenario, String> {

    /**
     * Insert, or refresh title/tool/flag and last-seen time: an update, else an insert (in SQL that H2 and PostgreSQL
     * both take; PostgreSQL 14 has no MERGE). Two instances starting at once may both insert: the second one's insert
     * fails on the key, and it updates.
     */
    default Mono<Integer> upsert(String id, String title, String tool, String flag, Instant now) {
        return refresh(id, title, tool, flag, now)
                .flatMap(n -> n > 0 ? Mono.just(n) : insert(id, title, tool, flag, now)
                        .onErrorResume(DataIntegrityViolationException.class, e -> refresh(id, title, tool, flag, now)));
    }

    @Modifying
    @Query("UPDATE SCENARIOS SET TITLE = :title, TOOL = :tool, FLAG = :flag, LAST_SEEN = :now WHERE ID = :id")
    Mono<Integer> refresh(String id, String title, String tool, String flag, Instant now);

    @Modifying
    @Query("INSERT INTO SCENARIOS (ID, TITLE, TOOL, FLAG, FIRST_SEEN, LAST_SEEN) VALUES (:id, :title, :tool, :flag, :now, :now)")
    Mono<Integer> insert(String id, String title, String tool, String flag, Instant now);
}
