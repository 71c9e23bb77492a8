package org.f2fsobs.bench.tool;

/** A parsed tool command line: what {@link org.f2fsobs.bench.tool.dispatch.ToolCommandLine#parse} returns for fio, dd, iozone and tiotest. */
public interface ToolInvocation {

    /** The tool's name: {@code fio}, {@code dd}, {@code iozone} or {@code tiotest}. */
    String tool();
}
