package org.f2fsobs.bench.tool.dd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.f2fsobs.bench.tool.TestResources;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.junit.jupiter.api.Test;

class DdTests {

    @Test
    void shouldParseTheMailsToyboxWrite() {
        DdJob job = DdParser.parse(List.of("dd", "if=/dev/zero", "of=dummy", "bs=1m", "count=1000"), DdDialect.TOYBOX);

        assertThat(job.inputFile()).isEqualTo("/dev/zero");
        assertThat(job.outputFile()).isEqualTo("dummy");
        assertThat(job.ibs()).isEqualTo(1 << 20);
        assertThat(job.obs()).isEqualTo(1 << 20);
        assertThat(job.bs()).isTrue();
        assertThat(job.count()).isEqualTo(1000);
        assertThat(job.countBytes()).isEqualTo(1_048_576_000L);
        assertThat(job.fromDevZero()).isTrue();
        assertThat(job.fsync()).isFalse();
    }

    @Test
    void shouldParseTheMailsRead() {
        DdJob job = DdParser.parse(List.of("dd", "if=dummy", "of=/dev/zero", "bs=512k"), DdDialect.TOYBOX);

        assertThat(job.ibs()).isEqualTo(512 * 1024);
        assertThat(job.count()).isEqualTo(-1);
        assertThat(job.countBytes()).isEqualTo(-1);
        assertThat(job.toDevNull()).isTrue();
        assertThat(DdParser.parse(List.of("dd", "if=dummy", "of=/dev/zero", "bs=512k")).ibs()).isEqualTo(512 * 1024);
    }

    @Test
    void shouldParseGnuSuffixesFlagsAndProducts() {
        DdJob job = DdParser.parse(List.of("if=/dev/zero", "of=F", "bs=1M", "count=32", "conv=fsync,notrunc",
                "oflag=sync,direct", "iflag=direct", "skip=2", "seek=1x4"));

        assertThat(job.ibs()).isEqualTo(1 << 20);
        assertThat(job.fsync()).isTrue();
        assertThat(job.notrunc()).isTrue();
        assertThat(job.oSync()).isTrue();
        assertThat(job.oDirect()).isTrue();
        assertThat(job.iDirect()).isTrue();
        assertThat(job.skipBytes()).isEqualTo(2L << 20);
        assertThat(job.seekBytes()).isEqualTo(4L << 20);
        assertThat(DdParser.parse(List.of("bs=1kB")).ibs()).isEqualTo(1000);
        assertThat(DdParser.parse(List.of("bs=1KiB")).ibs()).isEqualTo(1024);
        assertThat(DdParser.parse(List.of("bs=2xM")).ibs()).isEqualTo(2 << 20);
        assertThat(DdParser.parse(List.of("bs=4b")).ibs()).isEqualTo(2048);
        assertThat(DdParser.parse(List.of("bs=3w")).ibs()).isEqualTo(6);
        assertThat(DdParser.parse(List.of("bs=1MB", "ibs=7")).ibs()).isEqualTo(1_000_000);
        assertThat(DdParser.parse(List.of("ibs=4k", "obs=4k")).bs()).isFalse();
        assertThat(DdParser.parse(List.of("count=100B")).countBytes()).isEqualTo(100);
        assertThat(DdParser.parse(List.of("bs=1kd"), DdDialect.TOYBOX).ibs()).isEqualTo(1000);
        assertThat(DdParser.parse(List.of("bs=2x3x4k"), DdDialect.TOYBOX).ibs()).isEqualTo(24 * 1024);
    }

    @Test
    void shouldRejectLowercaseMegabytesInGnuDd() {
        assertThatThrownBy(() -> DdParser.parse(List.of("dd", "bs=1m", "count=1")))
                .isInstanceOf(ToolUsageException.class).hasMessageContaining("invalid number: '1m'")
                .hasMessageContaining("1M");
    }

    @Test
    void shouldPrintGnuDd91OutputByteForByte() {
        String expected = TestResources.read("dd/gnu-dd-coreutils-9.1.txt");
        DdJob write = DdParser.parse(List.of("dd", "if=/dev/zero", "of=F", "bs=1M", "count=32", "conv=fsync"));
        DdJob read = DdParser.parse(List.of("dd", "if=F", "of=/dev/null", "bs=512k"));
        DdJob sync = DdParser.parse(List.of("dd", "if=/dev/zero", "of=G", "bs=4k", "count=100", "oflag=sync"));

        String text = DdReport.gnu(write, DdResult.of(write, 32L << 20, 15_534_900L))
                + DdReport.gnu(read, DdResult.of(read, 32L << 20, 1_382_530L))
                + DdReport.gnu(sync, DdResult.of(sync, 409_600L, 15_561_500L));

        assertThat(text).isEqualTo(expected);
    }

    @Test
    void shouldPrintGnuEdgeCasesAsDd91Does() {
        DdJob job = DdParser.parse(List.of("bs=1"));

        assertThat(DdReport.gnu(job, DdResult.of(job, 0, 130_269))).isEqualTo(
                "0+0 records in\n0+0 records out\n0 bytes copied, 0.000130269 s, 0.0 kB/s\n");
        assertThat(DdReport.gnu(job, DdResult.of(job, 1, 0))).endsWith("1 byte copied, 0 s, Infinity B/s\n");
        DdJob k = DdParser.parse(List.of("bs=1kB", "count=1"));
        assertThat(DdReport.gnu(k, DdResult.of(k, 1000, 160_376))).endsWith(
                "1000 bytes (1.0 kB) copied, 0.000160376 s, 6.2 MB/s\n");
        DdJob m = DdParser.parse(List.of("bs=1M", "count=6"));
        assertThat(DdReport.gnu(m, DdResult.of(m, 6L << 20, 3_470_240))).isEqualTo(
                "6+0 records in\n6+0 records out\n6291456 bytes (6.3 MB, 6.0 MiB) copied, 0.00347024 s, 1.8 GB/s\n");
        assertThat(DdReport.gnu(DdParser.parse(List.of("status=none")), DdResult.of(job, 5, 5))).isEmpty();
        assertThat(DdReport.gnu(DdParser.parse(List.of("status=noxfer")), DdResult.of(job, 5, 5)))
                .isEqualTo("5+0 records in\n5+0 records out\n");
    }

    @Test
    void shouldPrintTheMailsToyboxLines() {
        DdJob job = DdParser.parse(List.of("dd", "if=/dev/zero", "of=dummy", "bs=1m", "count=1000"), DdDialect.TOYBOX);
        long[] usec = {2_082_554, 2_081_634, 2_090_861, 7_407_527, 7_283_734, 7_291_508, 1_998_959, 1_987_554,
                1_986_380};
        StringBuilder lines = new StringBuilder();
        for (long u : usec) {
            String report = DdReport.toybox(job, DdResult.of(job, 1_048_576_000L, u * 1000 + 999));
            assertThat(report).startsWith("1000+0 records in\n1000+0 records out\n");
            lines.append(report.substring(report.lastIndexOf("records out\n") + 12));
        }

        assertThat(lines.toString()).isEqualTo(TestResources.read("dd/toybox-seed-001-lines.txt"));
    }

    @Test
    void shouldPrintToyboxSmallSizesAndItsConvDebugLine() {
        DdJob job = DdParser.parse(List.of("bs=512", "count=1", "conv=fsync,notrunc"), DdDialect.TOYBOX);

        assertThat(DdReport.toybox(job, DdResult.of(job, 512, 1_000_000_000L))).isEqualTo(
                "conv=5\n1+0 records in\n1+0 records out\n512 bytes (512 B) copied, 1.000000 s, 512 B/s\n");
        assertThat(HumanReadable.toybox(1536)).isEqualTo("1.5 K");
        assertThat(HumanReadable.toybox(999)).isEqualTo("999 B");
    }
}
