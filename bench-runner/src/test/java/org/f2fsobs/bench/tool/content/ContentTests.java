package org.f2fsobs.bench.tool.content;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.tool.TestResources;
import org.f2fsobs.bench.tool.dd.DdDialect;
import org.f2fsobs.bench.tool.dd.DdJob;
import org.f2fsobs.bench.tool.dd.DdParser;
import org.f2fsobs.bench.tool.fio.FioJob;
import org.f2fsobs.bench.tool.fio.FioParser;
import org.f2fsobs.bench.tool.tiotest.TiotestParser;
import org.junit.jupiter.api.Test;

/**
 * Content generators against the real tools' code: golden values in {@code tool/content/*-golden.txt} were printed
 * by fio 3.33's lib/rand.c and by glibc, compiled with gcc (harness sources next to them).
 */
class ContentTests {

    static Map<String, String> golden(String file) {
        Map<String, String> m = new HashMap<>();
        for (String line : TestResources.read("content/" + file).lines().toList()) {
            int sp = 0;
            while (sp < line.length() && line.charAt(sp) != ' ' && line.charAt(sp) != ':') sp++;
            if (sp > 0 && sp < line.length()) m.put(line.substring(0, sp), line.substring(sp + 1).replaceFirst("^:", "").trim());
        }
        return m;
    }

    static byte[] bytes(WriteContent c, long off, int len) {
        byte[] b = new byte[len];
        c.fill(off, b, 0, len);
        return b;
    }

    @Test
    void shouldSeedAndFillBuffersExactlyAsFiosLibRandDoes() {
        Map<String, String> g = golden("fio-rand-golden.txt");
        long bufSeed = FioRandom.bufferSeed(0x89, 1);
        assertThat(Long.toUnsignedString(bufSeed)).isEqualTo(g.get("bufseed"));
        FioRandom r = new FioRandom(bufSeed);
        assertThat(Arrays.stream(r.state()).mapToObj(Integer::toUnsignedString).toList())
                .containsExactly(g.get("state").split(" "));
        for (int i = 0; i < 3; i++) {
            long seed = r.nextSeed();
            assertThat(Long.toUnsignedString(seed)).isEqualTo(g.get("seed" + i));
            byte[] buf = new byte[100];
            FioRandom.fillRandomBuf(seed, 100, 0, buf, 0, 100);
            assertThat(HexFormat.of().formatHex(buf)).isEqualTo(g.get("bytes" + i));
        }
        byte[] t2 = new byte[40];
        FioRandom.fillRandomBuf(new FioRandom(FioRandom.bufferSeed(0x89, 2)).nextSeed(), 40, 0, t2, 0, 40);
        assertThat(HexFormat.of().formatHex(t2)).isEqualTo(g.get("t2bytes"));
    }

    @Test
    void shouldReadAnySliceOfAFioRandomBufferConsistently() {
        long seed = 1628508906074988597L;
        byte[] whole = new byte[4100];
        FioRandom.fillRandomBuf(seed, whole.length, 0, whole, 0, whole.length);
        for (int from : new int[] {1, 37, 63, 64, 4000, 4095}) {
            byte[] part = new byte[whole.length - from];
            FioRandom.fillRandomBuf(seed, whole.length, from, part, 0, part.length);
            assertThat(part).isEqualTo(Arrays.copyOfRange(whole, from, whole.length));
        }
    }

    static FioJob job(String... opts) {
        List<String> argv = new java.util.ArrayList<>(List.of("fio", "--name=w", "--rw=write", "--size=64k"));
        argv.addAll(List.of(opts));
        return FioParser.parse(argv).jobs().get(0);
    }

    @Test
    void shouldScrambleEachFioWriteWithItsOffsetAndStartTime() {
        FioJob job = job("--bs=4k");
        FioWriteContent.IoSequence seq = FioWriteContent.sequential(job, 5_000_000_003L, 1_000_001L);
        FioWriteContent c = new FioWriteContent(job, 1, seq, 0);
        byte[] io0 = bytes(c, 0, 4096);
        byte[] io1 = bytes(c, 4096, 4096);

        // the unscrambled buffer: the first buffer seed of thread 1 (a sync engine uses one buffer)
        byte[] base = new byte[4096];
        FioRandom.fillRandomBuf(Long.parseUnsignedLong(golden("fio-rand-golden.txt").get("seed0")), 4096, 0, base, 0,
                4096);
        int line0 = (int) ((5_000_000_003L % 1_000_000_000L) & 7);           // (tv_nsec ^ 0) & 7 = 3
        for (int block = 0; block < 8; block++) {
            int at = block * 512;
            assertThat(u64(io0, at + line0 * 64)).isEqualTo(block * 512L);
            assertThat(u64(io0, at + 48)).isEqualTo(5L);                     // tv_sec
            assertThat(u64(io0, at + 56)).isEqualTo(3L);                     // tv_nsec
            assertThat(Arrays.copyOfRange(io0, at, at + 48)).isEqualTo(Arrays.copyOfRange(base, at, at + 48));
            assertThat(Arrays.copyOfRange(io0, at + 64, at + line0 * 64))
                    .isEqualTo(Arrays.copyOfRange(base, at + 64, at + line0 * 64));
            assertThat(Arrays.copyOfRange(io0, at + line0 * 64 + 8, at + 512))
                    .isEqualTo(Arrays.copyOfRange(base, at + line0 * 64 + 8, at + 512));
        }
        assertThat(io1).isNotEqualTo(io0);
        int line1 = (int) (((5_001_000_004L % 1_000_000_000L) ^ 4096) & 7);  // 4
        assertThat(u64(io1, line1 * 64)).isEqualTo(4096L);
        assertThat(u64(io1, line0 * 64)).as("the offset left by the previous write in another cache line")
                .isEqualTo(0L);
        assertThat(u64(io1, 56)).isEqualTo(1_000_004L);
    }

    @Test
    void shouldBeDeterministicAcrossInstancesAndCallOrder() {
        FioJob job = job("--bs=8k", "--ioengine=libaio", "--iodepth=4");
        FioWriteContent a = new FioWriteContent(job, 1, FioWriteContent.sequential(job, 7, 777), 0);
        FioWriteContent b = new FioWriteContent(job, 1, FioWriteContent.sequential(job, 7, 777), 0);
        byte[] late = bytes(b, 40960, 8192);   // ask b for a late write first: the history is built on demand

        assertThat(bytes(a, 0, 65536)).isEqualTo(bytes(b, 0, 65536));
        assertThat(Arrays.copyOfRange(bytes(a, 0, 65536), 40960, 49152)).isEqualTo(late);
        assertThat(bytes(a, 0, 8192)).isNotEqualTo(bytes(a, 8192, 8192));   // libaio: four buffers in turn
        assertThat(a.describe()).contains("4 random buffers of 8192 bytes").contains("scrambled");
    }

    @Test
    void shouldHonourRefillZeroAndScrambleOptions() {
        FioJob zero = job("--zero_buffers");
        assertThat(bytes(new FioWriteContent(zero, 1, FioWriteContent.sequential(zero, 0, 10), 0), 0, 65536))
                .containsOnly(0);

        FioJob refill = job("--refill_buffers", "--bs=4k");
        FioWriteContent r = new FioWriteContent(refill, 1, FioWriteContent.sequential(refill, 0, 10), 0);
        byte[] expected = new byte[4096];
        FioRandom gen = new FioRandom(FioRandom.bufferSeed(0x89, 1));
        gen.nextSeed();                                    // the initial fill of the single buffer
        FioRandom.fillRandomBuf(gen.nextSeed(), 4096, 0, expected, 0, 4096);
        assertThat(bytes(r, 0, 4096)).isEqualTo(expected); // first write: the next draw, no scramble

        FioJob plain = job("--scramble_buffers=0", "--bs=4k");
        FioWriteContent p = new FioWriteContent(plain, 1, FioWriteContent.sequential(plain, 0, 10), 0);
        assertThat(bytes(p, 0, 4096)).isEqualTo(bytes(p, 4096, 4096));   // same buffer, untouched
        FioJob seeded = job("--scramble_buffers=0", "--bs=4k", "--randseed=1234");
        assertThat(bytes(new FioWriteContent(seeded, 1, FioWriteContent.sequential(seeded, 0, 10), 0), 0, 4096))
                .isNotEqualTo(bytes(p, 0, 4096));
    }

    @Test
    void shouldWriteZerosForDdFromDevZeroAndCopyFilesThroughSkipAndSeek() {
        DdJob zero = DdParser.parse(List.of("dd", "if=/dev/zero", "of=dummy", "bs=1m", "count=1000"),
                DdDialect.TOYBOX);
        assertThat(bytes(DdWriteContent.of(zero, null), 123, 4096)).containsOnly(0);

        WriteContent source = new IozoneWriteContent(4096, "3.420");
        DdJob copy = DdParser.parse(List.of("dd", "if=src", "of=dst", "bs=4k", "skip=1", "seek=3"));
        WriteContent out = DdWriteContent.of(copy, source);
        assertThat(bytes(out, 3 * 4096, 4096)).isEqualTo(bytes(source, 4096, 4096));
        assertThat(bytes(out, 3 * 4096 + 5, 100)).isEqualTo(bytes(source, 4096 + 5, 100));
    }

    @Test
    void shouldReproduceGlibcRandAndIozonesPattern() {
        Map<String, String> g = golden("glibc-golden.txt");
        GlibcRandom r = new GlibcRandom(1);
        for (String v : g.get("rand").split(" ")) assertThat(r.next()).isEqualTo(Integer.parseInt(v));
        assertThat(String.format("%02x", IozoneWriteContent.pattern("3.420"))).isEqualTo(g.get("3.420"));
        assertThat(String.format("%02x", IozoneWriteContent.pattern("3.489"))).isEqualTo(g.get("3.489"));
    }

    @Test
    void iozoneFillVisitingOnlyThePatternRunsEqualsTheByteByByteDefinition() {
        java.util.Random rnd = new java.util.Random(7);
        for (long reclen : new long[] {4096, 6144, 8192, 16384, 1 << 20, 16L << 20, 5000}) {
            IozoneWriteContent c = new IozoneWriteContent(reclen, "3.420");
            for (int i = 0; i < 300; i++) {
                long off = i < 5 ? i * 4096L : (long) (rnd.nextDouble() * (64L << 20));
                int len = 1 + rnd.nextInt(i % 3 == 0 ? 100 : 3 * 4096);
                byte[] fast = new byte[len + 7];
                byte[] slow = new byte[len + 7];
                java.util.Arrays.fill(fast, (byte) 0x55);
                java.util.Arrays.fill(slow, (byte) 0x55);
                c.fill(off, fast, 3, len);
                c.fillByteByByte(off, slow, 3, len);
                assertThat(fast).as("reclen %d, offset %d, length %d", reclen, off, len).isEqualTo(slow);
            }
        }
    }

    @Test
    void shouldFillIozoneRecordsWithThePatternAtEveryPage() {
        IozoneWriteContent c = new IozoneWriteContent(16384, "3.420");
        byte[] b = bytes(c, 0, 16384);

        for (int page = 0; page < 4; page++) {
            for (int k = 0; k < 4096; k++) assertThat(b[page * 4096 + k]).isEqualTo((byte) (k < 8 ? 0x13 : 0));
        }
        assertThat(bytes(c, 16384, 16)).isEqualTo(Arrays.copyOf(b, 16));
        assertThat(bytes(new IozoneWriteContent(6144, "3.420"), 6144, 8)).containsOnly(0x13);
        assertThat(bytes(new IozoneWriteContent(6144, "3.420"), 4096, 8)).containsOnly(0x13);
        assertThat(bytes(new IozoneWriteContent(6144, "3.420"), 8192, 8)).containsOnly(0);
    }

    @Test
    void shouldWriteZerosFromTiotestUnlessConsistencyChecking() {
        assertThat(bytes(TiotestWriteContent.of(TiotestParser.parse(List.of("tiotest", "-b", "4096")), 3), 0, 8192))
                .containsOnly(0);
        Map<String, String> g = golden("glibc-golden.txt");
        WriteContent t0 = TiotestWriteContent.of(TiotestParser.parse(List.of("tiotest", "-c", "-b", "4096")), 0);
        assertThat(HexFormat.of().formatHex(bytes(t0, 0, 16))).isEqualTo(g.get("bytes"));
        assertThat(bytes(t0, 4096, 16)).isEqualTo(bytes(t0, 0, 16));
        WriteContent t1 = TiotestWriteContent.of(TiotestParser.parse(List.of("tiotest", "-c", "-b", "8")), 1);
        assertThat(HexFormat.of().formatHex(bytes(t1, 0, 8))).isEqualTo(g.get("bytes").substring(16, 32));
    }

    private static long u64(byte[] b, int at) {
        long v = 0;
        for (int k = 7; k >= 0; k--) v = (v << 8) | (b[at + k] & 0xff);
        return v;
    }
}
