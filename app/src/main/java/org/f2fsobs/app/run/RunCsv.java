package org.f2fsobs.app.run;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.RunResult;

/**
 * A result as CSV (RFC 4180, header {@code section,name,value,unit}), one value per row — long format, so that
 * runs with different counters still share one shape and a spreadsheet pivot or {@code pandas.concat} joins them.
 * Sections, in order:
 * <pre>
 * run          id, scenario, tool, profile, mkfs, mount, command, seed, virtual_ns, wall_ms, engine_version, reproduce
 * headline     the headline (name = its name, unit = its unit)
 * reference    the mail's figure for this point and ours over it
 * optimization every flag (true/false)
 * param        every effective parameter
 * counter      counters; nested ones flattened with dots (checkpoints_by_reason.cp_umount)
 * histogram    request-size histograms as NAME.BYTES (unit: requests)
 * time_ns      the time breakdown (device_busy, idle, cpu.X, lock_wait.X)
 * preparation  virtual_ns and counters of mkfs, mount and preparation
 * metric       tool metrics flattened (iozone rows as rows.N.column)
 * </pre>
 */
final class RunCsv {
    private RunCsv() {}

    static String write(long id, RunResult r) {
        StringBuilder b = new StringBuilder("section,name,value,unit\r\n");
        row(b, "run", "id", id, "");
        row(b, "run", "scenario", r.scenario(), "");
        row(b, "run", "tool", r.tool(), "");
        row(b, "run", "profile", r.profile(), "");
        row(b, "run", "mkfs", r.mkfs(), "");
        row(b, "run", "mount", r.mount(), "");
        row(b, "run", "command", r.command(), "");
        row(b, "run", "seed", r.seed(), "");
        row(b, "run", "virtual_ns", r.virtualNs(), "ns");
        row(b, "run", "wall_ms", r.wallMs(), "ms");
        row(b, "run", "engine_version", r.engineVersion(), "");
        row(b, "run", "reproduce", r.reproduce(), "");
        if (r.headline() != null) row(b, "headline", r.headline().name(), r.headline().value(), r.headline().unit());
        if (r.reference() != null) {
            row(b, "reference", "value", r.reference().value(), r.reference().unit());
            row(b, "reference", "ours_over_reference", r.reference().oursOverReference(), "");
            row(b, "reference", "source", r.reference().source(), "");
        }
        if (r.optimizations() != null) new TreeMap<>(r.optimizations()).forEach((k, v) -> row(b, "optimization", k, v, ""));
        if (r.params() != null) r.params().forEach((k, v) -> row(b, "param", k, v, ""));
        flatten(b, "counter", "", r.counters(), "");
        if (r.histograms() != null) {
            r.histograms().forEach((name, h) -> {
                if (h != null) h.forEach((bytes, n) -> row(b, "histogram", name + "." + bytes, n, "requests"));
            });
        }
        if (r.timeBreakdownNs() != null) {
            row(b, "time_ns", "device_busy", r.timeBreakdownNs().deviceBusy(), "ns");
            row(b, "time_ns", "idle", r.timeBreakdownNs().idle(), "ns");
            flatten(b, "time_ns", "cpu.", r.timeBreakdownNs().cpu(), "ns");
            flatten(b, "time_ns", "lock_wait.", r.timeBreakdownNs().lockWait(), "ns");
        }
        if (r.preparation() != null) {
            row(b, "preparation", "virtual_ns", r.preparation().virtualNs(), "ns");
            flatten(b, "preparation", "counters.", r.preparation().counters(), "");
        }
        flatten(b, "metric", "", r.metrics(), "");
        return b.toString();
    }

    private static void flatten(StringBuilder b, String section, String prefix, Object value, String unit) {
        if (value instanceof Map<?, ?> m) {
            m.forEach((k, v) -> flatten(b, section, prefix + k + ".", v, unit));
        } else if (value instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) flatten(b, section, prefix + i + ".", l.get(i), unit);
        } else if (value != null && !prefix.isEmpty()) {
            row(b, section, prefix.substring(0, prefix.length() - 1), value, unit);
        }
    }

    private static void row(StringBuilder b, String section, String name, Object value, String unit) {
        b.append(field(section)).append(',').append(field(name)).append(',').append(field(value == null ? "" : String.valueOf(value)))
                .append(',').append(field(unit)).append("\r\n");
    }

    /**
     * RFC 4180: quote when the value holds a comma, quote, CR or LF; double the quotes. A value a spreadsheet would
     * run as a formula (starting with = or @, or with + or - and holding a call, pipe or sheet reference) is prefixed
     * with ' (OWASP CSV injection); option strings like "-s 128" and negative numbers stay as they are.
     */
    static String field(String s) {
        if (s == null) return "";
        if (!s.isEmpty() && (s.charAt(0) == '=' || s.charAt(0) == '@'
                || ((s.charAt(0) == '+' || s.charAt(0) == '-') && (s.contains("(") || s.contains("|") || s.contains("!"))))) {
            s = "'" + s;
        }
        if (s.contains(",") || s.contains("\"") || s.contains("\r") || s.contains("\n")) return '"' + s.replace("\"", "\"\"") + '"';
        return s;
    }
}
