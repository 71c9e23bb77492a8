package org.f2fsobs.bench.tool.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.f2fsobs.bench.tool.IoStat;
import org.f2fsobs.bench.tool.LatencyStats;
import org.f2fsobs.bench.tool.TestResources;
import org.junit.jupiter.api.Test;

/**
 * fio's normal output compared with a REAL fio 3.33 run ({@code /work/shared/samples/fio-3.33-write-psync.txt}): the
 * measured values that run printed are fed in, and the text must come out identical.
 */
class FioReportTests {

    static final List<String> WRITE_PSYNC = List.of("fio", "--bs=128k", "--size=48M", "--rw=write", "--name=seqw",
            "--filename=/mnt/test/f0", "--ioengine=psync", "--fsync=8");

    /** The values the real run measured, as printed in the sample. */
    static FioJobResult writePsyncResult(FioCommand cmd) {
        FioJobResult r = FioJobResult.of(cmd.jobs().get(0), 8354);
        long[] clatPct = {11, 11, 12, 12, 12, 13, 13, 14, 14, 16, 19, 21, 46, 88, 137, 137, 137};
        long[] ranges = FioSampleStats.ranges(new int[] {13, 14, 15, 16}, new long[] {362, 19, 2, 1});
        LatencyStats clat = FioSampleStats.stats(384, 10_400, 136_300, 14_530.0, 8_500.0, clatPct, 1000, ranges);
        LatencyStats lat = FioSampleStats.stats(384, 10_600, 139_100, 15_050.0, 8_690.0, null, 1000, null);
        r.write().ioBytes(48L << 20).totalIos(384).runtimeNs(26_400_000L).latencies(null, clat, lat);
        long[] syncPct = {383, 388, 392, 396, 400, 404, 408, 412, 429, 457, 486, 494, 1057, 1057, 1057, 1057, 1057};
        r.sync().merge(FioSampleStats.stats(47, 384_200, 1_057_700, 432_980.0, 98_380.0, syncPct, 1000, null));
        r.syncIos(47).cpu(0, 9, 26, 145, 0, 14).submitComplete(431, 431);
        r.ioDepth()[0] = 431;
        r.ioSubmit()[1] = 431;
        r.ioComplete()[1] = 431;
        return r;
    }

    static FioReportContext sampleTime(String hms) {
        String[] t = hms.split(":");
        long ms = LocalDateTime.of(2026, 11, 30, Integer.parseInt(t[0]), Integer.parseInt(t[1]), Integer.parseInt(t[2]))
                .toEpochSecond(ZoneOffset.UTC) * 1000;
        return FioReportContext.at(ms);
    }

    @Test
    void shouldPrintTheRealFioWritePsyncOutputByteForByte() {
        FioCommand cmd = FioParser.parse(WRITE_PSYNC);
        FioReportContext base = sampleTime("01:52:06");
        FioReportContext ctx = new FioReportContext(base.epochMillis(), base.zone(),
                List.of(new FioLayout("seqw", 1, 48L << 20)));
        String text = FioReport.normal(cmd, List.of(writePsyncResult(cmd)),
                List.of(new FioDiskUtil("vda", 0, 0, 0, 0, 0, 0, 0, 0.0)), ctx);

        assertThat(text).isEqualTo(TestResources.read("fio/fio-3.33-write-psync.txt"));
    }

    @Test
    void shouldPrintTheMailJobHeaderWithIoUringAndDepth64() {
        FioCommand cmd = FioParser.parse(FioParserTests.MAIL);

        assertThat(FioReport.jobHeader(cmd.jobs().get(0))).isEqualTo("1: (g=0): rw=write, bs=(R) 512KiB-512KiB, "
                + "(W) 512KiB-512KiB, (T) 512KiB-512KiB, ioengine=io_uring, iodepth=64\n");
    }

    @Test
    void shouldHeadNumjobsClonesWithDotsAndCountProcesses() {
        FioCommand cmd = FioParser.parse(List.of("fio", "--name=a", "--size=1m", "--numjobs=2", "--name=b",
                "--size=1m", "--thread"));
        String text = FioReport.normal(cmd, List.of(), List.of(), FioReportContext.at(0));

        assertThat(text).startsWith("a: (g=0): rw=read, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, "
                + "ioengine=psync, iodepth=1\n...\nb: (g=0)");
        assertThat(text).contains("fio-3.33\nStarting 1 thread and 2 processes\n");
    }

    @Test
    void shouldNoteThatSyncEnginesCapTheQueueDepth() {
        FioCommand cmd = FioParser.parse(List.of("fio", "--name=a", "--size=1m", "--iodepth=8"));
        String text = FioReport.normal(cmd, List.of(), List.of(), FioReportContext.at(0));

        assertThat(text).contains("Starting 1 process\nnote: both iodepth >= 1 and synchronous I/O engine are selected, "
                + "queue depth will be capped at 1\n");
    }

    @Test
    void shouldScaleLatencyUnitsAndShowBandwidthSamples() {
        FioCommand cmd = FioParser.parse(List.of("fio", "--name=r", "--size=64m", "--bs=1m", "--rw=read"));
        FioJobResult r = FioJobResult.of(cmd.jobs().get(0), 1);
        for (int i = 0; i < 64; i++) r.read().addIo(1 << 20, -1, 10_000_000L + i * 2_000_000L, 10_000_500L + i * 2_000_000L);
        r.read().runtimeNs(2_500_000_000L);
        IoStat bw = IoStat.restore(5, 20000, 30000, 26214.0, 3000.0);
        r.read().bw(bw);
        r.cpu(10, 20, 2500, 70, 0, 30);
        String text = FioReport.normal(cmd, List.of(r), List.of(), FioReportContext.at(0));

        assertThat(text).contains("  read: IOPS=25, BW=25.6MiB/s (26.8MB/s)(64.0MiB/2500msec)\n");
        assertThat(text).contains("    clat (msec): min=10, max=136, avg=73.00, stdev=37.24\n");
        assertThat(text).contains("    clat percentiles (msec):\n     |  1.00th=[   11],");
        assertThat(text).contains("   bw (  KiB/s): min=20000, max=30000, per=100.00%, avg=26214.00, stdev=3000.00, samples=5\n");
        assertThat(text).contains("  lat (msec)   : 20=7.81%, 50=23.44%, 100=39.06%, 250=29.69%\n");
        assertThat(text).doesNotContain("write:");
    }

    @Test
    void shouldMergeGroupReportingClones() {
        FioCommand cmd = FioParser.parse(List.of("fio", "--name=g", "--size=4m", "--rw=write", "--numjobs=2",
                "--group_reporting"));
        FioJobResult a = FioJobResult.of(cmd.jobs().get(0), 100);
        FioJobResult b = FioJobResult.of(cmd.jobs().get(0), 101);
        a.write().addIo(4 << 20, -1, 1000, 1100).runtimeNs(10_000_000);
        b.write().addIo(4 << 20, -1, 3000, 3100).runtimeNs(20_000_000);
        FioJobResult g = FioJobResult.group(List.of(a, b));

        assertThat(g.members()).isEqualTo(2);
        assertThat(g.pid()).isEqualTo(100);
        assertThat(g.write().ioBytes()).isEqualTo(8L << 20);
        assertThat(g.write().runtimeMs()).isEqualTo(20);
        assertThat(g.write().clat().mean()).isEqualTo(2000.0);
        String text = FioReport.normal(cmd, List.of(g), List.of(), FioReportContext.at(0));
        assertThat(text).contains("g: (groupid=0, jobs=2): err= 0: pid=100: Thu Jan  1 00:00:00 1970\n");
        assertThat(text).contains("  WRITE: bw=400MiB/s (419MB/s), 400MiB/s-400MiB/s (419MB/s-419MB/s), "
                + "io=8192KiB (8389kB), run=20-20msec\n");
    }
}
