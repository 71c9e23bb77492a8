package org.f2fsobs.bench.tool.fio;

import org.f2fsobs.bench.tool.ToolUsageException;

/** The fio I/O engines the simulation models (fio's {@code ioengine=}; psync is fio's Linux default). */
public enum FioIoengine {
    /** pread/pwrite, one I/O at a time (FIO_SYNCIO). */
    PSYNC("psync", true),
    /** read/write after lseek (FIO_SYNCIO). */
    SYNC("sync", true),
    /** Linux native AIO: io_submit/io_getevents. */
    LIBAIO("libaio", false),
    /** io_uring submission and completion rings. */
    IO_URING("io_uring", false),
    /** POSIX aio_read/aio_write: glibc runs the requests of one file descriptor on one helper thread, in order. */
    POSIXAIO("posixaio", false);

    private final String fioName;
    private final boolean sync;

    FioIoengine(String fioName, boolean sync) {
        this.fioName = fioName;
        this.sync = sync;
    }

    /** The name fio prints ({@code ioengine=io_uring}). */
    public String fioName() {
        return fioName;
    }

    /** A synchronous engine: fio caps its effective queue depth at 1. */
    public boolean sync() {
        return sync;
    }

    static FioIoengine parse(String value) {
        for (FioIoengine e : values()) {
            if (e.fioName.equals(value.trim())) return e;
        }
        throw new ToolUsageException("fio", "ioengine=" + value,
                "fio: unsupported ioengine '" + value + "': the simulation models psync, sync, libaio, io_uring and posixaio");
    }
}
