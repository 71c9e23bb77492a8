package org.f2fsobs.bench.doc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.runner.EngineCellRunner;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.f2fsobs.bench.tool.OptionTable;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every option and knob the tool parsers accept ({@link OptionTables}, the mount options apart: the engine's
 * MountOptionCoverageTests; fio's: FioOptionTableTests): a MODELLED row has a with/without pair of scripts below whose named counter, figure or
 * output differs; MATCHED rows are the matched-by-default list. A MODELLED row without a pair fails. docs/tools.md must
 * hold the tables as the parsers have them.
 */
class OptionCoverageTests {
    private static final EngineCellRunner RUNNER = new EngineCellRunner(ScenarioCatalog.load());
    /** A small null_blk, formatted with compression, the compressed directory /c. */
    private static final String NB = """
            modprobe null_blk gb=4 memory_backed=1
            mkfs.f2fs -O extra_attr,compression /dev/nullb0
            mkdir -p /c
            chattr +c /c
            """;

    /** Two scripts (the template with {o} replaced by each), and what is compared in the last run's result. */
    record Pair(String profile, String ddStyle, String template, String without, String with, Function<RunResult, Object> observe,
                String what) {}

    static final Map<String, Pair> PAIRS = new LinkedHashMap<>();

    private static void gnu(String option, String template, String without, String with, Function<RunResult, Object> o, String what) {
        PAIRS.put("dd " + option + " (GNU)", new Pair("nullblk-x86", "gnu", NB + template, without, with, o, what));
    }

    private static void toybox(String option, String template, String without, String with, Function<RunResult, Object> o, String what) {
        PAIRS.put("dd " + option + " (toybox)", new Pair("nullblk-x86", "toybox", NB + template, without, with, o, what));
    }

    private static void pair(String key, String template, String without, String with, Function<RunResult, Object> o, String what) {
        PAIRS.put(key, new Pair("nullblk-x86", null, NB + template, without, with, o, what));
    }

    private static Function<RunResult, Object> counter(String name) {
        return r -> r.counters().get(name);
    }

    private static Function<RunResult, Object> metric(String name) {
        return r -> r.metrics().get(name);
    }

    private static final Function<RunResult, Object> OUTPUT = RunResult::toolOutput;

    static {
        // ---- dd
        PAIRS.put("dd if=, of=", new Pair("nullblk-x86", null, NB + "dd if=/dev/zero of={o} bs=1M count=2 conv=fsync\n", "/f",
                "/dev/null", counter("write_bytes"), "bytes written to the device"));
        pair("dd bs=, ibs= = obs=", "dd if=/dev/zero of=/f {o}\n", "bs=1M count=2", "bs=4k count=512", metric("elapsed_ns"), "dd's time");
        pair("dd count=, skip= (iseek=), seek= (oseek=)", "dd if=/dev/zero of=/f bs=1M {o}\n", "count=1", "count=2", metric("bytes"), "bytes copied");
        for (String style : List.of("gnu", "toybox")) {
            boolean g = style.equals("gnu");
            Helper h = (opt, tpl, a, b, o, w) -> {
                if (g) gnu(opt, tpl, a, b, o, w);
                else toybox(opt, tpl, a, b, o, w);
            };
            h.put("conv=fsync", "dd if=/dev/zero of=/f bs=1M count=2{o}\n", "", " conv=fsync", counter("flushes"), "cache flushes");
            h.put("conv=notrunc", "dd if=/dev/zero of=/f bs=1M count=4\ndd if=/dev/zero of=/f bs=1M count=1{o}\ndd if=/f of=/dev/null bs=1M\n",
                    "", " conv=notrunc", metric("bytes"), "the size read back");
            h.put("iflag=direct", "dd if=/dev/zero of=/f bs=1M count=2 conv=fsync\necho 3 > /proc/sys/vm/drop_caches\ndd if=/f of=/dev/null bs=1M{o}\n",
                    "", " iflag=direct", r -> List.of(r.counters().get("read_requests"), r.counters().get("bios"), r.metrics().get("elapsed_ns")),
                    "read requests, bios and time");
            h.put("iflag=count_bytes", "dd if=/dev/zero of=/f bs=4k count=256{o}\n", "", " iflag=count_bytes", metric("bytes"), "bytes copied");
            h.put("iflag=skip_bytes", "dd if=/dev/zero of=/f bs=4k count=16\ndd if=/f of=/dev/null bs=4k skip=2{o}\n", "", " iflag=skip_bytes",
                    metric("bytes"), "bytes copied");
            h.put("oflag=direct", "dd if=/dev/zero of=/f bs=1M count=2{o}\n", "", " oflag=direct", counter("write_bytes"), "bytes written");
            h.put("oflag=seek_bytes", "dd if=/dev/zero of=/f bs=4k count=1 seek=3{o}\ndd if=/f of=/dev/null bs=4k\n", "", " oflag=seek_bytes",
                    metric("bytes"), "the size read back");
            h.put("status=none", "dd if=/dev/zero of=/f bs=4k count=4{o}\n", "", " status=none", OUTPUT, "what dd prints");
            h.put("status=noxfer", "dd if=/dev/zero of=/f bs=4k count=4{o}\n", "", " status=noxfer", OUTPUT, "what dd prints");
        }
        gnu("conv=fdatasync", "dd if=/dev/zero of=/f bs=1M count=2{o}\n", "", " conv=fdatasync", counter("flushes"), "cache flushes");
        gnu("oflag=sync", "dd if=/dev/zero of=/f bs=4k count=8{o}\n", "", " oflag=sync", counter("flushes"), "cache flushes");
        gnu("oflag=dsync", "dd if=/dev/zero of=/f bs=4k count=8{o}\n", "", " oflag=dsync", counter("flushes"), "cache flushes");
        gnu("status=progress", "dd if=/dev/urandom of=/dev/null bs=1M count=3000{o}\n", "", " status=progress",
                r -> r.toolOutput().contains("\r"), "a progress line (\\r) in the output");
        // ---- iozone
        String io = "iozone {o}\n";
        pair("iozone -a", io, "-s 256k -r 64k -i 0 -f /x", "-a -s 256k -i 0 -f /x", r -> rows(r).size(), "table rows");
        pair("iozone -s", io, "-s 256k -r 64k -i 0 -f /x", "-s 512k -r 64k -i 0 -f /x", counter("write_bytes"), "bytes written");
        pair("iozone -r", io, "-s 256k -r 64k -i 0 -f /x", "-s 256k -r 128k -i 0 -f /x", r -> rows(r), "the table");
        pair("iozone -n", io, "-a -n 128k -g 256k -i 0 -f /x", "-a -n 256k -g 256k -i 0 -f /x", r -> rows(r).size(), "table rows");
        pair("iozone -g", io, "-a -n 128k -g 128k -i 0 -f /x", "-a -n 128k -g 256k -i 0 -f /x", r -> rows(r).size(), "table rows");
        pair("iozone -y", io, "-a -s 256k -i 0 -f /x", "-a -s 256k -y 64k -i 0 -f /x", r -> rows(r).size(), "table rows");
        pair("iozone -q", io, "-a -s 256k -q 64k -i 0 -f /x", "-a -s 256k -q 128k -i 0 -f /x", r -> rows(r).size(), "table rows");
        pair("iozone -i", io, "-s 256k -r 64k -i 0 -f /x", "-s 256k -r 64k -i 0 -i 1 -f /x", r -> rows(r), "the table");
        pair("iozone -o", io, "-s 256k -r 64k -i 0 -f /x", "-s 256k -r 64k -i 0 -o -f /x", counter("flushes"), "cache flushes");
        pair("iozone -e", io, "-s 1m -r 64k -i 0 -f /x", "-s 1m -r 64k -i 0 -e -f /x", r -> rows(r), "the table");
        pair("iozone -c", io, "-s 256k -r 64k -i 0 -f /x", "-s 256k -r 64k -i 0 -c -f /x", counter("flushes"), "cache flushes");
        pair("iozone -I", io, "-s 256k -r 64k -i 0 -f /x", "-s 256k -r 64k -i 0 -I -f /x", counter("sync_writeback_pages"),
                "pages written back");
        pair("iozone -O", io, "-s 256k -r 64k -i 0 -f /x", "-s 256k -r 64k -i 0 -O -f /x", r -> rows(r), "the table");
        pair("iozone -f", io, "-s 256k -r 64k -i 0 -f /x", "-s 256k -r 64k -i 0 -f /c/x", counter("compressed_clusters_written"),
                "compressed clusters");
        pair("iozone -R", io, "-s 256k -r 64k -i 0 -f /x", "-s 256k -r 64k -i 0 -R -f /x", OUTPUT, "what iozone prints");
        pair("iozone -z", io, "-a -n 17m -g 17m -i 0 -f /x", "-a -n 17m -g 17m -z -i 0 -f /x", r -> rows(r).size(), "table rows");
        pair("iozone -t", io, "-s 256k -r 64k -i 0 -f /x", "-t 2 -s 256k -r 64k -i 0 -F /a /b", RunResult::metrics, "the results");
        pair("iozone -F", io, "-t 2 -s 256k -r 64k -i 0", "-t 2 -s 256k -r 64k -i 0 -F /c/a /c/b",
                counter("compressed_clusters_written"), "compressed clusters");
        // ---- tiotest
        String tio = "tiotest {o}\n";
        pair("tiotest -t", tio, "-t 2 -f 2 -b 65536 -d /t", "-t 4 -f 2 -b 65536 -d /t", counter("write_bytes"), "bytes written");
        pair("tiotest -f", tio, "-t 2 -f 2 -b 65536 -d /t", "-t 2 -f 4 -b 65536 -d /t", counter("write_bytes"), "bytes written");
        pair("tiotest -b", tio, "-t 2 -f 2 -b 65536 -d /t", "-t 2 -f 2 -b 4096 -d /t", metric("write_bandwidth"), "write bandwidth");
        pair("tiotest -d", tio, "-t 2 -f 2 -b 65536 -d /t", "-t 2 -f 2 -b 65536 -d /c", counter("compressed_clusters_written"),
                "compressed clusters");
        pair("tiotest -k", tio, "-t 2 -f 2 -b 65536 -d /t", "-t 2 -f 2 -b 65536 -d /t -k 1", metric("random_write_bandwidth"),
                "random write bandwidth");
        pair("tiotest -r", tio, "-t 2 -f 2 -b 4096 -d /t -r 10", "-t 2 -f 2 -b 4096 -d /t -r 100",
                metric("random_read_bandwidth"), "random read bandwidth");
        pair("tiotest -L", tio, "-t 2 -f 2 -b 65536 -d /t", "-t 2 -f 2 -b 65536 -d /t -L", OUTPUT, "what tiotest prints");
        pair("tiotest -T", tio, "-t 2 -f 2 -b 65536 -d /t", "-t 2 -f 2 -b 65536 -d /t -T", OUTPUT, "what tiotest prints");
        pair("tiotest -S", tio, "-t 2 -f 1 -b 65536 -d /t", "-t 2 -f 1 -b 65536 -d /t -S", counter("flushes"), "cache flushes");
        pair("tiotest -W", tio, "-t 4 -f 2 -b 65536 -d /t", "-t 4 -f 2 -b 65536 -d /t -W", metric("write_bandwidth"),
                "write bandwidth");
        pair("tiotest -c", tio, "-t 2 -f 2 -b 65536 -d /c", "-t 2 -f 2 -b 65536 -d /c -c", counter("compressed_clusters_written"),
                "compressed clusters");
        pair("tiotest -F", tio, "-t 2 -f 2 -b 65536 -d /t", "-t 2 -f 2 -b 65536 -d /t -F", counter("read_requests"),
                "read requests");
        // ---- kernel knobs
        String write8 = "dd if=/dev/zero of=/f bs=1M count=8\n";
        pair("knobs /proc/sys/vm/drop_caches", write8 + "{o}dd if=/f of=/dev/null bs=1M\n", "",
                "echo 3 > /proc/sys/vm/drop_caches\n", counter("read_requests"), "read requests");
        PAIRS.put("knobs /proc/sys/vm/dirty_ratio", new Pair("ufs21-2018", null, "{o}dd if=/dev/zero of=/data/f bs=1M count=64\n", "",
                "echo 1 > /proc/sys/vm/dirty_ratio\n", counter("dirty_throttle_waits"), "dirty throttling waits"));
        pair("knobs /proc/sys/vm/dirty_background_ratio", "{o}dd if=/dev/zero of=/f bs=1M count=400\n", "",
                "echo 1 > /proc/sys/vm/dirty_background_ratio\n", counter("flusher_pages_written"), "pages the flusher wrote");
        pair("knobs /proc/sys/vm/dirty_expire_centisecs", "{o}" + write8 + "sleep 6\ndd if=/dev/zero of=/g bs=4k count=1\n", "",
                "echo 100 > /proc/sys/vm/dirty_expire_centisecs\n", r -> r.preparation().virtualNs(),
                "the time before the last run (its settling sync has less to write)");
        pair("knobs /proc/sys/vm/dirty_writeback_centisecs", "echo 100 > /proc/sys/vm/dirty_expire_centisecs\n{o}" + write8
                + "sleep 5.5\n" + "dd if=/dev/zero of=/h bs=1M count=8\nsleep 2\ndd if=/dev/zero of=/g bs=4k count=1\n", "",
                "echo 100 > /proc/sys/vm/dirty_writeback_centisecs\n", r -> r.preparation().virtualNs(),
                "the time before the last run (its settling sync has less to write)");
        pair("knobs /sys/block/<dev>/queue/read_ahead_kb", write8 + "echo 3 > /proc/sys/vm/drop_caches\n{o}dd if=/f of=/dev/null bs=1M\n",
                "", "echo 16 > /sys/block/nullb0/queue/read_ahead_kb\n", counter("read_requests"), "read requests");
        PAIRS.put("knobs /sys/block/<dev>/queue/max_sectors_kb", new Pair("nullblk-x86", null,
                "modprobe null_blk gb=4 memory_backed=1\n{o}dd if=/dev/zero of=/f bs=1M count=4 conv=fsync\n", "",
                "echo 64 > /sys/block/nullb0/queue/max_sectors_kb\n", counter("write_requests"), "write requests"));
        PAIRS.put("knobs /sys/block/<dev>/queue/nr_requests", new Pair("ufs21-2018", null,
                "{o}dd if=/dev/zero of=/data/f bs=1M count=64 conv=fsync\n", "", "echo 4 > /sys/block/sda/queue/nr_requests\n",
                counter("get_request_sleeps"), "sleeps for a free request"));
        pair("knobs /sys/fs/f2fs/<dev>/min_seq_blocks", "{o}tiotest -t 4 -f 4 -b 65536 -d /t -k 1 -k 2 -k 3\n", "",
                "echo 100000 > /sys/fs/f2fs/nullb0/min_seq_blocks\n", counter("writepages_lock_contended"),
                "waits on sbi->writepages");
        String overwrite = "dd if=/dev/zero of=/f bs=4k count=8\nsync\n{o}dd if=/dev/zero of=/f bs=4k count=1 conv=notrunc,fsync\n";
        pair("knobs /sys/fs/f2fs/<dev>/min_fsync_blocks", overwrite, "", "echo 0 > /sys/fs/f2fs/nullb0/min_fsync_blocks\n",
                counter("ipu_blocks"), "blocks updated in place");
        pair("knobs /sys/fs/f2fs/<dev>/ipu_policy", overwrite, "", "echo 0 > /sys/fs/f2fs/nullb0/ipu_policy\n",
                counter("ipu_blocks"), "blocks updated in place");
        // the GC thread: holes in 16 MiB written 10 s after boot (an mtime of 0 is "none"), a newer file 10 s later
        // (get_cb_cost ages sections against the newest mtime), then a slow reader for 120 s (reads leave the volume
        // idle for is_idle: no f2fs_update_time) during which the thread wakes
        String holes = "sleep 10\ndd if=/dev/zero of=/f bs=1M count=16\nsync\n"
                + "fio --name=h --filename=/f --rw=randwrite --bs=4k --size=16m --io_size=8m\nsync\nsleep 10\n"
                + "dd if=/dev/zero of=/g bs=4k count=16 conv=fsync\n{o}"
                + "fio --name=r --filename=/f --rw=randread --bs=4k --size=16m --rate_iops=2 --time_based --runtime=120\n";
        String urgent = "echo 1 > /sys/fs/f2fs/nullb0/gc_urgent\n";
        pair("knobs /sys/fs/f2fs/<dev>/gc_urgent", holes, "", urgent, counter("gc_victims_greedy"), "greedy victims");
        pair("knobs /sys/fs/f2fs/<dev>/gc_min_sleep_time", holes, "", "echo 1000 > /sys/fs/f2fs/nullb0/gc_min_sleep_time\n",
                counter("bg_gc_wakeups"), "the GC thread's wake-ups");
        pair("knobs /sys/fs/f2fs/<dev>/gc_max_sleep_time", holes, "", "echo 35000 > /sys/fs/f2fs/nullb0/gc_max_sleep_time\n",
                counter("bg_gc_wakeups"), "the GC thread's wake-ups");
        // urgent GC runs out of victims within seconds: from then on the thread sleeps no_gc_sleep_time
        pair("knobs /sys/fs/f2fs/<dev>/gc_no_gc_sleep_time", holes, urgent,
                urgent + "echo 1000 > /sys/fs/f2fs/nullb0/gc_no_gc_sleep_time\n", counter("bg_gc_wakeups"),
                "the GC thread's wake-ups");
        pair("knobs /sys/fs/f2fs/<dev>/gc_urgent_sleep_time", holes, urgent + "echo 1000 > /sys/fs/f2fs/nullb0/gc_no_gc_sleep_time\n",
                urgent + "echo 1000 > /sys/fs/f2fs/nullb0/gc_no_gc_sleep_time\necho 5000 > /sys/fs/f2fs/nullb0/gc_urgent_sleep_time\n",
                counter("bg_gc_wakeups"), "the GC thread's wake-ups");
        // ipu_policy F2FS_IPU_UTIL: in place while utilization (1.5 GB of the 4 GB null_blk: ~40 %) is over min_ipu_util
        pair("knobs /sys/fs/f2fs/<dev>/min_ipu_util", "dd if=/dev/zero of=/big bs=1M count=1500\n" + overwrite.replace("{o}",
                "echo 4 > /sys/fs/f2fs/nullb0/ipu_policy\n{o}"), "", "echo 0 > /sys/fs/f2fs/nullb0/min_ipu_util\n",
                counter("ipu_blocks"), "blocks updated in place");
        pair("knobs /sys/fs/f2fs/<dev>/min_hot_blocks", "{o}dd if=/dev/zero of=/f bs=4k count=4 conv=fsync\n", "",
                "echo 0 > /sys/fs/f2fs/nullb0/min_hot_blocks\n", r -> r.counters().get("blocks_written_by_log"),
                "blocks written by log");
    }

    @FunctionalInterface
    private interface Helper {
        void put(String option, String template, String without, String with, Function<RunResult, Object> observe, String what);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> rows(RunResult r) {
        return (List<Object>) r.metrics().get("rows");
    }

    @TestFactory
    Stream<DynamicTest> everyModelledOptionAndKnobChangesSomething() {
        List<DynamicTest> tests = new ArrayList<>();
        for (OptionTable table : OptionTables.all()) {
            // mount: the engine's MountOptionCoverageTests; fio: FioOptionTableTests (a pair per modelled row, checked there)
            if (table.id().equals("mount") || table.id().startsWith("fio")) continue;
            for (OptionTable.Row row : table.rows()) {
                if (row.status() != OptionTable.Status.MODELLED) continue;
                String key = table.id() + " " + row.option();
                tests.add(DynamicTest.dynamicTest(key, () -> {
                    Pair p = PAIRS.get(key);
                    if (p == null) fail("modelled option " + key + " has no with/without pair in " + getClass().getSimpleName());
                    Object without = p.observe().apply(last(p, p.without()));
                    Object with = p.observe().apply(last(p, p.with()));
                    assertThat(with).as(key + " changes " + p.what() + " (without: " + without + ")").isNotEqualTo(without);
                }));
            }
        }
        return tests.stream();
    }

    @Test
    void docsToolsMdHoldsTheParsersTables() throws Exception {
        Path doc = Path.of("..", "docs", "tools.md");
        List<String> stale = ToolsDoc.stale(Files.readString(doc, StandardCharsets.UTF_8), OptionTables.all());
        assertThat(stale).as("stale tables in docs/tools.md: run java -jar bench-runner/target/bench-runner.jar tools-doc").isEmpty();
    }

    @Test
    void aDocumentWithAnOldTableIsStaleAndUpdateRewritesIt() {
        OptionTable dd = OptionTables.all().stream().filter(t -> t.id().equals("dd")).findFirst().orElseThrow();
        String old = "# t\n\n" + ToolsDoc.begin(dd) + "\n| old |\n" + ToolsDoc.end(dd) + "\n";
        assertThat(ToolsDoc.stale(old, List.of(dd))).containsExactly("dd");
        assertThat(ToolsDoc.stale(ToolsDoc.update(old, List.of(dd)), List.of(dd))).isEmpty();
    }

    private static RunResult last(Pair p, String option) {
        String script = p.template().replace("{o}", option);
        List<RunResult> runs = RUNNER.execAll(ExecSpec.script(p.profile(), "", "", Map.of(), script, 1, p.ddStyle()),
                ProgressListener.NONE, CancellationToken.NONE);
        return runs.get(runs.size() - 1);
    }
}
