package org.f2fsobs.bench.tool;

import java.util.List;

/**
 * A parser's own table of the options it accepts or refuses: every option a tool (or the kernel: mount options, sysfs
 * knobs) knows is MODELLED (it changes what the simulation does, as the real one would), MATCHED (accepted because it
 * asks for what the model always does) or REFUSED (exit 2 / 4xx naming it, with the reason). {@code docs/tools.md}
 * carries these tables as generated ({@code org.f2fsobs.bench.doc.OptionTables}, {@code ToolsDoc}); the option tests
 * show a with/without difference for each MODELLED row. A tool plugs in by implementing this and adding itself to
 * {@code OptionTables.all()}.
 */
public interface OptionTable {

    /** How the simulation treats an option (or one of its values). */
    enum Status { MODELLED, MATCHED, REFUSED }

    /**
     * One row.
     *
     * @param option  the option as typed, values separated by | (e.g. {@code status=progress}, {@code -t N})
     * @param status  how the simulation treats it
     * @param meaning what it does in the model (MODELLED), why it changes nothing (MATCHED), or why it is refused
     */
    record Row(String option, Status status, String meaning) {}

    /** A short id, also the name of the generated section's markers ("dd", "iozone", "mount", ...). */
    String id();

    /** The heading of the section in docs/tools.md. */
    String title();

    /** Rows in the parser's own order. */
    List<Row> rows();
}
