package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.f2fsobs.bench.api.RunResult;
import org.junit.jupiter.api.Test;

/**
 * The output fields fio 3.33 writes, against Debian's fio 3.33 run on tmpfs for the same jobs
 * (src/test/resources/tool/fio/GOLDEN.md has the commands): the JSON's fields, the normal output's sample, slat,
 * depth and description lines, the terse line's fields and the log files' columns. Structure and the values the
 * model does not decide (depth levels, batch sizes, description, block size, direction), never timings.
 */
class FioGoldenTests {

    private static final String JOB = "fio --name=g --filename=/d/f --rw=randwrite --bs=4k --size=64m --ioengine=libaio "
            + "--iodepth=16 --time_based --runtime=2 --description=golden";

    static String resource(String name) throws IOException {
        try (InputStream in = FioGoldenTests.class.getResourceAsStream("/tool/fio/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static TreeSet<String> paths(JsonNode n, String prefix, TreeSet<String> out) {
        if (n.isObject()) {
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                if (e.getKey().equals("percentile") || e.getKey().equals("bins")) {
                    out.add(prefix + "/" + e.getKey());
                    continue;
                }
                paths(e.getValue(), prefix + "/" + e.getKey(), out);
            }
        } else {
            out.add(prefix);
        }
        return out;
    }

    @Test
    void jsonHasFiosFieldsAndItsSamplesSlatAndDepths() throws IOException {
        JsonMapper m = JsonMapper.builder().build();
        JsonNode ref = m.readTree(resource("fio-3.33-golden-libaio-samples.json")).get("jobs").get(0);
        JsonNode ours = m.readTree(FioOptionTableTests.exec(JOB + " --output-format=json").toolOutput()).get("jobs").get(0);
        TreeSet<String> refPaths = paths(ref, "", new TreeSet<>());
        refPaths.removeIf(p -> p.startsWith("/job options"));
        assertThat(paths(ours, "", new TreeSet<>())).containsAll(refPaths);
        assertThat(ours.get("desc").asString()).isEqualTo(ref.get("desc").asString()).isEqualTo("golden");
        for (JsonNode j : List.of(ref, ours)) {
            JsonNode w = j.get("write");
            assertThat(w.get("bw_samples").asLong()).isPositive();
            assertThat(w.get("iops_samples").asLong()).isEqualTo(w.get("bw_samples").asLong());
            assertThat(w.get("slat_ns").get("N").asLong()).isEqualTo(w.get("total_ios").asLong());
            assertThat(j.get("iodepth_level").get("16").asDouble()).isGreaterThan(99.0);
            assertThat(j.get("iodepth_submit").get("4").asDouble()).isEqualTo(100.0);
            assertThat(j.get("iodepth_complete").get("4").asDouble()).isGreaterThan(99.0);
        }
    }

    @Test
    void normalOutputHasTheDescriptionSlatSampleAndDepthLines() throws IOException {
        String ref = resource("fio-3.33-golden-libaio-samples.txt");
        String ours = FioOptionTableTests.exec(JOB).toolOutput();
        for (String prefix : List.of("Description  : [golden]", "slat (", "bw (  MiB/s): min=", "iops        : min=",
                "IO depths    : 1=0.1%, 2=0.1%, 4=0.1%, 8=0.1%, 16=100.0%", "submit    : 0=0.0%, 4=100.0%")) {
            assertThat(ref.lines().map(String::strip).anyMatch(l -> l.startsWith(prefix))).as("reference has %s", prefix).isTrue();
            assertThat(ours.lines().map(String::strip).anyMatch(l -> l.startsWith(prefix))).as("ours has %s", prefix).isTrue();
        }
    }

    @Test
    void terseLineHasFiosFields() throws IOException {
        String[] ref = resource("fio-3.33-golden-libaio-samples.terse").strip().split(";");
        String[] ours = FioOptionTableTests.exec(JOB + " --minimal").toolOutput().strip().split(";");
        // the reference ran on tmpfs, which has no disk: ours carries the 9 disk util fields of nullb0 before the description
        assertThat(ours).hasSize(ref.length + 9);
        assertThat(ours[ref.length - 1]).isEqualTo("nullb0");
        assertThat(ours[ref.length + 7]).endsWith("%");
        for (int i : new int[] {0, 1, 2, 3, 4}) assertThat(ours[i]).isEqualTo(ref[i]);
        assertThat(ours[ours.length - 1]).isEqualTo(ref[ref.length - 1]).isEqualTo("golden");
        for (int i = 0; i < ref.length - 1; i++) {
            assertThat(ours[i].endsWith("%")).as("field %d is a percentage in both", i).isEqualTo(ref[i].endsWith("%"));
        }
    }

    @Test
    void logFilesHaveFiosColumns() throws IOException {
        RunResult r = FioOptionTableTests.exec("fio --name=g --filename=/d/f --rw=write --bs=64k --size=16m --fsync=4 "
                + "--write_bw_log=g --write_lat_log=g --log_avg_msec=0");
        @SuppressWarnings("unchecked")
        Map<String, Object> files = (Map<String, Object>) r.metrics().get("files_written");
        assertThat(files).containsOnlyKeys("g_bw.1.log", "g_lat.1.log", "g_clat.1.log");
        String[] refLine = resource("fio-3.33-golden-g_bw.1.log").lines().findFirst().orElseThrow().split(", ");
        String[] ourLine = files.get("g_bw.1.log").toString().lines().findFirst().orElseThrow().split(", ");
        assertThat(ourLine).hasSameSizeAs(refLine);
        assertThat(ourLine[2]).isEqualTo(refLine[2]).isEqualTo("1");
        assertThat(ourLine[3]).isEqualTo(refLine[3]).isEqualTo("65536");
        assertThat(files.get("g_bw.1.log").toString().lines().count()).isEqualTo(resource("fio-3.33-golden-g_bw.1.log").lines().count());
        String[] refClat = resource("fio-3.33-golden-g_clat.1.log").lines().findFirst().orElseThrow().split(", ");
        assertThat(files.get("g_clat.1.log").toString().lines().findFirst().orElseThrow().split(", ")).hasSameSizeAs(refClat);
    }

    private static final String FSYNC = "fio --name=s --filename=/d/s --rw=write --bs=4k --size=1m --fsync=1";

    @Test
    void fsyncEveryWriteIssuesOneSyncFewerAndDiskUtilHasFiosFields() throws IOException {
        JsonMapper m = JsonMapper.builder().build();
        JsonNode refRoot = m.readTree(resource("fio-3.33-fsync1-disk.json"));
        JsonNode ourRoot = m.readTree(FioOptionTableTests.exec(FSYNC + " --output-format=json").toolOutput());
        for (JsonNode root : List.of(refRoot, ourRoot)) {
            JsonNode j = root.get("jobs").get(0);
            assertThat(j.get("write").get("total_ios").asLong()).isEqualTo(256);
            assertThat(j.get("sync").get("total_ios").asLong()).isEqualTo(255);   // none after the last write
            assertThat(j.get("iodepth_level").get("1").asDouble()).isEqualTo(199.609375);   // (256 + 255) / 256
            assertThat(root.get("disk_util").get(0).get("write_ios").asLong()).isPositive();
        }
        List<String> refKeys = new java.util.ArrayList<>(refRoot.get("disk_util").get(0).propertyNames());
        assertThat(new java.util.ArrayList<>(ourRoot.get("disk_util").get(0).propertyNames())).isEqualTo(refKeys);
        // a write-only job: no read request merged during it (the counters start with the job)
        assertThat(ourRoot.get("disk_util").get(0).get("read_merges").asLong()).isZero();

        String ref = resource("fio-3.33-fsync1-disk.txt");
        String ours = FioOptionTableTests.exec(FSYNC).toolOutput();
        String disk = "^\\s*\\w+: ios=\\d+/\\d+, merge=\\d+/\\d+, ticks=\\d+/\\d+, in_queue=\\d+, util=\\d+\\.\\d+%$";
        for (String text : List.of(ref, ours)) {
            assertThat(text.lines().map(String::strip)).contains("issued rwts: total=0,256,0,255 short=0,0,0,0 dropped=0,0,0,0",
                    "IO depths    : 1=199.6%, 2=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, >=64=0.0%", "fsync/fdatasync/sync_file_range:");
            assertThat(text.lines().anyMatch(l -> l.matches(disk))).as("a Disk stats line").isTrue();
        }
    }

    @Test
    void bufferedLibaioAtDepth16KeepsSixteenQueuedAsFioCountsThem() throws IOException {
        String ref = resource("fio-3.33-buffered-libaio-qd16.txt");
        String ours = FioOptionTableTests.exec("fio --name=b --filename=/d/b --rw=write --bs=4k --size=16m --ioengine=libaio "
                + "--iodepth=16").toolOutput();
        for (String prefix : List.of("IO depths    :", "submit    :", "complete  :", "issued rwts:", "b: Laying out")) {
            String r = ref.lines().map(String::strip).filter(l -> l.startsWith(prefix)).findFirst().orElseThrow();
            assertThat(ours.lines().map(String::strip).filter(l -> l.startsWith(prefix)).findFirst()).as(prefix).contains(r);
        }
    }

    @Test
    void aSizeThatIsNotWholeBlocksEndsAtTheLastWholeBlockAsFio() {
        // fio 3.33 (ext4): fio --name=k --filename=/tmp/fg/k --rw=write --bs=4096 --size=8000000
        //   -> "write: ... (7812KiB/11msec)", "issued rwts: total=0,1953,0,0"; randwrite the same
        for (String rw : List.of("write", "randwrite")) {
            String out = FioOptionTableTests.exec("fio --name=k --filename=/d/k --rw=" + rw + " --bs=4096 --size=8000000").toolOutput();
            assertThat(out).contains("(7812KiB/").contains("issued rwts: total=0,1953,0,0").contains("k: Laying out IO file (1 file / 7MiB)");
        }
    }
}
