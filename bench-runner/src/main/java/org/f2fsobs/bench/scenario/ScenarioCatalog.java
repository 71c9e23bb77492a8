package org.f2fsobs.bench.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.FieldError;
import org.f2fsobs.bench.matrix.MatrixExpansion;
import org.f2fsobs.bench.matrix.MatrixLimits;
import org.f2fsobs.bench.matrix.MatrixRequest;
import org.f2fsobs.bench.matrix.ParamValidator;
import org.f2fsobs.bench.matrix.ParamValues;
import org.f2fsobs.bench.stats.Bootstrap;
import org.f2fsobs.bench.stats.ComparisonSpec;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.platform.Profiles;

/**
 * The scenario catalog (contracts.md §1, §5): the scenarios shipped as {@code scenarios/<id>.json}, and the checks
 * that turn a user's request into cells or into named errors.
 *
 * <p><b>Cells</b> carry everything a run needs, so that a cell alone reproduces it: the profile (the scenario's
 * own unless another is asked for), all four flags (the studied one as requested, the others at the scenario's era
 * values unless the request sets them too), every effective parameter (defaults included, canonical: integers as
 * Long, {@code scale} as Double; contracts.md §3), the seed and the repetition.
 *
 * <p><b>The studied flag</b> when the request does not mention it: a matrix runs it both off and on (off first) —
 * a matrix exists to compare the two; a single run takes it off, the kernel the mail was written against.
 *
 * <p><b>Errors</b> are {@link FieldError}s naming the field as {@link MatrixExpansion} does ({@code scenario},
 * {@code profile}, {@code optimizations.<flag>}, {@code params.<key>[i]}, {@code repetitions}, {@code seed},
 * {@code cells}); for a single run the list index is dropped ({@code params.segs_per_sec}). Values out of range
 * name the allowed range; point-level problems the per-value checks cannot see (iozone: a record length larger than
 * the scaled file) are reported on the parameter to change, naming the combination.
 */
public final class ScenarioCatalog {
    /** Class-path folder of the scenario files. */
    public static final String RESOURCE_DIR = "scenarios";

    private final Map<String, Scenario> scenarios;
    /** Scenarios stored from mails (the app's H2), after the built-ins; replaced whole on every change. */
    private volatile Map<String, Scenario> user = Map.of();

    /** Ids a user scenario may take: {@code mail-…}, so that none can be mistaken for (or shadow) a built-in one. */
    public static final java.util.regex.Pattern USER_ID = java.util.regex.Pattern.compile("mail-[a-z0-9][a-z0-9-]{1,78}[a-z0-9]");

    private ScenarioCatalog(List<Scenario> list) {
        Map<String, Scenario> m = new LinkedHashMap<>();
        for (Scenario s : list) {
            if (m.put(s.id(), s) != null) throw new ScenarioFormatException("duplicate scenario id " + s.id());
        }
        this.scenarios = Collections.unmodifiableMap(m);
    }

    /**
     * Class-path resource (one per jar or folder) naming further scenario folders, one per line: how a scenario from a
     * new patch mail joins the catalog without touching the shipped files (docs/adding-an-optimization.md).
     */
    public static final String EXTENSION_INDEX = "META-INF/f2fs-observatory/scenario-dirs";

    /**
     * The shipped catalog, in the order of {@code scenarios/catalog.json} (contracts.md §1), followed by the scenarios
     * of any folder an {@link #EXTENSION_INDEX} on the class path names.
     */
    public static ScenarioCatalog load() {
        ClassLoader loader = ScenarioCatalog.class.getClassLoader();
        List<String> dirs = new ArrayList<>();
        dirs.add(RESOURCE_DIR);
        dirs.addAll(extensionDirs(loader));
        return load(loader, dirs);
    }

    /** A catalog from another class-path folder (tests). */
    public static ScenarioCatalog load(ClassLoader loader, String dir) {
        return load(loader, List.of(dir));
    }

    private static ScenarioCatalog load(ClassLoader loader, List<String> dirs) {
        List<Scenario> list = new ArrayList<>();
        for (String dir : dirs) for (String id : ScenarioLoader.index(loader, dir)) list.add(ScenarioLoader.load(loader, dir, id));
        ScenarioCatalog c = new ScenarioCatalog(list);
        for (Scenario s : list) selfCheck(s);
        return c;
    }

    private static List<String> extensionDirs(ClassLoader loader) {
        List<String> dirs = new ArrayList<>();
        try {
            for (java.net.URL url : java.util.Collections.list(loader.getResources(EXTENSION_INDEX))) {
                try (java.io.InputStream in = url.openStream()) {
                    for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\\R")) {
                        String d = line.strip();
                        if (!d.isEmpty() && !d.startsWith("#") && !dirs.contains(d)) dirs.add(d);
                    }
                }
            }
        } catch (java.io.IOException e) {
            throw new ScenarioFormatException("cannot read " + EXTENSION_INDEX + ": " + e.getMessage());
        }
        java.util.Collections.sort(dirs);
        return dirs;
    }

    /** The scenarios in catalog order: the built-ins, then the user scenarios in the order they were added. */
    public List<Scenario> list() {
        List<Scenario> all = new ArrayList<>(scenarios.values());
        all.addAll(user.values());
        return List.copyOf(all);
    }

    /** The shipped scenarios only (contracts.md §1), in catalog order. */
    public List<Scenario> builtIns() {
        return List.copyOf(scenarios.values());
    }

    public List<String> ids() {
        return list().stream().map(Scenario::id).toList();
    }

    public Optional<Scenario> find(String id) {
        if (id == null) return Optional.empty();
        Scenario s = scenarios.get(id);
        return Optional.ofNullable(s != null ? s : user.get(id));
    }

    /** Whether {@code id} names a shipped scenario (a user scenario can never take such an id). */
    public boolean isBuiltIn(String id) {
        return id != null && scenarios.containsKey(id);
    }

    /**
     * A scenario file's JSON (a stored draft's {@code scenario}) as a user scenario, checked as the shipped files are
     * (unknown keys, units, profile, flags, templates that render): a {@link ScenarioFormatException} names the problem.
     */
    public static Scenario parseUser(String name, Object json) {
        Scenario s = ScenarioLoader.parse(name, json);
        selfCheck(s);
        return s;
    }

    /**
     * Adds (or replaces) a user scenario. Refused: a scenario whose origin is not {@code user}, an id outside
     * {@link #USER_ID}, and above all an id of a built-in scenario — a user scenario never shadows a shipped one.
     */
    public synchronized void putUser(Scenario s) {
        if (!Scenario.USER.equals(s.origin())) throw new IllegalArgumentException(s.id() + ": only a scenario of origin user can be added");
        if (scenarios.containsKey(s.id())) {
            throw new IllegalArgumentException("id " + s.id() + " is a built-in scenario's: a user scenario cannot take it");
        }
        if (!USER_ID.matcher(s.id()).matches()) {
            throw new IllegalArgumentException("id " + s.id() + ": a user scenario's id is mail- and 2…79 of a-z, 0-9, - (" + USER_ID.pattern() + ")");
        }
        selfCheck(s);
        Map<String, Scenario> m = new LinkedHashMap<>(user);
        m.put(s.id(), s);
        user = Collections.unmodifiableMap(m);
    }

    /** Removes a user scenario; false when there is none with that id (a built-in one is never removed). */
    public synchronized boolean removeUser(String id) {
        if (!user.containsKey(id)) return false;
        Map<String, Scenario> m = new LinkedHashMap<>(user);
        m.remove(id);
        user = Collections.unmodifiableMap(m);
        return true;
    }

    /** The scenario {@code id}; an unknown id is a {@link NoSuchElementException} listing the known ones. */
    public Scenario get(String id) {
        return find(id).orElseThrow(() -> new NoSuchElementException(unknownScenario(id)));
    }

    /**
     * A matrix request → its cells in {@link MatrixExpansion} order (parameters in key order, then flags, then
     * repetitions), with the scenario's profile, or every error found.
     */
    public MatrixExpansion.Expansion validate(MatrixRequest request, MatrixLimits limits) {
        return validate(request, limits, null);
    }

    /** As {@link #validate(MatrixRequest, MatrixLimits)}, on {@code profile} (null = the scenario's own). */
    public MatrixExpansion.Expansion validate(MatrixRequest request, MatrixLimits limits, String profile) {
        return expand(request, limits, profile, List.of(false, true), false);
    }

    /**
     * One run ({@code bench-runner run}, {@code POST /api/runs} of a scenario): flags and parameters with one value
     * each, a seed and an optional profile (null = the scenario's) → one cell, or the errors.
     */
    public RunValidation validateRun(Scenario scenario, Map<String, Boolean> opts, Map<String, Object> params, long seed,
                                     String profile) {
        return validateRun(scenario.id(), opts, params, seed, profile);
    }

    /** As {@link #validateRun(Scenario, Map, Map, long, String)}, for a scenario id that may be unknown. */
    public RunValidation validateRun(String scenario, Map<String, Boolean> opts, Map<String, Object> params, long seed,
                                     String profile) {
        return validateRun(scenario, opts, params, seed, profile, false);
    }

    /**
     * As {@link #validateRun(String, Map, Map, long, String)}, but any scale &gt; 0 is allowed, below the scenario's
     * smallest meaningful scale too: for crash checks (a crash verdict is about mechanism, not regime) and for tests of
     * plumbing (result shape, determinism) that claim nothing about the size of an effect.
     */
    public RunValidation validateRunAtAnyScale(String scenario, Map<String, Boolean> opts, Map<String, Object> params, long seed,
                                          String profile) {
        return validateRun(scenario, opts, params, seed, profile, true);
    }

    private RunValidation validateRun(String scenario, Map<String, Boolean> opts, Map<String, Object> params, long seed,
                                      String profile, boolean anyScale) {
        Map<String, List<Boolean>> o = new LinkedHashMap<>();
        if (opts != null) opts.forEach((k, v) -> o.put(k, Collections.singletonList(v)));
        Map<String, List<Object>> p = new LinkedHashMap<>();
        if (params != null) params.forEach((k, v) -> p.put(k, Collections.singletonList(v)));
        MatrixExpansion.Expansion e = expand(new MatrixRequest(scenario, o, p, 1, seed), MatrixLimits.DEFAULT, profile, List.of(false), anyScale);
        if (!e.ok()) {
            List<FieldError> errors = new ArrayList<>();
            for (FieldError f : e.errors()) {
                FieldError g = new FieldError(f.field().replaceAll("\\[0]$", ""), f.message(), f.kind());
                if (!errors.contains(g)) errors.add(g);
            }
            return new RunValidation(null, errors);
        }
        return new RunValidation(e.cells().get(0), List.of());
    }

    /** A single run's cell, or why there is none. */
    public record RunValidation(CellSpec cell, List<FieldError> errors) {
        public RunValidation {
            errors = List.copyOf(errors);
        }

        public boolean ok() {
            return cell != null;
        }
    }

    /** The validator {@link MatrixExpansion} consults for {@code scenario}: its parameters, their values, the flags. */
    public static ParamValidator paramValidator(Scenario scenario) {
        return new ParamValidator() {
            @Override
            public Optional<String> checkValue(String key, Object value) {
                return scenario.param(key).flatMap(p -> p.check(value));
            }

            @Override
            public Optional<String> checkKey(String key) {
                if (scenario.param(key).isPresent()) return Optional.empty();
                return Optional.of("unknown parameter of " + scenario.id() + "; known: " + String.join(", ", scenario.paramNames()));
            }

            @Override
            public Optional<String> checkFlag(String flag) {
                return FLAGS.checkFlag(flag);
            }
        };
    }

    /** The spec {@code Comparisons.of} needs (see {@link ScenarioComparisons}). */
    public static ComparisonSpec comparisonSpec(Scenario scenario) {
        return ScenarioComparisons.spec(scenario, Bootstrap.DEFAULT_RESAMPLES, Bootstrap.DEFAULT_LEVEL);
    }

    private static final ParamValidator FLAGS = new ParamValidator() {
        @Override
        public Optional<String> checkValue(String key, Object value) {
            return Optional.empty();
        }

        @Override
        public Optional<String> checkFlag(String flag) {
            return Optimizations.NAMES.contains(flag) ? Optional.empty()
                    : Optional.of("unknown flag; known: " + String.join(", ", Optimizations.NAMES));
        }
    };

    private MatrixExpansion.Expansion expand(MatrixRequest request, MatrixLimits limits, String profile,
                                             List<Boolean> studiedDefault, boolean anyScale) {
        Scenario s = find(request.scenario()).orElse(null);
        List<FieldError> pre = new ArrayList<>();
        if (s == null && request.scenario() != null && !request.scenario().isBlank()) {
            pre.add(new FieldError("scenario", unknownScenario(request.scenario())));
        }
        if (profile != null && !Profiles.names().contains(profile)) {
            pre.add(new FieldError("profile", "unknown profile '" + profile + "'; known: " + String.join(", ", Profiles.names())));
        }
        MatrixRequest r = request;
        if (s != null && s.sides() == null && !request.optimizations().containsKey(s.flag())) {
            Map<String, List<Boolean>> o = new LinkedHashMap<>();
            o.put(s.flag(), studiedDefault);
            o.putAll(request.optimizations());
            r = new MatrixRequest(request.scenario(), o, request.params(), request.repetitions(), request.seed(), request.profileOverrides());
        } else if (s != null && s.sides() != null && !request.params().containsKey(s.sides().param())) {
            // the sides are two values of a parameter: a matrix runs both (before first), a single run the before side
            Map<String, List<Object>> p = new LinkedHashMap<>(request.params());
            List<Object> values = new ArrayList<>();
            for (boolean after : studiedDefault) values.add(after ? s.sides().after() : s.sides().before());
            p.put(s.sides().param(), values);
            r = new MatrixRequest(request.scenario(), request.optimizations(), p, request.repetitions(), request.seed(), request.profileOverrides());
        }
        if (s != null && !request.profileOverrides().isEmpty() && (profile == null || Profiles.names().contains(profile))) {
            try {
                Profiles.load(profile != null ? profile : s.profile(), request.profileOverrides());
            } catch (org.f2fsobs.engine.platform.ProfileException x) {
                pre.add(new FieldError("profile_overrides", x.getMessage()));
            }
        }
        MatrixExpansion.Expansion e = MatrixExpansion.expand(r, limits, s == null ? FLAGS : paramValidator(s));
        if (s == null || !e.ok() || !pre.isEmpty()) {
            List<FieldError> errors = new ArrayList<>(pre);
            errors.addAll(e.errors());
            if (s == null && errors.stream().noneMatch(f -> f.field().equals("scenario"))) {
                errors.add(0, new FieldError("scenario", "is required"));
            }
            return new MatrixExpansion.Expansion(List.of(), errors);
        }
        List<FieldError> pointErrors = new ArrayList<>();
        List<CellSpec> cells = new ArrayList<>();
        LinkedHashSet<String> seen = new LinkedHashSet<>();
        for (CellSpec c : e.cells()) {
            Map<String, Object> eff = ScenarioCommand.effectiveParams(s, c.params());
            String tooSmall = anyScale ? null : s.scale().regime().refusal(((Number) eff.get(ParamSpec.SCALE)).doubleValue());
            if (tooSmall != null) {
                if (seen.add("params.scale|" + tooSmall)) pointErrors.add(new FieldError("params.scale", tooSmall, FieldError.Kind.BELOW_MIN_SCALE));
                continue;
            }
            try {
                ScenarioCommand.scaledBytes(s, eff);
            } catch (ScenarioCommand.ScaleException x) {
                String field = "params." + x.param();
                if (seen.add(field + "|" + x.getMessage())) pointErrors.add(new FieldError(field, "at " + ParamValues.canonical(eff) + ": " + x.getMessage()));
                continue;
            }
            SortedMap<String, Boolean> flags = new TreeMap<>(s.optimizations(false));
            flags.putAll(c.optimizations());
            cells.add(new CellSpec(s.id(), profile != null ? profile : s.profile(), flags, new TreeMap<>(eff), c.seed(), c.repetition(),
                    new TreeMap<>(request.profileOverrides())));
        }
        if (!pointErrors.isEmpty()) return new MatrixExpansion.Expansion(List.of(), pointErrors);
        return new MatrixExpansion.Expansion(cells, List.of());
    }

    private String unknownScenario(String id) {
        return "unknown scenario '" + id + "'; known: " + String.join(", ", ids());
    }

    /** Every template renders at the defaults and at every point of the scenario's own references. */
    private static void selfCheck(Scenario s) {
        try {
            ScenarioCommand.render(s, s.defaults());
            for (Reference r : s.references()) ScenarioCommand.render(s, r.when());
        } catch (RuntimeException e) {
            throw new ScenarioFormatException(RESOURCE_DIR + "/" + s.id() + ".json: " + e.getMessage(), e);
        }
    }
}
