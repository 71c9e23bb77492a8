package org.f2fsobs.bench.tool.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.f2fsobs.bench.tool.LatencyStats;
import org.f2fsobs.bench.tool.TestResources;
import org.junit.jupiter.api.Test;

/** fio's JSON compared with REAL fio 3.33 runs ({@code /work/shared/samples/fio-3.33-*.json}), fed their numbers. */
class FioJsonReportTests {

    @Test
    void shouldPrintTheRealFioReadPsyncJsonByteForByte() {
        FioCommand cmd = FioParser.parse(List.of("fio", "--output-format=json", "--bs=128k", "--size=48M", "--rw=read",
                "--name=seqr", "--filename=/mnt/test/f1", "--ioengine=psync"));
        FioJobResult r = FioJobResult.of(cmd.jobs().get(0), 9000).elapsedSec(1);
        long[] pct = {4512, 4832, 5152, 5728, 6496, 7392, 8896, 168960, 280576, 284672, 296960, 317440, 798720,
                6389760, 12910592, 12910592, 12910592};
        long[] ranges = FioSampleStats.ranges(new int[] {12, 13, 14, 15, 16, 17, 19, 21, 22, 23},
                new long[] {204, 11, 7, 5, 7, 146, 1, 1, 1, 1});
        LatencyStats clat = FioSampleStats.stats(384, 4337, 12967601, 176729.552083, 747636.806165, pct, 1, ranges);
        LatencyStats lat = FioSampleStats.stats(384, 4367, 12967641, 176782.752604, 747641.016277, null, 1, null);
        r.read().ioBytes(48L << 20).totalIos(384).runtimeNs(72_000_000L).latencies(null, clat, lat);
        r.cpu(0, 47, 71, 4, 0, 43).submitComplete(384, 384);
        r.ioDepth()[0] = 384;
        r.ioSubmit()[1] = 384;
        r.ioComplete()[1] = 384;
        String json = FioJsonReport.json(cmd, List.of(r), List.of(new FioDiskUtil("vda", 0, 0, 0, 0, 0, 0, 0, 0)),
                new FioReportContext(1796003527178L, java.time.ZoneId.of("UTC"), List.of()));

        assertThat(json).isEqualTo(TestResources.read("fio/fio-3.33-read-psync.json"));
    }

    @Test
    void shouldPrintTheRealFioGroupReportingJsonByteForByte() {
        FioCommand cmd = FioParser.parse(List.of("fio", "--output-format=json", "--bs=4k", "--size=16M",
                "--rw=randwrite", "--name=rw", "--filename=/mnt/test/f2", "--ioengine=libaio", "--iodepth=8",
                "--numjobs=2", "--group_reporting", "--end_fsync=1"));
        FioJobResult r = FioJobResult.of(cmd.jobs().get(0), 9001).elapsedSec(1);
        long[] pct = {17536, 18816, 19584, 20608, 21376, 21888, 22400, 22912, 24192, 25472, 27776, 30592, 162816,
                252928, 468992, 505856, 509952};
        long[] ranges = FioSampleStats.ranges(new int[] {9, 12, 13, 14, 15, 16, 17, 18},
                new long[] {2, 5, 1140, 6816, 137, 47, 38, 7});
        LatencyStats slat = FioSampleStats.stats(8192, 1162, 483712, 3113.669189, 11638.115635, null, 1, null);
        LatencyStats clat = FioSampleStats.stats(8192, 972, 508488, 26774.589233, 31883.154726, pct, 1, ranges);
        LatencyStats lat = FioSampleStats.stats(8192, 3455, 511584, 29888.258423, 33979.071503, null, 1, null);
        r.write().ioBytes(32L << 20).totalIos(8192).runtimeNs(40_000_000L).latencies(slat, clat, lat);
        r.cpu(3, 38, 70, 73, 0, 22).submitComplete(8192, 4090);
        r.ioDepth()[0] = 1;
        r.ioDepth()[1] = 1;
        r.ioDepth()[2] = 1;
        r.ioDepth()[3] = 8178;
        r.ioSubmit()[1] = 8192;
        r.ioComplete()[1] = 4089;
        r.ioComplete()[2] = 1;
        String json = FioJsonReport.json(cmd, List.of(r), List.of(new FioDiskUtil("vda", 0, 0, 0, 0, 0, 0, 0, 0)),
                new FioReportContext(1796003527527L, java.time.ZoneId.of("UTC"), List.of()));

        assertThat(json).isEqualTo(TestResources.read("fio/fio-3.33-randwrite-libaio-2jobs.json"));
    }

    @Test
    void shouldLeaveBareFlagsOutOfJobOptions() {
        FioCommand cmd = FioParser.parse(List.of("fio", "--name=a", "--size=1m", "--group_reporting",
                "--time_based=1", "--runtime=1"));
        String json = FioJsonReport.json(cmd, List.of(FioJobResult.of(cmd.jobs().get(0), 1)), List.of(),
                FioReportContext.at(0));

        assertThat(json).contains("\"job options\" : {\n        \"name\" : \"a\",\n        \"size\" : \"1m\",\n"
                + "        \"time_based\" : \"1\",\n        \"runtime\" : \"1\"\n      },");
        assertThat(json).doesNotContain("group_reporting").doesNotContain("disk_util").doesNotContain("global options");
    }
}
