package org.f2fsobs.bench.script;

import java.util.List;
import org.f2fsobs.bench.tool.OptionTable;

/** The kernel knobs a script may write ({@link Knobs}, {@link KnobTable}), as one option table. */
public final class KnobOptions implements OptionTable {
    @Override
    public String id() {
        return "knobs";
    }

    @Override
    public String title() {
        return "Kernel knobs (`echo V > PATH` in a script)";
    }

    @Override
    public List<Row> rows() {
        return KnobTable.rows();
    }
}
