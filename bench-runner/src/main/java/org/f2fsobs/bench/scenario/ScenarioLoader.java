package org.f2fsobs.bench.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.f2fsobs.bench.matrix.ParamValues;
import org.f2fsobs.bench.stats.CounterExpectation;
import org.f2fsobs.engine.platform.Profiles;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads scenario files ({@code scenarios/<id>.json} on the class path) into {@link Scenario}s. Strict: an unknown
 * key, a missing field, a unit without a declared conversion, an unknown profile or flag, or a default outside its
 * own range is a {@link ScenarioFormatException} naming the file and the JSON path, so a typo in a shipped file
 * fails the build's tests instead of a run. The file format is described in the package overview.
 */
final class ScenarioLoader {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final Set<String> TOOLS = Set.of("fio", "dd", "iozone", "tiotest");

    private ScenarioLoader() {}

    /** The ids listed by {@code <dir>/catalog.json}, in order. */
    static List<String> index(ClassLoader loader, String dir) {
        String name = dir + "/catalog.json";
        Node root = new Node(name, "", read(loader, name));
        root.only("about", "scenarios");
        return root.list("scenarios").stream().map(Node::string).toList();
    }

    /** A scenario file's JSON already read ({@code name} names it in messages): a user scenario stored from a mail. */
    static Scenario parse(String name, Object json) {
        Scenario s = parse(new Node(name, "", json));
        if (!Scenario.USER.equals(s.origin())) throw new ScenarioFormatException(name + ": origin must be \"user\" for a stored scenario");
        return s;
    }

    static Scenario load(ClassLoader loader, String dir, String id) {
        String name = dir + "/" + id + ".json";
        Scenario s = parse(new Node(name, "", read(loader, name)));
        if (!s.id().equals(id)) throw new ScenarioFormatException(name + ": id is \"" + s.id() + "\", expected \"" + id + "\"");
        return s;
    }

    private static Object read(ClassLoader loader, String name) {
        try (InputStream in = loader.getResourceAsStream(name)) {
            if (in == null) throw new ScenarioFormatException(name + ": not found on the class path");
            return MAPPER.readValue(in, Object.class);
        } catch (IOException | JacksonException e) {
            throw new ScenarioFormatException(name + ": not valid JSON: " + e.getMessage(), e);
        }
    }

    static Scenario parse(Node n) {
        n.only("id", "title", "seed_file", "patch", "tool", "profile", "era", "environment", "command", "inferred",
                "inferred_reasoning", "mail_lines", "script", "flag", "flags", "tunables", "params", "scale",
                "headline", "units", "references", "reference_table", "expected_mechanism", "notes", "sweeps", "sides", "message_id", "origin");
        String id = n.str("id");
        String tool = n.str("tool");
        if (!TOOLS.contains(tool)) throw n.at("tool").error("unknown tool \"" + tool + "\"; known: " + new TreeSet<>(TOOLS));
        String profile = n.str("profile");
        if (!Profiles.names().contains(profile)) {
            throw n.at("profile").error("unknown profile \"" + profile + "\"; known: " + Profiles.names());
        }
        boolean inferred = n.bool("inferred");
        String reasoning = n.optStr("inferred_reasoning");
        if (inferred && reasoning == null) throw n.error("an inferred command needs inferred_reasoning");
        String seedFile = n.str("seed_file");

        List<ParamSpec> params = new ArrayList<>();
        for (Node p : n.list("params")) params.add(param(p));
        params.add(ParamSpec.scale());
        Map<String, UnitConversion> units = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : n.at("units").entries()) units.put(e.getKey(), unit(e.getKey(), e.getValue()));

        List<Reference> refs = new ArrayList<>();
        if (n.has("references")) for (Node r : n.list("references")) refs.add(reference(r, units, seedFile));
        if (n.has("reference_table")) refs.addAll(table(n.at("reference_table"), units, seedFile));

        Node headline = n.at("headline");
        headline.only("name", "unit", "row_metric", "row_param");
        if (!headline.str("unit").equals("bytes/s")) throw headline.at("unit").error("headlines are in bytes/s (contracts.md §3)");

        Map<String, String> flags = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : n.at("flags").entries()) flags.put(e.getKey(), e.getValue().string());
        List<Tunable> tunables = new ArrayList<>();
        for (Map.Entry<String, Node> e : n.at("tunables").entries()) {
            Node t = e.getValue();
            t.only("value", "why");
            tunables.add(new Tunable(e.getKey(), t.scalar("value"), t.optStr("why")));
        }
        List<ScriptStep> script = new ArrayList<>();
        for (Node p : n.list("script")) {
            if (!p.isMap()) {
                script.add(new ScriptStep(p.string(), Map.of(), null, false));
                continue;
            }
            p.only("line", "when", "why", "headline");
            script.add(p.build(() -> new ScriptStep(p.str("line"), p.has("when") ? when(p.at("when")) : Map.of(), p.optStr("why"),
                    p.has("headline") && p.bool("headline"))));
        }
        List<String> mailLines = n.list("mail_lines").stream().map(Node::string).toList();
        List<ExpectedMechanism> mech = new ArrayList<>();
        for (Node m : n.list("expected_mechanism")) mech.add(mechanism(m));
        List<String> notes = n.has("notes") ? n.list("notes").stream().map(Node::string).toList() : List.of();
        List<Sweep> sweeps = new ArrayList<>();
        if (n.has("sweeps")) for (Node w : n.list("sweeps")) sweeps.add(sweep(w));

        Scenario.Sides sides = null;
        if (n.has("sides")) {
            Node sd = n.at("sides");
            sd.only("param", "before", "after");
            sides = sd.build(() -> new Scenario.Sides(sd.str("param"), sd.scalar("before"), sd.scalar("after")));
        }
        String flag = sides != null && !n.has("flag") ? null : n.str("flag");
        String origin = n.has("origin") ? n.str("origin") : Scenario.CATALOG;
        Scenario.Sides sidesF = sides;
        Scenario s = n.build(() -> new Scenario(id, n.str("title"), seedFile, n.str("patch"), tool, profile, n.str("era"),
                n.str("environment"), n.str("command"), inferred, reasoning, mailLines, script, flag, flags,
                tunables, params, scale(n.at("scale")),
                headline.str("name"), headline.optStr("row_metric"), headline.optStr("row_param"), units, refs, mech, notes, sweeps,
                sidesF, n.optStr("message_id"), origin));
        check(n, s);
        return s;
    }

    /** Cross-field checks: names used in templates, conditions and rules exist; defaults are valid. */
    private static void check(Node n, Scenario s) {
        for (ParamSpec p : s.params()) {
            p.check(p.defaultValue()).ifPresent(msg -> {
                throw n.at("params").error(p.name() + ": the default " + ParamValues.canonical(p.defaultValue()) + " " + msg);
            });
        }
        ScaleRule r = s.scale();
        for (String name : Arrays.asList(r.fullParam(), r.blockParam(), r.timesParam(), s.rowParam())) {
            if (name != null && s.param(name).isEmpty()) throw n.at("scale").error("unknown parameter " + name);
        }
        List<Map<String, ?>> conditions = new ArrayList<>();
        s.script().forEach(p -> conditions.add(p.when()));
        s.expectedMechanism().forEach(e -> conditions.add(e.when()));
        s.references().forEach(x -> conditions.add(x.when()));
        for (Map<String, ?> c : conditions) {
            for (String k : c.keySet()) if (s.param(k).isEmpty()) throw n.error("a condition names unknown parameter " + k);
        }
        try {
            ScenarioCommand.render(s, s.defaults());        // the script at the mail's point parses, with one measured run
        } catch (RuntimeException e) {
            throw n.at("script").error(e.getMessage());
        }
    }

    private static ParamSpec param(Node p) {
        p.only("name", "kind", "min", "max", "values", "words", "unsupported", "default", "mail_values", "drives", "description");
        ParamSpec.Kind kind = switch (p.str("kind")) {
            case "power_of_two" -> ParamSpec.Kind.POWER_OF_TWO;
            case "integer" -> ParamSpec.Kind.INTEGER;
            case "choice" -> ParamSpec.Kind.CHOICE;
            default -> throw p.at("kind").error("unknown kind; known: power_of_two, integer, choice");
        };
        List<String> words = kind == ParamSpec.Kind.CHOICE ? p.list("values").stream().map(Node::string).toList()
                : p.has("words") ? p.list("words").stream().map(Node::string).toList() : List.of();
        Map<String, String> unsupported = new LinkedHashMap<>();
        if (p.has("unsupported")) for (Map.Entry<String, Node> e : p.at("unsupported").entries()) unsupported.put(e.getKey(), e.getValue().string());
        long min = kind == ParamSpec.Kind.CHOICE ? 0 : p.integer("min");
        long max = kind == ParamSpec.Kind.CHOICE ? 0 : p.integer("max");
        List<Object> mail = p.has("mail_values") ? p.list("mail_values").stream().map(Node::scalarValue).toList() : List.of();
        return p.build(() -> {
            ParamSpec spec = new ParamSpec(p.str("name"), kind, min, max, words, unsupported, p.scalar("default"), mail,
                    p.optStr("drives"), p.optStr("description"));
            return new ParamSpec(spec.name(), kind, min, max, words, unsupported, spec.canonical(spec.defaultValue()),
                    mail.stream().map(spec::canonical).toList(), spec.drives(), spec.description());
        });
    }

    private static UnitConversion unit(String name, Node u) {
        u.only("base", "factor", "how");
        return u.build(() -> new UnitConversion(name, u.str("base"), u.number("factor"), u.str("how")));
    }

    private static Figure figure(Node f, Map<String, UnitConversion> units) {
        f.only("values", "unit", "approximate");
        String unit = f.str("unit");
        UnitConversion c = units.get(unit);
        if (c == null) throw f.at("unit").error("unknown unit \"" + unit + "\"; declared in units: " + units.keySet());
        List<Double> values = f.list("values").stream().map(v -> v.numberValue()).toList();
        return f.build(() -> new Figure(values, c, f.has("approximate") && f.bool("approximate")));
    }

    private static Reference reference(Node r, Map<String, UnitConversion> units, String seedFile) {
        r.only("when", "row", "metric", "before", "after", "source", "quote", "note");
        Map<String, Object> when = new LinkedHashMap<>();
        if (r.has("when")) for (Map.Entry<String, Node> e : r.at("when").entries()) when.put(e.getKey(), e.getValue().scalarValue());
        Figure before = r.has("before") ? figure(r.at("before"), units) : null;
        Figure after = r.has("after") ? figure(r.at("after"), units) : null;
        Integer row = r.has("row") ? (int) r.integer("row") : null;
        String source = r.has("source") ? r.str("source") : seedFile;
        return r.build(() -> new Reference(when, row, r.str("metric"), before, after, source, r.optStr("quote"), r.optStr("note")));
    }

    /** iozone's table: one row per record length, one reference per (row, column). */
    private static List<Reference> table(Node t, Map<String, UnitConversion> units, String seedFile) {
        t.only("unit", "row", "columns", "quote", "note", "before", "after");
        UnitConversion c = units.get(t.str("unit"));
        if (c == null) throw t.at("unit").error("unknown unit; declared in units: " + units.keySet());
        List<String> columns = t.list("columns").stream().map(Node::string).toList();
        if (!columns.get(0).equals(t.str("row"))) throw t.at("columns").error("the first column must be the row key " + t.str("row"));
        Map<Long, List<Double>> before = rows(t.at("before"), columns.size());
        Map<Long, List<Double>> after = rows(t.at("after"), columns.size());
        if (!before.keySet().equals(after.keySet())) throw t.error("before and after must have the same rows");
        List<Reference> out = new ArrayList<>();
        for (Map.Entry<Long, List<Double>> row : before.entrySet()) {
            for (int i = 1; i < columns.size(); i++) {
                Figure b = new Figure(List.of(row.getValue().get(i)), c, false);
                Figure a = new Figure(List.of(after.get(row.getKey()).get(i)), c, false);
                out.add(new Reference(Map.of(), Math.toIntExact(row.getKey()), columns.get(i), b, a, seedFile,
                        t.optStr("quote"), t.optStr("note")));
            }
        }
        return out;
    }

    private static Map<Long, List<Double>> rows(Node rows, int width) {
        Map<Long, List<Double>> out = new LinkedHashMap<>();
        for (Node r : rows.list()) {
            List<Double> values = r.list().stream().map(Node::numberValue).toList();
            if (values.size() != width) throw r.error("expected " + width + " columns, got " + values.size());
            long key = values.get(0).longValue();
            if (out.put(key, values) != null) throw r.error("duplicate row " + key);
        }
        return out;
    }

    private static ExpectedMechanism mechanism(Node m) {
        m.only("when", "why", "counters");
        List<CounterExpectation> counters = new ArrayList<>();
        for (Node c : m.list("counters")) {
            c.only("counter", "direction", "min_change", "tolerance");
            counters.add(c.build(() -> new CounterExpectation(c.str("counter"), CounterExpectation.Direction.of(c.str("direction")),
                    c.has("min_change") ? c.number("min_change") : 0, c.has("tolerance") ? c.number("tolerance") : 0)));
        }
        return m.build(() -> new ExpectedMechanism(when(m.at("when")), counters, m.str("why")));
    }

    private static Sweep sweep(Node w) {
        w.only("constant", "values", "point", "scale", "counters", "why");
        Map<String, Object> point = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : w.at("point").entries()) point.put(e.getKey(), e.getValue().scalarValue());
        return w.build(() -> new Sweep(w.str("constant"), w.list("values").stream().map(v -> (long) v.numberValue()).toList(), point,
                w.number("scale"), w.list("counters").stream().map(Node::string).toList(), w.str("why")));
    }

    private static Map<String, List<Object>> when(Node w) {
        Map<String, List<Object>> out = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : w.entries()) {
            Node v = e.getValue();
            out.put(e.getKey(), v.isList() ? v.list().stream().map(Node::scalarValue).toList() : List.of(v.scalarValue()));
        }
        return out;
    }

    private static ScaleRule scale(Node s) {
        s.only("shrinks", "placeholder", "full_bytes", "full_param", "full_param_unit", "block_bytes", "block_param",
                "block_param_unit", "format", "below_one_block", "times_param", "rule", "regime");
        ScaleRegime regime = s.has("regime") ? regime(s.at("regime")) : null;
        String below = s.str("below_one_block");
        if (!below.equals("error") && !below.equals("one_block")) throw s.at("below_one_block").error("must be one_block or error");
        return s.build(() -> new ScaleRule(s.str("shrinks"), s.str("placeholder"), s.has("full_bytes") ? s.integer("full_bytes") : 0,
                s.optStr("full_param"), s.has("full_param_unit") ? s.integer("full_param_unit") : 1, s.integer("block_bytes"),
                s.optStr("block_param"), s.has("block_param_unit") ? s.integer("block_param_unit") : 1,
                ScaleRule.Format.of(s.str("format")), below.equals("error"), s.optStr("times_param"), s.str("rule"), regime));
    }

    private static ScaleRegime regime(Node r) {
        r.only("min_scale", "machine", "fixed", "drift");
        java.util.Set<org.f2fsobs.engine.platform.MachineScale.Part> parts = new java.util.LinkedHashSet<>();
        if (r.has("machine")) {
            for (Node p : r.at("machine").list()) parts.add(p.build(() -> org.f2fsobs.engine.platform.MachineScale.Part.of(p.string())));
        }
        List<ScaleRegime.Fixed> fixed = new ArrayList<>();
        if (r.has("fixed")) {
            for (Node f : r.at("fixed").list()) {
                f.only("mechanism", "implies");
                fixed.add(new ScaleRegime.Fixed(f.str("mechanism"), f.str("implies")));
            }
        }
        return r.build(() -> new ScaleRegime(r.number("min_scale"), parts, fixed, r.optStr("drift")));
    }

    /** A JSON value with its file and path, for error messages. */
    record Node(String file, String path, Object value) {
        ScenarioFormatException error(String msg) {
            return new ScenarioFormatException(file + ": " + (path.isEmpty() ? "" : path + ": ") + msg);
        }

        <T> T build(java.util.function.Supplier<T> s) {
            try {
                return s.get();
            } catch (ScenarioFormatException e) {
                throw e;
            } catch (RuntimeException e) {
                throw error(e.getMessage());
            }
        }

        @SuppressWarnings("unchecked")
        private Map<String, Object> map() {
            if (!(value instanceof Map<?, ?> m)) throw error("expected an object");
            return (Map<String, Object>) m;
        }

        void only(String... keys) {
            List<String> allowed = List.of(keys);
            for (String k : map().keySet()) if (!allowed.contains(k)) throw error("unknown field \"" + k + "\"; known: " + allowed);
        }

        boolean has(String key) {
            return map().containsKey(key) && map().get(key) != null;
        }

        Node at(String key) {
            if (!has(key)) throw error("missing field \"" + key + "\"");
            return new Node(file, path.isEmpty() ? key : path + "." + key, map().get(key));
        }

        List<Map.Entry<String, Node>> entries() {
            List<Map.Entry<String, Node>> out = new ArrayList<>();
            for (String k : map().keySet()) out.add(Map.entry(k, at(k)));
            return out;
        }

        boolean isList() {
            return value instanceof List<?>;
        }

        boolean isMap() {
            return value instanceof Map<?, ?>;
        }

        List<Node> list() {
            if (!(value instanceof List<?> l)) throw error("expected a list");
            List<Node> out = new ArrayList<>();
            for (int i = 0; i < l.size(); i++) out.add(new Node(file, path + "[" + i + "]", l.get(i)));
            return out;
        }

        List<Node> list(String key) {
            return at(key).list();
        }

        String string() {
            if (!(value instanceof String s)) throw error("expected a string");
            return s;
        }

        String str(String key) {
            return at(key).string();
        }

        String optStr(String key) {
            return has(key) ? str(key) : null;
        }

        boolean bool(String key) {
            if (!(at(key).value instanceof Boolean b)) throw at(key).error("expected true or false");
            return b;
        }

        double numberValue() {
            if (!(value instanceof Number x) || !Double.isFinite(x.doubleValue())) throw error("expected a number");
            return x.doubleValue();
        }

        double number(String key) {
            return at(key).numberValue();
        }

        long integer(String key) {
            Node v = at(key);
            if (!(v.value instanceof Integer || v.value instanceof Long)) throw v.error("expected an integer");
            return ((Number) v.value).longValue();
        }

        /** A string or a number (normalized: integers as Long). */
        Object scalarValue() {
            if (value instanceof String) return value;
            if (value instanceof Number) return ParamValues.normalize(value);
            throw error("expected a string or a number");
        }

        Object scalar(String key) {
            return at(key).scalarValue();
        }
    }
}
