package org.f2fsobs.app.queue;

import java.util.Map;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Component;

import static org.f2fsobs.app.system.Sql.bindNullable;

/** The columns of a RUNS row that a result fills ({@code :scenario … :result}): cells and single runs store results alike. */
@Component
class ResultColumns {
    /** The part of an INSERT or UPDATE that {@link #bind} fills. */
    static final String NAMES = "SCENARIO, TOOL, PROFILE, COMMAND, FLAGS, STUDIED_FLAG_ON, PARAMS_JSON, SEED, HEADLINE_NAME, HEADLINE_VAL, "
            + "HEADLINE_UNIT, VIRTUAL_NS, WALL_MS, RESULT_JSON";
    static final String VALUES = ":scenario, :tool, :profile, :command, :flags, :studied, :params, :seed, :hname, :hval, :hunit, :vns, "
            + ":wall, :result";
    static final String ASSIGNMENTS = "SCENARIO = :scenario, TOOL = :tool, PROFILE = :profile, COMMAND = :command, FLAGS = :flags, "
            + "STUDIED_FLAG_ON = :studied, PARAMS_JSON = :params, SEED = :seed, HEADLINE_NAME = :hname, HEADLINE_VAL = :hval, "
            + "HEADLINE_UNIT = :hunit, VIRTUAL_NS = :vns, WALL_MS = :wall, RESULT_JSON = :result";

    private final ScenarioCatalog catalog;

    ResultColumns(ScenarioCatalog catalog) {
        this.catalog = catalog;
    }

    GenericExecuteSpec bind(GenericExecuteSpec s, RunResult r) {
        Boolean studied = null;
        if (r.scenario() != null && r.optimizations() != null) {
            studied = catalog.find(r.scenario()).map(sc -> sc.studiedOn(r.optimizations(), r.params() == null ? Map.of() : r.params())).orElse(null);
        }
        s = bindNullable(s, "scenario", r.scenario(), String.class);
        s = bindNullable(s, "tool", r.tool(), String.class);
        s = bindNullable(s, "profile", r.profile(), String.class);
        s = bindNullable(s, "command", Json.truncate(r.command(), 8192), String.class);
        s = bindNullable(s, "flags", Json.truncate(Json.flags(r.optimizations()), 1000), String.class);
        s = bindNullable(s, "studied", studied, Boolean.class);
        s = bindNullable(s, "params", r.params() == null ? null : Json.truncate(Json.compact(r.params()), 4000), String.class);
        s = s.bind("seed", r.seed());
        RunResult.Headline h = r.headline();
        s = bindNullable(s, "hname", h == null ? null : h.name(), String.class);
        s = bindNullable(s, "hval", h == null ? null : h.value(), Double.class);
        s = bindNullable(s, "hunit", h == null ? null : h.unit(), String.class);
        s = s.bind("vns", r.virtualNs()).bind("wall", r.wallMs());
        return s.bind("result", Json.compact(r));
    }
}
