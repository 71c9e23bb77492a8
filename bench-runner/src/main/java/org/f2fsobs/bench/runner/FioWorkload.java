package org.f2fsobs.bench.runner;

import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.tool.content.FioWriteContent;
import org.f2fsobs.bench.tool.fio.FioCommand;
import org.f2fsobs.bench.tool.fio.FioDiskUtil;
import org.f2fsobs.bench.tool.fio.FioIoengine;
import org.f2fsobs.bench.tool.fio.FioJob;
import org.f2fsobs.bench.tool.fio.FioJobResult;
import org.f2fsobs.bench.tool.fio.FioLayout;
import org.f2fsobs.bench.tool.fio.FioReport;
import org.f2fsobs.bench.tool.fio.FioReportContext;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.kernel.block.BlockStats;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.ContentRegistry;
import org.f2fsobs.engine.sim.device.ContentSource;

/**
 * fio on the engine. Each job clone is a simulated task that lays out its file (untimed, as fio does before
 * "Starting"), then runs its I/O loop timed in virtual time: synchronous engines (psync, sync, and libaio on
 * buffered files, whose io_submit completes inline) issue each read/write in the job's task; io_uring punts
 * buffered I/O that would block (f2fs returns -EAGAIN for IOCB_NOWAIT) to an io-wq worker, and writes of one inode
 * are hashed to one worker and run serially, while fio keeps up to iodepth I/Os queued. fsync=N, fdatasync=N and
 * end_fsync are timed. The bytes written are fio's (buffers filled from the job's seed, scrambled per write).
 *
 * <p>Departures: random offsets visit every block once in a seeded order (fio's random map with a different
 * generator); io_uring reads are punted like writes; read completion latencies include the worker queue.
 */
final class FioWorkload implements Workload {
    private final FioCommand cmd;

    FioWorkload(FioCommand cmd) {
        this.cmd = cmd;
    }

    @Override
    public String tool() {
        return "fio";
    }

    private record Clone(FioJob job, int jobIndex, int cloneIndex, int threadNumber, String path, int pid) {}

    @Override
    public Outcome run(SimTask shell, Volume v, WorkloadEnv env) {
        List<Clone> clones = new ArrayList<>();
        List<FioLayout> layouts = new ArrayList<>();
        for (int j = 0; j < cmd.jobs().size(); j++) {
            FioJob job = cmd.jobs().get(j);
            for (int c = 0; c < job.numjobs(); c++) {
                String path = job.directory() != null && !job.directory().isEmpty() && !job.fileName(c).startsWith("/")
                        ? job.directory() + "/" + job.fileName(c) : job.fileName(c);
                clones.add(new Clone(job, j, c, cmd.threadNumber(j, c), path, env.nextPid()));
            }
        }
        TreeMap<String, Long> laidOut = new TreeMap<>();
        for (Clone c : clones) {
            if (layout(shell, v, env, c)) laidOut.merge(c.job.name(), c.job.size(), Long::sum);
        }
        laidOut.forEach((name, bytes) -> layouts.add(new FioLayout(name, 1, bytes)));
        long startNs = shell.nowNs();
        FioJobResult[] results = new FioJobResult[clones.size()];
        SimCompletion done = new SimCompletion(shell.sim(), "fio jobs");
        int[] left = {clones.size()};
        long totalBytes = 0;
        for (Clone c : clones) totalBytes += c.job.size() * Math.max(1, c.job.loops());
        long[] doneBytes = {0};
        long total = Math.max(1, totalBytes);
        for (int i = 0; i < clones.size(); i++) {
            int k = i;
            Clone c = clones.get(i);
            shell.sim().spawn("fio-" + c.job.name() + "." + c.cloneIndex, t -> {
                results[k] = runClone(t, v, env, c, doneBytes, total);
                if (--left[0] == 0) done.completeAll();
            });
        }
        done.await(shell);
        long endNs = shell.nowNs();

        List<FioJobResult> report = new ArrayList<>();
        boolean grouped = cmd.jobs().stream().anyMatch(FioJob::groupReporting);
        if (grouped) {
            TreeMap<Integer, List<FioJobResult>> byGroup = new TreeMap<>();
            for (FioJobResult r : results) byGroup.computeIfAbsent(r.groupId(), g -> new ArrayList<>()).add(r);
            byGroup.values().forEach(l -> report.add(FioJobResult.group(l)));
        } else {
            report.addAll(List.of(results));
        }
        BlockStats bs = v.sbi().rq.stats();
        long windowMs = Math.max(1, (endNs - startNs) / 1_000_000);
        double util = Math.min(100.0, v.sbi().rq.busyNs() / 1e6 * 100.0 / windowMs);
        List<FioDiskUtil> disks = List.of(new FioDiskUtil(diskName(v), bs.readRequests(), bs.writeRequests(),
                0, bs.merges(), 0, 0, 0, util));
        FioReportContext ctx = new FioReportContext(env.epochMillis(endNs), ZoneId.of("UTC"), layouts);
        String out = FioReport.print(cmd, report, disks, ctx);

        long readBytes = 0, writeBytes = 0, runtimeNs = 1;
        for (FioJobResult r : results) {
            readBytes += r.read().ioBytes();
            writeBytes += r.write().ioBytes();
            runtimeNs = Math.max(runtimeNs, Math.max(r.read().runtimeNs(), r.write().runtimeNs()));
        }
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("read_bandwidth", readBytes * 1e9 / runtimeNs);
        metrics.put("write_bandwidth", writeBytes * 1e9 / runtimeNs);
        metrics.put("runtime_ns", runtimeNs);
        metrics.put("jobs", clones.size());
        RunResult.Headline headline = writeBytes > 0
                ? new RunResult.Headline("write_bandwidth", writeBytes * 1e9 / runtimeNs, "bytes/s")
                : new RunResult.Headline("read_bandwidth", readBytes * 1e9 / runtimeNs, "bytes/s");
        return new Outcome(out, headline, metrics);
    }

    private static String diskName(Volume v) {
        String model = v.sbi().machine.profile().device().model();
        return model.startsWith("null_blk") ? "nullb0" : "sda";
    }

    /** fio's file layout: create; for writes fallocate to the size; for reads write the file when it is missing. */
    private boolean layout(SimTask shell, Volume v, WorkloadEnv env, Clone c) {
        String parent = c.path.contains("/") ? c.path.substring(0, c.path.lastIndexOf('/')) : "";
        if (!parent.isEmpty()) v.mkdirs(shell, parent, false);
        if (c.job.createOnOpen()) return false;     // create_on_open=1: no layout, the job creates the file when it opens it
        boolean exists = v.lookup(shell, c.path) != null;
        long size = c.job.offset() + c.job.size();
        if (exists && v.size(shell, c.path) >= size) return false;
        int fd = v.open(shell, c.path, Volume.O_CREAT | Volume.O_RDWR);
        try {
            if (c.job.rw().writes() && !c.job.rw().reads()) {
                v.fallocate(shell, fd, 0, size);
            } else {
                FileData zeros = Content.zeros(env.registry());
                for (long off = 0; off < size; off += 1 << 20) v.pwrite(shell, fd, off, Math.min(1 << 20, size - off), zeros);
                v.fsync(shell, fd);
            }
        } finally {
            v.close(shell, fd);
        }
        return true;
    }

    /**
     * In-kernel submitters for O_DIRECT async I/O: beyond the block layer's request pool (nr_requests 128, blk-mq
     * tags up to 256) deeper iodepths only queue, so at most this many I/Os of one clone reach the device at once.
     */
    private static final int MAX_DIO_SUBMITTERS = 256;

    /**
     * Who carries a clone's I/Os when fio does not wait for each: buffered io_uring I/O is punted to one io-wq worker
     * per inode; O_DIRECT through libaio or io_uring does not block the submitter, modelled as up to iodepth in-kernel
     * submitters each doing one synchronous direct I/O at a time (departure: their CPU is charged to them, not to fio).
     * Null: fio's own task does each I/O synchronously.
     */
    private static IoWorker[] workers(SimTask t, Volume v, FioJob job, String path) {
        boolean async = job.ioengine() == FioIoengine.IO_URING || job.ioengine() == FioIoengine.LIBAIO;
        if (job.ioengine() == FioIoengine.IO_URING && !job.direct()) return new IoWorker[] {new IoWorker(t, v, path + " io-wq")};
        if (!job.direct() || !async || job.iodepth() == 1) return null;
        IoWorker[] w = new IoWorker[Math.min(job.iodepth(), MAX_DIO_SUBMITTERS)];
        for (int i = 0; i < w.length; i++) w[i] = new IoWorker(t, v, path + " dio " + i);
        return w;
    }

    /** One clone's timed I/O loop. */
    private FioJobResult runClone(SimTask t, Volume v, WorkloadEnv env, Clone c, long[] doneBytes, long totalBytes) {
        FioJob job = c.job;
        FioJobResult r = FioJobResult.of(job, c.pid);
        if (job.startdelayNs() > 0) t.sleepNs(job.startdelayNs());
        int flags = Volume.O_RDWR | (job.direct() ? Volume.O_DIRECT : 0) | (job.createOnOpen() ? Volume.O_CREAT : 0);
        int fd = v.open(t, c.path, flags);
        long bs = job.bs();
        long ios = Math.max(1, job.size() / bs) * Math.max(1, job.loops());
        long[] offsets = offsets(job, ios, env.prng().fork());
        RecordedSequence seq = new RecordedSequence(ios, bs);
        FioWriteContent content = job.rw().writes() ? new FioWriteContent(job, c.threadNumber, seq, env.prng().fork().nextLong()) : null;
        int sourceId = content == null ? -1 : env.registry().register(ioSource(content, (int) (bs / 4096)));
        Prng mix = env.prng().fork();
        long cpu0 = t.cpuPs();
        long startNs = t.nowNs();
        IoWorker[] workers = workers(t, v, job, c.path);
        int depth = Math.max(1, job.ioengine().sync() || (job.ioengine() == FioIoengine.LIBAIO && !job.direct()) ? 1 : job.iodepth());
        ArrayDeque<long[]> inflight = new ArrayDeque<>();     // {index in its worker, submitNs, isWrite, bytes, worker}
        long writes = 0;
        // runtime= stops the job when it has run that long; time_based loops over the workload until then (fio's
        // "run for the duration of the runtime specified even if the file(s) are completely read or written").
        // Departure: every pass reuses the first pass's offsets (fio's random generator would go on) and the content
        // records of I/O k are overwritten by each pass (bounded memory for long runs).
        long limitNs = job.runtimeNs();
        long n = 0;
        for (; job.timeBased() || n < ios; n++) {
            if (limitNs > 0 && t.nowNs() - startNs >= limitNs) break;
            env.checkCancelled();
            long k = n % ios;                                   // the workload's k-th I/O (its pass n / ios)
            long off = offsets[(int) k];
            boolean write = job.rw().writes() && (!job.rw().reads() || mix.nextInt(100) >= job.rwmixread());
            seq.record(k, off, t.nowNs());
            v.sbi().machine.cpu(t, CpuOp.USER_IO, 1);
            long submitNs = t.nowNs();
            FileData data = write ? pages(sourceId, k, off, bs) : null;
            if (workers != null) {
                if (inflight.size() >= depth) reap(t, workers, inflight, r, depth);
                int w = (int) (n % workers.length);
                long id = workers[w].submitted();               // its place in that worker's queue
                workers[w].submit(task -> doIo(task, v, fd, off, bs, data, write));
                inflight.add(new long[] {id, submitNs, write ? 1 : 0, bs, w});
                r.ioDepth()[depthBucket(inflight.size())]++;
            } else {
                doIo(t, v, fd, off, bs, data, write);
                long clat = t.nowNs() - submitNs;
                (write ? r.write() : r.read()).addIo(bs, 0, clat, clat);
                r.ioDepth()[0]++;
            }
            if (write) {
                writes++;
                if (job.fsync() > 0 && writes % job.fsync() == 0) timedSync(t, v, fd, r, workers, inflight, depth, false);
                else if (job.fdatasync() > 0 && writes % job.fdatasync() == 0) timedSync(t, v, fd, r, workers, inflight, depth, true);
            }
            doneBytes[0] += bs;
            if ((n & 63) == 0) {
                double byTime = limitNs > 0 ? (t.nowNs() - startNs) / (double) limitNs : 0;
                env.progress(Math.min(1, job.timeBased() ? byTime : Math.max(byTime, doneBytes[0] / (double) totalBytes)));
            }
        }
        long issued = n;
        while (!inflight.isEmpty()) reap(t, workers, inflight, r, depth);
        if (job.endFsync()) timedSync(t, v, fd, r, workers, inflight, depth, false);
        long runtimeNs = Math.max(1, t.nowNs() - startNs);
        if (r.write().totalIos() > 0) r.write().runtimeNs(runtimeNs);
        if (r.read().totalIos() > 0) r.read().runtimeNs(runtimeNs);
        long cpuNs = (t.cpuPs() - cpu0) / 1000;
        if (workers != null) for (IoWorker w : workers) cpuNs += w.cpuNs();
        long usrNs = issued * v.sbi().machine.costPs(CpuOp.USER_IO) / 1000;
        r.cpu(usrNs / 1_000_000, Math.max(0, cpuNs - usrNs) / 1_000_000, runtimeNs / 1_000_000, issued + 2, 0, 30);
        r.submitComplete(issued, issued);
        if (workers != null) for (IoWorker w : workers) w.stop(t);
        v.close(t, fd);
        return r;
    }

    private static void doIo(SimTask t, Volume v, int fd, long off, long bs, FileData data, boolean write) {
        if (write) v.pwrite(t, fd, off, bs, data);
        else v.pread(t, fd, off, bs, (idx, ref, o, n) -> { });
    }

    private void timedSync(SimTask t, Volume v, int fd, FioJobResult r, IoWorker[] workers, ArrayDeque<long[]> inflight,
                           int depth, boolean data) {
        while (!inflight.isEmpty()) reap(t, workers, inflight, r, depth);
        long s = t.nowNs();
        if (data) v.fdatasync(t, fd);
        else v.fsync(t, fd);
        r.sync().add(t.nowNs() - s);
        r.ioDepth()[0]++;
    }

    /** Waits for the oldest in-flight I/O and records its latency. */
    private static void reap(SimTask t, IoWorker[] workers, ArrayDeque<long[]> inflight, FioJobResult r, int depth) {
        long[] io = inflight.pollFirst();
        long completedNs = workers[(int) io[4]].awaitCompletion(t, io[0]);
        long clat = completedNs - io[1];
        (io[2] == 1 ? r.write() : r.read()).addIo(io[3], 0, clat, clat);
    }

    private static int depthBucket(int n) {
        if (n <= 1) return 0;
        if (n <= 2) return 1;
        if (n <= 4) return 2;
        if (n <= 8) return 3;
        if (n <= 16) return 4;
        if (n <= 32) return 5;
        return 6;
    }

    /** File offsets in issue order: sequential passes, or every block once in a seeded random order. */
    private static long[] offsets(FioJob job, long ios, Prng prng) {
        long blocks = Math.max(1, job.size() / job.bs());
        long[] out = new long[(int) ios];
        for (int i = 0; i < ios; i++) out[i] = job.offset() + (i % blocks) * job.bs();
        if (job.rw().random()) {
            for (int pass = 0; pass * blocks < ios; pass++) {
                int from = (int) (pass * blocks), to = (int) Math.min(ios, from + blocks);
                for (int i = to - 1; i > from; i--) {
                    int j = from + prng.nextInt(i - from + 1);
                    long tmp = out[i];
                    out[i] = out[j];
                    out[j] = tmp;
                }
            }
        }
        return out;
    }

    /** The pages of write {@code n}: content references indexed (write, page within the write). */
    private static FileData pages(int sourceId, long n, long off, long bs) {
        long pagesPerIo = bs / 4096;
        long firstPage = off / 4096;
        return new FileData() {
            @Override
            public long pageRef(long pageIndex) {
                return ContentRegistry.ref(sourceId, n * pagesPerIo + (pageIndex - firstPage));
            }

            @Override
            public void fill(long fileOffset, byte[] dst, int o, int len) {
                throw new UnsupportedOperationException("fio writes whole pages (bs is a multiple of 4096)");
            }
        };
    }

    private static ContentSource ioSource(FioWriteContent content, int pagesPerIo) {
        return new ContentSource() {
            @Override
            public void fill(long index, byte[] dst, int off) {
                content.fillIo(index / pagesPerIo, (int) (index % pagesPerIo) * BLOCK, dst, off, BLOCK);
            }

            @Override
            public String describe() {
                return content.describe();
            }
        };
    }

    /** The writes of one clone as they happen: offsets and virtual start times, for fio's buffer scrambling. */
    private static final class RecordedSequence implements FioWriteContent.IoSequence {
        private final long[] offset;
        private final long[] start;
        private final long bs;
        private int recorded;

        RecordedSequence(long ios, long bs) {
            offset = new long[(int) ios];
            start = new long[(int) ios];
            this.bs = bs;
        }

        void record(long n, long off, long ns) {
            offset[(int) n] = off;
            start[(int) n] = ns;
            recorded = (int) Math.max(recorded, n + 1);
        }

        @Override
        public long offsetOf(long n) {
            return offset[(int) n];
        }

        @Override
        public long startTimeNs(long n) {
            return start[(int) n];
        }

        @Override
        public long lastIoAt(long fileOffset) {
            for (int n = recorded - 1; n >= 0; n--) {
                if (fileOffset >= offset[n] && fileOffset < offset[n] + bs) return n;
            }
            return -1;
        }
    }

    /**
     * An io-wq worker: runs punted I/Os of one inode serially (io_uring hashes buffered writes per inode) and
     * records when each completed.
     */
    private static final class IoWorker {
        private final ArrayDeque<java.util.function.Consumer<SimTask>> queue = new ArrayDeque<>();
        private final TreeMap<Long, Long> completed = new TreeMap<>();
        private final SimCompletion work;
        private final SimCompletion progress;
        private final SimTask task;
        private long submitted;
        private long finished;
        private boolean stopping;
        private boolean idle = true;

        IoWorker(SimTask parent, Volume v, String name) {
            this.work = new SimCompletion(parent.sim(), "io-wq work");
            this.progress = new SimCompletion(parent.sim(), "io-wq done");
            this.task = parent.sim().spawn("iou-wrk " + name, this::loop);
        }

        long submitted() {
            return submitted;
        }

        void submit(java.util.function.Consumer<SimTask> io) {
            queue.addLast(io);
            submitted++;
            if (idle) {
                idle = false;
                work.complete();
            }
        }

        private void loop(SimTask t) {
            while (true) {
                work.await(t);
                java.util.function.Consumer<SimTask> io;
                while ((io = queue.pollFirst()) != null) {
                    io.accept(t);
                    completed.put(finished++, t.nowNs());
                    // a count, not completeAll/reinit: awaitCompletion's check and its sleep are not atomic (await
                    // synchronises the clock first, and this worker may finish the I/O then), so the wake-up is kept
                    if (!progress.isDone()) progress.complete();
                }
                idle = true;
                if (stopping) return;
            }
        }

        long awaitCompletion(SimTask t, long ioIndexInOrder) {
            long want = ioIndexInOrder;
            while (true) {
                t.sync();
                Long at = completed.remove(want);
                if (at != null) return at;
                if (completed.isEmpty() && finished > want) return t.nowNs();
                progress.await(t);
            }
        }

        long cpuNs() {
            return task.cpuPs() / 1000;
        }

        void stop(SimTask t) {
            stopping = true;
            if (idle) {
                idle = false;
                work.complete();
            }
        }
    }
}
