package org.f2fsobs.app.run;

import com.fasterxml.jackson.annotation.JsonRawValue;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.f2fsobs.app.system.Database;
import org.f2fsobs.app.system.Json;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/runs}: the history page, newest first, walking the primary key (or {@code RUNS_BY_SCENARIO})
 * backwards, read with positional column access into records and written with the stored params JSON as is. This is
 * the dashboards' hottest read: a repository projection into maps spent most of its time in generic row conversion
 * and map serialization (wrk, 1 000 runs: 84 → 300+ req/s on the same loaded 2-core machine).
 */
@Component
class RunHistory {
    private static final String COLUMNS = "SELECT ID, KIND, STATUS, MATRIX_ID, CELL_INDEX, SCENARIO, TOOL, PROFILE, COMMAND, FLAGS, "
            + "PARAMS_JSON, SEED, HEADLINE_NAME, HEADLINE_VAL, HEADLINE_UNIT, VIRTUAL_NS, WALL_MS, CREATED_AT, FINISHED_AT FROM RUNS ";

    private final DatabaseClient db;

    RunHistory(DatabaseClient db) {
        this.db = db;
    }

    /** Rows per page of every history. */
    static final int PAGE_SIZE = 50;
    static final int MAX_PAGE = 1_000_000;

    /**
     * One page of the history, newest first.
     *
     * @param nextBefore the {@code before} of the next (older) page, null on the last one
     */
    record Page(int page, int size, long total, List<Item> items, Long nextBefore) {}

    /** A run without its result document. */
    record Item(long id, String kind, String status, Long matrixId, Integer cellIndex, String scenario, String tool, String profile,
                String command, Map<String, Boolean> optimizations,
                @io.swagger.v3.oas.annotations.media.Schema(type = "object", description = "every effective parameter") @JsonRawValue String params,
                Long seed, Headline headline,
                Long virtualNs, Long wallMs, Instant createdAt, Instant finishedAt) {}

    record Headline(String name, Double value, String unit) {}

    /**
     * One page, newest first: page {@code page} (offset paging), or with {@code before} the {@code size} runs older
     * than run {@code before} (keyset paging: an index seek, whatever the depth; {@code page} is then 0).
     */
    Mono<Page> page(String scenario, int page, int size, Long before) {
        long offset = before == null ? (long) page * size : 0;
        String where = (scenario == null ? "" : "WHERE SCENARIO = :scenario ") + (before == null ? "" : (scenario == null ? "WHERE " : "AND ") + "ID < :before ");
        var rows = db.sql(COLUMNS + where + "ORDER BY ID DESC LIMIT :size OFFSET :offset");
        var count = db.sql(scenario == null ? "SELECT COUNT(*) FROM RUNS" : "SELECT COUNT(*) FROM RUNS WHERE SCENARIO = :scenario");
        if (scenario != null) {
            rows = rows.bind("scenario", scenario);
            count = count.bind("scenario", scenario);
        }
        if (before != null) rows = rows.bind("before", before);
        return Mono.zip(rows.bind("size", size).bind("offset", offset).map(RunHistory::item).all().collectList(),
                        count.map(r -> r.get(0, Long.class)).one())
                .map(t -> new Page(before == null ? page : 0, size, t.getT2(), t.getT1(),
                        t.getT1().size() == size ? t.getT1().get(size - 1).id() : null))
                .subscribeOn(Database.SCHEDULER);
    }

    private static Item item(Readable r) {
        String flags = r.get(9, String.class);
        String headline = r.get(12, String.class);
        return new Item(r.get(0, Long.class), r.get(1, String.class), r.get(2, String.class), r.get(3, Long.class), r.get(4, Integer.class),
                r.get(5, String.class), r.get(6, String.class), r.get(7, String.class), r.get(8, String.class),
                flags == null ? null : Json.flags(flags), r.get(10, String.class), r.get(11, Long.class),
                headline == null ? null : new Headline(headline, r.get(13, Double.class), r.get(14, String.class)),
                r.get(15, Long.class), r.get(16, Long.class), r.get(17, Instant.class), r.get(18, Instant.class));
    }
}
