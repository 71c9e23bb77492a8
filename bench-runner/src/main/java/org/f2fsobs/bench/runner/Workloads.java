package org.f2fsobs.bench.runner;

import org.f2fsobs.bench.tool.ToolInvocation;
import org.f2fsobs.bench.tool.dd.DdDialect;
import org.f2fsobs.bench.tool.dd.DdJob;
import org.f2fsobs.bench.tool.dispatch.ToolCommandLine;
import org.f2fsobs.bench.tool.fio.FioCommand;
import org.f2fsobs.bench.tool.iozone.IozoneJob;
import org.f2fsobs.bench.tool.tiotest.TiotestJob;

/** From a command line to the workload that runs it (parse errors are {@code ToolUsageException}s naming the option). */
final class Workloads {
    private Workloads() {}

    static Workload parse(String command, DdDialect dialect) {
        return of(ToolCommandLine.parse(command, dialect));
    }

    /** The workload of an already parsed command. */
    static Workload of(ToolInvocation inv) {
        if (inv instanceof FioCommand f) return new FioWorkload(f);
        if (inv instanceof DdJob d) return new DdWorkload(d);
        if (inv instanceof IozoneJob i) return new IozoneWorkload(i);
        if (inv instanceof TiotestJob t) return new TiotestWorkload(t);
        throw new IllegalStateException("no workload for " + inv.tool());
    }
}
