package org.f2fsobs.bench.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.f2fsobs.bench.tool.fio.FioParser;
import org.junit.jupiter.api.Test;

/** The data a fio command's options bound, as the run limits see it. */
class ExecPlanTests {
    private static final long MIB = 1 << 20;

    private static long bytes(String command) {
        return ExecPlan.dataBytes(FioParser.parse(Arrays.asList(command.split(" "))), 4096 * MIB);
    }

    @Test
    void fioCountsIoSizeLoopsTheVerifyReadBackNumjobsAndFillDevice() {
        String w = "fio --name=w --filename=/d/f --rw=write --bs=64k --size=8m";
        assertThat(bytes(w)).isEqualTo(8 * MIB);
        assertThat(bytes(w + " --io_size=32m")).isEqualTo(32 * MIB);
        assertThat(bytes(w + " --loops=3")).isEqualTo(24 * MIB);
        assertThat(bytes(w + " --verify=md5")).isEqualTo(16 * MIB);
        assertThat(bytes(w + " --verify=md5 --do_verify=0")).isEqualTo(8 * MIB);
        assertThat(bytes(w + " --numjobs=2 --loops=2")).isEqualTo(32 * MIB);
        assertThat(bytes("fio --name=f --filename=/d/f --rw=write --bs=1m --fill_device=1")).isEqualTo(4096 * MIB);
    }
}
