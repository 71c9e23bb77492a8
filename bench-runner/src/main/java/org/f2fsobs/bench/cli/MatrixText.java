package org.f2fsobs.bench.cli;

import java.util.Locale;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.runner.MatrixRunner;
import org.f2fsobs.bench.scenario.Scenario;

/** Text and Markdown renderings of a matrix's comparisons (one line per parameter point / iozone row). */
final class MatrixText {
    private MatrixText() {}

    static String point(Comparison c) {
        return org.f2fsobs.bench.report.ScenarioReport.point(c);
    }

    static String mib(double bytesPerSec) {
        return String.format(Locale.ROOT, "%.1f", bytesPerSec / 1048576.0);
    }

    private static String top(Comparison c) {
        StringBuilder b = new StringBuilder();
        int n = 0;
        for (Comparison.Influence i : c.influence()) {
            if (n++ == 3 || i.swing() == 0) break;
            b.append(n > 1 ? ", " : "").append(i.constant()).append(String.format(Locale.ROOT, " %.3f", i.swing()));
        }
        return b.isEmpty() ? "none moves it" : b.toString();
    }

    static String text(Scenario s, MatrixRunner.MatrixResult m) {
        StringBuilder b = new StringBuilder();
        b.append(s.id()).append(" (flag ").append(s.flag()).append(", ").append(m.cells().size()).append(" cells)\n");
        b.append(String.format(Locale.ROOT, "%-32s %12s %12s %8s %19s %8s  %-18s %s%n", "point", "off MiB/s", "on MiB/s",
                "ratio", "95% CI", "mail", "mechanism", "verdict"));
        for (Comparison c : m.comparisons()) {
            b.append(String.format(Locale.ROOT, "%-32s %12s %12s %8.3f %19s %8s  %-18s %s%n", point(c), mib(c.off().median()),
                    mib(c.on().median()), c.ratio(), String.format(Locale.ROOT, "[%.3f, %.3f]", c.ratioCi()[0], c.ratioCi()[1]),
                    c.referenceRatio() == null ? "-" : String.format(Locale.ROOT, "%.3f", c.referenceRatio()), c.mechanism(),
                    c.verdict()));
        }
        boolean banded = false;
        for (Comparison c : m.comparisons()) {
            if (c.band() == null) continue;
            if (!banded) {
                b.append(String.format(Locale.ROOT, "%nband (scale %s, %s points, %s cells; contracts.md §6):%n", c.bandDetail().get("scale"),
                        c.bandDetail().get("points"), c.bandDetail().get("cells_run")));
                b.append(String.format(Locale.ROOT, "%-32s %19s %7s %-14s %s%n", "point", "band", "width", "band verdict", "top constants by swing"));
                banded = true;
            }
            b.append(String.format(Locale.ROOT, "%-32s %19s %7.3f %-14s %s%n", point(c), String.format(Locale.ROOT, "[%.3f, %.3f]",
                    c.band()[0], c.band()[1]), c.band()[1] - c.band()[0], c.bandVerdict(), top(c)));
        }
        java.util.LinkedHashSet<String> notes = new java.util.LinkedHashSet<>();
        for (Comparison c : m.comparisons()) if (c.scaleNote() != null) notes.add(c.scaleNote());
        for (String n : notes) b.append("note: ").append(n).append('\n');
        return b.toString();
    }
}
