package org.f2fsobs.bench.runner;

import java.util.LinkedHashMap;
import java.util.Map;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.tool.content.GlibcRandom;
import org.f2fsobs.bench.tool.content.TiotestWriteContent;
import org.f2fsobs.bench.tool.content.WriteContent;
import org.f2fsobs.bench.tool.tiotest.TiotestJob;
import org.f2fsobs.bench.tool.tiotest.TiotestReport;
import org.f2fsobs.bench.tool.tiotest.TiotestResult;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimTask;

/**
 * tiotest on the engine (tiotest.c): for each test not skipped with -k (0 sequential write, 1 random write,
 * 2 sequential read, 3 random read) all threads start together; each opens its own file (O_RDWR|O_CREAT, +O_SYNC
 * with -S), ftruncates it to its full size, runs its pread/pwrite loop of -b blocks, then fsync()s and closes it;
 * the phase lasts until the last thread is done. -W runs the threads one after the other. -F (only in the tiotest.c
 * of tiobench since 2014-12, not in 0.3.x/0.4.1) drops the clean page cache in each thread before its timer starts.
 */
final class TiotestWorkload implements Workload {
    private final TiotestJob job;
    /** Pages of its own file still dirty when each thread of the sequential write test ended its loop, summed. */
    private final long[] dirtyAtLoopEnd = new long[1];

    TiotestWorkload(TiotestJob job) {
        this.job = job;
    }

    @Override
    public String tool() {
        return "tiotest";
    }

    @Override
    public Outcome run(SimTask shell, Volume v, WorkloadEnv env) {
        int pid = env.nextPid();
        for (String d : job.directories()) v.mkdirs(shell, d, false);
        TiotestResult.Phase[] phases = new TiotestResult.Phase[4];
        int testsRun = 0;
        for (int test = 0; test < 4; test++) if (job.runs(test)) testsRun++;
        int done = 0;
        for (int test = 0; test < 4; test++) {
            if (!job.runs(test)) {
                phases[test] = TiotestResult.Phase.NONE;
                continue;
            }
            phases[test] = phase(shell, v, env, test, pid, done, testsRun);
            done++;
        }
        TiotestResult result = new TiotestResult(phases[0], phases[1], phases[2], phases[3]);
        String text = TiotestReport.report(job, result);
        Map<String, Object> metrics = new LinkedHashMap<>();
        double wbw = bw(phases[TiotestJob.WRITE_TEST]);
        double rbw = bw(phases[TiotestJob.READ_TEST]);
        metrics.put("write_bandwidth", wbw);
        metrics.put("read_bandwidth", rbw);
        metrics.put("random_write_bandwidth", bw(phases[TiotestJob.RANDOM_WRITE_TEST]));
        metrics.put("random_read_bandwidth", bw(phases[TiotestJob.RANDOM_READ_TEST]));
        // /proc/meminfo's Dirty as each write thread saw it for its own file when its pwrite loop ended (before its fsync)
        if (job.runs(TiotestJob.WRITE_TEST)) metrics.put("write_dirty_pages_at_loop_end", dirtyAtLoopEnd[0]);
        RunResult.Headline h = job.runs(TiotestJob.READ_TEST) ? new RunResult.Headline("read_bandwidth", rbw, "bytes/s")
                : new RunResult.Headline("write_bandwidth", wbw, "bytes/s");
        return new Outcome(text, h, metrics);
    }

    private static double bw(TiotestResult.Phase p) {
        return p.elapsedNs() == 0 ? 0 : p.bytes() * 1e9 / p.elapsedNs();
    }

    private TiotestResult.Phase phase(SimTask shell, Volume v, WorkloadEnv env, int test, int pid, int done, int testsRun) {
        int threads = job.threads();
        boolean write = test == TiotestJob.WRITE_TEST || test == TiotestJob.RANDOM_WRITE_TEST;
        boolean random = test == TiotestJob.RANDOM_WRITE_TEST || test == TiotestJob.RANDOM_READ_TEST;
        long blocks = job.blocksPerThread();
        // do_generic_test(): io_ops = numRandomOps random offsets (repeats allowed) for the random tests, the file's blocks
        // otherwise; either way it then counts "(*blockCount) += blocks", so a random test reports the file size
        long ops = random ? job.randomOps() : blocks;
        long[] bytes = new long[threads];
        long[] cpuPs = new long[threads];
        long[] latencySum = new long[threads];
        long[] latencyMax = new long[threads];
        SimCompletion allDone = new SimCompletion(shell.sim(), "tiotest threads");
        int[] left = {threads};
        long start = shell.nowNs();
        // -W: do_test(WRITE_TEST, args.sequentialWriting); the random write test always runs its threads together
        SimCompletion serial = job.sequentialWriting() && test == TiotestJob.WRITE_TEST ? new SimCompletion(shell.sim(), "tiotest -W") : null;
        for (int i = 0; i < threads; i++) {
            int k = i;
            String path = job.fileName(k, pid);
            WriteContent wc = TiotestWriteContent.of(job, k);
            FileData data = Content.isZeros(wc) ? Content.zeros(env.registry()) : Content.byOffset(env.registry(), wc);
            GlibcRandom rnd = new GlibcRandom((int) (env.prng().nextLong() & 0x7fffffff));
            shell.sim().spawn("tiotest-" + test + "-" + k, t -> {
                if (serial != null && k > 0) serial.await(t);
                long cpu0 = t.cpuPs();
                int flags = Volume.O_RDWR | Volume.O_CREAT | (job.syncWriting() ? Volume.O_SYNC : 0);
                int fd = v.open(t, path, flags);
                v.ftruncate(t, fd, job.bytesPerThread());
                // -F (tiotest.c since 2014-12, tiobench's flush_caches()): "3" into /proc/sys/vm/drop_caches, per thread,
                // before its timer starts; drop_caches itself drops clean pages only (dirty ones stay)
                if (job.flushCaches()) v.dropCaches(t);
                long bs = job.blockSize();
                for (long n = 0; n < ops; n++) {
                    env.checkCancelled();
                    long off = random ? (rnd.next() % blocks) * bs : n * bs;
                    v.chargeCpu(t, CpuOp.USER_IO, 1);
                    long s = t.nowNs();
                    if (write) v.pwrite(t, fd, off, bs, data);
                    else v.pread(t, fd, off, bs, (idx, ref, o, len) -> { });
                    long lat = t.nowNs() - s;
                    latencySum[k] += lat;
                    latencyMax[k] = Math.max(latencyMax[k], lat);
                    bytes[k] += bs;
                    if (k == 0 && (n & 7) == 0) env.progress((done + (n + 1) / (double) ops) / testsRun);
                }
                if (test == TiotestJob.WRITE_TEST) dirtyAtLoopEnd[0] += v.openFile(fd).inode.mapping().nrDirty();
                v.fsync(t, fd);
                v.close(t, fd);
                if (random) bytes[k] = blocks * bs;
                cpuPs[k] = t.cpuPs() - cpu0;
                if (serial != null) serial.complete();
                if (--left[0] == 0) allDone.completeAll();
            });
        }
        allDone.await(shell);
        long elapsed = shell.nowNs() - start;
        long totalBytes = 0, cpu = 0, latSum = 0, latMax = 0;
        for (int i = 0; i < threads; i++) {
            totalBytes += bytes[i];
            cpu += cpuPs[i] / 1000;
            latSum += latencySum[i];
            latMax = Math.max(latMax, latencyMax[i]);
        }
        long usr = ops * threads * v.cpuCostPs(CpuOp.USER_IO) / 1000;
        return TiotestResult.Phase.of(totalBytes, elapsed, usr, Math.max(0, cpu - usr))
                .withLatency(ops * threads, latSum, latMax, 0, 0);
    }
}
