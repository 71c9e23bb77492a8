package org.f2fsobs.bench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.tool.content.GlibcRandom;
import org.f2fsobs.bench.tool.content.IozoneWriteContent;
import org.f2fsobs.bench.tool.iozone.IozoneJob;
import org.f2fsobs.bench.tool.iozone.IozoneReport;
import org.f2fsobs.bench.tool.iozone.IozoneReportContext;
import org.f2fsobs.bench.tool.iozone.IozoneResult;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimTask;

/**
 * iozone on the engine (iozone.c, auto mode): for each row of the plan (file size, record length) the selected
 * tests run on one file: 0 = write (a new file: iozone unlinks it first) and rewrite, 1 = read and reread,
 * 2 = random read and random write (every record once per pass, offsets from glibc rand()). -o opens with O_SYNC, so
 * every write is synchronous; -e adds the fsync to the timing; -I asks for O_DIRECT. Each test is timed from its first
 * to its last operation, as iozone does, and reported in KB/s (KiB/s).
 */
final class IozoneWorkload implements Workload {
    private final IozoneJob job;

    IozoneWorkload(IozoneJob job) {
        this.job = job;
    }

    @Override
    public String tool() {
        return "iozone";
    }

    @Override
    public Outcome run(SimTask t, Volume v, WorkloadEnv env) {
        if (job.throughput()) return new IozoneThroughput(job).run(t, v, env);
        String path = job.file();
        if (path.contains("/")) v.mkdirs(t, path.substring(0, path.lastIndexOf('/')), false);
        List<IozoneJob.Run> plan = job.plan();
        List<IozoneResult.Row> rows = new ArrayList<>();
        List<Map<String, Object>> metricRows = new ArrayList<>();
        long startNs = t.nowNs();
        for (int i = 0; i < plan.size(); i++) {
            IozoneJob.Run run = plan.get(i);
            IozoneResult.Row row = runRow(t, v, env, path, run);
            rows.add(row);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("reclen_kb", run.reclenKb());
            m.put("write_kbps", row.write());
            m.put("rewrite_kbps", row.rewrite());
            m.put("read_kbps", row.read());
            m.put("reread_kbps", row.reread());
            m.put("random_read_kbps", row.randomRead());
            m.put("random_write_kbps", row.randomWrite());
            metricRows.add(m);
            env.progress((i + 1) / (double) plan.size());
        }
        String text = IozoneReport.report(job, new IozoneResult(rows), IozoneReportContext.at(env.epochMillis(startNs)));
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("rows", metricRows);
        Long first = rows.isEmpty() ? null : rows.get(0).write() != null ? rows.get(0).write() : rows.get(0).read();
        String name = rows.isEmpty() || rows.get(0).write() != null ? "write_bandwidth" : "read_bandwidth";
        return new Outcome(text, new RunResult.Headline(name, first == null ? 0 : first * 1024.0, "bytes/s"), metrics);
    }

    private IozoneResult.Row runRow(SimTask t, Volume v, WorkloadEnv env, String path, IozoneJob.Run run) {
        long reclen = run.reclen();
        long fileBytes = run.fileKb() * 1024;
        long numrecs = fileBytes / reclen;
        FileData data = Content.byOffset(env.registry(), new IozoneWriteContent(reclen, "3.420"));
        int sync = job.oSync() ? Volume.O_SYNC : 0;
        int direct = job.direct() ? Volume.O_DIRECT : 0;
        Long write = null, rewrite = null, read = null, reread = null, rread = null, rwrite = null;
        if (job.tests().contains(0)) {
            if (v.lookup(t, path) != null) v.unlink(t, path);
            write = rate(run.fileKb(), numrecs, pass(t, v, env, path, Volume.O_CREAT | Volume.O_RDWR | sync | direct, numrecs, reclen, data, true, null));
            rewrite = rate(run.fileKb(), numrecs, pass(t, v, env, path, Volume.O_RDWR | sync | direct, numrecs, reclen, data, true, null));
        }
        if (job.tests().contains(1)) {
            read = rate(run.fileKb(), numrecs, pass(t, v, env, path, Volume.O_RDONLY | direct, numrecs, reclen, data, false, null));
            reread = rate(run.fileKb(), numrecs, pass(t, v, env, path, Volume.O_RDONLY | direct, numrecs, reclen, data, false, null));
        }
        if (job.tests().contains(2)) {
            GlibcRandom rnd = new GlibcRandom((int) (env.prng().nextLong() & 0x7fffffff));
            long[] order = new long[(int) numrecs];
            for (int i = 0; i < numrecs; i++) order[i] = (rnd.next() % numrecs) * reclen;
            rread = rate(run.fileKb(), numrecs, pass(t, v, env, path, Volume.O_RDONLY | direct, numrecs, reclen, data, false, order));
            rwrite = rate(run.fileKb(), numrecs, pass(t, v, env, path, Volume.O_RDWR | sync | direct, numrecs, reclen, data, true, order));
        }
        return new IozoneResult.Row(run.fileKb(), run.reclenKb(), write, rewrite, read, reread, rread, rwrite);
    }

    /**
     * One timed pass over the file; returns its duration in ns. As write_perf_test / read_perf_test: -e puts an fsync
     * in the timing (reads too), -c the close; without -c the file is fsync'd and closed after the timing.
     */
    private long pass(SimTask t, Volume v, WorkloadEnv env, String path, int flags, long numrecs, long reclen, FileData data,
                      boolean write, long[] offsets) {
        int fd = v.open(t, path, flags);
        long start = t.nowNs();
        for (long n = 0; n < numrecs; n++) {
            env.checkCancelled();
            long off = offsets == null ? n * reclen : offsets[(int) n];
            v.chargeCpu(t, CpuOp.USER_IO, 1);
            if (write) v.pwrite(t, fd, off, reclen, data);
            else v.pread(t, fd, off, reclen, (idx, ref, o, len) -> { });
        }
        if (job.includeFlush()) v.fsync(t, fd);
        if (job.includeClose()) v.close(t, fd);
        long ns = Math.max(1, t.nowNs() - start);
        if (!job.includeClose()) {
            v.fsync(t, fd);
            v.close(t, fd);
        }
        return ns;
    }

    /** KB/s, or with -O operations per second (the records over the time). */
    private Long rate(long fileKb, long numrecs, long ns) {
        return (long) ((job.ops() ? numrecs : fileKb) * 1e9 / ns);
    }
}
