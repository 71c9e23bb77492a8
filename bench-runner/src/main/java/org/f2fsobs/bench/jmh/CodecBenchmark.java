package org.f2fsobs.bench.jmh;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.f2fsobs.engine.f2fs.compress.Codecs;
import org.f2fsobs.engine.f2fs.compress.CompressOps;
import org.f2fsobs.engine.sim.Prng;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 10, time = 300, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
@State(Scope.Thread)
public class CodecBenchmark {
    /*
     * What this measures: host wall-clock speed of the engine's real codecs (aircompressor lz4, lzo, zstd through
     * f2fs_cops) on one 16 KiB cluster (compress_log_size = 2), in clusters per second; × 16 KiB = MB/s of
     * uncompressed data. The simulation charges virtual CPU per byte from the profile; this is what it costs the host
     * to run the real algorithm on real bytes.
     *   data = zeros: dd's file (one compressed block per cluster); text: English-like words; random: incompressible
     *   (compressPages returns EAGAIN: the cluster is written raw).
     * Higher is better.
     */

    static final int CLUSTER_BYTES = 16384;

    @Param({"lz4", "lzo", "zstd"})
    String algorithm;

    @Param({"zeros", "text", "random"})
    String data;

    CompressOps ops;
    byte[] rbuf, cdata, out;
    int budget, clen;

    @Setup
    public void setUp() {
        ops = Codecs.create(algorithm);
        rbuf = new byte[CLUSTER_BYTES];
        switch (data) {
            case "zeros" -> { }
            case "text" -> {
                byte[] words = "the quick brown fox jumps over the lazy dog while f2fs writes its logs ".getBytes(StandardCharsets.US_ASCII);
                Prng p = new Prng(7);
                for (int i = 0; i < rbuf.length; i++) rbuf[i] = words[(i + (int) p.nextLong(3)) % words.length];
            }
            default -> {
                Prng p = new Prng(7);
                for (int i = 0; i < rbuf.length; i++) rbuf[i] = (byte) p.nextLong();
            }
        }
        budget = ops.initCompressCtx(CLUSTER_BYTES);
        cdata = new byte[CLUSTER_BYTES * 2];
        out = new byte[CLUSTER_BYTES];
        clen = ops.compressPages(rbuf, CLUSTER_BYTES, cdata, 0, cdata.length);
        int n = ops.decompressPages(cdata, 0, clen, out, CLUSTER_BYTES);
        if (clen <= 0 || n != CLUSTER_BYTES) {
            throw new IllegalStateException(algorithm + "/" + data + ": round trip failed (clen " + clen + ", decompressed " + n + ")");
        }
    }

    @Benchmark
    public int compressCluster() {
        return ops.compressPages(rbuf, CLUSTER_BYTES, cdata, 0, budget);
    }

    @Benchmark
    public int decompressCluster() {
        return ops.decompressPages(cdata, 0, clen, out, CLUSTER_BYTES);
    }
}
