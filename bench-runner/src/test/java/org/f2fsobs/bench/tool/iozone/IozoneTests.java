package org.f2fsobs.bench.tool.iozone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.tool.TestResources;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IozoneTests {

    static final List<String> MAIL = List.of("iozone", "-a", "-o", "-s", "100m", "-i", "0", "-i", "1", "-i", "2");

    @Test
    void shouldParseTheMailCommand() {
        IozoneJob job = IozoneParser.parse(MAIL);

        assertThat(job.auto()).isTrue();
        assertThat(job.oSync()).isTrue();
        assertThat(job.includeFlush()).isFalse();
        assertThat(job.direct()).isFalse();
        assertThat(job.fileSizesKb()).containsExactly(102400L);
        assertThat(job.tests()).containsExactly(0, 1, 2);
        assertThat(job.file()).isEqualTo("iozone.tmp");
        assertThat(job.plan()).hasSize(13);
        assertThat(job.plan()).extracting(IozoneJob.Run::reclenKb).containsExactly(4L, 8L, 16L, 32L, 64L, 128L, 256L,
                512L, 1024L, 2048L, 4096L, 8192L, 16384L);
        assertThat(job.plan()).extracting(IozoneJob.Run::fileKb).containsOnly(102400L);
    }

    @Test
    void shouldListAutoRecordSizesNoLargerThanTheFile() {
        assertThat(IozoneJob.autoRecordSizes(102400)).hasSize(13).startsWith(4096L).endsWith(16L << 20);
        assertThat(IozoneJob.autoRecordSizes(1024)).hasSize(9).endsWith(1L << 20);
        assertThat(IozoneParser.parse(List.of("iozone", "-a", "-s", "1m", "-i", "0")).plan()).hasSize(9);
    }

    @Test
    void shouldBoundRecordSizesWithYAndQAndRunOneWithR() {
        assertThat(IozoneParser.parse(List.of("iozone", "-a", "-s", "102400", "-y", "64k", "-q", "1m", "-i", "0"))
                .plan()).extracting(IozoneJob.Run::reclenKb).containsExactly(64L, 128L, 256L, 512L, 1024L);
        assertThat(IozoneParser.parse(List.of("iozone", "-a", "-s", "100m", "-r", "16", "-i", "0")).plan())
                .containsExactly(new IozoneJob.Run(102400, 16384));
        assertThat(IozoneParser.parse(List.of("./iozone", "-s100m", "-r4k", "-i0", "-f", "/mnt/f2fs/t")).plan())
                .containsExactly(new IozoneJob.Run(102400, 4096));
        assertThat(IozoneParser.parse(List.of("iozone", "-i", "0")).plan())
                .containsExactly(new IozoneJob.Run(512, 4096));
    }

    @Test
    void shouldSkipSmallRecordsForLargeFilesInFullAutoMode() {
        List<IozoneJob.Run> plan = IozoneParser.parse(List.of("iozone", "-a", "-i", "0")).plan();

        assertThat(plan.get(0)).isEqualTo(new IozoneJob.Run(64, 4096));
        assertThat(plan).filteredOn(r -> r.fileKb() == 32768).extracting(IozoneJob.Run::reclenKb).startsWith(64L);
        assertThat(plan).filteredOn(r -> r.fileKb() == 16384).extracting(IozoneJob.Run::reclenKb).startsWith(4L);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-x", "-+w", "-t"})
    void shouldRejectUnknownOrUnsupportedIozoneOptions(String opt) {
        List<String> argv = new ArrayList<>(List.of("iozone", "-a", "-i", "0"));
        argv.add(opt);
        if (opt.equals("-t")) argv.add("1");
        assertThatThrownBy(() -> IozoneParser.parse(argv)).isInstanceOf(ToolUsageException.class)
                .hasMessageContaining(opt.substring(0, 2));
    }

    @Test
    void shouldPrintTheBannerIozone3420PrintsForTheMailCommand() {
        String banner = IozoneReport.banner(IozoneParser.parse(MAIL), IozoneReportContext.at(1_796_003_526_000L));

        assertThat(banner).isEqualTo("""
                \tIozone: Performance Test of File I/O
                \t        Version $Revision: 3.420 $
                \t\tCompiled for 64 bit mode.
                \t\tBuild: linux-AMD64\s

                \tContributors:William Norcott, Don Capps, Isom Crawford, Kirby Collins
                \t             Al Slater, Scott Rhine, Mike Wisner, Ken Goss
                \t             Steve Landherr, Brad Smith, Mark Kelly, Dr. Alain CYR,
                \t             Randy Dunlap, Mark Montague, Dan Million, Gavin Brebner,
                \t             Jean-Marc Zucconi, Jeff Blomberg, Benny Halevy, Dave Boone,
                \t             Erik Habbinga, Kris Strecker, Walter Wong, Joshua Root,
                \t             Fabrice Bacchella, Zhenghua Xue, Qin Li, Darren Sawyer,
                \t             Vangel Bojaxhi, Ben England, Vikentsi Lapa.

                \tRun began: Mon Nov 30 01:52:06 2026

                \tAuto Mode
                \tSYNC Mode.\s
                \tFile size set to 102400 KB
                \tCommand line used: iozone -a -o -s 100m -i 0 -i 1 -i 2
                \tOutput is in Kbytes/sec
                \tTime Resolution = 0.000001 seconds.
                \tProcessor cache size set to 1024 Kbytes.
                \tProcessor cache line size set to 32 bytes.
                \tFile stride size set to 17 * record size.
                """);
    }

    @Test
    void shouldPrintTheTableOfSeed003() {
        for (String which : List.of("before", "after")) {
            List<String> mail = TestResources.read("iozone/seed-003-" + which + ".txt").lines().toList();
            List<IozoneResult.Row> rows = new ArrayList<>();
            for (String line : mail.subList(2, mail.size())) {
                String[] f = line.trim().split("\\s+");
                long[] v = new long[f.length];
                for (int i = 0; i < f.length; i++) v[i] = Long.parseLong(f[i]);
                rows.add(new IozoneResult.Row(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]));
            }
            IozoneJob job = IozoneParser.parse(MAIL);
            String report = IozoneReport.report(job, new IozoneResult(rows), IozoneReportContext.at(0));
            List<String> table = report.lines().dropWhile(l -> !l.contains("random")).limit(15).toList();

            // the mail shows columns 10..74 of iozone's lines: the first 10 blanks and the columns of the
            // tests not run (bkwd read, record rewrite, stride read, fwrite, fread) are cut off
            assertThat(table).extracting(l -> l.substring(10, 74)).containsExactlyElementsOf(mail);
            assertThat(table.get(1)).startsWith("              KB  reclen   write rewrite    read    reread");
            assertThat(table.get(2)).endsWith(mail.get(2).substring(56) + " ".repeat(58));
        }
    }

    @Test
    void shouldPrintBlankFieldsForTestsNotRunAndTheClosingLine() {
        IozoneJob job = IozoneParser.parse(List.of("iozone", "-s", "1m", "-r", "1m", "-i", "0", "-i", "2"));
        String report = IozoneReport.report(job,
                new IozoneResult(List.of(new IozoneResult.Row(1024, 1024, 10L, 20L, null, null, 30L, 40L))),
                IozoneReportContext.at(0));

        assertThat(report).contains("\tFile size set to 1024 KB\n\tRecord Size 1024 KB\n");
        assertThat(report).contains("            1024    1024      10      20" + " ".repeat(18) + "      30      40"
                + " ".repeat(58) + "\n\niozone test complete.\n");
    }

    @Test
    void shouldAppendTheExcelReportWithR() {
        IozoneJob job = IozoneParser.parse(List.of("iozone", "-R", "-a", "-s", "8k", "-i", "0"));
        String report = IozoneReport.report(job, new IozoneResult(List.of(
                new IozoneResult.Row(8, 4, 100L, 200L, null, null, null, null),
                new IozoneResult.Row(8, 8, 300L, 400L, null, null, null, null))), IozoneReportContext.at(0));

        assertThat(report).contains("\tExcel chart generation enabled\n");
        assertThat(report).endsWith("iozone test complete.\nExcel output is below:\n\n\"Writer report\"\n"
                + "        \"4\"  \"8\"  \"16\"  \"32\"  \"64\"  \"128\"  \"256\"  \"512\"  \"1024\"  \"2048\"  \"4096\""
                + "  \"8192\"  \"16384\"\n\"8\"   100  300 \n\n\"Re-writer report\"\n"
                + "        \"4\"  \"8\"  \"16\"  \"32\"  \"64\"  \"128\"  \"256\"  \"512\"  \"1024\"  \"2048\"  \"4096\""
                + "  \"8192\"  \"16384\"\n\"8\"   200  400 \n");
    }
}
