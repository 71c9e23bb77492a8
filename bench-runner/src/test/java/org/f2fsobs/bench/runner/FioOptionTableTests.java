package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * fio as people run it: each row is a real-world invocation without and with one option (command lines, and job
 * files written by here-documents), and the named figure the option must change. Every invocation runs (none is
 * refused, none fails); a row fails if the option changes nothing of what it names.
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
                row("write_iops_log + log_avg_msec", "files_written", files, W + " --write_iops_log=w", W + " --write_iops_log=w --log_avg_msec=10"),
                row("job file: inline comment + ${VAR}", "write line", written,
                        "export SZ=4m\ncat > /j.fio <<'EOF'\n[w]\nfilename=/d/f\nrw=write ; sequential\nbs=64k\nsize=${SZ}\nEOF\nfio /j.fio\n",
                        "export SZ=2m\ncat > /j.fio <<'EOF'\n[w]\nfilename=/d/f\nrw=write ; sequential\nbs=64k\nsize=${SZ}\nEOF\nfio /j.fio\n"),
                row("job file: [global] + two jobs", "Run status group", r -> lines("w", r),
                        "cat > /j.fio <<'EOF'\n[global]\nbs=64k\nsize=4m\n[w1]\nfilename=/d/a\nrw=write\nEOF\nfio /j.fio\n",
                        "cat > /j.fio <<'EOF'\n[global]\nbs=64k\nsize=4m\n[w1]\nfilename=/d/a\nrw=write\n[w2]\nfilename=/d/b\nrw=write\nEOF\nfio /j.fio\n"),
                row("time-based two-job libaio", "read line", r -> lines("read:", r),
                        "fio --time_based --runtime=200ms --direct=1 --ioengine=libaio --iodepth=16 --bs=8k --size=32m --filename=/tmp/testfile --name=j2 --rw=write",
                        "fio --time_based --runtime=200ms --direct=1 --ioengine=libaio --iodepth=16 --bs=8k --size=32m --filename=/tmp/testfile --name=j2 --rw=write --name=j1 --rw=randread"),
                row("prepared file, invalidate=0", "read_requests", readReq, prep + R.replace("randread", "read") + "\n", prep + R.replace("randread", "read") + " --invalidate=0\n"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("rows")
    void eachOptionChangesWhatItNames(String option, String figure, Function<RunResult, Object> f, String without, String with) {
        Object a = f.apply(exec(without));
        Object b = f.apply(exec(with));
        assertThat(b).as("%s changes %s (without: %s)", option, figure, a).isNotEqualTo(a);
    }

    @org.junit.jupiter.api.Test
    void valuesTheProfileCannotRunAreRefusedWithTheReason() {
        assertThatThrownBy(() -> exec(W + " --ioengine=io_uring --hipri")).hasMessageContaining("hipri needs direct=1");
        assertThatThrownBy(() -> exec(W + " --ioengine=io_uring --uncached=1")).hasMessageContaining("RWF_UNCACHED");
        assertThatThrownBy(() -> exec("fio --name=x --filename=/dev/nullb0 --rw=read --size=1m")).hasMessageContaining("/dev/nullb0");
        assertThatThrownBy(() -> exec("cat > /j.fio <<'EOF'\n[w]\ninclude other.fio\nEOF\nfio /j.fio\n")).hasMessageContaining("include");
    }
}
