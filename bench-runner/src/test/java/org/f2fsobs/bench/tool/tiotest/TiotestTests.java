package org.f2fsobs.bench.tool.tiotest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.junit.jupiter.api.Test;

class TiotestTests {

    static final List<String> MAIL = List.of("./tiotest", "-t", "32", "-d", "/data/tio_tmp", "-f", "32", "-b", "524288",
            "-k", "1", "-k", "3", "-L");

    static final TiotestResult MAIL_RESULT = new TiotestResult(
            TiotestResult.Phase.of(1L << 30, 5_500_000_000L, 3_200_000_000L, 40_000_000_000L),
            TiotestResult.Phase.NONE,
            TiotestResult.Phase.of(1L << 30, 1_351_000_000L, 500_000_000L, 20_000_000_000L),
            TiotestResult.Phase.NONE);

    @Test
    void shouldParseTheMailCommand() {
        TiotestJob job = TiotestParser.parse(MAIL);

        assertThat(job.threads()).isEqualTo(32);
        assertThat(job.fileSizeMb()).isEqualTo(32);
        assertThat(job.blockSize()).isEqualTo(524288);
        assertThat(job.directories()).containsExactly("/data/tio_tmp");
        assertThat(job.skippedTests()).containsExactly(1, 3);
        assertThat(job.runs(TiotestJob.WRITE_TEST)).isTrue();
        assertThat(job.runs(TiotestJob.RANDOM_WRITE_TEST)).isFalse();
        assertThat(job.runs(TiotestJob.READ_TEST)).isTrue();
        assertThat(job.runs(TiotestJob.RANDOM_READ_TEST)).isFalse();
        assertThat(job.showLatency()).isFalse();
        assertThat(job.terse()).isFalse();
        assertThat(job.syncWriting()).isFalse();
        assertThat(job.blocksPerThread()).isEqualTo(64);
        assertThat(job.fileName(5, 1234)).isEqualTo("/data/tio_tmp/_tiotest_pid1234.thr5");
        assertThat(TiotestParser.parse(List.of("tiotest", "-t", "32")).threads()).isEqualTo(32);
        assertThat(TiotestParser.parse(List.of("/usr/local/bin/tiotest", "-LT")).terse()).isTrue();
    }

    @Test
    void shouldUseTiotestDefaultsAndSpreadThreadsOverDirectories() {
        TiotestJob job = TiotestParser.parse(List.of("tiotest", "-d", "/a", "-d", "/b"));

        assertThat(job.threads()).isEqualTo(4);
        assertThat(job.fileSizeMb()).isEqualTo(10);
        assertThat(job.blockSize()).isEqualTo(4096);
        assertThat(job.randomOps()).isEqualTo(1000);
        assertThat(job.fileName(0, 7)).startsWith("/a/");
        assertThat(job.fileName(3, 7)).startsWith("/b/");
        assertThat(TiotestParser.parse(List.of("tiotest")).directories()).containsExactly(".");
    }

    @Test
    void shouldPrintTheResultBoxAsTiotestCPrintsIt() {
        String text = TiotestReport.report(TiotestParser.parse(MAIL), MAIL_RESULT);

        assertThat(text).isEqualTo("""
                Tiotest results for 32 concurrent io threads:
                ,----------------------------------------------------------------------.
                | Item                  | Time     | Rate         | Usr CPU  | Sys CPU |
                +-----------------------+----------+--------------+----------+---------+
                | Write        1024 MBs |    5.5 s | 186.182 MB/s |   1.8 %  |  22.7 % |
                | Read         1024 MBs |    1.4 s | 757.957 MB/s |   1.2 %  |  46.3 % |
                `----------------------------------------------------------------------'
                """);
    }

    @Test
    void shouldAddTheLatencyTableWithoutL() {
        TiotestJob job = TiotestParser.parse(List.of("tiotest", "-t", "2", "-f", "1", "-r", "10"));
        TiotestResult.Phase w = TiotestResult.Phase.of(2L << 20, 2_000_000_000L, 0, 1_000_000_000L)
                .withLatency(512, 512_000_000L, 2_500_000_000L, 1, 0);
        TiotestResult.Phase rw = TiotestResult.Phase.of(20 * 4096, 100_000_000L, 0, 0).withLatency(20, 20_000_000L,
                3_000_000L, 0, 0);
        String text = TiotestReport.report(job, new TiotestResult(w, rw, TiotestResult.Phase.NONE,
                TiotestResult.Phase.NONE));

        assertThat(text).contains("| Random Write    0 MBs |    0.1 s |   0.781 MB/s |   0.0 %  |   0.0 % |\n");
        assertThat(text).endsWith("""
                Tiotest latency results:
                ,-------------------------------------------------------------------------.
                | Item         | Average latency | Maximum latency | % >2 sec | % >10 sec |
                +--------------+-----------------+-----------------+----------+-----------+
                | Write        |        1.000 ms |     2500.000 ms |  0.19531 |   0.00000 |
                | Random Write |        1.000 ms |        3.000 ms |  0.00000 |   0.00000 |
                |--------------+-----------------+-----------------+----------+-----------|
                | Total        |        1.000 ms |     2500.000 ms |  0.18797 |   0.00000 |
                `--------------+-----------------+-----------------+----------+-----------'

                """);
    }

    @Test
    void shouldPrintTerseLines() {
        TiotestJob job = TiotestParser.parse(List.of("tiotest", "-T", "-t", "32", "-f", "32", "-b", "524288"));
        String text = TiotestReport.report(job, MAIL_RESULT);

        assertThat(text).isEqualTo("write:1024.00000,5.50000,0.10000,1.25000,0.00000,0.00000,0.00000,0.00000\n"
                + "rwrite:0.00000,0.00000,0.00000,0.00000,0.00000,0.00000,0.00000,0.00000\n"
                + "read:1024.00000,1.35100,0.01562,0.62500,0.00000,0.00000,0.00000,0.00000\n"
                + "rread:0.00000,0.00000,0.00000,0.00000,0.00000,0.00000,0.00000,0.00000\n"
                + "total:0.00000,0.00000,0.00000,0.00000\n");
    }

    @Test
    void shouldRejectUnknownTiotestOption() {
        assertThatThrownBy(() -> TiotestParser.parse(List.of("tiotest", "-x")))
                .isInstanceOf(ToolUsageException.class).hasMessageContaining("invalid option -- 'x'");
    }
}
