package org.f2fsobs.bench.cli;

import java.util.Locale;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.matrix.MatrixRunner;
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
        java.util.LinkedHashSet<String> notes = new java.util.LinkedHashSet<>();
        for (Comparison c : m.comparisons()) if (c.scaleNote() != null) notes.add(c.scaleNote());
        for (String n : notes) b.append("note: ").append(n).append('\n');
        return b.toString();
    }
}
