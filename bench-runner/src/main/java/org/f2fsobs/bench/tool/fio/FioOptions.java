package org.f2fsobs.bench.tool.fio;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.f2fsobs.bench.tool.OptionTable.Status;
import org.f2fsobs.bench.tool.ToolUsageException;

/**
 * fio's job options as the simulation takes them: one table, in fio's names (options.c {@code fio_options[]},
 * engines/io_uring.c), each option {@link Status#MODELLED} (it changes what the simulated fio does, as fio would),
 * {@link Status#MATCHED} (accepted: the model already is what the option asks for, see its note) or
 * {@link Status#REFUSED} (named in the error, with the reason). {@code STR_SET} flags may be given bare, everything
 * else needs a value. docs/tools.md's fio tables are {@link FioOptionTable}'s (bench-runner tools-doc writes them).
 */
final class FioOptions {

    /** How an option takes its value on the command line (fio's add_to_lopt(): STR_SET is optional_argument). */
    enum Kind { VALUE, FLAG }

    record Opt(String name, List<String> aliases, Kind kind, Status status, String note, BiConsumer<FioJob.Builder, String> apply) {}

    private static final Map<String, Opt> OPTIONS = new LinkedHashMap<>();
    private static final Map<String, String> ALIASES = new LinkedHashMap<>();

    static {
        value("name", "job name; `[section]` in a job file", (b, v) -> b.name = v);
        value("description", "printed as fio prints it (`Description  : [...]`, JSON `desc`)", (b, v) -> b.description = v);
        value("filename", "one or several files (`a:b`), on the volume (raw devices refused, docs Paths)", (b, v) -> b.filename = v);
        value("directory", "one or several directories (`a:b`): file i goes to directory i mod n", (b, v) -> b.directory = v);
        value("nrfiles", "files per job, `$jobname.$jobnum.$filenum`", (b, v) -> b.nrfiles = (int) positive("nrfiles", v, bounded("nrfiles", v, 4096)), "nr_files");
        value("openfiles", "files kept open at once: the job closes one before opening another", (b, v) -> b.openfiles = (int) bounded("openfiles", v, 4096));
        value("file_service_type", "`roundrobin[:N]`, `sequential`, `random[:N]`: which file the next I/O goes to", FioOptions::fileService);
        value("size", "bytes per job (all its files); required", (b, v) -> b.size = positive("size", v, FioValues.size("size", v, b.kbBase)));
        value("filesize", "each file's size (then size = filesize × files when size is not given)", (b, v) -> b.filesize = positive("filesize", v, FioValues.size("filesize", v, b.kbBase)));
        value("io_size", "bytes of I/O to do, looping over the files' range", (b, v) -> b.ioSize = positive("io_size", v, FioValues.size("io_size", v, b.kbBase)), "io_limit");
        value("offset", "start of the I/O range in each file", (b, v) -> b.offset = FioValues.size("offset", v, b.kbBase), "fileoffset");
        value("bs", "per direction (`bs=4k,64k`); whole 4 KiB pages", (b, v) -> b.bsizes = FioValues.perDdir("bs", v, b.bsizes,
                x -> FioBlockSizes.fixed(positive("bs", x, FioValues.size("bs", x, b.kbBase)))), "blocksize");
        value("bsrange", "random multiples of the minimum in min-max (`bs_unaligned=0`)", (b, v) -> b.bsizes = FioValues.perDdir("bsrange", v,
                b.bsizes, x -> FioValues.range("bsrange", x, b.kbBase)), "blocksize_range");
        value("bssplit", "`4k/50:64k/50`, per direction with commas (reads,writes): each I/O's size drawn by percentage", (b, v) -> b.bsizes = FioValues.perDdir("bssplit", v,
                b.bsizes, x -> FioValues.bssplit(x, b.kbBase)));
        value("ba", "offset alignment of random I/O", (b, v) -> b.ba = positive("ba", v, FioValues.size("ba", v, b.kbBase)), "blockalign");
        value("rw", "read, write, randread, randwrite, rw/readwrite, randrw, with `:N` (sequential: N bytes skipped after each I/O; random: N I/Os per new offset)", FioOptions::rw, "readwrite");
        value("rwmixread", "% reads of rw/randrw", (b, v) -> b.rwmixread = percent("rwmixread", v));
        value("rwmixwrite", "% writes of rw/randrw", (b, v) -> b.rwmixread = 100 - percent("rwmixwrite", v));
        flag("norandommap", "random offsets may repeat (no random map): fewer distinct blocks", (b, v) -> b.norandommap = flagValue("norandommap", v));
        value("random_distribution", "random, zipf:θ, pareto:h, normal:σ/gauss, zoned:…, zoned_abs:… (non-uniform implies norandommap)",
                (b, v) -> {
                    b.distribution = FioDistribution.parse(v, b.kbBase);
                    if (b.distribution.kind() != FioDistribution.Kind.RANDOM) b.norandommap = true;
                });
        value("ioengine", "psync, sync, libaio, io_uring, posixaio", (b, v) -> b.ioengine = FioIoengine.parse(v));
        value("iodepth", "async engines keep this many queued (buffered libaio completes inside io_submit)", (b, v) -> b.iodepth = (int) positive("iodepth", v, bounded("iodepth", v, 65536)));
        value("numjobs", "one simulated task per clone", (b, v) -> b.numjobs = (int) positive("numjobs", v, bounded("numjobs", v, 4096)));
        flag("thread", "clones are threads (\"Starting 2 threads\")", (b, v) -> b.thread = flagValue("thread", v));
        matched("threads", "the tiobench profile's option (fio accepts it everywhere; without profile=tiobench it does nothing but appear in the JSON job options)", (b, v) -> FioValues.integer("threads", v));
        value("direct", "O_DIRECT", (b, v) -> b.direct = FioValues.bool("direct", v));
        value("buffered", "the inverse of direct", (b, v) -> b.direct = !FioValues.bool("buffered", v));
        value("sync", "`sync`/1 = O_SYNC, `dsync` = O_DSYNC, `none`/0", FioOptions::sync);
        value("fsync", "fsync before the write after every N writes (none after the last, as fio: N−1 for N writes)", (b, v) -> b.fsync = FioValues.integer("fsync", v));
        value("fdatasync", "as fsync", (b, v) -> b.fdatasync = FioValues.integer("fdatasync", v));
        value("end_fsync", "fsync when the job's I/O ends, timed", (b, v) -> b.endFsync = FioValues.bool("end_fsync", v));
        value("invalidate", "default 1: the file's clean cached pages are dropped before the job (POSIX_FADV_DONTNEED)", (b, v) -> b.invalidate = FioValues.bool("invalidate", v));
        value("overwrite", "write jobs lay the file out by writing it, so the job overwrites it", (b, v) -> b.overwrite = FioValues.bool("overwrite", v));
        value("fallocate", "native (default)/posix/1 reserve blocks, keep (FALLOC_FL_KEEP_SIZE), none/0, truncate (ftruncate only)", FioOptions::fallocate);
        value("fill_device", "write until ENOSPC (size = the volume's free space when not given)", (b, v) -> b.fillDevice = FioValues.bool("fill_device", v), "fill_fs");
        value("create_on_open", "no layout; the file is created when the job opens it", (b, v) -> b.createOnOpen = FioValues.bool("create_on_open", v));
        value("runtime", "stops a job that has run that long", (b, v) -> b.runtimeNs = FioValues.timeNs("runtime", v, true), "timeout");
        flag("time_based", "loops over the workload until runtime", (b, v) -> b.timeBased = flagValue("time_based", v));
        value("ramp_time", "I/O for this long before the statistics start (and before runtime counts)", (b, v) -> b.rampTimeNs = FioValues.timeNs("ramp_time", v, true));
        value("loops", "passes over the workload", (b, v) -> b.loops = positive("loops", v, FioValues.integer("loops", v)));
        value("startdelay", "the clone sleeps that long before it starts", (b, v) -> b.startdelayNs = FioValues.timeNs("startdelay", v, true));
        flag("stonewall", "waits for the jobs before it to end; starts a new reporting group", (b, v) -> {
            b.stonewall = flagValue("stonewall", v);
            if (b.stonewall) b.newGroup = true;
        }, "wait_for_previous");
        flag("new_group", "starts a new reporting group", (b, v) -> b.newGroup = flagValue("new_group", v));
        flag("group_reporting", "one report per group", (b, v) -> b.groupReporting = flagValue("group_reporting", v));
        value("rate", "bytes/s cap per direction (`rate=10m`, `rate=,5m`): the job sleeps as fio's usec_for_io", (b, v) -> FioValues.perDdirLong("rate", v, b.rate, x -> FioValues.size("rate", x, b.kbBase)));
        value("rate_iops", "I/Os per second cap per direction", (b, v) -> FioValues.perDdirLong("rate_iops", v, b.rateIops, x -> FioValues.integer("rate_iops", x)));
        value("ratemin", "after 2 s, a ratecycle below this bandwidth ends the job with EIO (`rate_min=…B/s not met`)", (b, v) -> FioValues.perDdirLong("ratemin", v, b.rateMin, x -> FioValues.size("ratemin", x, b.kbBase)), "rate_min");
        value("rate_iops_min", "as ratemin, in I/Os per second", (b, v) -> FioValues.perDdirLong("rate_iops_min", v, b.rateIopsMin, x -> FioValues.integer("rate_iops_min", x)));
        value("rate_cycle", "ratemin's window (ms, default 1000)", (b, v) -> b.ratecycleMs = positive("rate_cycle", v, FioValues.integer("rate_cycle", v)), "ratecycle");
        value("randrepeat", "seeds of the buffers (and offsets) repeat from run to run", (b, v) -> b.randrepeat = FioValues.bool("randrepeat", v));
        value("randseed", "the buffers' seed", (b, v) -> {
            b.randseed = FioValues.integer("randseed", v);
            b.randseedSet = true;
        });
        flag("refill_buffers", "the bytes written follow fio's buffer rules", (b, v) -> b.refillBuffers = flagValue("refill_buffers", v));
        value("scramble_buffers", "small_content_scramble of each write", (b, v) -> b.scrambleBuffers = FioValues.bool("scramble_buffers", v));
        flag("zero_buffers", "writes are zeros", (b, v) -> {
            b.zeroBuffers = flagValue("zero_buffers", v);
            b.zeroBuffersSet = true;
        });
        matched("buffer_compress_percentage", "0 only: fio's default (incompressible random buffers), which the model writes; other values refused", (b, v) -> {
            if (FioValues.integer("buffer_compress_percentage", v) != 0) {
                throw new ToolUsageException("fio", "buffer_compress_percentage=" + v,
                        "fio: buffer_compress_percentage=" + v + " is not supported by the simulation (only 0); "
                                + "fio's default random buffers are modelled");
            }
        });
        value("verify", "md5, crc32c, crc32, crc64, crc16, crc7, sha1, sha256, sha512, xxhash, meta, pattern, null: after the writes the job reads every block back (do_verify); reported as reads", FioOptions::verify);
        value("verify_pattern", "the write buffers are the pattern (hex `0x…` or a quoted string); implies verify=pattern", FioOptions::verifyPattern);
        value("do_verify", "0: write the verify data without the read-back", (b, v) -> b.doVerify = FioValues.bool("do_verify", v));
        matched("verify_fatal", "the read-back never finds a bad block in the model (it reads what was written), so this changes only the job options", (b, v) -> b.verifyFatal = FioValues.bool("verify_fatal", v));
        value("clat_percentiles", "completion-latency percentiles (default 1)", (b, v) -> b.clatPercentiles = FioValues.bool("clat_percentiles", v));
        value("lat_percentiles", "total-latency percentiles (`lat percentiles`, JSON lat_ns.percentile)", (b, v) -> b.latPercentiles = FioValues.bool("lat_percentiles", v));
        value("gtod_reduce", "no latency, percentile or bandwidth measurement (disable_lat/clat/slat/bw)", (b, v) -> {
            b.gtodReduce = FioValues.bool("gtod_reduce", v);
            if (b.gtodReduce) {
                b.clatPercentiles = false;
                b.latPercentiles = false;
            }
        });
        value("write_bw_log", "NAME_bw.N.log with fio's columns (time ms, KiB/s, direction, bs, offset)", (b, v) -> b.bwLog = logName(v, b.name));
        value("write_lat_log", "NAME_lat/clat/slat.N.log (ns)", (b, v) -> b.latLog = logName(v, b.name));
        value("write_iops_log", "NAME_iops.N.log", (b, v) -> b.iopsLog = logName(v, b.name));
        value("log_avg_msec", "average the logs over this window (0: one line per I/O)", (b, v) -> b.logAvgMsec = FioValues.integer("log_avg_msec", v));
        value("bwavgtime", "bandwidth sample window (ms, default 500)", (b, v) -> b.bwAvgMs = positive("bwavgtime", v, FioValues.integer("bwavgtime", v)));
        value("iopsavgtime", "IOPS sample window (ms, default 500)", (b, v) -> b.iopsAvgMs = positive("iopsavgtime", v, FioValues.integer("iopsavgtime", v)));
        matchedFlag("registerfiles", "io_uring: the model charges no separate fget/fput per I/O (it is inside the system call cost), so registered files change nothing it measures", (b, v) -> b.registerfiles = flagValue("registerfiles", v));
        matchedFlag("fixedbufs", "io_uring: the model charges no page pinning per direct I/O, so registered buffers change nothing it measures", (b, v) -> b.fixedbufs = flagValue("fixedbufs", v));
        flag("sqthread_poll", "io_uring: a kernel thread polls the SQ; fio makes no io_uring_enter to submit", (b, v) -> b.sqthreadPoll = flagValue("sqthread_poll", v));
        flag("hipri", "io_uring IOPOLL: fio spins on the CPU for its completions (needs direct=1)", (b, v) -> b.hipri = flagValue("hipri", v));
        matchedFlag("nowait", "io_uring RWF_NOWAIT with direct=1: the model's direct I/O never has to wait for a lock or an allocation it could refuse with EAGAIN; buffered nowait=1 is refused (f2fs returns EAGAIN and fio stops the job)", (b, v) -> b.nowait = flagValue("nowait", v));
        matched("force_async", "io_uring IOSQE_ASYNC: the model already carries io_uring I/O in workers (io-wq for buffered, in-kernel submitters for direct)", (b, v) -> b.forceAsync = FioValues.integer("force_async", v));
        put(new Opt("uncached", List.of(), Kind.FLAG, Status.REFUSED, "1 is refused: fio sets RWF_UNCACHED (0x40), which no mainline "
                + "kernel has (6.x reads 0x40 as RWF_ATOMIC: EOPNOTSUPP on buffered I/O); 0 is the default", (b, v) -> b.uncached = flagValue("uncached", v)));
        value("kb_base", "size parsing (1024 or 1000)", (b, v) -> {
            if (!v.equals("1024") && !v.equals("1000")) throw FioValues.usage("kb_base", v, "allowed: 1024, 1000");
            b.kbBase = Integer.parseInt(v);
        });
        refused("include", "job files only: `include FILE` is refused (the job file must be whole)");
        refused("zonemode", "zoned block devices are not simulated");
        refused("trim_percentage", "trim workloads are not simulated");
        refused("profile", "fio's built-in profiles (tiobench, act) are not simulated");
        refused("exitall", "not simulated");
        refused("iodepth_batch", "the batch sizes are fio's defaults (submit 1, complete 1) in the model");
        refused("cpus_allowed", "CPU affinity is not simulated");
    }

    private FioOptions() {}

    private static void value(String name, String note, BiConsumer<FioJob.Builder, String> apply, String... aliases) {
        put(new Opt(name, List.of(aliases), Kind.VALUE, Status.MODELLED, note, apply));
    }

    private static void flag(String name, String note, BiConsumer<FioJob.Builder, String> apply, String... aliases) {
        put(new Opt(name, List.of(aliases), Kind.FLAG, Status.MODELLED, note, apply));
    }

    private static void matched(String name, String note, BiConsumer<FioJob.Builder, String> apply) {
        put(new Opt(name, List.of(), Kind.VALUE, Status.MATCHED, note, apply));
    }

    private static void matchedFlag(String name, String note, BiConsumer<FioJob.Builder, String> apply) {
        put(new Opt(name, List.of(), Kind.FLAG, Status.MATCHED, note, apply));
    }

    private static void refused(String name, String why) {
        put(new Opt(name, List.of(), Kind.VALUE, Status.REFUSED, why, (b, v) -> {
            throw new ToolUsageException("fio", name, "fio: option " + name + " is not supported by the simulation: " + why);
        }));
    }

    private static void put(Opt o) {
        OPTIONS.put(o.name(), o);
        for (String a : o.aliases()) ALIASES.put(a, o.name());
    }

    /** The option named {@code name} (or an alias of it), or null. */
    static Opt find(String name) {
        return OPTIONS.get(ALIASES.getOrDefault(name, name));
    }

    /** Applies {@code name=value} ({@code value} null for a bare flag) and records it in the section's list. */
    static void apply(FioJob.Builder b, Opt o, String value) {
        if (value == null && o.kind() == Kind.VALUE && o.status() != Status.REFUSED) {
            throw new ToolUsageException("fio", o.name(), "fio: option " + o.name() + " requires an argument (" + o.name() + "=VALUE)");
        }
        o.apply().accept(b, value);
        b.jobOptions.put(o.name(), value);
    }

    /** Every option of the table, canonical names. */
    static List<Opt> all() {
        return List.copyOf(OPTIONS.values());
    }

    private static void rw(FioJob.Builder b, String v) {
        int colon = v.indexOf(':');
        b.rw = FioRw.parse(colon < 0 ? v : v.substring(0, colon));
        b.rwSeqNr = 0;
        if (colon >= 0) {
            String n = v.substring(colon + 1);
            b.rwSeqNr = b.rw.random() ? positive("rw", v, FioValues.integer("rw", n)) : FioValues.size("rw", n, b.kbBase);
        }
    }

    private static void fileService(FioJob.Builder b, String v) {
        int colon = v.indexOf(':');
        String t = colon < 0 ? v : v.substring(0, colon);
        b.fileService = switch (t) {
            case "roundrobin" -> FioJob.FileService.ROUNDROBIN;
            case "sequential" -> FioJob.FileService.SEQUENTIAL;
            case "random" -> FioJob.FileService.RANDOM;
            case "zipf", "pareto", "normal", "gauss" -> throw FioValues.usage("file_service_type", v, "the " + t
                    + " file service distribution is not simulated; use roundrobin, sequential or random");
            default -> throw FioValues.usage("file_service_type", v, "allowed: roundrobin, sequential, random");
        };
        b.fileServiceNr = colon < 0 ? 1 : (int) positive("file_service_type", v, bounded("file_service_type", v.substring(colon + 1), 1 << 20));
    }

    private static void sync(FioJob.Builder b, String v) {
        b.syncIo = switch (v.trim()) {
            case "0", "none" -> FioJob.SyncIo.NONE;
            case "1", "sync" -> FioJob.SyncIo.SYNC;
            case "dsync" -> FioJob.SyncIo.DSYNC;
            default -> throw FioValues.usage("sync", v, "allowed: none, 0, sync, 1, dsync");
        };
    }

    private static void fallocate(FioJob.Builder b, String v) {
        b.fallocate = switch (v.trim()) {
            case "none", "0" -> FioJob.Fallocate.NONE;
            case "native" -> FioJob.Fallocate.NATIVE;
            case "posix", "1" -> FioJob.Fallocate.POSIX;
            case "keep" -> FioJob.Fallocate.KEEP;
            case "truncate" -> FioJob.Fallocate.TRUNCATE;
            default -> throw FioValues.usage("fallocate", v, "allowed: none, native, posix, keep, truncate, 0, 1");
        };
    }

    private static final List<String> VERIFY = List.of("md5", "crc64", "crc32c", "crc32c-intel", "crc32", "crc16", "crc7",
            "sha1", "sha256", "sha512", "sha3-224", "sha3-256", "sha3-384", "sha3-512", "xxhash", "meta", "pattern", "null");

    private static void verify(FioJob.Builder b, String v) {
        String t = v.trim();
        if (t.equals("0") || t.equals("none")) b.verify = "0";
        else if (VERIFY.contains(t)) b.verify = t;
        else throw FioValues.usage("verify", v, "allowed: 0, " + String.join(", ", VERIFY));
    }

    private static void verifyPattern(FioJob.Builder b, String v) {
        b.verifyPattern = FioValues.pattern("verify_pattern", v);
        if (b.verify.equals("0")) b.verify = "pattern";               // str_verify_pattern_cb: verify=pattern unless set
    }

    /** write_*_log's file name prefix: the value, or the job name when the option is given without one (fio). */
    private static String logName(String v, String job) {
        return v == null || v.isBlank() || v.equals("1") ? job : v.trim();
    }

    /** The known option closest to {@code name}, for "did you mean" hints (fio's string_distance()). */
    static String closest(String name) {
        String best = null;
        int bestD = Integer.MAX_VALUE;
        for (String k : OPTIONS.keySet()) {
            if (OPTIONS.get(k).status() == Status.REFUSED) continue;
            {
            int d = distance(name, k);
            if (d < bestD) {
                bestD = d;
                best = k;
            }
            }
        }
        return bestD <= Math.max(2, name.length() / 3) ? best : null;
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int c = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + c);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    private static boolean flagValue(String name, String v) {
        return v == null || FioValues.integer(name, v) != 0;
    }

    private static long positive(String name, String v, long n) {
        if (n <= 0) {
            throw new ToolUsageException("fio", name + "=" + v,
                    "fio: failed parsing " + name + "=" + v + ": min value out of range: " + n + " (1 min)");
        }
        return n;
    }

    private static long bounded(String name, String v, long max) {
        long n = FioValues.integer(name, v);
        if (n > max) {
            throw new ToolUsageException("fio", name + "=" + v,
                    "fio: failed parsing " + name + "=" + v + ": max value out of range: " + n + " (" + max + " max)");
        }
        return n;
    }

    private static int percent(String name, String v) {
        return (int) bounded(name, v, 100);
    }
}
