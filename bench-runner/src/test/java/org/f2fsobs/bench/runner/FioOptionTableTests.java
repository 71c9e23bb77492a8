package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.tool.OptionTable;
import org.f2fsobs.bench.tool.content.FioWriteContent;
import org.f2fsobs.bench.tool.fio.FioJob;
import org.f2fsobs.bench.tool.fio.FioOptionTable;
import org.f2fsobs.bench.tool.fio.FioParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * fio as people run it: each row is a real-world invocation without and with one option (command lines, and job
 * files written by here-documents), and the named figure the option must change. Every invocation runs (none is
 * refused, none fails); a row fails if the option changes nothing of what it names. Every MODELLED row of fio's
 * option tables ({@link FioOptionTable}, docs/tools.md) has a row here, keyed by the label's first word.
 */
class FioOptionTableTests {

    static RunResult exec(String commandOrScript) {
        boolean script = commandOrScript.contains("\n");
        ExecSpec spec = script ? ExecSpec.script("nullblk-x86", "", "", Map.of(), commandOrScript, 1, null)
                : new ExecSpec("nullblk-x86", "", "", Map.of(), commandOrScript, 1, null);
        List<RunResult> runs = EngineCellRunnerTests.RUNNER.execAll(spec, ProgressListener.NONE, CancellationToken.NONE);
        return runs.get(runs.size() - 1);
    }

    static Object metric(String name, RunResult r) {
        return r.metrics().get(name);
    }

    static Object counter(String name, RunResult r) {
        return r.counters().get(name);
    }

    /** A figure of the tool's text: the lines that start with {@code prefix} (trimmed). */
    static Object lines(String prefix, RunResult r) {
        return r.toolOutput().lines().map(String::strip).filter(l -> l.startsWith(prefix)).toList();
    }

    static Arguments row(String option, String figure, Function<RunResult, Object> f, String without, String with) {
        return Arguments.of(option, figure, f, without, with);
    }

    private static final String W = "fio --name=w --filename=/d/f --rw=write --bs=64k --size=8m";
    private static final String R = "fio --name=r --filename=/d/f --rw=randread --bs=4k --size=8m";
    private static final String RW = "fio --name=rw --filename=/d/f --rw=randwrite --bs=4k --size=8m";

    static Stream<Arguments> rows() {
        Function<RunResult, Object> readReq = r -> counter("read_requests", r);
        Function<RunResult, Object> writeReq = r -> counter("write_requests", r);
        Function<RunResult, Object> wbw = r -> metric("write_bandwidth", r);
        Function<RunResult, Object> written = r -> lines("write:", r);
        Function<RunResult, Object> files = r -> metric("files_written", r);
        Function<RunResult, Object> hist = r -> r.histograms().get("write_request_bytes");
        String prep = "fio --name=p --filename=/d/f --rw=write --bs=64k --size=8m\n";
        return Stream.of(
                row("invalidate", "read_requests", readReq, "fio --name=a --filename=/d/f --rw=write --bs=64k --size=8m --name=b --stonewall --filename=/d/f --rw=read --bs=64k --size=8m --invalidate=0",
                        "fio --name=a --filename=/d/f --rw=write --bs=64k --size=8m --name=b --stonewall --filename=/d/f --rw=read --bs=64k --size=8m"),
                row("filesize", "write line", written, "fio --name=w --filename=/d/f --rw=write --bs=64k --filesize=4m", "fio --name=w --filename=/d/f --rw=write --bs=64k --filesize=2m"),
                row("io_size", "write line", written, W, W + " --io_size=16m"),
                row("io_limit", "write line", written, W, W + " --io_limit=2m"),
                row("nrfiles", "file_opens", r -> metric("file_opens", r), "fio --name=n --directory=/d --rw=write --bs=64k --size=8m",
                        "fio --name=n --directory=/d --rw=write --bs=64k --size=8m --nrfiles=4"),
                row("directory a:b", "Laying out", r -> lines("n: Laying", r), "fio --name=n --directory=/d1 --rw=write --bs=64k --size=8m --nrfiles=2 --overwrite=1",
                        "fio --name=n --directory=/d1:/d2 --rw=write --bs=64k --size=8m --nrfiles=2 --create_on_open=1"),
                row("openfiles", "file_opens", r -> metric("file_opens", r), "fio --name=n --directory=/d --rw=randwrite --bs=4k --size=8m --nrfiles=4",
                        "fio --name=n --directory=/d --rw=randwrite --bs=4k --size=8m --nrfiles=4 --openfiles=1"),
                row("file_service_type", "file_opens", r -> metric("file_opens", r), "fio --name=n --directory=/d --rw=write --bs=4k --size=8m --nrfiles=4 --openfiles=1",
                        "fio --name=n --directory=/d --rw=write --bs=4k --size=8m --nrfiles=4 --openfiles=1 --file_service_type=sequential"),
                row("norandommap", "read_requests", readReq, R, R + " --norandommap"),
                row("random_distribution", "read_requests", readReq, R, R + " --random_distribution=zipf:1.2"),
                row("bssplit", "write_request_bytes", hist, RW + " --direct=1", RW + " --direct=1 --bssplit=4k/50:64k/50"),
                row("bsrange", "write_request_bytes", hist, RW + " --direct=1", RW + " --direct=1 --bsrange=4k-32k"),
                row("ba", "write_requests", writeReq, "fio --name=b --filename=/d/f --rw=randwrite --bs=4k --size=8m --norandommap --end_fsync=1",
                        "fio --name=b --filename=/d/f --rw=randwrite --bs=4k --size=8m --norandommap --end_fsync=1 --ba=1m"),
                row("rw=write:N", "write line", r -> lines("write:", r), "fio --name=h --filename=/d/f --rw=write --bs=4k --size=8m --direct=1",
                        "fio --name=h --filename=/d/f --rw=write:4k --bs=4k --size=8m --direct=1"),
                row("ramp_time", "write line", written, W + " --time_based --runtime=50ms", W + " --time_based --runtime=50ms --ramp_time=20ms"),
                row("stonewall", "Run status group", r -> lines("Run status group", r), "fio --name=a --filename=/d/a --rw=write --bs=64k --size=4m --name=b --filename=/d/b --rw=write --bs=64k --size=4m",
                        "fio --name=a --filename=/d/a --rw=write --bs=64k --size=4m --name=b --wait_for_previous --filename=/d/b --rw=write --bs=64k --size=4m"),
                row("rate", "write_bandwidth", wbw, W, W + " --rate=20m"),
                row("rate_iops", "write_bandwidth", wbw, W, W + " --rate_iops=100"),
                row("ratemin", "err", r -> lines("w: (groupid", r), W + " --rate=1m --time_based --runtime=4s",
                        W + " --rate=1m --time_based --runtime=4s --ratemin=2m"),
                row("description", "Description line", r -> lines("Description", r), W, W + " --description=nightly"),
                row("threads (tiobench's)", "JSON job options", r -> r.toolOutput().contains("\"threads\""), W + " --output-format=json", W + " --output-format=json --threads=4"),
                row("overwrite", "write_requests", writeReq, W, W + " --overwrite=1"),
                row("fallocate", "virtual_ns", RunResult::virtualNs, RW + " --direct=1", RW + " --direct=1 --fallocate=none"),
                row("sync", "write_bandwidth", wbw, W, W + " --sync=1"),
                row("verify", "read line", r -> lines("read:", r), W, W + " --verify=crc32c"),
                row("verify_pattern", "read line", r -> lines("read:", r), W, W + " --verify_pattern=0xdeadbeef"),
                row("do_verify", "read line", r -> lines("read:", r), W + " --verify=md5", W + " --verify=md5 --do_verify=0"),
                row("lat_percentiles", "lat percentiles", r -> lines("lat percentiles", r), W, W + " --lat_percentiles=1"),
                row("gtod_reduce", "clat line", r -> lines("clat", r), W, W + " --gtod_reduce=1"),
                row("posixaio", "IO depths", r -> lines("IO depths", r), W + " --iodepth=8", W + " --ioengine=posixaio --iodepth=8"),
                row("libaio buffered iodepth", "IO depths", r -> lines("IO depths", r), W + " --ioengine=libaio", W + " --ioengine=libaio --iodepth=16"),
                row("fsync", "issued rwts", r -> lines("issued rwts", r), W, W + " --fsync=1"),
                row("sqthread_poll", "slat", r -> lines("slat", r), W + " --ioengine=io_uring --iodepth=8 --direct=1", W + " --ioengine=io_uring --iodepth=8 --direct=1 --sqthread_poll"),
                row("hipri", "cpu line", r -> lines("cpu", r), W + " --ioengine=io_uring --iodepth=8 --direct=1", W + " --ioengine=io_uring --iodepth=8 --direct=1 --hipri"),
                row("--minimal", "first line", r -> r.toolOutput().lines().findFirst().orElse(""), W, W + " --minimal"),
                row("--output-format=json+", "bins", r -> r.toolOutput().contains("\"bins\""), W + " --output-format=json", W + " --output-format=json+"),
                row("--output", "files_written", files, W, W + " --output=/res/out.txt"),
                row("write_bw_log", "files_written", files, W, W + " --write_bw_log=w"),
                row("write_lat_log", "files_written", files, W, W + " --write_lat_log=w"),
                row("write_iops_log", "files_written", files, W, W + " --write_iops_log=w"),
                row("log_avg_msec", "files_written", files, W + " --write_iops_log=w", W + " --write_iops_log=w --log_avg_msec=10"),
                row("JOBFILE: inline comment + ${VAR}", "write line", written,
                        "export SZ=4m\ncat > /j.fio <<'EOF'\n[w]\nfilename=/d/f\nrw=write ; sequential\nbs=64k\nsize=${SZ}\nEOF\nfio /j.fio\n",
                        "export SZ=2m\ncat > /j.fio <<'EOF'\n[w]\nfilename=/d/f\nrw=write ; sequential\nbs=64k\nsize=${SZ}\nEOF\nfio /j.fio\n"),
                row("JOBFILE: [global] + two jobs", "Run status group", r -> lines("w", r),
                        "cat > /j.fio <<'EOF'\n[global]\nbs=64k\nsize=4m\n[w1]\nfilename=/d/a\nrw=write\nEOF\nfio /j.fio\n",
                        "cat > /j.fio <<'EOF'\n[global]\nbs=64k\nsize=4m\n[w1]\nfilename=/d/a\nrw=write\n[w2]\nfilename=/d/b\nrw=write\nEOF\nfio /j.fio\n"),
                row("time-based two-job libaio", "read line", r -> lines("read:", r),
                        "fio --time_based --runtime=200ms --direct=1 --ioengine=libaio --iodepth=16 --bs=8k --size=32m --filename=/tmp/testfile --name=j2 --rw=write",
                        "fio --time_based --runtime=200ms --direct=1 --ioengine=libaio --iodepth=16 --bs=8k --size=32m --filename=/tmp/testfile --name=j2 --rw=write --name=j1 --rw=randread"),
                row("prepared file, invalidate=0", "read_requests", readReq, prep + R.replace("randread", "read") + "\n", prep + R.replace("randread", "read") + " --invalidate=0\n"),
                row("name", "job header", r -> lines("seq: (g=0)", r), W, W.replace("--name=w", "--name=seq")),
                row("filename a:b", "Laying out", r -> lines("w: Laying", r), W, W.replace("/d/f", "/d/f:/d/g")),
                row("size", "write line", written, W, W.replace("8m", "4m")),
                row("offset", "Laying out (offset + size)", r -> lines("w: Laying", r), W, W + " --offset=4m"),
                row("bs", "write line", written, W, W.replace("64k", "4k")),
                row("rw", "write line", written, W, W.replace("write", "read")),
                row("rwmixread", "read line", r -> lines("read:", r), RW.replace("randwrite", "randrw"), RW.replace("randwrite", "randrw") + " --rwmixread=80"),
                row("rwmixwrite", "read line", r -> lines("read:", r), RW.replace("randwrite", "randrw"), RW.replace("randwrite", "randrw") + " --rwmixwrite=80"),
                row("ioengine", "slat", r -> lines("slat", r), W, W + " --ioengine=libaio"),
                row("iodepth", "IO depths", r -> lines("IO depths", r), W + " --ioengine=io_uring --direct=1", W + " --ioengine=io_uring --direct=1 --iodepth=8"),
                row("numjobs", "Starting line", r -> lines("Starting", r), W, W + " --numjobs=2"),
                row("thread", "Starting line", r -> lines("Starting", r), W + " --numjobs=2", W + " --numjobs=2 --thread"),
                row("direct", "write_request_bytes", hist, W, W + " --direct=1"),
                row("buffered", "write_request_bytes", hist, W + " --direct=1", W + " --direct=1 --buffered=1"),
                row("fdatasync", "issued rwts", r -> lines("issued rwts", r), W, W + " --fdatasync=1"),
                row("end_fsync", "write line", written, W, W + " --end_fsync=1"),
                row("fill_device", "Laying out", r -> lines("w: Laying", r), W, W + " --fill_device=1"),
                row("create_on_open", "Laying out", r -> lines("w: Laying", r), W, W + " --create_on_open=1"),
                row("runtime", "write line", written, W + " --rate=20m", W + " --rate=20m --runtime=100ms"),
                row("time_based", "write line", written, W + " --runtime=100ms", W + " --runtime=100ms --time_based"),
                row("loops", "write line", written, W, W + " --loops=2"),
                row("startdelay", "virtual_ns", RunResult::virtualNs, W, W + " --startdelay=1"),
                row("new_group", "Run status group", r -> lines("Run status group", r), W + " --name=v --filename=/d/g --size=4m", W + " --name=v --new_group --filename=/d/g --size=4m"),
                row("group_reporting", "job lines", r -> lines("w: (groupid", r), W + " --numjobs=2", W + " --numjobs=2 --group_reporting"),
                row("rate_iops_min", "err", r -> lines("w: (groupid", r), W + " --rate_iops=16 --time_based --runtime=4s",
                        W + " --rate_iops=16 --time_based --runtime=4s --rate_iops_min=32"),
                row("rate_cycle", "write line", written, W + " --rate=1m --ratemin=2m --time_based --runtime=8s",
                        W + " --rate=1m --ratemin=2m --time_based --runtime=8s --rate_cycle=4000"),
                row("clat_percentiles", "clat percentiles", r -> lines("clat percentiles", r), W, W + " --clat_percentiles=0"),
                row("bwavgtime", "bw sample line", r -> lines("bw (", r), W + " --rate=4m --time_based --runtime=2s", W + " --rate=4m --time_based --runtime=2s --bwavgtime=100"),
                row("iopsavgtime", "iops sample line", r -> lines("iops", r), W + " --rate=4m --time_based --runtime=2s", W + " --rate=4m --time_based --runtime=2s --iopsavgtime=100"),
                row("kb_base", "write line", written, W.replace("64k", "4096"), W.replace("64k", "4096").replace("--size", "--kb_base=1000 --size")),
                row("--output-format", "first line", r -> r.toolOutput().lines().findFirst().orElse(""), W, W + " --output-format=json"));
    }

    /** The bytes the simulated fio writes (the first 64 KiB of the job's first clone): for the buffer options. */
    static Stream<Arguments> contentRows() {
        String w = "fio --name=w --filename=/d/f --rw=write --bs=4k --size=1m";
        return Stream.of(
                Arguments.of("randrepeat", w, w + " --randrepeat=0"),
                Arguments.of("randseed", w, w + " --randseed=1234"),
                Arguments.of("refill_buffers", w, w + " --refill_buffers"),
                Arguments.of("scramble_buffers", w, w + " --scramble_buffers=0"),
                Arguments.of("zero_buffers", w, w + " --zero_buffers"));
    }

    static int contentHash(String command) {
        FioJob job = FioParser.parse(List.of(command.split(" "))).jobs().get(0);
        FioWriteContent c = new FioWriteContent(job, 1, FioWriteContent.sequential(job, 0, 10_000), 0);
        byte[] b = new byte[64 << 10];
        c.fill(0, b, 0, b.length);
        return Arrays.hashCode(b);
    }

    @ParameterizedTest(name = "{0}: file content")
    @MethodSource("contentRows")
    void eachBufferOptionChangesTheBytesWritten(String option, String without, String with) {
        assertThat(contentHash(with)).as("%s changes the bytes written", option).isNotEqualTo(contentHash(without));
        assertThat(exec(with).toolOutput()).as("%s runs", option).contains("Run status group 0");
    }

    /** The option a row's label pairs: its first word, up to '=' ("rw=write:N" pairs rw). */
    static String key(String label) {
        return label.split("[ =:]")[0];
    }

    @Test
    void everyModelledRowOfFiosTablesHasAPairAndThereAreAtLeast40Invocations() {
        List<String> keys = new ArrayList<>();
        rows().forEach(a -> keys.add(key((String) a.get()[0])));
        contentRows().forEach(a -> keys.add(key((String) a.get()[0])));
        List<String> missing = new ArrayList<>();
        for (OptionTable t : List.of(FioOptionTable.jobOptions(), FioOptionTable.commandLine())) {
            for (OptionTable.Row r : t.rows()) {
                if (r.status() != OptionTable.Status.MODELLED) continue;
                String name = r.option().split(" \\(")[0];
                if (!keys.contains(name)) missing.add(t.id() + " " + name);
            }
        }
        assertThat(missing).as("modelled fio options without a with/without pair").isEmpty();
        assertThat(2 * keys.size()).isGreaterThanOrEqualTo(40);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("rows")
    void eachOptionChangesWhatItNames(String option, String figure, Function<RunResult, Object> f, String without, String with) {
        Object a = f.apply(exec(without));
        Object b = f.apply(exec(with));
        assertThat(b).as("%s changes %s (without: %s)", option, figure, a).isNotEqualTo(a);
    }

    @Test
    void valuesTheProfileCannotRunAreRefusedWithTheReason() {
        assertThatThrownBy(() -> exec(W + " --ioengine=io_uring --hipri")).hasMessageContaining("hipri needs direct=1");
        assertThatThrownBy(() -> exec(W + " --ioengine=io_uring --uncached=1")).hasMessageContaining("RWF_UNCACHED");
        assertThatThrownBy(() -> exec("fio --name=x --filename=/dev/nullb0 --rw=read --size=1m")).hasMessageContaining("/dev/nullb0");
        assertThatThrownBy(() -> exec("cat > /j.fio <<'EOF'\n[w]\ninclude other.fio\nEOF\nfio /j.fio\n")).hasMessageContaining("include");
    }
}
