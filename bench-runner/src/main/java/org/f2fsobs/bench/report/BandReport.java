package org.f2fsobs.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.scenario.Scenario;

/**
 * The band parts of the report (contracts.md §6): the verdict tallies, the band table of every comparison (nominal
 * ratio, band, width, the mail's ratio, verdict, band verdict, the top three constants by swing), and per scenario
 * the tornado of the constants that move its ratio most, each linked to its row in the profile table, with how the
 * band was made.
 */
public final class BandReport {
    static final String NO_NOISE = "no run-to-run noise in the model";
    /** An absolute factor (ours / the mail's) is shown beside the verdict beyond this. */
    static final double ABSOLUTE_SHOWN = 1.5;

    private BandReport() {}

    /** "[1.122, 1.702] (width 0.581)", or "—" without a band. */
    static String band(Comparison c) {
        if (c.band() == null) return "—";
        return String.format(Locale.ROOT, "[%.3f, %.3f]", c.band()[0], c.band()[1]);
    }

    static String width(Comparison c) {
        return c.band() == null ? "—" : String.format(Locale.ROOT, "%.3f", c.band()[1] - c.band()[0]);
    }

    /** The seed interval, or the label that says why it has no width. */
    static String interval(Comparison c) {
        if (noWidth(c)) return NO_NOISE;
        return String.format(Locale.ROOT, "[%.3f, %.3f]", c.ratioCi()[0], c.ratioCi()[1]);
    }

    /** A seed interval without width (its ends equal up to the bootstrap's rounding). */
    static boolean noWidth(Comparison c) {
        double lo = c.ratioCi()[0], hi = c.ratioCi()[1];
        return Math.abs(hi - lo) <= 1e-12 * Math.max(1, Math.abs(c.ratio()));
    }

    /** The verdict in bold, and the absolute factor beside it when ours is more than 1.5× off the mail's figure. */
    static String verdict(Comparison c) {
        String abs = absolute(c);
        return "**" + c.verdict() + "**" + (abs.isEmpty() ? "" : " (" + abs + ")");
    }

    static String absolute(Comparison c) {
        if (c.absolute() == null) return "";
        List<String> parts = new ArrayList<>();
        side(parts, "off", c.absolute().off());
        side(parts, "on", c.absolute().on());
        return String.join(", ", parts);
    }

    private static void side(List<String> parts, String name, Double f) {
        if (f != null && f > 0 && (f > ABSOLUTE_SHOWN || f < 1 / ABSOLUTE_SHOWN)) {
            parts.add(String.format(Locale.ROOT, "absolute ×%.2f %s", f, name));
        }
    }

    static String bandVerdict(Comparison c) {
        if (c.bandVerdict() == null) return "—";
        return "**" + c.bandVerdict() + "**" + (c.band() == null ? "" : " (width " + width(c) + ")");
    }

    /** The top {@code n} constants by swing: "`seg_entry_read` 0.574". */
    static String top(Comparison c, int n) {
        if (c.influence() == null) return "—";
        List<String> out = new ArrayList<>();
        for (Comparison.Influence i : c.influence()) {
            if (out.size() == n || i.swing() == 0) break;
            out.add(String.format(Locale.ROOT, "`%s` %.3f", shortKey(i.constant()), i.swing()));
        }
        return out.isEmpty() ? "none moves it" : String.join(", ", out);
    }

    static String shortKey(String key) {
        return key.startsWith("cpu.costs_ps.") ? key.substring("cpu.costs_ps.".length()) : key;
    }

    /** Tallies of band verdicts, effect rows apart from no-effect rows. */
    static String tally(List<Comparison> all) {
        Map<String, Integer> effect = new LinkedHashMap<>(), none = new LinkedHashMap<>();
        for (String v : List.of("robust", "consistent", "inconclusive", "excluded")) effect.put(v, 0);
        for (String v : List.of("robust", "consistent", "excluded")) none.put(v, 0);
        int na = 0;
        for (Comparison c : all) {
            if (c.bandVerdict() == null) continue;
            if (c.effectRow() == null) {
                na++;
                continue;
            }
            (c.effectRow() ? effect : none).merge(c.bandVerdict(), 1, Integer::sum);
        }
        StringBuilder b = new StringBuilder("Effect rows (|m − 1| ≥ 0.10): ");
        effect.forEach((k, v) -> b.append(k).append(' ').append(v).append(", "));
        b.setLength(b.length() - 2);
        b.append(". No-effect rows: ");
        none.forEach((k, v) -> b.append(k).append(' ').append(v).append(", "));
        b.setLength(b.length() - 2);
        if (na > 0) b.append(". Without a mail ratio: ").append(na);
        return b.append('.').toString();
    }

    /** One row of the band table. */
    static String row(Scenario s, Comparison c) {
        return "| `" + s.id() + "` | " + ScenarioReport.point(c) + String.format(Locale.ROOT, " | %.3f | ", c.ratio()) + band(c) + " | "
                + width(c) + " | " + (c.referenceRatio() == null ? "—" : String.format(Locale.ROOT, "%.3f", c.referenceRatio())) + " | "
                + verdict(c) + " | " + bandVerdict(c) + " | " + top(c, 3) + " |\n";
    }

    static final String TABLE_HEAD = "| scenario | point | ours (nominal) | band | width | mail's ratio | verdict | band verdict | top three constants by swing |\n"
            + "|---|---|---:|---|---:|---:|---|---|---|\n";

    /** A scenario's band section: table, tornado of its first effect row, how the band was made. */
    static String section(Scenario s, List<Comparison> cs) {
        Comparison first = null;
        for (Comparison c : cs) {
            if (c.band() != null && Boolean.TRUE.equals(c.effectRow())) {
                first = c;
                break;
            }
        }
        for (Comparison c : cs) if (first == null && c.band() != null) first = c;
        if (first == null) return "";
        StringBuilder b = new StringBuilder();
        Map<String, Object> d = first.bandDetail();
        b.append("\n**Band** — every profile constant the runs read, across its sourced range, at scale ").append(num(d.get("scale")))
                .append(" (").append(d.get("points")).append(" points, ").append(d.get("cells_run")).append(" cells; docs/band.md)\n\n");
        b.append(TABLE_HEAD);
        for (Comparison c : cs) b.append(row(s, c));
        b.append("\nTornado of ").append(ScenarioReport.point(first)).append(" (one at a time; ratio at the constant's low and high end, "
                + "every other constant nominal, calibrated constants re-solved):\n\n");
        b.append("| constant | low | high | ratio at low | ratio at high | swing | basis |\n|---|---:|---:|---:|---:|---:|---|\n");
        int shown = 0;
        for (Comparison.Influence i : first.influence()) {
            if (shown++ == 10 || i.swing() == 0) break;
            b.append("| [`").append(i.constant()).append("`](#").append(anchor(s.profile(), i.constant())).append(") | ").append(i.low())
                    .append(" | ").append(i.high()).append(String.format(Locale.ROOT, " | %.3f | %.3f | %.3f | ", i.ratioAtLow(), i.ratioAtHigh(), i.swing()))
                    .append(i.assumption() ? "*assumption*" : i.basis()).append(" |\n");
        }
        b.append('\n').append(notes(first));
        return b.toString();
    }

    /** How the band was made: corners, hypercube, calibration, what was not swept. */
    @SuppressWarnings("unchecked")
    static String notes(Comparison c) {
        Map<String, Object> d = c.bandDetail();
        StringBuilder b = new StringBuilder();
        List<Object> corners = (List<Object>) d.get("corners");
        List<Object> beyond = (List<Object>) d.get("beyond_corners");
        b.append("- Corners: ").append(corners == null ? "none (no constant moves this comparison)" : "[" + num(corners.get(0)) + ", " + num(corners.get(1)) + "]")
                .append("; hypercube: ").append(d.get("hypercube_points")).append(" points over ")
                .append(((List<Object>) d.get("hypercube_constants")).size()).append(" constants, ").append(beyond.size())
                .append(" beyond the corners").append(beyond.isEmpty() ? "" : " — " + ((Map<String, Object>) beyond.get(0)).get("why")).append(".\n");
        b.append(String.format(Locale.ROOT, "- Share of the one-at-a-time swing from constants marked assumption: %.0f %%.%n",
                100 * ((Number) d.get("assumption_share")).doubleValue()));
        Map<String, Object> cal = (Map<String, Object>) d.get("calibration");
        if (cal != null) {
            b.append("- Re-solved at every point that changes the baseline: ").append(((List<Object>) cal.get("constants")).size())
                    .append(" calibrated constants (").append(cal.get("rule")).append("); ").append(cal.get("points_re_solved"))
                    .append(" points, ").append(cal.get("baseline_runs")).append(" baseline runs, ").append(cal.get("not_converged"))
                    .append(String.format(Locale.ROOT, " outside 0.1 %% (worst %.2f %%).%n", 100 * ((Number) cal.get("worst_relative_error")).doubleValue()));
        }
        List<Object> infeasible = (List<Object>) d.get("infeasible");
        if (infeasible != null) b.append("- Points the profile refuses (skipped): ").append(infeasible.size()).append(".\n");
        b.append("- Swept: ").append(d.get("swept")).append(" constants; read but a single value (not swept): ")
                .append(((List<Object>) d.get("fixed_read")).size()).append("; never read (no swing by construction): ")
                .append(((List<Object>) d.get("not_read")).size()).append("; structural choices, listed not swept: ")
                .append(String.join("; ", (List<String>) (List<?>) d.get("structural"))).append(".\n");
        Map<String, Object> lo = (Map<String, Object>) d.get("low_end"), hi = (Map<String, Object>) d.get("high_end");
        b.append("- Band ends: low from point `").append(lo.get("point")).append("`, high from `").append(hi.get("point"))
                .append("` (their `profile_overrides` are in the matrix JSON; `--profile-set KEY=VALUE` reproduces either).\n");
        return b.toString();
    }

    static String anchor(String profile, String key) {
        return "c-" + profile + "-" + key.replace('.', '-').replace('_', '-');
    }

    private static String num(Object o) {
        return o instanceof Number n ? String.format(Locale.ROOT, "%.3f", n.doubleValue()).replaceAll("0+$", "").replaceAll("\\.$", "") : String.valueOf(o);
    }
}
