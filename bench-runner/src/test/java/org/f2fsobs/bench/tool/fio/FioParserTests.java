package org.f2fsobs.bench.tool.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.junit.jupiter.api.Test;

class FioParserTests {

    /** The command of seed mail 000. */
    static final List<String> MAIL = List.of("fio", "--bs=512k", "--size=1536M", "--rw=write", "--name=1",
            "--filename=/mnt/test_dir/seq_write", "--ioengine=io_uring", "--iodepth=64", "--end_fsync=1");

    @Test
    void shouldParseTheMailCommand() {
        FioCommand cmd = FioParser.parse(MAIL);

        assertThat(cmd.jobs()).hasSize(1);
        FioJob job = cmd.jobs().get(0);
        assertThat(job.name()).isEqualTo("1");
        assertThat(job.bs()).isEqualTo(512 * 1024);
        assertThat(job.size()).isEqualTo(1536L * 1024 * 1024);
        assertThat(job.rw()).isEqualTo(FioRw.WRITE);
        assertThat(job.filename()).isEqualTo("/mnt/test_dir/seq_write");
        assertThat(job.ioengine()).isEqualTo(FioIoengine.IO_URING);
        assertThat(job.iodepth()).isEqualTo(64);
        assertThat(job.effectiveIodepth()).isEqualTo(64);
        assertThat(job.endFsync()).isTrue();
        assertThat(job.direct()).isFalse();
        assertThat(job.numjobs()).isEqualTo(1);
        assertThat(job.fsync()).isZero();
        assertThat(job.scrambles()).isTrue();
        assertThat(cmd.globalOptions()).containsExactly(Map.entry("bs", "512k"), Map.entry("size", "1536M"),
                Map.entry("rw", "write"));
        assertThat(job.jobOptions()).containsOnlyKeys("name", "filename", "ioengine", "iodepth", "end_fsync");
        assertThat(cmd.outputFormat()).isEqualTo(FioOutputFormat.NORMAL);
    }

    @Test
    void shouldAcceptSeparateValuesSingleDashesAndAliases() {
        FioCommand cmd = FioParser.parse(List.of("/usr/bin/fio", "-name", "x", "--blocksize", "4ki", "--readwrite=randrw",
                "--rwmixwrite=30", "--size", "1g", "--timeout=2m", "--time_based", "--output-format", "json"));
        FioJob job = cmd.jobs().get(0);

        assertThat(job.bs()).isEqualTo(4096);
        assertThat(job.rw()).isEqualTo(FioRw.RANDRW);
        assertThat(job.rwmixread()).isEqualTo(70);
        assertThat(job.size()).isEqualTo(1L << 30);
        assertThat(job.runtimeNs()).isEqualTo(120_000_000_000L);
        assertThat(job.timeBased()).isTrue();
        assertThat(cmd.outputFormat()).isEqualTo(FioOutputFormat.JSON);
        assertThat(job.jobOptions()).containsEntry("time_based", null).containsEntry("runtime", "2m");
    }

    @Test
    void shouldInheritGlobalsPerJobAndNumberClones() {
        FioCommand cmd = FioParser.parse(List.of("fio", "--size=16M", "--name=a", "--numjobs=2", "--name=b",
                "--bs=8k", "--directory=/mnt/d"));

        assertThat(cmd.jobs()).extracting(FioJob::name).containsExactly("a", "b");
        assertThat(cmd.jobs().get(1).size()).isEqualTo(16L << 20);
        assertThat(cmd.jobs().get(0).bs()).isEqualTo(4096);
        assertThat(cmd.threadNumber(0, 1)).isEqualTo(2);
        assertThat(cmd.threadNumber(1, 0)).isEqualTo(3);
        assertThat(cmd.jobs().get(0).fileName(1)).isEqualTo("a.1.0");
        assertThat(cmd.jobs().get(1).fileName(0)).isEqualTo("/mnt/d/b.0.0");
        assertThat(cmd.processes()).isEqualTo(3);
    }

    @Test
    void shouldParseAJobFileWithGlobalSectionAndComments() {
        FioCommand cmd = FioParser.parseJobFile("""
                ; seq write, as in the mail
                [global]
                ioengine=libaio
                # depth
                iodepth = 16
                direct=1
                group_reporting

                [writer]
                rw=write
                bs=512k
                size=1536M
                filename=/mnt/test_dir/seq_write

                [reader]
                rw=randread
                size=64m
                buffered=1
                """);

        assertThat(cmd.jobs()).hasSize(2);
        FioJob w = cmd.jobs().get(0);
        assertThat(w.name()).isEqualTo("writer");
        assertThat(w.ioengine()).isEqualTo(FioIoengine.LIBAIO);
        assertThat(w.iodepth()).isEqualTo(16);
        assertThat(w.direct()).isTrue();
        assertThat(w.groupReporting()).isTrue();
        assertThat(cmd.jobs().get(1).direct()).isFalse();
        assertThat(cmd.jobs().get(1).rw()).isEqualTo(FioRw.RANDREAD);
        assertThat(cmd.globalOptions()).containsKeys("ioengine", "iodepth", "direct", "group_reporting");
        assertThat(w.jobOptions()).doesNotContainKey("name");
    }

    @Test
    void shouldReadPositionalJobFilesThroughTheResolver() {
        FioCommand cmd = FioParser.parse(List.of("fio", "--output-format=json", "job.fio"),
                f -> "[j]\nsize=1m\nrw=write\n");

        assertThat(cmd.jobs().get(0).rw()).isEqualTo(FioRw.WRITE);
        assertThat(cmd.outputFormat()).isEqualTo(FioOutputFormat.JSON);
    }

    @Test
    void shouldRejectUnknownFioOption() {
        assertThatThrownBy(() -> FioParser.parse(List.of("fio", "--name=a", "--size=1m", "--iodeph=4")))
                .isInstanceOf(ToolUsageException.class)
                .hasMessageContaining("unrecognized option '--iodeph=4'")
                .hasMessageContaining("did you mean 'iodepth'");
    }

    @Test
    void shouldRejectJobFilesWithoutAResolver() {
        assertThatThrownBy(() -> FioParser.parse(List.of("fio", "seq.fio")))
                .isInstanceOf(ToolUsageException.class).hasMessageContaining("seq.fio");
    }

    @Test
    void shouldRejectBareBoolsAsFioDoes() {
        assertThatThrownBy(() -> FioParser.parseJobFile("[a]\nsize=1m\ndirect\n"))
                .isInstanceOf(ToolUsageException.class).hasMessageContaining("direct");
    }

    @Test
    void anUnsetVariableIsEmptyAsInFioAndTheErrorNamesIt() {
        String job = "[j]\nrw=write\nsize=${SZ}\n";
        assertThat(FioParser.parse(List.of("fio", "j.fio"), f -> job, java.util.Map.of("SZ", "2m")).jobs().get(0).size())
                .isEqualTo(2 << 20);
        assertThatThrownBy(() -> FioParser.parse(List.of("fio", "j.fio"), f -> job, java.util.Map.of()))
                .isInstanceOf(ToolUsageException.class).hasMessageContaining("failed parsing size=")
                .hasMessageContaining("${SZ} is not set");
    }
}
