package org.f2fsobs.bench.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.matrix.ParamValues;
import org.f2fsobs.engine.f2fs.Optimizations;

/**
 * One experiment of the catalog (contracts.md §1), as its file {@code scenarios/<id>.json} declares it: the mail's
 * command and environment, its Test lines and our script, the flag under study and the era values of the other
 * flags, the era's rules, parameters, the scale rule, the mail's figures with their unit conversions,
 * and the counter movements that make up the mechanism. Immutable; built by {@link ScenarioLoader}.
 *
 * @param id                catalog id
 * @param title             one line for people
 * @param seedFile          the seed mail's file name in {@code seeds/} (the {@code source} of every reference)
 * @param patch             the patch's subject, author and date
 * @param tool              fio, dd, iozone or tiotest
 * @param profile           the profile the mail's machine maps to ({@code Profiles.names()})
 * @param era               the kernel the mail was written against
 * @param environment       the mail's test environment in its own words
 * @param command           the measured command verbatim from the mail (P3: inferred, see {@code inferred})
 * @param inferred          whether {@code command} is inferred rather than quoted
 * @param inferredReasoning why the inferred command is the mail's, or null
 * @param mailLines         the mail's Test section: its shell lines verbatim (alternatives included, as the mail lists them)
 * @param script            our script: the lines that run, templates over the parameters and the scale placeholder, one
 *                          of them the measured run ({@link ScriptStep#headline()})
 * @param flag              the optimization under study
 * @param flagTable         every flag → "studied", "on" or "off" (contracts.md §1 table)
 * @param tunables          era rules and kernel tunables, in file order
 * @param params            the parameters, scenario-specific first, then {@code scale}
 * @param scale             what {@code scale} shrinks
 * @param headline          the result's headline name (contracts.md §3)
 * @param rowMetric         for tools reporting rows (iozone): the row column compared ({@code write_kbps}), else null
 * @param rowParam          the parameter that selects a single row ({@code reclen_kb}), else null
 * @param units             the printed units used by the references, with their conversions
 * @param references        the mail's figures
 * @param expectedMechanism the expected counter movements, first match per point
 * @param notes             anything else a reader of the scenario needs
 * @param sweeps            the profile-constant sweeps the report prints (empty for most)
 * @param sides             null when the sides are the patch ({@code flag} off vs on); else the parameter whose two values
 *                          are the mail's two sides (then {@code flag} is null: no kernel code is switched)
 * @param messageId         the mail's Message-ID, or null (the seed files name their mail by {@code seedFile})
 * @param origin            {@link #CATALOG} for the shipped files, {@link #USER} for a scenario stored from a mail
 */
public record Scenario(String id, String title, String seedFile, String patch, String tool, String profile, String era,
                       String environment, String command, boolean inferred, String inferredReasoning, List<String> mailLines,
                       List<ScriptStep> script, String flag, Map<String, String> flagTable, List<Tunable> tunables,
                       List<ParamSpec> params, ScaleRule scale,
                       String headline, String rowMetric, String rowParam, Map<String, UnitConversion> units,
                       List<Reference> references, List<ExpectedMechanism> expectedMechanism, List<String> notes,
                       List<Sweep> sweeps, Sides sides, String messageId, String origin) {

    public static final String STUDIED = "studied";
    public static final String CATALOG = "catalog";
    public static final String USER = "user";

    /**
     * The two sides of a mail that compares two values of one parameter (a mount option, an algorithm) rather than
     * the kernel before and after its patch: {@code before} plays the part of "off", {@code after} of "on".
     */
    public record Sides(String param, Object before, Object after) {
        public Sides {
            Objects.requireNonNull(param, "param");
            Objects.requireNonNull(before, "before");
            Objects.requireNonNull(after, "after");
            if (ParamValues.same(before, after)) throw new IllegalArgumentException("sides: before and after are the same value " + before);
        }

        /** Whether {@code value} is the after side (false for before, null for neither). */
        public Boolean sideOf(Object value) {
            if (ParamValues.same(value, after)) return true;
            if (ParamValues.same(value, before)) return false;
            return null;
        }
    }

    /** A shipped scenario (no sides, no Message-ID). */
    public Scenario(String id, String title, String seedFile, String patch, String tool, String profile, String era,
                    String environment, String command, boolean inferred, String inferredReasoning, List<String> mailLines,
                    List<ScriptStep> script, String flag, Map<String, String> flagTable, List<Tunable> tunables,
                    List<ParamSpec> params, ScaleRule scale, String headline, String rowMetric, String rowParam,
                    Map<String, UnitConversion> units, List<Reference> references, List<ExpectedMechanism> expectedMechanism,
                    List<String> notes) {
        this(id, title, seedFile, patch, tool, profile, era, environment, command, inferred, inferredReasoning, mailLines, script,
                flag, flagTable, tunables, params, scale, headline, rowMetric, rowParam, units, references, expectedMechanism, notes,
                List.of(), null, null, CATALOG);
    }

    public Scenario {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(command, "command");
        if (origin == null) origin = CATALOG;
        if (!origin.equals(CATALOG) && !origin.equals(USER)) throw new IllegalArgumentException(id + ": origin must be catalog or user");
        if (flag == null && sides == null) throw new IllegalArgumentException(id + ": a scenario needs a flag under study or sides");
        if (flag != null && sides != null) throw new IllegalArgumentException(id + ": a flag under study and sides exclude each other");
        Objects.requireNonNull(scale, "scale");
        Objects.requireNonNull(headline, "headline");
        mailLines = List.copyOf(mailLines);
        script = List.copyOf(script);
        flagTable = Collections.unmodifiableMap(new LinkedHashMap<>(flagTable));
        tunables = List.copyOf(tunables);
        params = List.copyOf(params);
        units = Collections.unmodifiableMap(new LinkedHashMap<>(units));
        references = List.copyOf(references);
        expectedMechanism = List.copyOf(expectedMechanism);
        notes = List.copyOf(notes);
        sweeps = sweeps == null ? List.of() : List.copyOf(sweeps);
        // every built-in flag must be declared; a flag added later (OptimizationProvider) may be left out by older
        // scenarios and is then off there: their kernels predate its patch
        for (String f : Optimizations.NAMES.subList(0, 4)) {
            if (!flagTable.containsKey(f)) throw new IllegalArgumentException(id + ": the flag table must give " + f + " (known flags: " + Optimizations.NAMES + ")");
        }
        for (String f : flagTable.keySet()) {
            if (!Optimizations.NAMES.contains(f)) throw new IllegalArgumentException(id + ": unknown flag " + f + " (known: " + Optimizations.NAMES + ")");
        }
        if (flag != null && !STUDIED.equals(flagTable.get(flag))) throw new IllegalArgumentException(id + ": the flag table must mark " + flag + " studied");
        for (Map.Entry<String, String> e : flagTable.entrySet()) {
            boolean ok = e.getKey().equals(flag) || e.getValue().equals("on") || e.getValue().equals("off");
            if (!ok) throw new IllegalArgumentException(id + ": flag " + e.getKey() + " must be on or off, got " + e.getValue());
        }
        if (params.stream().noneMatch(p -> p.name().equals(ParamSpec.SCALE))) {
            throw new IllegalArgumentException(id + ": no scale parameter");
        }
        if (sides != null) {
            Sides sd = sides;
            ParamSpec p = params.stream().filter(x -> x.name().equals(sd.param())).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(id + ": sides name unknown parameter " + sd.param()));
            p.check(ParamValues.normalize(sd.before())).ifPresent(m -> {
                throw new IllegalArgumentException(id + ": sides.before " + sd.before() + ": " + m);
            });
            p.check(ParamValues.normalize(sd.after())).ifPresent(m -> {
                throw new IllegalArgumentException(id + ": sides.after " + sd.after() + ": " + m);
            });
        }
    }

    /** Whether a run with these flags and effective parameters is the "on" (after) side; null if it is neither side. */
    public Boolean studiedOn(Map<String, Boolean> optimizations, Map<String, Object> params) {
        if (sides != null) return sides.sideOf(params.get(sides.param()));
        return optimizations.get(flag);
    }

    /** What the two sides are, in words: "sec_ckpt_valid_blocks off vs on" or "compression lz4 vs zstd". */
    public String sidesLabel() {
        if (sides == null) return flag + " off vs on";
        return sides.param() + " " + ParamValues.canonical(sides.before()) + " vs " + ParamValues.canonical(sides.after());
    }

    /** The parameter named {@code name}, if the scenario has it ({@code scale} included). */
    public Optional<ParamSpec> param(String name) {
        return params.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** Parameter names in file order, {@code scale} last. */
    public List<String> paramNames() {
        return params.stream().map(ParamSpec::name).toList();
    }

    /** Every parameter at its default (the mail's values, scale 1), in {@link #paramNames()} order. */
    public Map<String, Object> defaults() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (ParamSpec p : params) m.put(p.name(), p.defaultValue());
        return Collections.unmodifiableMap(m);
    }

    /** The era values of the flags other than the one under study (contracts.md §1), in contract order. */
    public Map<String, Boolean> eraOptimizations() {
        Map<String, Boolean> m = new LinkedHashMap<>();
        for (String f : Optimizations.NAMES) if (!f.equals(flag)) m.put(f, "on".equals(flagTable.get(f)));
        return Collections.unmodifiableMap(m);
    }

    /** Every flag: the studied one at {@code studied}, the others at their era values, in contract order. */
    public Map<String, Boolean> optimizations(boolean studied) {
        Map<String, Boolean> m = new LinkedHashMap<>();
        for (String f : Optimizations.NAMES) m.put(f, f.equals(flag) ? studied : "on".equals(flagTable.get(f)));
        return Collections.unmodifiableMap(m);
    }

    /** The tunable named {@code name}, if the scenario fixes it. */
    public Optional<Object> tunable(String name) {
        return tunables.stream().filter(t -> t.name().equals(name)).map(Tunable::value).findFirst();
    }

    /** The references whose {@code when} matches the point {@code params} (any row). */
    public List<Reference> referencesAt(Map<String, Object> params) {
        List<Reference> out = new ArrayList<>();
        for (Reference r : references) if (matchesPoint(r.when(), params)) out.add(r);
        return out;
    }

    /**
     * The mail's figure for a run's headline at the point {@code params} (effective parameters) with the studied flag
     * {@code on}, if the mail has one: the headline metric, or for iozone the row metric at the smallest record
     * length the run has (the headline is that row's write column, contracts.md §3).
     */
    public Optional<Reference> headlineReference(Map<String, Object> params) {
        Integer row = null;
        String metric = headline;
        if (rowMetric != null) {
            metric = rowMetric;
            Object v = rowParam == null ? null : params.get(rowParam);
            if (v instanceof Number n) {
                row = (int) n.longValue();
            } else {
                row = referencesAt(params).stream().filter(r -> r.metric().equals(rowMetric) && r.row() != null)
                        .map(Reference::row).min(Integer::compare).orElse(null);
                if (row == null) return Optional.empty();
            }
        }
        for (Reference r : referencesAt(params)) {
            if (r.metric().equals(metric) && Objects.equals(r.row(), row)) return Optional.of(r);
        }
        return Optional.empty();
    }

    /**
     * The {@code reference} block of a run's result (contracts.md §3) for the headline {@code ours} (base units), or
     * empty when the mail has no figure for this point and side.
     */
    public Optional<RunResult.Reference> resultReference(Map<String, Object> params, boolean on, double ours) {
        return headlineReference(params).flatMap(r -> java.util.Optional.ofNullable(r.side(on)).map(f -> new RunResult.Reference(
                f.value(), f.baseUnit(), seedFile, f.value() == 0 ? Double.NaN : ours / f.value(), messageId, r.quote())));
    }

    /** The expected movements at the point {@code params}: the first matching entry's, or none. */
    public List<org.f2fsobs.bench.stats.CounterExpectation> expectationsAt(Map<String, Object> params) {
        for (ExpectedMechanism e : expectedMechanism) if (e.matches(params)) return e.counters();
        return List.of();
    }

    static boolean matchesPoint(Map<String, Object> when, Map<String, Object> params) {
        for (Map.Entry<String, Object> e : when.entrySet()) {
            if (!params.containsKey(e.getKey()) || !ParamValues.same(e.getValue(), params.get(e.getKey()))) return false;
        }
        return true;
    }
}
