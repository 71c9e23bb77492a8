package org.f2fsobs.app.scenario;

import java.time.Instant;
import org.springframework.data.r2dbc.repository.Modifying;
import org.springframework.data.r2dbc.repository.Query;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Mono;

public interface SeenScenarioRepository extends ReactiveCrudRepository<SeenScenario, String> {

    /** Insert, or refresh title/tool/flag and last-seen time. */
    @Modifying
    @Query("MERGE INTO SCENARIOS s USING (VALUES (:id, :title, :tool, :flag, :now)) v (ID, TITLE, TOOL, FLAG, NOW) ON s.ID = v.ID "
            + "WHEN MATCHED THEN UPDATE SET TITLE = v.TITLE, TOOL = v.TOOL, FLAG = v.FLAG, LAST_SEEN = v.NOW "
            + "WHEN NOT MATCHED THEN INSERT (ID, TITLE, TOOL, FLAG, FIRST_SEEN, LAST_SEEN) VALUES (v.ID, v.TITLE, v.TOOL, v.FLAG, v.NOW, v.NOW)")
    Mono<Integer> upsert(String id, String title, String tool, String flag, Instant now);
}
