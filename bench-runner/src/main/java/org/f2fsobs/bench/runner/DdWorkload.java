package org.f2fsobs.bench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.tool.content.UrandomContent;
import org.f2fsobs.bench.tool.dd.DdJob;
import org.f2fsobs.bench.tool.dd.DdReport;
import org.f2fsobs.bench.tool.dd.DdResult;
import org.f2fsobs.bench.tool.dispatch.VolumePaths;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.platform.CpuOp;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.ContentRegistry;

/**
 * dd on the engine: one task reading ibs-sized blocks from the input (/dev/zero, /dev/urandom — a seeded stream, see
 * {@link UrandomContent} —, /dev/null, which ends at once, or a file on the volume through the page cache) and writing them to the output (a file with the requested oflag/conv, or /dev/null and /dev/zero,
 * which discard). conv=fsync/fdatasync is timed, as dd does it before printing. What is written to a file is
 * exactly what was read: zeros, or the source file's content references.
 */
final class DdWorkload implements Workload {
    private final DdJob job;

    DdWorkload(DdJob job) {
        this.job = job;
    }

    @Override
    public String tool() {
        return "dd";
    }

    private static boolean isDevice(String path) {
        return path == null || VolumePaths.SPECIAL_FILES.contains(path);
    }

    @Override
    public Outcome run(SimTask t, Volume v, WorkloadEnv env) {
        if (job.inputFile() == null) throw new F2fsException("EINVAL", "dd: reading standard input is not simulated (give if=)");
        if (job.outputFile() == null) throw new F2fsException("EINVAL", "dd: writing standard output is not simulated (give of=)");
        boolean fromZero = VolumePaths.DEV_ZERO.equals(job.inputFile());
        boolean fromRandom = VolumePaths.DEV_URANDOM.equals(job.inputFile());
        boolean fromNull = VolumePaths.DEV_NULL.equals(job.inputFile());
        boolean fromDevice = fromZero || fromRandom || fromNull;
        boolean toDevice = isDevice(job.outputFile());
        int in = fromDevice ? -1 : v.open(t, job.inputFile(), Volume.O_RDONLY | (job.iDirect() ? Volume.O_DIRECT : 0));
        int out = -1;
        if (!toDevice) {
            String path = job.outputFile();
            if (path.contains("/")) v.mkdirs(t, path.substring(0, path.lastIndexOf('/')), false);
            int flags = Volume.O_CREAT | Volume.O_WRONLY | (job.notrunc() || job.seek() > 0 ? 0 : Volume.O_TRUNC)
                    | (job.oSync() ? Volume.O_SYNC : 0) | (job.oDsync() ? Volume.O_DSYNC : 0) | (job.oDirect() ? Volume.O_DIRECT : 0);
            out = v.open(t, path, flags);
            // GNU dd: without conv=notrunc, seek= keeps what lies before the seek point and cuts the rest
            if (!job.notrunc() && job.seek() > 0 && v.openFile(out).inode.isize > job.seekBytes()) v.ftruncate(t, out, job.seekBytes());
        }
        long ibs = job.ibs();
        long inPos = job.skipBytes();
        long outPos = job.seekBytes();
        long limit = job.countBytes();           // -1: until end of input
        long inSize = fromNull ? 0 : fromDevice ? Long.MAX_VALUE : v.openFile(in).inode.isize;
        long total = limit >= 0 ? limit : Math.max(0, inSize - inPos);
        long startNs = t.nowNs();
        long bytes = 0;
        long full = 0, partial = 0;
        FileData zeros = Content.zeros(env.registry());
        FileData random = fromRandom ? Content.byOffset(env.registry(), new UrandomContent(env.prng().nextLong())) : null;
        boolean progress = job.status().equals("progress");
        long nextNs = startNs + 1_000_000_000L;              // dd.c: next_time = start_time + XTIME_PRECISION
        List<DdResult.Progress> reports = new ArrayList<>();
        while (limit < 0 || bytes < limit) {
            env.checkCancelled();
            if (progress && t.nowNs() >= nextNs) {            // dd_copy: one report per check, next_time += 1 s
                reports.add(new DdResult.Progress(t.nowNs() - startNs, bytes));
                nextNs += 1_000_000_000L;
            }
            long want = limit < 0 ? ibs : Math.min(ibs, limit - bytes);
            long got;
            FileData data;
            if (fromZero) {
                v.chargeCpu(t, CpuOp.SYSCALL, 1);
                v.chargeCpu(t, CpuOp.MEMSET_BYTE, want);      // clear_user of the user buffer
                got = want;
                data = zeros;
            } else if (fromRandom) {
                v.chargeCpu(t, CpuOp.SYSCALL, 1);
                v.chargeCpu(t, CpuOp.URANDOM_BYTE, want);     // get_random_bytes_user: ChaCha20 blocks
                v.chargeCpu(t, CpuOp.COPY_USER_BYTE, want);   // and their copy_to_user
                got = want;
                data = random;                                         // the stream, keyed by the output offset
            } else if (fromNull) {
                v.chargeCpu(t, CpuOp.SYSCALL, 1);             // read(2) of /dev/null: end of file at once
                got = 0;
                data = zeros;
            } else {
                long[] refs = new long[(int) ((want + 4095) / 4096) + 1];
                long base = inPos;
                got = v.pread(t, in, inPos, want, (idx, ref, o, n) -> refs[(int) (idx - base / 4096)] = ref);
                data = copyOf(env.registry(), refs, base, outPos);
            }
            if (got <= 0) break;
            if (got == ibs) full++;
            else partial++;
            if (!toDevice) {
                v.pwrite(t, out, outPos, got, data);
            } else {
                v.chargeCpu(t, CpuOp.SYSCALL, 1);           // write(2) to /dev/null or /dev/zero discards
            }
            bytes += got;
            inPos += got;
            outPos += got;
            if ((full & 15) == 0) env.progress(total == 0 ? 1 : bytes / (double) total);
            if (got < want) break;
        }
        if (out >= 0) {
            if (job.fsync()) v.fsync(t, out);
            else if (job.fdatasync()) v.fdatasync(t, out);
        }
        long elapsedNs = Math.max(1, t.nowNs() - startNs);
        if (in >= 0) v.close(t, in);
        if (out >= 0) v.close(t, out);
        DdResult r = new DdResult(full, partial, full, partial, bytes, elapsedNs, reports);
        String text = DdReport.print(job, r);
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("bytes", bytes);
        metrics.put("elapsed_ns", elapsedNs);
        return new Outcome(text, new RunResult.Headline("bandwidth", bytes * 1e9 / elapsedNs, "bytes/s"), metrics);
    }

    /**
     * The content of a block read from a file, to be written at {@code outPos}: output byte {@code outPos + k} is input
     * byte {@code inPos + k}. Whole pages at the same offset within a page keep their references; any other page is
     * built from the input's bytes (dd's 512-byte default blocks, skip= and seek= in sectors).
     */
    private static FileData copyOf(ContentRegistry registry, long[] refs, long inPos, long outPos) {
        long inFirst = inPos / 4096;
        long shift = inPos - outPos;
        return new FileData() {
            @Override
            public long pageRef(long pageIndex) {
                if ((shift & 4095) == 0) return ref((pageIndex * 4096 + shift) / 4096);
                byte[] page = new byte[4096];
                fill(pageIndex * 4096, page, 0, 4096);
                return registry.literal(page, 0, 4096);
            }

            @Override
            public void fill(long fileOffset, byte[] dst, int off, int len) {
                long cached = -1;
                byte[] src = null;
                for (int k = 0; k < len; k++) {
                    long in = fileOffset + k + shift;
                    if (in / 4096 != cached) {
                        cached = in / 4096;
                        long r = ref(cached);
                        src = r == ContentRegistry.NONE ? new byte[4096] : registry.bytes(r);
                    }
                    dst[off + k] = src[(int) (in & 4095)];
                }
            }

            private long ref(long inPage) {
                long r = refs[(int) (inPage - inFirst)];
                return r == ContentRegistry.NONE ? registry.zeroRef() : r;
            }
        };
    }
}
