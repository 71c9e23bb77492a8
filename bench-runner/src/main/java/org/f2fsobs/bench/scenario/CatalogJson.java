package org.f2fsobs.bench.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.stats.CounterExpectation;

/**
 * The catalog as {@code GET /api/scenarios} and {@code bench-runner scenarios --format json} show it
 * (contracts.md §4): a JSON array of entries with snake_case keys in a fixed order. The contract's fields first —
 * {@code id, title, tool, command, inferred, flag, params, flags, references, expected_mechanism} — then the
 * rest of the scenario (added fields, never renamed).
 *
 * <ul>
 * <li>{@code params}: one object per parameter with {@code default}, {@code allowed} (in words), {@code values}
 *     (every allowed value when the set is small), {@code min}/{@code max}; {@code scale} and {@code seed} included.</li>
 * <li>{@code flags}: every flag → {@code "studied"}, {@code "on"} or {@code "off"} (the era values, contracts.md §1
 *     table); {@code era_optimizations} gives the same as booleans, studied flag left out.</li>
 * <li>{@code references}: one entry per figure and side: {@code value} in the base {@code unit}, {@code source},
 *     {@code params} (the point), {@code row}, {@code metric}, {@code optimization} ("off" = before, "on" = after),
 *     the printed values and unit and the {@code conversion} written out. {@code reference_ratios}: the on/off ratios
 *     the verdicts compare with.</li>
 * <li>{@code expected_mechanism}: per point condition, the {@link CounterExpectation}s in their file form plus a
 *     sentence each.</li>
 * </ul>
 */
public final class CatalogJson {
    private CatalogJson() {}

    public static List<Map<String, Object>> entries(ScenarioCatalog catalog) {
        return catalog.list().stream().map(CatalogJson::entry).toList();
    }

    /** The JSON array, indented. */
    public static String write(ScenarioCatalog catalog) {
        return ResultJson.mapper().writeValueAsString(entries(catalog));
    }

    public static Map<String, Object> entry(Scenario s) {
        ScenarioCommand.Rendered atDefaults = ScenarioCommand.render(s, s.defaults());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", s.id());
        m.put("title", s.title());
        m.put("tool", s.tool());
        m.put("command", s.command());
        m.put("inferred", s.inferred());
        m.put("flag", s.flag());
        m.put("params", params(s));
        m.put("flags", s.flagTable());
        m.put("references", references(s));
        m.put("expected_mechanism", mechanism(s));
        putOrigin(m, s);
        m.put("inferred_reasoning", s.inferredReasoning());
        m.put("command_as_run", atDefaults.command());
        m.put("seed_file", s.seedFile());
        m.put("patch", s.patch());
        m.put("profile", s.profile());
        m.put("era", s.era());
        m.put("environment", s.environment());
        m.put("era_optimizations", s.eraOptimizations());
        Map<String, Object> tunables = new LinkedHashMap<>();
        for (Tunable t : s.tunables()) tunables.put(t.name(), t.value());
        m.put("tunables", tunables);
        m.put("mail_lines", s.mailLines());
        m.put("script", atDefaults.script());
        m.put("script_steps", s.script().stream().map(st -> {
            Map<String, Object> step = new LinkedHashMap<>();
            step.put("line", st.line());
            if (!st.when().isEmpty()) step.put("when", st.when());
            if (st.why() != null) step.put("why", st.why());
            if (st.headline()) step.put("headline", true);
            return step;
        }).toList());
        m.put("mkfs", atDefaults.mkfs());
        m.put("mount", atDefaults.mount());
        m.put("preparation", atDefaults.preparation().stream().map(p -> {
            Map<String, Object> step = new LinkedHashMap<>();
            step.put("op", p.op().label());
            step.put("path", p.path());
            step.put("command", p.command());
            return step;
        }).toList());
        Map<String, Object> scale = new LinkedHashMap<>();
        scale.put("shrinks", s.scale().shrinks());
        scale.put("block_bytes", s.scale().blockBytes());
        scale.put("rule", s.scale().rule());
        scale.put("data_bytes_at_defaults", ScenarioCommand.dataBytes(s, s.defaults()));
        ScaleRegime regime = s.scale().regime();
        scale.put("min_scale", regime.minScale());
        scale.put("machine_scaled", regime.machine().stream().map(org.f2fsobs.engine.platform.MachineScale.Part::key).sorted().toList());
        scale.put("fixed", regime.fixed().stream().map(f -> {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("mechanism", f.mechanism());
            x.put("implies", f.implies());
            return x;
        }).toList());
        scale.put("drift", regime.drift());
        m.put("scale", scale);
        Map<String, Object> headline = new LinkedHashMap<>();
        headline.put("name", s.headline());
        headline.put("unit", "bytes/s");
        if (s.rowMetric() != null) headline.put("row_metric", s.rowMetric());
        m.put("headline", headline);
        m.put("reference_ratios", ratios(s));
        m.put("units", units(s));
        m.put("notes", s.notes());
        if (!s.sweeps().isEmpty()) m.put("sweeps", s.sweeps().stream().map(w -> {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("constant", w.constant());
            x.put("values", w.values());
            x.put("point", w.point());
            x.put("scale", w.scale());
            x.put("counters", w.counters());
            x.put("why", w.why());
            return x;
        }).toList());
        return m;
    }

    /** Where the scenario comes from (built-in, or a user's from a mail: its Message-ID) and what its two sides are. */
    private static void putOrigin(Map<String, Object> m, Scenario s) {
        m.put("origin", s.origin());
        if (s.sides() != null) {
            Map<String, Object> sides = new LinkedHashMap<>();
            sides.put("param", s.sides().param());
            sides.put("before", s.sides().before());
            sides.put("after", s.sides().after());
            m.put("sides", sides);
        }
        m.put("sides_label", s.sidesLabel());
        if (s.messageId() != null) m.put("message_id", s.messageId());
    }

    private static List<Map<String, Object>> params(Scenario s) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (ParamSpec p : s.params()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", p.name());
            m.put("kind", p.kind().label());
            m.put("default", p.defaultValue());
            m.put("allowed", p.allowed());
            List<Object> values = p.enumerate();
            if (!values.isEmpty()) m.put("values", values);
            if (p.kind() == ParamSpec.Kind.POWER_OF_TWO || p.kind() == ParamSpec.Kind.INTEGER) {
                m.put("min", p.min());
                m.put("max", p.max());
            }
            if (p.kind() == ParamSpec.Kind.FRACTION) {
                m.put("min_exclusive", 0);
                m.put("max", (double) p.max());
                if (p.name().equals(ParamSpec.SCALE)) {
                    m.put("min", s.scale().regime().minScale());     // runs and matrices refuse below it (crash checks do not)
                    m.put("allowed", s.scale().regime().minScale() + " ≤ scale ≤ 1 (crash checks: 0 < scale ≤ 1)");
                }
            }
            if (!p.unsupported().isEmpty()) m.put("unsupported", p.unsupported());
            m.put("mail_values", p.mailValues());
            m.put("drives", p.drives());
            m.put("description", p.description());
            out.add(m);
        }
        Map<String, Object> seed = new LinkedHashMap<>();
        seed.put("name", ParamSpec.SEED);
        seed.put("kind", "integer");
        seed.put("default", 1L);
        seed.put("allowed", "any integer (a field of the run or matrix, not a matrix parameter; repetition i uses seed + i)");
        seed.put("drives", "device and scheduler jitter and workload randomness, as the profile declares them");
        out.add(seed);
        return out;
    }

    private static List<Map<String, Object>> references(Scenario s) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Reference r : s.references()) {
            for (boolean on : new boolean[] {false, true}) {
                Figure f = r.side(on);
                if (f == null) continue;
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("value", number(f.value()));
                m.put("unit", f.baseUnit());
                m.put("source", r.source());
                m.put("params", r.when());
                m.put("row", r.row());
                m.put("metric", r.metric());
                m.put("optimization", on ? "on" : "off");
                m.put("side", on ? "after" : "before");
                m.put("printed", f.printed().stream().map(CatalogJson::number).toList());
                m.put("printed_unit", f.conversion().unit());
                m.put("conversion", f.describe());
                m.put("approximate", f.approximate());
                m.put("quote", r.quote());
                if (r.note() != null) m.put("note", r.note());
                out.add(m);
            }
        }
        return out;
    }

    private static List<Map<String, Object>> ratios(Scenario s) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Reference r : s.references()) {
            if (r.ratio().isEmpty()) continue;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("params", r.when());
            m.put("row", r.row());
            m.put("metric", r.metric());
            m.put("ratio", r.ratio().getAsDouble());
            m.put("compared", r.row() == null ? r.metric().equals(s.headline()) : r.metric().equals(s.rowMetric()));
            out.add(m);
        }
        return out;
    }

    private static List<Map<String, Object>> mechanism(Scenario s) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (ExpectedMechanism e : s.expectedMechanism()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("params", e.when());
            List<Map<String, Object>> counters = new ArrayList<>();
            for (CounterExpectation c : e.counters()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("counter", c.counter());
                x.put("direction", c.direction().label());
                if (c.direction() == CounterExpectation.Direction.UNCHANGED) x.put("tolerance", c.tolerance());
                else x.put("min_change", c.minRelativeChange());
                x.put("describe", c.describe());
                counters.add(x);
            }
            m.put("counters", counters);
            m.put("why", e.why());
            out.add(m);
        }
        return out;
    }

    /** An integral double as a Long (2249195520, not 2.24919552E9), others as they are. */
    static Number number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 0x1p53 ? (Number) (long) d : (Number) d;
    }

    private static Map<String, Object> units(Scenario s) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (UnitConversion u : s.units().values()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("base", u.base());
            m.put("factor", number(u.factor()));
            m.put("how", u.how());
            out.put(u.unit(), m);
        }
        return out;
    }
}
