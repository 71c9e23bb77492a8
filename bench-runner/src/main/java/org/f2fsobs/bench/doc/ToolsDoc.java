package org.f2fsobs.bench.doc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.f2fsobs.bench.tool.OptionTable;

/**
 * The generated sections of docs/tools.md: one Markdown table per {@link OptionTable}, between
 * {@code <!-- BEGIN generated: ID -->} and {@code <!-- END generated: ID -->} markers. {@link #update} rewrites them
 * (a missing section is appended), {@link #stale} names those that differ from the parsers' tables
 * ({@code bench-runner tools-doc} writes the file, {@code --check} fails on a stale one).
 */
public final class ToolsDoc {
    private ToolsDoc() {}

    static String begin(OptionTable t) {
        return "<!-- BEGIN generated: " + t.id() + " (from the parser's own table; bench-runner tools-doc rewrites it) -->";
    }

    static String end(OptionTable t) {
        return "<!-- END generated: " + t.id() + " -->";
    }

    /** The section of {@code t}: its markers around the table. */
    public static String section(OptionTable t) {
        StringBuilder b = new StringBuilder(begin(t)).append('\n');
        b.append("| option | treated as | what the simulation does, or why not |\n|---|---|---|\n");
        for (OptionTable.Row r : t.rows()) {
            b.append("| `").append(cell(r.option())).append("` | ").append(r.status().name().toLowerCase(Locale.ROOT))
                    .append(" | ").append(cell(r.meaning())).append(" |\n");
        }
        return b.append(end(t)).toString();
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }

    /** {@code doc} with every table's section rewritten (or appended under its title when missing). */
    public static String update(String doc, List<OptionTable> tables) {
        String out = doc;
        for (OptionTable t : tables) {
            int i = out.indexOf(begin(t));
            int j = out.indexOf(end(t));
            if (i >= 0 && j > i) {
                out = out.substring(0, i) + section(t) + out.substring(j + end(t).length());
            } else {
                out = out + (out.endsWith("\n") ? "" : "\n") + "\n### " + t.title() + "\n\n" + section(t) + "\n";
            }
        }
        return out;
    }

    /** The ids of the tables whose section in {@code doc} is missing or differs from what the parser's table gives. */
    public static List<String> stale(String doc, List<OptionTable> tables) {
        List<String> out = new ArrayList<>();
        for (OptionTable t : tables) if (!doc.contains(section(t))) out.add(t.id());
        return out;
    }
}
