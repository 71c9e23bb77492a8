package org.f2fsobs.bench.tool.tiotest;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.f2fsobs.bench.tool.ToolInvocation;

/**
 * A parsed tiotest command line (tiobench tiotest.c parse_args()), with tiotest's own argument names:
 * {@code -t} numThreads, {@code -f} fileSizeInMBytes per thread, {@code -b} blockSize in bytes, {@code -d} paths
 * (threads are spread over them round-robin), {@code -k} tests to skip (0 write, 1 random write, 2 read, 3 random
 * read), {@code -r} random operations per thread, {@code -L} no latency table, {@code -T} terse output, {@code -S}
 * O_SYNC writes, {@code -W} one writer at a time, {@code -c} consistency check (random buffer contents), {@code -F}
 * drop caches before each test.
 */
public record TiotestJob(List<String> argv, int threads, int fileSizeMb, long blockSize, List<String> directories,
                         Set<Integer> skippedTests, int randomOps, boolean showLatency, boolean terse,
                         boolean syncWriting, boolean sequentialWriting, boolean consistencyCheck,
                         boolean flushCaches) implements ToolInvocation {

    public static final int WRITE_TEST = 0;
    public static final int RANDOM_WRITE_TEST = 1;
    public static final int READ_TEST = 2;
    public static final int RANDOM_READ_TEST = 3;
    /** constants.h MBYTE. */
    public static final long MBYTE = 1024 * 1024;

    public TiotestJob {
        argv = List.copyOf(argv);
        directories = List.copyOf(directories);
        skippedTests = new TreeSet<>(skippedTests);
    }

    @Override
    public String tool() {
        return "tiotest";
    }

    /** Whether test {@code test} (0–3) runs, i.e. was not skipped with -k. */
    public boolean runs(int test) {
        return !skippedTests.contains(test);
    }

    /** Blocks each thread reads or writes in a sequential test (the file size truncated to whole blocks). */
    public long blocksPerThread() {
        return fileSizeMb * MBYTE / blockSize;
    }

    /** Bytes each thread's file holds ({@code blocks * blockSize}). */
    public long bytesPerThread() {
        return blocksPerThread() * blockSize;
    }

    /** initialize_test(): thread {@code i}'s file, "{@code <dir>/_tiotest_pid<pid>.thr<i>}" over the -d dirs in turn. */
    public String fileName(int thread, int pid) {
        return directories.get(thread % directories.size()) + "/_tiotest_pid" + pid + ".thr" + thread;
    }
}
