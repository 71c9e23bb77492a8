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
        String filter = scenario == null ? "" : "WHERE SCENARIO = :scenario ";
        String count = "(SELECT COUNT(*) FROM RUNS " + filter + ") AS TOTAL ";
        String where = filter + (before == null ? "" : (scenario == null ? "WHERE " : "AND ") + "ID < :before ");
        // one statement (one connection, one round trip): the page and the total beside each row
        var rows = db.sql(COLUMNS.replace(" FROM RUNS ", ", " + count + "FROM RUNS ") + where + "ORDER BY ID DESC LIMIT :size OFFSET :offset");
        var total = db.sql("SELECT " + count);
        if (scenario != null) {
            rows = rows.bind("scenario", scenario);
            total = total.bind("scenario", scenario);
        }
        if (before != null) rows = rows.bind("before", before);
        var countOnly = total.map(r -> r.get(0, Long.class)).one();
        return rows.bind("size", size).bind("offset", offset).map(r -> Map.entry(item(r), r.get(19, Long.class))).all().collectList()
                .flatMap(list -> list.isEmpty() ? countOnly.map(n -> new Page(before == null ? page : 0, size, n, List.of(), null))
                        : Mono.just(new Page(before == null ? page : 0, size, list.get(0).getValue(), list.stream().map(Map.Entry::getKey).toList(),
                                list.size() == size ? list.get(size - 1).getKey().id() : null)))
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
