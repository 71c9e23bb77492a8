package org.f2fsobs.app.scenario;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.queue.CatalogSync;
import org.f2fsobs.app.system.Database;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.scenario.Scenario;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.bench.scenario.ScenarioFormatException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * User scenarios (drafted from pasted mails) in H2's {@code USER_SCENARIOS}, and in the catalog beside the built-in
 * ones: every stored row is added to the {@link ScenarioCatalog} before the run queue starts, so a queued matrix of a
 * user scenario resumes after a restart like any other. A user scenario never takes a built-in id (the catalog
 * refuses it; the API answers 409).
 */
@Component
class UserScenarioStore implements SmartInitializingSingleton, CatalogSync {
    private static final Logger log = LoggerFactory.getLogger(UserScenarioStore.class);

    private final DatabaseClient db;
    private final ScenarioCatalog catalog;
    private volatile Instant loadedFrom = Instant.EPOCH;         // rows updated from here on are looked at again

    UserScenarioStore(DatabaseClient db, ScenarioCatalog catalog) {
        this.db = db;
        this.catalog = catalog;
    }

    /** A stored scenario's mail and draft (for the page that shows where each part came from). */
    record Stored(String id, String mail, String draftJson, String scenarioJson, Instant createdAt, Instant updatedAt) {}

    /** At start-up, before the queue's lifecycle starts: every row into the catalog; a row that no longer loads is logged. */
    @Override
    public void afterSingletonsInstantiated() {
        load(Instant.EPOCH);
    }

    /**
     * Before a worker runs a job: the rows stored or edited since the last look (on another instance: the web one that
     * took the POST) into this instance's catalog, so a worker runs a user scenario stored after it started.
     */
    @Override
    public void sync() {
        load(loadedFrom);
    }

    private synchronized void load(Instant since) {
        List<Stored> rows = db.sql("SELECT ID, SCENARIO_JSON, UPDATED_AT FROM USER_SCENARIOS WHERE UPDATED_AT >= :since ORDER BY CREATED_AT, ID")
                .bind("since", since)
                .map((r, m) -> new Stored(r.get("ID", String.class), null, null, r.get("SCENARIO_JSON", String.class), null,
                        instant(r.get("UPDATED_AT"))))
                .all().collectList().subscribeOn(Database.SCHEDULER).block();
        for (Stored s : rows == null ? List.<Stored>of() : rows) {
            try {
                catalog.putUser(ScenarioCatalog.parseUser("USER_SCENARIOS " + s.id(), plain(ResultJson.mapper().readValue(s.scenarioJson(), Map.class))));
            } catch (RuntimeException e) {
                log.warn("user scenario {} is stored but does not load any more, so it is not in the catalog: {}", s.id(), e.getMessage());
            }
            if (s.updatedAt() != null && s.updatedAt().isAfter(loadedFrom)) loadedFrom = s.updatedAt();
        }
    }

    /** Checks a scenario file (a draft's {@code scenario}, maybe edited) as the catalog does; 422 naming the problem. */
    Scenario parse(Map<String, Object> json) {
        try {
            Scenario s = ScenarioCatalog.parseUser("scenario", plain(json));
            if (catalog.isBuiltIn(s.id())) {
                throw ApiException.conflict("scenario.id", "id " + s.id() + " is a built-in scenario's: a user scenario's id is mail-… (edit scenario.id)");
            }
            if (!ScenarioCatalog.USER_ID.matcher(s.id()).matches()) {
                throw ApiException.invalid("scenario.id", "must match " + ScenarioCatalog.USER_ID.pattern() + " (mail- and 2…79 of a-z, 0-9, -)");
            }
            return s;
        } catch (ScenarioFormatException | IllegalArgumentException e) {
            throw ApiException.unprocessable("scenario", e.getMessage());
        }
    }

    /** Inserts a new user scenario (409 when the id is taken) and adds it to the catalog. */
    Mono<Scenario> insert(Scenario s, Map<String, Object> json, String mail, String draftJson) {
        Instant now = Instant.now();
        var insert = db.sql("INSERT INTO USER_SCENARIOS (ID, TITLE, TOOL, FLAG, MESSAGE_ID, MAIL, DRAFT_JSON, SCENARIO_JSON, CREATED_AT, UPDATED_AT) "
                        + "VALUES (:id, :title, :tool, :flag, :mid, :mail, :draft, :json, :now, :now)")
                .bind("id", s.id()).bind("title", s.title()).bind("tool", s.tool()).bind("json", ResultJson.write(plain(json))).bind("now", now);
        insert = s.flag() == null ? insert.bindNull("flag", String.class) : insert.bind("flag", s.flag());
        insert = s.messageId() == null ? insert.bindNull("mid", String.class) : insert.bind("mid", s.messageId());
        insert = mail == null ? insert.bindNull("mail", String.class) : insert.bind("mail", mail);
        insert = draftJson == null ? insert.bindNull("draft", String.class) : insert.bind("draft", draftJson);
        var work = insert;
        return exists(s.id()).flatMap(taken -> {
            if (taken) return Mono.error(ApiException.conflict("scenario.id", "a user scenario " + s.id() + " is already stored: edit it "
                    + "(PUT /api/scenarios/" + s.id() + ") or choose another id"));
            return work.fetch().rowsUpdated();
        }).onErrorMap(org.springframework.dao.DuplicateKeyException.class, e -> ApiException.conflict("scenario.id",
                "a user scenario " + s.id() + " is already stored"))
                .subscribeOn(Database.SCHEDULER).doOnNext(n -> catalog.putUser(s)).thenReturn(s);
    }

    /** Replaces a stored scenario (editing it before it runs); 404 unknown, 409 once a matrix or run used it. */
    Mono<Scenario> replace(String id, Scenario s, Map<String, Object> json) {
        if (!s.id().equals(id)) throw ApiException.invalid("scenario.id", "is " + s.id() + " but the path names " + id + ": an id is not edited");
        return exists(id).flatMap(found -> {
            if (!found) return Mono.error(ApiException.notFound("user scenario", id));
            return db.sql("SELECT (SELECT COUNT(*) FROM MATRICES WHERE SCENARIO = :id) + (SELECT COUNT(*) FROM RUNS WHERE SCENARIO = :id) AS N")
                    .bind("id", id).map((r, m) -> r.get("N", Long.class)).one();
        }).flatMap(n -> {
            if (n > 0) return Mono.error(ApiException.conflict("scenario", id + " has " + n + " matrices or runs: its results stand for the "
                    + "scenario as it was; import the mail again to try an edited one"));
            return db.sql("UPDATE USER_SCENARIOS SET TITLE = :title, TOOL = :tool, SCENARIO_JSON = :json, UPDATED_AT = :now WHERE ID = :id")
                    .bind("title", s.title()).bind("tool", s.tool()).bind("json", ResultJson.write(plain(json))).bind("now", Instant.now())
                    .bind("id", id).fetch().rowsUpdated();
        }).subscribeOn(Database.SCHEDULER).doOnNext(n -> catalog.putUser(s)).thenReturn(s);
    }

    Mono<Stored> find(String id) {
        return db.sql("SELECT ID, MAIL, DRAFT_JSON, SCENARIO_JSON, CREATED_AT, UPDATED_AT FROM USER_SCENARIOS WHERE ID = :id").bind("id", id)
                .map((r, m) -> new Stored(r.get("ID", String.class), r.get("MAIL", String.class), r.get("DRAFT_JSON", String.class),
                        r.get("SCENARIO_JSON", String.class), instant(r.get("CREATED_AT")), instant(r.get("UPDATED_AT"))))
                .one().subscribeOn(Database.SCHEDULER);
    }

    private Mono<Boolean> exists(String id) {
        return db.sql("SELECT COUNT(*) AS N FROM USER_SCENARIOS WHERE ID = :id").bind("id", id).map((r, m) -> r.get("N", Long.class) > 0).one();
    }

    private static Instant instant(Object o) {
        if (o instanceof Instant i) return i;
        if (o instanceof java.time.OffsetDateTime t) return t.toInstant();
        return null;
    }

    /** Strictly read JSON holds BigInteger and BigDecimal: as Long and Double, the forms the scenario loader reads. */
    @SuppressWarnings("unchecked")
    static <T> T plain(T value) {
        Object v = value;
        if (v instanceof BigInteger b) return (T) (Object) (b.bitLength() < 64 ? (Object) b.longValue() : (Object) b.doubleValue());
        if (v instanceof BigDecimal d) return (T) (Object) d.doubleValue();
        if (v instanceof Integer i) return (T) (Object) i.longValue();
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put(String.valueOf(k), plain(x)));
            return (T) out;
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (Object x : l) out.add(plain(x));
            return (T) out;
        }
        return value;
    }
}
