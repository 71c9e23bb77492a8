package org.f2fsobs.bench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.tool.content.IozoneWriteContent;
import org.f2fsobs.bench.tool.iozone.IozoneJob;
import org.f2fsobs.bench.tool.iozone.IozoneReportContext;
import org.f2fsobs.bench.tool.iozone.IozoneThroughputReport;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimTask;

/**
 * iozone -t N on the engine (iozone.c throughput_test()): for each selected test — initial writers and rewriters (-i 0),
 * readers and re-readers (-i 1), random readers and random writers (-i 2) — N processes each open their own file
 * (-F's names, else iozone.DUMMY.i), are started together by the parent and move numrecs records of -r bytes. The
 * first to finish sets the stop flag (stonewalling): the others record what they had moved at that point (writers go
 * on to the end, readers stop). -e puts an fsync, -c the close, in each process's timing; without -c the file is fsync'd
 * and closed after it. The parent times from the start to the last join. Between tests: sync() and sleep(2), twice
 * before each random test (as throughput_test does); the files are unlinked at the end.
 * Departure: the random tests' record order is a seeded shuffle of the records (iozone: a Fisher–Yates shuffle
 * seeded with srand48(0)), the same for every process.
 */
final class IozoneThroughput {
    private static final long SLEEP_NS = 2_000_000_000L;
    private final IozoneJob job;

    IozoneThroughput(IozoneJob job) {
        this.job = job;
    }

    Workload.Outcome run(SimTask shell, Volume v, WorkloadEnv env) {
        IozoneJob.Run run = job.plan().get(0);
        long startNs = shell.nowNs();
        for (int i = 0; i < job.children(); i++) {
            String path = job.childFile(i);
            if (path.contains("/")) v.mkdirs(shell, path.substring(0, path.lastIndexOf('/')), false);
        }
        List<Integer> tests = new ArrayList<>();
        if (job.tests().contains(0)) tests.addAll(List.of(0, 1));
        if (job.tests().contains(1)) tests.addAll(List.of(2, 3));
        if (job.tests().contains(2)) tests.addAll(List.of(4, 5));
        List<IozoneThroughputReport.Test> results = new ArrayList<>();
        for (int k = 0; k < tests.size(); k++) {
            int test = tests.get(k);
            if (test >= 4) settle(shell, v);                          // next3 / next5: sync(); sleep(2) before the test
            results.add(phase(shell, v, env, test, run));
            settle(shell, v);                                         // sync(); sleep(2) after it
            env.progress((k + 1) / (double) tests.size());
        }
        for (int i = 0; i < job.children(); i++) {                    // thread_cleanup_test: the files are unlinked
            if (v.lookup(shell, job.childFile(i)) != null) v.unlink(shell, job.childFile(i));
        }
        String text = IozoneThroughputReport.report(job, run, results, IozoneReportContext.at(env.epochMillis(startNs)));
        return new Workload.Outcome(text, headline(results.get(0), run), metrics(results));
    }

    private static void settle(SimTask shell, Volume v) {
        v.sync(shell);
        shell.sleepNs(SLEEP_NS);
    }

    /** One test: N processes started together, stonewalled by the first to finish. */
    private IozoneThroughputReport.Test phase(SimTask shell, Volume v, WorkloadEnv env, int test, IozoneJob.Run run) {
        int n = job.children();
        long reclen = run.reclen();
        long numrecs = run.fileKb() * 1024 / reclen;
        boolean write = test == 0 || test == 1 || test == 5;
        int flags = (write ? Volume.O_RDWR | (test == 0 ? Volume.O_CREAT : 0) | (job.oSync() ? Volume.O_SYNC : 0) : Volume.O_RDONLY)
                | (job.direct() ? Volume.O_DIRECT : 0);
        long[] order = test >= 4 ? shuffle(numrecs, env.prng().fork()) : null;
        FileData data = Content.byOffset(env.registry(), new IozoneWriteContent(reclen, "3.420"));
        boolean[] stop = {false};
        int[] ready = {0};
        int[] left = {n};
        SimCompletion allReady = new SimCompletion(shell.sim(), "iozone children ready");
        SimCompletion begin = new SimCompletion(shell.sim(), "iozone begin");
        SimCompletion allDone = new SimCompletion(shell.sim(), "iozone children done");
        IozoneThroughputReport.Child[] out = new IozoneThroughputReport.Child[n];
        for (int i = 0; i < n; i++) {
            int k = i;
            shell.sim().spawn("iozone-" + test + "-" + k, t -> {
                int fd = v.open(t, job.childFile(k), flags);
                if (++ready[0] == n) allReady.completeAll();
                begin.await(t);                                          // CHILD_STATE_BEGIN from the parent
                out[k] = write ? writer(t, v, env, fd, k, numrecs, reclen, data, order, stop)
                        : reader(t, v, env, fd, numrecs, reclen, order, stop);
                if (--left[0] == 0) allDone.completeAll();
            });
        }
        allReady.await(shell);
        begin.completeAll();
        long parentStart = shell.nowNs();
        allDone.await(shell);
        double totalS = Math.max(1, shell.nowNs() - parentStart) / 1e9;
        double xfer = 0;
        for (IozoneThroughputReport.Child c : out) xfer += c.actual();
        return new IozoneThroughputReport.Test(test, List.of(out), xfer / totalS);
    }

    /** thread_write_test / thread_rwrite_test / thread_ranwrite_test. */
    private IozoneThroughputReport.Child writer(SimTask t, Volume v, WorkloadEnv env, int fd, int k, long numrecs, long reclen,
                                                FileData data, long[] order, boolean[] stop) {
        long start = t.nowNs();
        double unit = job.ops() ? 1 : reclen / 1024;
        double xfer = 0;
        IozoneThroughputReport.Child stopped = null;
        int f = fd;
        for (long i = 0; i < numrecs; i++) {
            env.checkCancelled();
            if (stop[0] && stopped == null) {                            // "Stopped by another": the figure is taken now
                if (job.includeFlush()) v.fsync(t, f);
                if (job.includeClose()) v.close(t, f);
                stopped = child(xfer, t.nowNs() - start);
                if (job.includeClose()) f = v.open(t, job.childFile(k), Volume.O_RDWR | (job.oSync() ? Volume.O_SYNC : 0));
            }
            v.chargeCpu(t, CpuOp.USER_IO, 1);
            v.pwrite(t, f, order == null ? i * reclen : order[(int) i] * reclen, reclen, data);
            if (!stop[0]) xfer += unit;
        }
        stop[0] = true;                                                  // !xflag: the first to finish stops the others
        return finish(t, v, f, xfer, start, stopped);
    }

    /** thread_read_test / thread_rread_test / thread_ranread_test: a reader stops when told to. */
    private IozoneThroughputReport.Child reader(SimTask t, Volume v, WorkloadEnv env, int fd, long numrecs, long reclen,
                                                long[] order, boolean[] stop) {
        long start = t.nowNs();
        double unit = job.ops() ? 1 : reclen / 1024;
        double xfer = 0;
        for (long i = 0; i < numrecs && !stop[0]; i++) {
            env.checkCancelled();
            v.chargeCpu(t, CpuOp.USER_IO, 1);
            v.pread(t, fd, order == null ? i * reclen : order[(int) i] * reclen, reclen, (idx, ref, o, len) -> { });
            if (!stop[0]) xfer += unit;
        }
        stop[0] = true;
        return finish(t, v, fd, xfer, start, null);
    }

    /** The end of a process: -e fsync and -c close timed; without -c, fsync and close after the timing. */
    private IozoneThroughputReport.Child finish(SimTask t, Volume v, int fd, double xfer, long start, IozoneThroughputReport.Child stopped) {
        if (job.includeFlush()) v.fsync(t, fd);
        if (job.includeClose()) v.close(t, fd);
        IozoneThroughputReport.Child c = stopped != null ? stopped : child(xfer, t.nowNs() - start);
        if (!job.includeClose()) {
            v.fsync(t, fd);
            v.close(t, fd);
        }
        return c;
    }

    private static IozoneThroughputReport.Child child(double xfer, long ns) {
        return new IozoneThroughputReport.Child(xfer / (Math.max(1, ns) / 1e9), xfer);
    }

    /** Every record once, in a shuffled order (Fisher–Yates). */
    private static long[] shuffle(long numrecs, Prng prng) {
        long[] r = new long[(int) numrecs];
        for (int i = 0; i < r.length; i++) r[i] = i;
        for (int i = 0; i < r.length; i++) {
            int j = (int) prng.nextLong(r.length);
            long tmp = r[i];
            r[i] = r[j];
            r[j] = tmp;
        }
        return r;
    }

    private RunResult.Headline headline(IozoneThroughputReport.Test first, IozoneJob.Run run) {
        double total = 0;
        for (IozoneThroughputReport.Child c : first.children()) total += c.throughput();
        double bytesPerS = job.ops() ? total * run.reclen() : total * 1024;
        return new RunResult.Headline(first.test() == 0 || first.test() == 1 || first.test() == 5 ? "write_bandwidth" : "read_bandwidth",
                bytesPerS, "bytes/s");
    }

    private Map<String, Object> metrics(List<IozoneThroughputReport.Test> results) {
        String[] names = {"initial_writers", "rewriters", "readers", "re_readers", "random_readers", "random_writers"};
        List<Map<String, Object>> tests = new ArrayList<>();
        for (IozoneThroughputReport.Test t : results) {
            Map<String, Object> m = new LinkedHashMap<>();
            double total = 0, minXfer = Double.MAX_VALUE;
            for (IozoneThroughputReport.Child c : t.children()) {
                total += c.throughput();
                minXfer = Math.min(minXfer, c.actual());
            }
            m.put("test", names[t.test()]);
            m.put("children_" + (job.ops() ? "ops" : "kbps"), total);
            m.put("parent_" + (job.ops() ? "ops" : "kbps"), t.parent());
            m.put("min_xfer", minXfer);
            tests.add(m);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("processes", job.children());
        out.put("tests", tests);
        return out;
    }
}
