package org.f2fsobs.bench.runner;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.tool.IoStat;
import org.f2fsobs.bench.tool.content.FioWriteContent;
import org.f2fsobs.bench.tool.fio.FioIoengine;
import org.f2fsobs.bench.tool.fio.FioJob;
import org.f2fsobs.bench.tool.fio.FioJobResult;
import org.f2fsobs.bench.tool.fio.FioSamples;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.ContentRegistry;
import org.f2fsobs.engine.sim.device.ContentSource;

/**
 * One fio clone's timed run (backend.c thread_main/do_io/do_verify). Files are opened as td_io_open_file() does
 * (O_DIRECT, O_SYNC/O_DSYNC per sync=, the fadvise_hint POSIX_FADV_RANDOM/SEQUENTIAL, then
 * POSIX_FADV_DONTNEED when invalidate=1), at most openfiles at once. Each I/O comes from {@link FioIoPlan}; rate=
 * and rate_iops= sleep until the I/O is due; fsync=N/fdatasync=N issue the sync when the next I/O is fetched
 * (io_u.c get_rw_ddir: none after the last write). Synchronous engines (psync, sync) do each I/O in the job's task;
 * libaio on buffered files completes inside io_submit, but fio keeps iodepth io_us queued and reaps one at a time
 * (iodepth_batch_complete 1), so the depth is iodepth and clat includes the queueing; O_DIRECT through libaio or
 * io_uring is carried by in-kernel submitters, buffered io_uring by one io-wq worker per inode, posixaio by glibc's
 * helper thread of the file descriptor. ramp_time I/O is not counted. A verify= write job then reads every block
 * back (fio_io_sync, cache invalidated) and reports those reads.
 */
final class FioCloneRun {
    /** Steps of a polled completion (hipri): the task spins on the CPU this long per poll of the CQ. */
    private static final long POLL_NS = 1_000;
    private static final int MAX_DIO_SUBMITTERS = 256;

    private final FioWorkload.Clone c;
    private final FioJob job;
    private final Volume v;
    private final WorkloadEnv env;
    private final long[] progress;
    private final FioJobResult r;
    private final StringBuilder messages = new StringBuilder();
    private FioSamples samples;
    private final int[] fds;
    private final ArrayDeque<Integer> openOrder = new ArrayDeque<>();
    private long opens;
    private FioIoWorker[] workers;
    private final ArrayDeque<long[]> inflight = new ArrayDeque<>();   // {index in worker, submitNs, write, bytes, worker, slat}
    private int depth;
    private long measureFromNs;
    private long startNs;
    private final long[] issuedBytes = new long[2];
    private final long[] issuedIos = new long[2];
    private final long[] rateCheckBytes = new long[2];
    private final long[] rateCheckIos = new long[2];
    private long rateCheckNs;
    private boolean rateFailed;
    private final List<long[]> written = new ArrayList<>();        // {file, offset, len} for verify

    FioCloneRun(FioWorkload.Clone c, Volume v, WorkloadEnv env, long[] progress) {
        this.c = c;
        this.job = c.job();
        this.v = v;
        this.env = env;
        this.progress = progress;
        this.r = FioJobResult.of(job, c.pid());
        this.fds = new int[c.paths().size()];
        java.util.Arrays.fill(fds, -1);
    }

    FioJobResult result() { return r; }
    long opens() { return opens; }
    String messages() { return messages.toString(); }
    List<String[]> logFiles() { return samples == null ? List.of() : samples.logFiles(c.threadNumber()); }

    void run(SimTask t) {
        if (job.startdelayNs() > 0) t.sleepNs(job.startdelayNs());
        Prng prng = env.prng().fork();
        FioIoPlan plan = new FioIoPlan(job, prng);
        long totalBytes = c.sizeBytes() != job.size() ? c.sizeBytes() : FioIoPlan.totalBytes(job);
        long minBs = Math.min(job.blockSizes(0).min(), job.blockSizes(1).min());
        if (!job.rw().random() && job.rwSeqNr() > 0) totalBytes = totalBytes / (minBs + job.rwSeqNr()) * minBs;  // holes: one pass
        long slots = Math.max(1, Math.min(1 << 22, totalBytes / Math.max(4096, Math.min(job.blockSizes(0).min(), job.blockSizes(1).min()))));
        RecordedSequence seq = new RecordedSequence(slots);
        int sourceId = -1;
        if (job.rw().writes()) {
            ContentSource src = job.verifyPattern() != null ? patternSource(job.verifyPattern(), job.maxBs())
                    : ioSource(new FioWriteContent(job, c.threadNumber(), seq, env.prng().fork().nextLong()), (int) (job.maxBs() / 4096));
            sourceId = env.registry().register(src);
        }
        for (int f = 0; f < Math.min(fds.length, job.openfiles()); f++) open(t, f);   // before td->start, as thread_main
        long cpu0 = t.cpuPs();
        startNs = t.nowNs();
        measureFromNs = startNs + job.rampTimeNs();
        rateCheckNs = startNs;
        samples = new FioSamples(job, measureFromNs, new IoStat[] {r.read().bw(), r.write().bw()},
                new IoStat[] {r.read().iops(), r.write().iops()});
        setUpCarriers(t);
        long limitNs = job.runtimeNs() > 0 ? job.rampTimeNs() + job.runtimeNs() : 0;
        long done = 0, writes = 0, n = 0;
        boolean lastWasSync = false, ramped = job.rampTimeNs() == 0;
        while (job.timeBased() || done < totalBytes) {
            if (limitNs > 0 && t.nowNs() - startNs >= limitNs) break;
            if (rateFailed) break;
            env.checkCancelled();
            if (!ramped && t.nowNs() >= measureFromNs) {              // ramp over: counters start from zero
                ramped = true;
                done = 0;
            }
            if (!lastWasSync && writes > 0 && (job.fsync() > 0 && writes % job.fsync() == 0
                    || job.fdatasync() > 0 && writes % job.fdatasync() == 0)) {
                timedSync(t, fds[0] >= 0 ? fds[0] : open(t, 0), job.fdatasync() > 0);
                lastWasSync = true;
                continue;
            }
            FioIoPlan.Io io = plan.next();
            int fd = fds[io.file()] >= 0 ? fds[io.file()] : open(t, io.file());
            rateWait(t, io.write() ? 1 : 0);
            long k = n % slots;
            seq.record(k, io.offset(), io.len(), t.nowNs());
            FileData data = io.write() ? pages(sourceId, k, io.offset(), job.maxBs()) : null;
            try {
                issue(t, fd, io.offset(), io.len(), data, io.write(), n);
            } catch (F2fsException e) {
                if (job.fillDevice() && e.errno().equals("ENOSPC")) break;   // fill_device: ENOSPC ends the job
                throw e;
            }
            lastWasSync = false;
            if (io.write()) {
                writes++;
                if (!job.verify().equals("0")) written.add(new long[] {io.file(), io.offset(), io.len()});
            }
            done += io.len();
            progress[0] += io.len();
            if ((n & 63) == 0) {
                double byTime = limitNs > 0 ? (t.nowNs() - startNs) / (double) limitNs : 0;
                env.progress(Math.min(1, job.timeBased() ? byTime : Math.max(byTime, progress[0] / (double) progress[1])));
            }
            n++;
        }
        drain(t);
        if (job.endFsync()) timedSync(t, fds[0] >= 0 ? fds[0] : open(t, 0), false);
        long ioEndNs = t.nowNs();
        if (!job.verify().equals("0") && job.doVerify() && !rateFailed) verify(t);
        finish(t, cpu0, n, ioEndNs);
    }

    private void setUpCarriers(SimTask t) {
        FioIoengine e = job.ioengine();
        String name = c.paths().get(0);
        if (e == FioIoengine.IO_URING && !job.direct()) {
            workers = new FioIoWorker[] {new FioIoWorker(t, v, name + " io-wq")};
        } else if (e == FioIoengine.POSIXAIO) {
            workers = new FioIoWorker[c.paths().size()];
            for (int i = 0; i < workers.length; i++) workers[i] = new FioIoWorker(t, v, c.paths().get(i) + " aio");
        } else if (job.direct() && (e == FioIoengine.IO_URING || e == FioIoengine.LIBAIO) && job.iodepth() > 1) {
            workers = new FioIoWorker[Math.min(job.iodepth(), MAX_DIO_SUBMITTERS)];
            for (int i = 0; i < workers.length; i++) workers[i] = new FioIoWorker(t, v, name + " dio " + i);
        }
        depth = e.sync() ? 1 : job.iodepth();
    }

    /** Opens file {@code f}, closing the oldest open one when openfiles are open (filesetup.c get_next_file). */
    private int open(SimTask t, int f) {
        if (openOrder.size() >= job.openfiles()) {
            while (!inflight.isEmpty()) reap(t);
            int old = openOrder.pollFirst();
            v.close(t, fds[old]);
            fds[old] = -1;
        }
        int flags = Volume.O_RDWR | (job.direct() ? Volume.O_DIRECT : 0) | (job.createOnOpen() || job.fillDevice() ? Volume.O_CREAT : 0)
                | (job.syncIo() == FioJob.SyncIo.SYNC ? Volume.O_SYNC : job.syncIo() == FioJob.SyncIo.DSYNC ? Volume.O_DSYNC : 0);
        String path = c.paths().get(f);
        int slash = path.lastIndexOf('/');
        if (job.fillDevice() && slash > 0) v.mkdirs(t, path.substring(0, slash), false);
        int fd = v.open(t, path, flags);
        v.fadvise(t, fd, job.rw().random() ? Volume.Fadvise.RANDOM : Volume.Fadvise.SEQUENTIAL);   // fadvise_hint=1
        if (job.invalidate()) v.fadvise(t, fd, Volume.Fadvise.DONTNEED);
        fds[f] = fd;
        openOrder.addLast(f);
        opens++;
        return fd;
    }

    /** rate=/rate_iops=: sleeps until this direction's next I/O is due (backend.c usec_for_io). */
    private void rateWait(SimTask t, int d) {
        long dueNs = startNs;
        if (job.rate(d) > 0) dueNs = Math.max(dueNs, startNs + (long) (issuedBytes[d] * 1e9 / job.rate(d)));
        if (job.rateIops(d) > 0) dueNs = Math.max(dueNs, startNs + (long) (issuedIos[d] * 1e9 / job.rateIops(d)));
        if (dueNs > t.nowNs()) t.sleepNs(dueNs - t.nowNs());
        issuedIos[d]++;
    }

    private void issue(SimTask t, int fd, long off, long len, FileData data, boolean write, long n) {
        int d = write ? 1 : 0;
        issuedBytes[d] += len;
        v.chargeCpu(t, CpuOp.USER_IO, 1);
        long startIo = t.nowNs();
        if (workers != null) {
            if (inflight.size() >= depth) reap(t);
            if (!job.sqthreadPoll() && job.ioengine() != FioIoengine.POSIXAIO) v.chargeCpu(t, CpuOp.SYSCALL, 1);
            long slat = t.nowNs() - startIo;
            int w = job.ioengine() == FioIoengine.POSIXAIO ? (int) (java.util.Arrays.asList(box(fds)).indexOf(fd) % workers.length)
                    : (int) (n % workers.length);
            long id = workers[w].submitted();
            workers[w].submit(task -> doIo(task, fd, off, len, data, write));
            inflight.add(new long[] {id, t.nowNs(), d, len, w, slat});
            markDepth(inflight.size());
            r.ioSubmit()[1]++;
        } else if (job.ioengine() == FioIoengine.LIBAIO && !job.direct()) {
            if (inflight.size() >= depth) reap(t);
            long submit = t.nowNs();
            doIo(t, fd, off, len, data, write);                      // io_submit does the buffered I/O inline
            inflight.add(new long[] {-1, startIo, d, len, -1, t.nowNs() - submit});
            markDepth(inflight.size());
            r.ioSubmit()[1]++;
        } else {
            doIo(t, fd, off, len, data, write);
            long clat = t.nowNs() - startIo;
            completed(t, d, len, -1, clat, clat);
            r.ioDepth()[0]++;
            r.ioSubmit()[1]++;
            r.ioComplete()[1]++;
        }
    }

    private static Integer[] box(int[] a) {
        Integer[] b = new Integer[a.length];
        for (int i = 0; i < a.length; i++) b[i] = a[i];
        return b;
    }

    /** io_u.c io_u_mark_depth(): 1, 2–3, 4–7, 8–15, 16–31, 32–63, ≥64. */
    private void markDepth(int cur) {
        int idx = cur >= 64 ? 6 : 31 - Integer.numberOfLeadingZeros(Math.max(1, cur));
        r.ioDepth()[idx]++;
    }

    private void doIo(SimTask t, int fd, long off, long len, FileData data, boolean write) {
        if (write) v.pwrite(t, fd, off, len, data);
        else v.pread(t, fd, off, len, (idx, ref, o, x) -> { });
    }

    /** Waits for the oldest queued I/O and records it (one event per getevents call). */
    private void reap(SimTask t) {
        r.ioComplete()[1]++;
        reapOne(t);
    }

    /**
     * backend.c at the end of do_io/do_verify: io_u_queued_complete(td, td->cur_depth), one getevents for all the
     * queued I/Os, so the complete map counts one event of that many (io_u.c __io_u_mark_map).
     */
    private void drain(SimTask t) {
        int nr = inflight.size();
        if (nr == 0) return;
        while (!inflight.isEmpty()) reapOne(t);
        r.ioComplete()[nr > 64 ? 6 : nr > 32 ? 5 : nr > 16 ? 4 : nr > 8 ? 3 : nr > 4 ? 2 : 1]++;
    }

    private void reapOne(SimTask t) {
        long[] io = inflight.pollFirst();
        long doneNs = io[4] < 0 ? t.nowNs() : workers[(int) io[4]].awaitCompletion(t, io[0],
                job.hipri() ? POLL_NS : 0, v.cpuAccount(CpuOp.SYSCALL));
        long clat = Math.max(0, doneNs - io[1]);
        completed(t, (int) io[2], io[3], io[5], clat, clat + io[5]);
    }

    private void completed(SimTask t, int d, long len, long slat, long clat, long lat) {
        long now = t.nowNs();
        if (now < measureFromNs) return;                            // ramp_time: not counted
        var ds = d == 1 ? r.write() : r.read();
        if (job.gtodReduce()) ds.ioBytes(ds.ioBytes() + len).totalIos(ds.totalIos() + 1);
        else ds.addIo(len, job.ioengine().sync() ? -1 : slat, clat, lat);
        samples.io(d, len, now, slat, clat, lat);
        checkMinRate(now, d, len);
    }

    /** backend.c __check_min_rate(): after 2 s, each ratecycle's rate must reach ratemin / rate_iops_min. */
    private void checkMinRate(long now, int d, long len) {
        rateCheckBytes[d] += len;
        rateCheckIos[d]++;
        if (job.rateMin(d) == 0 && job.rateIopsMin(d) == 0 || now - startNs < 2_000_000_000L) return;
        long spentMs = (now - rateCheckNs) / 1_000_000;
        if (spentMs < job.ratecycleMs()) return;
        long bps = rateCheckBytes[d] * 1000 / spentMs, iops = rateCheckIos[d] * 1000 / spentMs;
        if (job.rateMin(d) > 0 && bps < job.rateMin(d)) {
            messages.append(job.name()).append(": rate_min=").append(job.rateMin(d)).append("B/s not met, got ").append(bps).append("B/s\n");
            rateFailed = true;
        } else if (job.rateMin(d) == 0 && iops < job.rateIopsMin(d)) {
            messages.append(job.name()).append(": rate_iops_min=").append(job.rateIopsMin(d)).append(" not met, got ").append(iops).append(" IOPS\n");
            rateFailed = true;
        }
        if (rateFailed) r.error(5);                                  // td_verror(td, EIO, "check_min_rate")
        rateCheckBytes[d] = 0;
        rateCheckIos[d] = 0;
        rateCheckNs = now;
    }

    private void timedSync(SimTask t, int fd, boolean data) {
        while (!inflight.isEmpty()) reap(t);
        long s = t.nowNs();
        if (data) v.fdatasync(t, fd);
        else v.fsync(t, fd);
        if (t.nowNs() >= measureFromNs) r.sync().add(t.nowNs() - s);
        r.ioDepth()[0]++;
    }

    /** backend.c do_verify(): sync and invalidate, then read every written block back (sorted by offset when random). */
    private void verify(SimTask t) {
        for (int f = 0; f < fds.length; f++) {
            int fd = fds[f] >= 0 ? fds[f] : open(t, f);
            v.fsync(t, fd);
            v.fadvise(t, fd, Volume.Fadvise.DONTNEED);
        }
        if (job.rw().random()) written.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        long n = 0;
        for (long[] w : written) {
            int fd = fds[(int) w[0]] >= 0 ? fds[(int) w[0]] : open(t, (int) w[0]);
            issue(t, fd, w[1], w[2], null, false, n++);
        }
        drain(t);
    }

    private void finish(SimTask t, long cpu0, long issued, long ioEndNs) {
        long runtimeNs = Math.max(1, t.nowNs() - measureFromNs);
        if (r.write().totalIos() > 0) r.write().runtimeNs(Math.max(1, ioEndNs - measureFromNs));
        if (r.read().totalIos() > 0) r.read().runtimeNs(runtimeNs);
        long cpuNs = (t.cpuPs() - cpu0) / 1000;
        if (workers != null) for (FioIoWorker w : workers) cpuNs += w.cpuNs();
        long usrNs = issued * v.cpuCostPs(CpuOp.USER_IO) / 1000;
        r.cpu(usrNs / 1_000_000, Math.max(0, cpuNs - usrNs) / 1_000_000, runtimeNs / 1_000_000, issued + 2, 0, 30);
        r.submitComplete(r.ioSubmit()[1], java.util.Arrays.stream(r.ioComplete()).sum());
        if (workers != null) for (FioIoWorker w : workers) w.stop(t);
        for (int f = 0; f < fds.length; f++) if (fds[f] >= 0) v.close(t, fds[f]);
    }

    /** The pages of write {@code n}: content references indexed (write, page within the write). */
    private static FileData pages(int sourceId, long n, long off, long maxBs) {
        long pagesPerIo = maxBs / 4096;
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

    /** verify_pattern: every write buffer is the pattern repeated from its first byte (fill_verify_pattern). */
    private static ContentSource patternSource(byte[] pattern, long maxBs) {
        long pagesPerIo = maxBs / 4096;
        return new ContentSource() {
            @Override
            public void fill(long index, byte[] dst, int off) {
                long base = (index % pagesPerIo) * BLOCK;
                for (int i = 0; i < BLOCK; i++) dst[off + i] = pattern[(int) ((base + i) % pattern.length)];
            }

            @Override
            public String describe() {
                return "fio verify_pattern (" + pattern.length + " bytes)";
            }
        };
    }

    /** The writes of one clone as they happen: offsets, lengths and virtual start times, for fio's buffer scrambling. */
    private static final class RecordedSequence implements FioWriteContent.IoSequence {
        private final long[] offset;
        private final long[] length;
        private final long[] start;
        private int recorded;

        RecordedSequence(long slots) {
            offset = new long[(int) slots];
            length = new long[(int) slots];
            start = new long[(int) slots];
        }

        void record(long n, long off, long len, long ns) {
            offset[(int) n] = off;
            length[(int) n] = len;
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
                if (fileOffset >= offset[n] && fileOffset < offset[n] + length[n]) return n;
            }
            return -1;
        }
    }
}
