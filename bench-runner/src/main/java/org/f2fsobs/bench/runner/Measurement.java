package org.f2fsobs.bench.runner;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.engine.f2fs.F2fsStat;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.kernel.block.BlockStats;
import org.f2fsobs.engine.sim.LockStats;
import org.f2fsobs.engine.sim.Simulation;

/**
 * The measurement window of a run: everything counted between {@link #start} and {@link #end} — the block
 * layer's requests and histograms, the file system's mechanism counters, CPU time by primitive, lock waits,
 * device busy time — so that a result's evidence covers exactly what the tool timed.
 */
final class Measurement {
    private final Volume v;
    private final Simulation sim;
    private final long startNs;
    private final F2fsStat stat0;
    private final long segReads0;
    private final long secReads0;
    private final long busyPs0;
    private final long flusher0;
    private final long flusherCalls0;
    private final long throttle0;
    private final long getRequestSleeps0;
    private final Map<String, Long> vmalloc0;

    private Measurement(Volume v) {
        this.v = v;
        this.sim = v.sim();
        v.resetBlockStats();
        sim.accounting().reset();
        sim.resetLockStats();
        this.startNs = sim.nowNs();
        this.stat0 = v.statSnapshot();
        this.segReads0 = v.segEntryReads();
        this.secReads0 = v.secEntryReads();
        this.busyPs0 = sim.busyPs();
        this.flusher0 = v.kernel().mm().bdi().pagesWrittenByFlusher();
        this.flusherCalls0 = v.kernel().mm().bdi().flusherWritepages();
        this.throttle0 = v.kernel().mm().bdi().throttleWaits();
        this.getRequestSleeps0 = v.getRequestSleeps();
        v.kernel().mm().bdi().resetPeakWriteback();
        this.vmalloc0 = v.vmallocStats();
    }

    static Measurement start(Volume v) {
        return new Measurement(v);
    }

    /** What the window saw. */
    record Window(long virtualNs, Map<String, Object> counters, Map<String, Map<String, Long>> histograms,
                  RunResult.TimeBreakdown breakdown) {}

    Window end() {
        long virtualNs = sim.nowNs() - startNs;
        BlockStats bs = v.blockStats();
        F2fsStat d = v.statSnapshot().minus(stat0);
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("seg_entry_reads", v.segEntryReads() - segReads0);
        c.put("sec_entry_reads", v.secEntryReads() - secReads0);
        c.putAll(d.toMap());
        c.putAll(vmallocCounters(v.vmallocStats(), vmalloc0));
        c.put("read_requests", bs.readRequests());
        c.put("write_requests", bs.writeRequests());
        c.put("flushes", bs.flushes());
        c.put("fua_writes", bs.fuaWrites());
        c.put("bios", bs.bios());
        c.put("request_merges", bs.merges());
        c.put("read_bytes", bs.readBytes());
        c.put("write_bytes", bs.writeBytes());
        // write amplification: bytes the device was sent to write over the bytes the system calls wrote
        c.put("write_amplification", d.userBytesWritten == 0 ? 0.0 : (double) bs.writeBytes() / d.userBytesWritten);
        c.put("peak_requests_in_flight", (long) bs.peakInFlight());
        c.put("flusher_pages_written", v.kernel().mm().bdi().pagesWrittenByFlusher() - flusher0);
        c.put("flusher_writepages_calls", v.kernel().mm().bdi().flusherWritepages() - flusherCalls0);
        c.put("peak_pages_under_writeback", v.kernel().mm().bdi().peakWriteback());
        c.put("dirty_throttle_waits", v.kernel().mm().bdi().throttleWaits() - throttle0);
        c.put("get_request_sleeps", v.getRequestSleeps() - getRequestSleeps0);
        c.put("writepages_lock_contended", v.writepagesContended());

        Map<String, Map<String, Long>> h = new LinkedHashMap<>();
        h.put("read_request_bytes", bs.readSizeHistogram());
        h.put("write_request_bytes", bs.writeSizeHistogram());

        Map<String, Long> cpu = new LinkedHashMap<>();
        long cpuTotal = 0;
        for (var e : sim.accounting().nsByName().entrySet()) {
            if (e.getValue() > 0) {
                cpu.put(e.getKey(), e.getValue());
                cpuTotal += e.getValue();
            }
        }
        TreeMap<String, Long> waits = new TreeMap<>();
        for (LockStats l : sim.lockStats()) {
            if (l.waitNs() > 0) waits.merge(baseName(l.name()), l.waitNs(), Long::sum);
        }
        long busyDevice = v.deviceBusyNs();
        long cpus = v.profile().cpu().count();
        long idle = Math.max(0, cpus * virtualNs - (sim.busyPs() - busyPs0) / 1000);
        return new Window(virtualNs, c, h, new RunResult.TimeBreakdown(busyDevice, idle, cpu, new LinkedHashMap<>(waits)));
    }

    /** "curseg_mutex[warm_data]" → "curseg_mutex[warm_data]"; per-inode locks "i_rwsem[7]" → "i_rwsem". */
    private static String baseName(String lock) {
        return lock.startsWith("i_rwsem[") ? "i_rwsem" : lock;
    }

    /**
     * The vmalloc model's counters over the window (vmap_calls, vm_map_ram_calls, vmap_area_walk_steps, vmap_purges,
     * tlb_flush_all, …): differences, except peaks, maxima and the vmap_lazy_nr gauge, which are the values at the end.
     */
    private static Map<String, Long> vmallocCounters(Map<String, Long> now, Map<String, Long> before) {
        Map<String, Long> m = new LinkedHashMap<>();
        now.forEach((k, val) -> m.put(k, k.endsWith("_max") || k.endsWith("_peak") || k.equals("vmap_lazy_nr") ? val : val - before.getOrDefault(k, 0L)));
        return m;
    }
}
