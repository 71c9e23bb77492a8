package org.f2fsobs.bench.tool.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FioValuesTests {

    @Test
    void shouldParseSizesAsFioDoesWithKbBase1024() {
        assertThat(FioValues.size("bs", "512k", 1024)).isEqualTo(524288);
        assertThat(FioValues.size("size", "1536M", 1024)).isEqualTo(1536L << 20);
        assertThat(FioValues.size("size", "1g", 1024)).isEqualTo(1L << 30);
        assertThat(FioValues.size("bs", "4ki", 1024)).isEqualTo(4096);
        assertThat(FioValues.size("bs", "4KB", 1024)).isEqualTo(4096);
        assertThat(FioValues.size("bs", "4kib", 1024)).as("fio's compatibility mode: IEC means 1000").isEqualTo(4000);
        assertThat(FioValues.size("bs", "4kib", 1000)).isEqualTo(4096);
        assertThat(FioValues.size("bs", "4k", 1000)).isEqualTo(4000);
        assertThat(FioValues.size("bs", "4096", 1024)).isEqualTo(4096);
        assertThat(FioValues.size("offset", "0x1000", 1024)).isEqualTo(4096);
    }

    @Test
    void shouldParseTimesInSecondsByDefault() {
        assertThat(FioValues.timeNs("runtime", "60", true)).isEqualTo(60_000_000_000L);
        assertThat(FioValues.timeNs("runtime", "500ms", true)).isEqualTo(500_000_000L);
        assertThat(FioValues.timeNs("runtime", "2m", true)).isEqualTo(120_000_000_000L);
        assertThat(FioValues.timeNs("runtime", "1h", true)).isEqualTo(3_600_000_000_000L);
        assertThat(FioValues.timeNs("runtime", "10us", true)).isEqualTo(10_000L);
    }

    @Test
    void shouldApplyTheRemainingJobOptions() {
        FioJob j = FioParser.parse(List.of("fio", "--name=global", "--kb_base=1000", "--name=x", "--size=1m",
                "--offset=4k", "--startdelay=2", "--loops=3", "--thread", "--create_on_open=1", "--randrepeat=0",
                "--randseed=42", "--fdatasync=4", "--scramble_buffers=0", "--buffered=0", "--numjobs=2")).jobs().get(0);

        assertThat(j.kbBase()).isEqualTo(1000);
        assertThat(j.size()).isEqualTo(1_000_000);
        assertThat(j.offset()).isEqualTo(4000);
        assertThat(j.startdelayNs()).isEqualTo(2_000_000_000L);
        assertThat(j.loops()).isEqualTo(3);
        assertThat(j.thread()).isTrue();
        assertThat(j.createOnOpen()).isTrue();
        assertThat(j.randrepeat()).isFalse();
        assertThat(j.randseedSet()).isTrue();
        assertThat(j.randseed()).isEqualTo(42);
        assertThat(j.fdatasync()).isEqualTo(4);
        assertThat(j.scrambles()).isFalse();
        assertThat(j.direct()).isTrue();
        assertThat(j.effectiveIodepth()).isEqualTo(1);
    }
}
