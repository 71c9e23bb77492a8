package org.f2fsobs.bench.runner;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.tool.fio.FioCommand;
import org.f2fsobs.bench.tool.fio.FioDiskUtil;
import org.f2fsobs.bench.tool.fio.FioJob;
import org.f2fsobs.bench.tool.fio.FioJobResult;
import org.f2fsobs.bench.tool.fio.FioLayout;
import org.f2fsobs.bench.tool.fio.FioReport;
import org.f2fsobs.bench.tool.fio.FioReportContext;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.kernel.block.BlockStats;
import org.f2fsobs.engine.sim.SimCompletion;
import org.f2fsobs.engine.sim.SimTask;

/**
 * fio on the engine. Each job clone is a simulated task ({@link FioCloneRun}) that runs its I/O loop timed in virtual
 * time; before "Starting" every clone's files are laid out (untimed, filesetup.c setup_files/extend_file: fallocate
 * per {@code fallocate=}, ftruncate to the size, and for read jobs or {@code overwrite=1} the file written, then the
 * laid-out range's cache dropped). Jobs run together, except that a {@code stonewall} job waits for every job before
 * it (backend.c run_threads). After the run fio's report is printed (or written to {@code --output}), and the
 * write_*_log files are written to the volume (untimed, as fio writes them after the jobs end).
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

    /** One clone: its job, fio's thread number, its files on the volume and its pid. */
    record Clone(FioJob job, int jobIndex, int cloneIndex, int threadNumber, List<String> paths, int pid, long sizeBytes) {}

    @Override
    public Outcome run(SimTask shell, Volume v, WorkloadEnv env) {
        List<Clone> clones = new ArrayList<>();
        for (int j = 0; j < cmd.jobs().size(); j++) {
            FioJob job = cmd.jobs().get(j);
            for (int c = 0; c < job.numjobs(); c++) {
                List<String> paths = new ArrayList<>();
                for (int f = 0; f < job.files(); f++) paths.add(job.fileName(c, f));
                long size = job.fillDevice() && job.size() == 0 ? freeBytes(v) : job.size();
                clones.add(new Clone(job, j, c, cmd.threadNumber(j, c), paths, env.nextPid(), size));
            }
        }
        TreeMap<String, long[]> laidOut = new TreeMap<>();
        for (Clone c : clones) {
            int files = layout(shell, v, env, c);
            // filesetup.c: extend_size adds io_size + file_offset per file laid out
            if (files > 0) laidOut.merge(c.job.name(), new long[] {files, (long) files * (c.job.offset() + fileSize(c))}, (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
        }
        List<FioLayout> layouts = new ArrayList<>();
        laidOut.forEach((name, n) -> layouts.add(new FioLayout(name, (int) n[0], n[1])));
        long startNs = shell.nowNs();
        FioCloneRun[] runs = new FioCloneRun[clones.size()];
        long total = 0;
        for (Clone c : clones) total += FioIoPlan.totalBytes(c.job);
        long[] progress = {0, Math.max(1, total)};
        int from = 0;
        while (from < clones.size()) {                           // waves: a stonewall job waits for all before it
            int to = from + 1;
            while (to < clones.size() && !(clones.get(to).job.stonewall() && clones.get(to).cloneIndex == 0)) to++;
            runWave(shell, v, env, clones, runs, from, to, progress);
            from = to;
        }
        long endNs = shell.nowNs();
        return outcome(shell, v, env, clones, runs, layouts, startNs, endNs);
    }

    private void runWave(SimTask shell, Volume v, WorkloadEnv env, List<Clone> clones, FioCloneRun[] runs, int from, int to,
                         long[] progress) {
        SimCompletion done = new SimCompletion(shell.sim(), "fio jobs");
        int[] left = {to - from};
        for (int i = from; i < to; i++) {
            int k = i;
            Clone c = clones.get(i);
            runs[k] = new FioCloneRun(c, v, env, progress);
            shell.sim().spawn("fio-" + c.job.name() + "." + c.cloneIndex, t -> {
                runs[k].run(t);
                if (--left[0] == 0) done.completeAll();
            });
        }
        done.await(shell);
    }

    private Outcome outcome(SimTask shell, Volume v, WorkloadEnv env, List<Clone> clones, FioCloneRun[] runs,
                            List<FioLayout> layouts, long startNs, long endNs) {
        List<FioJobResult> results = new ArrayList<>();
        for (FioCloneRun r : runs) results.add(r.result());
        List<FioJobResult> report = new ArrayList<>();
        boolean grouped = cmd.jobs().stream().anyMatch(FioJob::groupReporting);
        if (grouped) {
            TreeMap<Integer, List<FioJobResult>> byGroup = new TreeMap<>();
            for (FioJobResult r : results) byGroup.computeIfAbsent(r.groupId(), g -> new ArrayList<>()).add(r);
            byGroup.values().forEach(l -> report.add(FioJobResult.group(l)));
        } else {
            report.addAll(results);
        }
        BlockStats bs = v.blockStats();
        long windowMs = Math.max(1, (endNs - startNs) / 1_000_000);
        double util = Math.min(100.0, v.deviceBusyNs() / 1e6 * 100.0 / windowMs);
        long rt = bs.readTicksNs() / 1_000_000, wt = bs.writeTicksNs() / 1_000_000;
        List<FioDiskUtil> disks = List.of(new FioDiskUtil(diskName(v), bs.readRequests(), bs.writeRequests(),
                bs.readMerges(), bs.writeMerges(), rt, wt, rt + wt, util));
        FioReportContext ctx = new FioReportContext(env.epochMillis(endNs), ZoneId.of("UTC"), layouts);
        StringBuilder notes = new StringBuilder();
        for (FioCloneRun r : runs) notes.append(r.messages());
        String out = FioReport.print(cmd, report, disks, ctx);
        Map<String, String> files = new LinkedHashMap<>();
        for (int i = 0; i < runs.length; i++) {
            for (String[] f : runs[i].logFiles()) files.put(f[0], f[1]);
        }
        if (cmd.outputFile() != null) files.put(cmd.outputFile(), out);
        for (Map.Entry<String, String> f : files.entrySet()) writeFile(shell, v, env, f.getKey(), f.getValue());
        String stdout = cmd.outputFile() != null ? notes.toString() : insertNotes(out, notes.toString());

        long readBytes = 0, writeBytes = 0, runtimeNs = 1, opens = 0;
        for (FioJobResult r : results) {
            readBytes += r.read().ioBytes();
            writeBytes += r.write().ioBytes();
            runtimeNs = Math.max(runtimeNs, Math.max(r.read().runtimeNs(), r.write().runtimeNs()));
        }
        for (FioCloneRun r : runs) opens += r.opens();
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("read_bandwidth", readBytes * 1e9 / runtimeNs);
        metrics.put("write_bandwidth", writeBytes * 1e9 / runtimeNs);
        metrics.put("runtime_ns", runtimeNs);
        metrics.put("jobs", clones.size());
        metrics.put("file_opens", opens);
        if (!files.isEmpty()) {
            Map<String, Object> written = new LinkedHashMap<>();
            files.forEach((p, text) -> written.put(p, text.length() <= 65536 ? text : text.length() + " bytes"));
            metrics.put("files_written", written);
        }
        RunResult.Headline headline = writeBytes > 0
                ? new RunResult.Headline("write_bandwidth", writeBytes * 1e9 / runtimeNs, "bytes/s")
                : new RunResult.Headline("read_bandwidth", readBytes * 1e9 / runtimeNs, "bytes/s");
        return new Outcome(stdout, headline, metrics);
    }

    /** fio's run-time messages (log_err, e.g. "rate_min not met") come before the report, after "Starting". */
    private static String insertNotes(String out, String notes) {
        if (notes.isEmpty()) return out;
        int at = out.indexOf("\n\n");
        return at < 0 ? notes + out : out.substring(0, at + 1) + notes + out.substring(at + 1);
    }

    private static void writeFile(SimTask t, Volume v, WorkloadEnv env, String path, String text) {
        int slash = path.lastIndexOf('/');
        if (slash > 0) v.mkdirs(t, path.substring(0, slash), false);
        int fd = v.open(t, path, Volume.O_CREAT | Volume.O_WRONLY | Volume.O_TRUNC);
        try {
            byte[] b = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            if (b.length > 0) v.pwrite(t, fd, 0, b.length, ScriptShell.bytes(env.registry(), text, 0));
        } finally {
            v.close(t, fd);
        }
    }

    private static String diskName(Volume v) {
        String model = v.profile().device().model();
        return model.startsWith("null_blk") ? "nullb0" : "sda";
    }

    /** statvfs's free bytes: free sections of the main area (fill_device without size). */
    private static long freeBytes(Volume v) {
        return v.freeSectionBytes();
    }

    static long fileSize(Clone c) {
        return c.job.fillDevice() && c.job.size() == 0 ? c.sizeBytes / c.paths.size() : c.job.fileSize();
    }

    /**
     * filesetup.c setup_files()/extend_file() for each of the clone's files: create; unless it is already big
     * enough: fallocate per fallocate= (none/truncate: none), ftruncate to the size, and for a job that reads or
     * overwrite=1 write it whole and fsync; then the range's cache is dropped (__file_invalidate_cache). Returns how
     * many files it laid out.
     */
    private int layout(SimTask shell, Volume v, WorkloadEnv env, Clone c) {
        if (c.job.createOnOpen()) return 0;     // create_on_open=1: no layout, the job creates the file when it opens it
        long size = c.job.offset() + fileSize(c);
        if (c.job.fillDevice()) return 0;       // fill_device: the job writes until ENOSPC, nothing to lay out
        int n = 0;
        for (String path : c.paths) {
            String parent = path.contains("/") ? path.substring(0, path.lastIndexOf('/')) : "";
            if (!parent.isEmpty()) v.mkdirs(shell, parent, false);
            boolean exists = v.lookup(shell, path) != null;
            if (exists && v.size(shell, path) >= size) continue;
            n++;
            int fd = v.open(shell, path, Volume.O_CREAT | Volume.O_RDWR);
            try {
                boolean writeOnly = c.job.rw().writes() && !c.job.rw().reads();
                if (c.job.fallocate() != FioJob.Fallocate.NONE && c.job.fallocate() != FioJob.Fallocate.TRUNCATE) {
                    v.fallocate(shell, fd, 0, size);      // keep + the ftruncate below: the same blocks and size
                } else {
                    v.ftruncate(shell, fd, size);
                }
                if (!writeOnly || c.job.overwrite()) {
                    FileData zeros = Content.zeros(env.registry());
                    for (long off = 0; off < size; off += 1 << 20) v.pwrite(shell, fd, off, Math.min(1 << 20, size - off), zeros);
                    v.fsync(shell, fd);
                    v.fadvise(shell, fd, Volume.Fadvise.DONTNEED);   // fallocate/ftruncate alone cache no pages
                }
            } catch (F2fsException e) {
                throw new Execution.RunInputException("fio: laying out " + path + ": " + e.getMessage());
            } finally {
                v.close(shell, fd);
            }
        }
        return n;
    }
}
