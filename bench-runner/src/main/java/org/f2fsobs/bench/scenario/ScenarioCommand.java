package org.f2fsobs.bench.scenario;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.RunLimits;
import org.f2fsobs.bench.matrix.ParamValues;
import org.f2fsobs.bench.script.Script;
import org.f2fsobs.bench.script.ScriptLine;
import org.f2fsobs.bench.script.ScriptParser;
import org.f2fsobs.bench.tool.dd.DdDialect;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Profiles;

/**
 * What a scenario runs at one parameter point: its script after parameters and scaling, parsed for the machine, with
 * the measured command, the preparation lines before it, the mkfs and mount options it runs under — and the line that
 * reproduces a run (contracts.md §2, §3).
 *
 * <p><b>Scaling</b> ({@link ScaleRule}). At {@code scale} = 1 the size is the full one, untouched, so the default
 * point renders the mail's command verbatim. Below 1, size = full × scale (exact decimal arithmetic on the scale as
 * written) rounded <b>down</b> to whole blocks of the tool's block size — fio {@code --bs}, dd {@code bs}, iozone's
 * record (4 KiB, the smallest, in automatic mode), tiotest's {@code -b} but at least the MiB its {@code -f} counts
 * in — and never below one block, except where the rule says one block would change what the tool runs
 * (iozone: a file smaller than its record length runs nothing) — then it is an error. A full size below one block
 * (tiotest {@code file_mb=1} with 4 MiB blocks) is an error at any scale.
 *
 * <p>Templates fill {@code {name}} with the effective parameters (numbers in plain decimal, words as they are) and
 * with the scale rule's placeholder; tokens are separated by single spaces.
 */
public final class ScenarioCommand {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z_][a-z0-9_]*)}");
    private static final long KIB = 1024, MIB = 1 << 20, GIB = 1L << 30;

    private ScenarioCommand() {}

    /** One preparation line as run: what it does, the directory it names (or null), its command, the parsed line. */
    public record Step(PreparationStep.Op op, String path, String command, ScriptLine line) {}

    /**
     * A scenario at one point, ready to run.
     *
     * @param command     the measured command as run (contracts.md §3 {@code command})
     * @param mkfs        mkfs.f2fs options of the format the measured run sees
     * @param mount       mount options of the mount the measured run sees
     * @param preparation the lines before the measured run, after the machine's set-up (insmod, mkfs, mount), in order
     * @param params      every effective parameter (defaults included), scenario order, {@code scale} last
     * @param scaledBytes the size the scale rule produced, in bytes
     * @param script      the script's lines that apply at this point, rendered, in order
     * @param parsed      {@code script} parsed for the machine it runs on
     * @param headline    the measured run: its index among {@code parsed}'s tool runs
     */
    public record Rendered(String command, String mkfs, String mount, List<Step> preparation, Map<String, Object> params,
                           long scaledBytes, List<String> script, Script parsed, int headline) {
        public Rendered {
            preparation = List.copyOf(preparation);
            params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
            script = List.copyOf(script);
        }
    }

    /** A point whose sizes do not work out (a record larger than the file); the message names the values. */
    public static final class ScaleException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final String param;

        ScaleException(String param, String message) {
            super(message);
            this.param = param;
        }

        /** The parameter to blame in a field error ({@code reclen_kb}, {@code block_bytes} or {@code scale}). */
        public String param() {
            return param;
        }
    }

    /**
     * Defaults overlaid with {@code requested}, canonical ({@link ParamSpec#canonical}), in the scenario's parameter
     * order. Unknown or invalid values are an {@link IllegalArgumentException}: validate requests with
     * {@link ScenarioCatalog} first.
     */
    public static Map<String, Object> effectiveParams(Scenario s, Map<String, ?> requested) {
        Map<String, Object> out = new LinkedHashMap<>(s.defaults());
        for (Map.Entry<String, ?> e : requested.entrySet()) {
            ParamSpec p = s.param(e.getKey()).orElseThrow(() -> new IllegalArgumentException(
                    "unknown parameter " + e.getKey() + " of " + s.id() + "; known: " + s.paramNames()));
            Object v = ParamValues.normalize(e.getValue());
            p.check(v).ifPresent(msg -> {
                throw new IllegalArgumentException(p.name() + " = " + ParamValues.canonical(v) + ": " + msg);
            });
            out.put(p.name(), p.canonical(v));
        }
        return Collections.unmodifiableMap(out);
    }

    /** The scenario at {@code params} (as from {@link #effectiveParams}; missing ones take their defaults) on its own profile. */
    public static Rendered render(Scenario s, Map<String, Object> params) {
        return render(s, params, Profiles.load(s.profile()));
    }

    /**
     * The scenario at {@code params} on {@code machine}: the script lines that apply, filled, and parsed as the machine
     * would run them (a line the machine cannot run is a {@link ScriptException}).
     */
    public static Rendered render(Scenario s, Map<String, Object> params, Profile machine) {
        Map<String, Object> eff = effectiveParams(s, params);
        long bytes = scaledBytes(s, eff);
        Map<String, String> values = new LinkedHashMap<>();
        eff.forEach((k, v) -> values.put(k, text(v)));
        values.put(s.scale().placeholder(), format(s.scale(), bytes));
        List<String> lines = new ArrayList<>();
        int headlineLine = -1;
        for (ScriptStep step : s.script()) {
            if (!step.appliesTo(eff)) continue;
            if (step.headline()) {
                if (headlineLine >= 0) throw new IllegalStateException(s.id() + ": two measured runs apply at " + eff);
                headlineLine = lines.size() + 1;
            }
            lines.add(fill(step.line(), values));
        }
        if (headlineLine < 0) throw new IllegalStateException(s.id() + ": no measured run (\"headline\": true) applies at " + eff);
        DdDialect dialect = "toybox".equals(machine.userland()) ? DdDialect.TOYBOX : DdDialect.GNU;
        Script parsed = ScriptParser.parse(String.join("\n", lines), new ScriptParser.Options(machine, dialect, "", ""));
        int at = -1, run = -1, tools = 0;
        String mkfs = "", mount = "";
        for (int i = 0; i < parsed.lines().size() && at < 0; i++) {
            ScriptLine l = parsed.lines().get(i);
            switch (l) {
                case ScriptLine.Format f -> mkfs = f.optionsText();
                case ScriptLine.Mount m -> mount = m.options();
                case ScriptLine.Remount r -> mount = r.options();
                case ScriptLine.Tool t -> {
                    if (t.source().number() == headlineLine) {
                        at = i;
                        run = tools;
                    }
                    tools++;
                }
                default -> { }
            }
        }
        if (at < 0) throw new IllegalStateException(s.id() + ": the measured line is not a fio, dd, iozone or tiotest run");
        List<Step> steps = new ArrayList<>();
        for (ScriptLine l : parsed.lines().subList(0, at)) {
            if (l instanceof ScriptLine.LoadNullBlk || l instanceof ScriptLine.Format || l instanceof ScriptLine.Mount
                    || l instanceof ScriptLine.Matching) continue;
            steps.add(new Step(PreparationStep.classify(l), PreparationStep.path(l), PreparationStep.command(l), l));
        }
        String command = ((ScriptLine.Tool) parsed.lines().get(at)).command();
        return new Rendered(command, mkfs, mount, steps, eff, bytes, lines, parsed, run);
    }

    /** The size the scale rule gives at {@code params} (effective), in bytes. */
    public static long scaledBytes(Scenario s, Map<String, Object> params) {
        ScaleRule r = s.scale();
        long full = r.fullParam() == null ? r.fullBytes() : ((Number) params.get(r.fullParam())).longValue() * r.fullParamUnit();
        long block = r.blockBytes();
        String blamed = ParamSpec.SCALE;
        if (r.blockParam() != null && params.get(r.blockParam()) instanceof Number n && n.longValue() * r.blockParamUnit() > block) {
            block = n.longValue() * r.blockParamUnit();
            blamed = r.blockParam();
        }
        if (full < block) {
            throw new ScaleException(blamed, s.id() + ": one block of " + size(block) + " (" + blamed + ") is larger than the "
                    + "full size " + size(full) + " (" + r.shrinks() + "): " + s.tool() + " would run nothing");
        }
        double scale = ((Number) params.get(ParamSpec.SCALE)).doubleValue();
        if (scale >= 1) return full;
        BigInteger blocks = new BigDecimal(full).multiply(new BigDecimal(Double.toString(scale)))
                .divideToIntegralValue(new BigDecimal(block)).toBigIntegerExact();
        long scaled = blocks.longValueExact() * block;
        if (scaled > 0) return scaled;
        if (r.belowOneBlockIsError()) {
            throw new ScaleException(blamed, s.id() + ": at scale " + ParamValues.canonical(scale) + " " + r.shrinks() + " would be "
                    + size(full) + " × " + ParamValues.canonical(scale) + ", less than one block of " + size(block)
                    + ("scale".equals(blamed) ? "" : " (" + blamed + ")") + ", and " + s.tool()
                    + " drops records larger than the file: raise scale to at least "
                    + ParamValues.canonical(minScale(full, block)) + " or choose a smaller " + ("scale".equals(blamed) ? "record" : blamed));
        }
        return block;
    }

    /**
     * The data one run moves at {@code params} (effective): the scaled size, times the rule's {@code times_param}
     * (tiotest: one file per thread) — the figure the app's "scale × data size per run" limit is checked against.
     */
    public static long dataBytes(Scenario s, Map<String, Object> params) {
        long bytes = scaledBytes(s, params);
        String times = s.scale().timesParam();
        return times == null ? bytes : Math.multiplyExact(bytes, ((Number) params.get(times)).longValue());
    }

    /**
     * A scenario cell's data ({@link #dataBytes}: scaled size × threads) against the {@code run_data_bytes} of
     * {@code limits}: the one check of a cell before it runs, the same for the CLI and the app.
     */
    public static List<RunLimits.Violation> checkDataLimit(RunLimits limits, Scenario s, CellSpec cell) {
        long bytes = dataBytes(s, cell.params());
        if (bytes <= limits.runDataBytes()) return List.of();
        return List.of(new RunLimits.Violation(RunLimits.RUN_DATA_BYTES, "params", "a run at " + ParamValues.canonical(cell.params())
                + " moves " + bytes + " bytes (scaled size × threads), over the limit " + RunLimits.RUN_DATA_BYTES + " = "
                + limits.runDataBytes() + "; lower scale"));
    }

    /**
     * The command line that reproduces one run: {@code bench-runner run ID --opt FLAG=on|off --set K=V … --seed N},
     * with an {@code --opt} for the studied flag and for any flag set away from its era value, a {@code --set} for
     * every scenario parameter (defaults included) and for {@code scale} when it is not 1, and {@code --profile}
     * when the profile is not the scenario's own.
     */
    public static String reproduce(Scenario s, Map<String, Boolean> optimizations, Map<String, Object> params, long seed,
                                   String profile) {
        StringBuilder b = new StringBuilder("bench-runner run ").append(s.id());
        Map<String, Boolean> era = s.eraOptimizations();
        for (String f : Optimizations.NAMES) {
            Boolean v = optimizations.get(f);
            if (v == null) continue;
            if (f.equals(s.flag()) || !v.equals(era.get(f))) b.append(" --opt ").append(f).append('=').append(v ? "on" : "off");
        }
        Map<String, Object> eff = effectiveParams(s, params);
        for (Map.Entry<String, Object> e : eff.entrySet()) {
            boolean scale = e.getKey().equals(ParamSpec.SCALE);
            if (scale && ParamValues.same(e.getValue(), 1.0)) continue;
            b.append(" --set ").append(e.getKey()).append('=').append(shellWord(text(e.getValue())));
        }
        b.append(" --seed ").append(seed);
        if (profile != null && !profile.equals(s.profile())) b.append(" --profile ").append(shellWord(profile));
        return b.toString();
    }

    /** As {@link #reproduce(Scenario, Map, Map, long, String)}, with a {@code --profile-set} per overridden constant. */
    public static String reproduce(Scenario s, CellSpec cell) {
        StringBuilder b = new StringBuilder(reproduce(s, cell.optimizations(), cell.params(), cell.seed(), cell.profile()));
        cell.profileOverrides().forEach((k, v) -> b.append(" --profile-set ").append(k).append('=').append(v));
        return b.toString();
    }

    /** A value as the templates and the command line write it: plain decimal numbers, words as they are. */
    static String text(Object v) {
        if (v instanceof Number n) return ParamValues.canonical(n);
        return String.valueOf(v);
    }

    private static String fill(String template, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String v = values.get(m.group(1));
            if (v == null) throw new IllegalStateException("template \"" + template + "\" names unknown placeholder {" + m.group(1) + "}");
            m.appendReplacement(out, Matcher.quoteReplacement(v));
        }
        m.appendTail(out);
        return String.join(" ", out.toString().trim().split(" +"));
    }

    static String format(ScaleRule r, long bytes) {
        return switch (r.format()) {
            case FIO_SIZE -> bytes % GIB == 0 ? bytes / GIB + "G" : bytes % MIB == 0 ? bytes / MIB + "M"
                    : bytes % KIB == 0 ? bytes / KIB + "K" : Long.toString(bytes);
            case COUNT -> Long.toString(bytes / r.blockBytes());
            case IOZONE_SIZE -> bytes % MIB == 0 ? bytes / MIB + "m" : bytes / KIB + "k";
            case MIB -> Long.toString(bytes / MIB);
        };
    }

    private static String size(long bytes) {
        if (bytes % MIB == 0) return bytes / MIB + " MiB";
        if (bytes % KIB == 0) return bytes / KIB + " KiB";
        return bytes + " bytes";
    }

    /** The smallest scale (rounded up to 4 significant digits) at which one block fits. */
    private static double minScale(long full, long block) {
        return new BigDecimal(block).divide(new BigDecimal(full), new java.math.MathContext(4, java.math.RoundingMode.UP)).doubleValue();
    }

    private static String shellWord(String s) {
        return s.matches("[A-Za-z0-9._,:/=+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
