package org.f2fsobs.bench.doc;

import java.util.List;
import org.f2fsobs.bench.script.KnobOptions;
import org.f2fsobs.bench.tool.OptionTable;
import org.f2fsobs.bench.tool.dd.DdOptions;
import org.f2fsobs.bench.tool.fio.FioOptionTable;
import org.f2fsobs.bench.tool.iozone.IozoneOptions;
import org.f2fsobs.bench.tool.tiotest.TiotestOptions;

/**
 * Every parser's option table, in the order of docs/tools.md. A tool's table plugs in here; {@link ToolsDoc}
 * writes and checks their sections of docs/tools.md.
 */
public final class OptionTables {
    private OptionTables() {}

    public static List<OptionTable> all() {
        return List.of(FioOptionTable.jobOptions(), FioOptionTable.commandLine(), new DdOptions(), new IozoneOptions(),
                new TiotestOptions(), new MountOptionsTable(), new KnobOptions());
    }
}
