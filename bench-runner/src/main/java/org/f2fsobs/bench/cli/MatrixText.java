package org.f2fsobs.bench.cli;

import java.util.Locale;
import java.util.Map;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.matrix.MatrixRunner;
import org.f2fsobs.bench.scenario.Scenario;

/** Text and Markdown renderings of a matrix's comparisons (one line per parameter point / iozone row). */
final class MatrixText {
    private MatrixText() {}

    static String point(Comparison c) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Object> e : c.params().entrySet()) {
            if (e.getKey().equals("scale") && Double.valueOf(1.0).equals(e.getValue())) continue;
            b.append(b.isEmpty() ? "" : " ").append(e.getKey()).append('=').append(e.getValue());
        }
        if (c.row() != null) b.append(b.isEmpty() ? "" : " ").append("reclen_kb=").append(c.row());
        return b.toString();
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
        return b.toString();
    }

    static String markdown(Scenario s, MatrixRunner.MatrixResult m, long seed) {
        StringBuilder b = new StringBuilder();
        b.append("### ").append(s.id()).append("\n\n");
        b.append(s.title()).append(" — flag `").append(s.flag()).append("`, seed file `").append(s.seedFile())
                .append("`, matrix seed ").append(seed).append(", ").append(m.cells().size()).append(" cells.\n\n");
        b.append("| point | off (median, MiB/s) | on (median, MiB/s) | n | ratio on/off | 95 % CI | mail's ratio | mechanism | verdict |\n");
        b.append("|---|---:|---:|---:|---:|---|---:|---|---|\n");
        for (Comparison c : m.comparisons()) {
            b.append("| ").append(point(c)).append(" | ").append(mib(c.off().median())).append(" | ").append(mib(c.on().median()))
                    .append(" | ").append(c.off().n()).append('/').append(c.on().n())
                    .append(String.format(Locale.ROOT, " | %.3f | [%.3f, %.3f] | ", c.ratio(), c.ratioCi()[0], c.ratioCi()[1]))
                    .append(c.referenceRatio() == null ? "—" : String.format(Locale.ROOT, "%.3f", c.referenceRatio()))
                    .append(" | ").append(c.mechanism()).append(" | **").append(c.verdict()).append("** |\n");
        }
        return b.toString();
    }
}
