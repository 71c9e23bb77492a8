package org.f2fsobs.bench.tool.fio;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.f2fsobs.bench.tool.ToolUsageException;

/** fio's {@code rw=} I/O pattern (io_ddir.h {@code enum td_ddir}, printed by {@code ddir_str()}). */
public enum FioRw {
    READ("read", true, false, false),
    WRITE("write", false, true, false),
    RANDREAD("randread", true, false, true),
    RANDWRITE("randwrite", false, true, true),
    RW("rw", true, true, false),
    RANDRW("randrw", true, true, true);

    private final String fioName;
    private final boolean reads;
    private final boolean writes;
    private final boolean random;

    FioRw(String fioName, boolean reads, boolean writes, boolean random) {
        this.fioName = fioName;
        this.reads = reads;
        this.writes = writes;
        this.random = random;
    }

    /** The name fio prints in its job header ({@code rw=write}). */
    public String fioName() {
        return fioName;
    }

    public boolean reads() {
        return reads;
    }

    public boolean writes() {
        return writes;
    }

    public boolean random() {
        return random;
    }

    /** Parses an {@code rw=} value ({@code readwrite} is fio's alias of {@code rw}). */
    static FioRw parse(String value) {
        String v = value.trim();
        if (v.equals("readwrite")) return RW;
        for (FioRw rw : values()) {
            if (rw.fioName.equals(v)) return rw;
        }
        String allowed = Arrays.stream(values()).map(FioRw::fioName).collect(Collectors.joining(", "));
        String why = switch (v) {
            case "trim", "randtrim", "trimwrite", "randtrimwrite" -> "trim workloads are not simulated";
            default -> v.contains(":") ? "the ':N' sequence modifier is not supported" : "unknown pattern";
        };
        throw new ToolUsageException("fio", "rw=" + value,
                "fio: failed parsing rw=" + value + ": " + why + "; allowed: " + allowed + ", readwrite");
    }
}
