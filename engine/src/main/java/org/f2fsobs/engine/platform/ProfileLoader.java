package org.f2fsobs.engine.platform;

import java.io.IOException;
import java.io.InputStream;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a profile file ({@code profiles/NAME.json} on the class path, or any JSON text). Every leaf is
 * {@code {"value": …, "source": "…"}}, and a numeric leaf also carries its sourced range ({@code low}, {@code high},
 * {@code low_source}, {@code high_source}, {@code assumption}, {@code basis}, and where the nominal was picked among
 * candidates {@code candidates}, {@code candidate_sources}, {@code rule}: {@link ProfileRanges},
 * {@code docs/profile-sources.md} §0); a missing key, an unknown key, a wrong type, an empty source, a value out of
 * its limits or its range, or a nominal its rule does not give is a {@link ProfileException} naming the key.
 */
public final class ProfileLoader {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final String file;
    private final Set<String> overridden;
    private final ProfileRanges ranges;
    private final Map<String, Sourced> constants = new LinkedHashMap<>();

    private ProfileLoader(String file, Set<String> overridden) {
        this.file = file;
        this.overridden = overridden;
        this.ranges = new ProfileRanges(file);
    }

    public static Profile fromResource(String name) {
        return fromResource(name, new java.util.TreeMap<>());
    }

    /**
     * A shipped profile with some numeric constants set to other values ({@code cpu.costs_ps.seg_entry_read} →
     * 280): the same checks apply to an overridden value as to the file's, and its source says it was overridden.
     */
    public static Profile fromResource(String name, Map<String, Long> overrides) {
        return parse(name + ".json", resourceText(name), overrides);
    }

    /** Texts of the profile resources read so far: each file is read once, every load parses a fresh Profile from it. */
    private static final Map<String, String> TEXTS = new java.util.TreeMap<>();

    /**
     * The text of {@code profiles/NAME.json}, read from the class path the first time it is asked for (a shipped profile
     * is asked for when {@link Profiles} loads, before any request is served: no file is read on a server's event loop).
     */
    static String resourceText(String name) {
        synchronized (TEXTS) {
            String text = TEXTS.get(name);
            if (text != null) return text;
            String path = "profiles/" + name + ".json";
            try (InputStream in = ProfileLoader.class.getClassLoader().getResourceAsStream(path)) {
                if (in == null) throw new ProfileException("unknown profile '" + name + "' (known: " + Profiles.names() + ")");
                text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new ProfileException("cannot read profile " + path + ": " + e.getMessage());
            }
            TEXTS.put(name, text);
            return text;
        }
    }

    public static Profile parse(String file, String json) {
        return parse(file, json, new java.util.TreeMap<>());
    }

    public static Profile parse(String file, String json, Map<String, Long> overrides) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JacksonException e) {
            throw new ProfileException(file + ": not valid JSON: " + e.getOriginalMessage());
        }
        for (Map.Entry<String, Long> o : new java.util.TreeMap<>(overrides).entrySet()) override(file, root, o.getKey(), o.getValue());
        return new ProfileLoader(file, new TreeSet<>(overrides.keySet())).build(root);
    }

    /** Sets the value of the numeric constant at {@code key} (dotted path) in the profile tree. */
    private static void override(String file, JsonNode root, String key, long value) {
        JsonNode n = root;
        for (String part : key.split("\\.", -1)) {
            n = n == null || part.isEmpty() ? null : n.get(part);
        }
        if (n == null || !n.isObject() || !n.has("value")) {
            throw new ProfileException(file + ": --profile-set " + key + ": no such constant");
        }
        if (!n.get("value").isIntegralNumber()) {
            throw new ProfileException(file + ": --profile-set " + key + ": not a numeric constant (structural choices are not overridden)");
        }
        ObjectNode leaf = (ObjectNode) n;
        String was = leaf.get("value").toString() + " — " + leaf.path("source").asString("");
        String outside = leaf.has("low") && leaf.has("high") && (value < leaf.get("low").asLong() || value > leaf.get("high").asLong())
                ? "; outside the sourced range [" + leaf.get("low").asLong() + ", " + leaf.get("high").asLong() + "] (a what-if)" : "";
        leaf.put("value", value);
        leaf.put("source", "override (--profile-set " + key + "=" + value + ")" + outside + "; the profile's value: " + was);
    }

    private Profile build(JsonNode root) {
        expectKeys(root, "", keys("name", "title", "description", "userland", "cpu", "memory", "device", "tunables", "kernel"));
        String name = text(root, "name");
        String title = text(root, "title");
        String description = text(root, "description");
        String userland = str(root, "userland", "userland", keys("gnu", "toybox"));

        JsonNode cpu = obj(root, "cpu", "cpu");
        expectKeys(cpu, "cpu.", keys("count", "clock_mhz", "context_switch_ns", "slice_ns", "wake_jitter_mean_ns", "costs_ps"));
        JsonNode costs = obj(cpu, "costs_ps", "cpu.costs_ps");
        Map<CpuOp, Long> costsPs = new EnumMap<>(CpuOp.class);
        Set<String> knownOps = new TreeSet<>();
        for (CpuOp op : CpuOp.values()) {
            knownOps.add(op.key());
            costsPs.put(op, num(costs, op.key(), "cpu.costs_ps." + op.key(), 0, 10_000_000_000L));
        }
        expectKeys(costs, "cpu.costs_ps.", knownOps);
        CpuSpec cpuSpec = new CpuSpec(
                (int) num(cpu, "count", "cpu.count", 1, 1024),
                (int) num(cpu, "clock_mhz", "cpu.clock_mhz", 100, 10_000),
                num(cpu, "context_switch_ns", "cpu.context_switch_ns", 0, 1_000_000),
                num(cpu, "slice_ns", "cpu.slice_ns", 1_000, 1_000_000_000),
                num(cpu, "wake_jitter_mean_ns", "cpu.wake_jitter_mean_ns", 0, 1_000_000), costsPs);

        JsonNode mem = obj(root, "memory", "memory");
        expectKeys(mem, "memory.", keys("total_bytes", "available_bytes", "dirtyable_bytes", "free_bytes", "active_file_bytes",
                "inactive_file_bytes", "reserve_bytes"));
        long memoryBytes = num(mem, "total_bytes", "memory.total_bytes", 64L << 20, 1L << 42);
        LruStart lruStart = lruStart(mem, memoryBytes);
        long availableBytes, dirtyableBytes;
        if (lruStart != null) {
            // what the split gives at the start: the cache a streaming reader/writer can take before reclaim touches the
            // active list (free − reserve + inactive), and global_dirtyable_memory
            availableBytes = (lruStart.freePages() - Math.min(lruStart.freePages(), lruStart.reservePages())
                    + lruStart.inactiveFilePages()) * 4096;
            dirtyableBytes = lruStart.dirtyablePages() * 4096;
        } else {
            availableBytes = num(mem, "available_bytes", "memory.available_bytes", 16L << 20, memoryBytes);
            dirtyableBytes = mem.has("dirtyable_bytes")
                    ? num(mem, "dirtyable_bytes", "memory.dirtyable_bytes", 16L << 20, memoryBytes) : availableBytes;
        }

        DeviceSpec device = device(obj(root, "device", "device"));

        JsonNode tun = obj(root, "tunables", "tunables");
        expectKeys(tun, "tunables.", keys("read_ahead_kb", "dirty_background_ratio", "dirty_ratio",
                "dirty_expire_centisecs", "dirty_writeback_centisecs"));
        Tunables tunables = new Tunables(
                (int) num(tun, "read_ahead_kb", "tunables.read_ahead_kb", 4, 65_536),
                (int) num(tun, "dirty_background_ratio", "tunables.dirty_background_ratio", 1, 100),
                (int) num(tun, "dirty_ratio", "tunables.dirty_ratio", 1, 100),
                (int) num(tun, "dirty_expire_centisecs", "tunables.dirty_expire_centisecs", 1, 1_000_000),
                (int) num(tun, "dirty_writeback_centisecs", "tunables.dirty_writeback_centisecs", 0, 1_000_000));
        if (tunables.dirtyBackgroundRatio() > tunables.dirtyRatio()) {
            throw new ProfileException(file + ": tunables.dirty_background_ratio must not exceed tunables.dirty_ratio");
        }

        JsonNode k = obj(root, "kernel", "kernel");
        expectKeys(k, "kernel.", keys("version", "vmalloc", "decompress_context", "f2fs", "vmalloc_users"));
        KernelSpec kernel = new KernelSpec(str(k, "version", "kernel.version", null),
                str(k, "vmalloc", "kernel.vmalloc", keys("list_walk_sync_purge", "rbtree_deferred_purge")),
                str(k, "decompress_context", "kernel.decompress_context", keys("workqueue", "completion")),
                k.has("f2fs") ? str(k, "f2fs", "kernel.f2fs", keys("2018", "2020", "6.14")) : "6.14",   // absent: 6.14
                k.has("vmalloc_users") ? vmallocUsers(obj(k, "vmalloc_users", "kernel.vmalloc_users")) : KernelSpec.VmallocUsers.NONE);

        return new Profile(name, title, description, userland, cpuSpec, memoryBytes, availableBytes, dirtyableBytes, device,
                tunables, kernel, constants, lruStart);
    }

    private KernelSpec.VmallocUsers vmallocUsers(JsonNode u) {
        String p = "kernel.vmalloc_users.";
        expectKeys(u, p, keys("threads", "binder_procs", "boot_kthreads", "restarted_procs"));
        try {
            return new KernelSpec.VmallocUsers((int) num(u, "threads", p + "threads", 0, 1_000_000),
                    (int) num(u, "binder_procs", p + "binder_procs", 0, 100_000),
                    (int) num(u, "boot_kthreads", p + "boot_kthreads", 0, 100_000),
                    (int) num(u, "restarted_procs", p + "restarted_procs", 0, 100_000));
        } catch (IllegalArgumentException e) {
            throw new ProfileException(file + ": " + e.getMessage());
        }
    }

    private DeviceSpec device(JsonNode d) {
        expectKeys(d, "device.", keys("model", "capacity_bytes", "queue_depth", "max_sectors_kb", "read_latency_ns",
                "write_latency_ns", "read_bandwidth_bytes_per_s", "write_bandwidth_bytes_per_s", "command_overhead_ns",
                "flush_ns", "fua_ns", "reliable_write_ns", "volatile_cache", "latency_jitter_mean_ns", "scheduler", "cfq",
                "submit_in_caller_context", "nr_requests"));
        String scheduler = str(d, "scheduler", "device.scheduler", keys("none", "cfq"));
        DeviceSpec.CfqTunables cfq = null;
        if (d.has("cfq")) {
            JsonNode c = obj(d, "cfq", "device.cfq");
            expectKeys(c, "device.cfq.", keys("quantum", "slice_sync_ns", "slice_async_ns", "slice_idle_ns",
                    "fifo_expire_sync_ns", "fifo_expire_async_ns", "target_latency_ns"));
            cfq = new DeviceSpec.CfqTunables(
                    (int) num(c, "quantum", "device.cfq.quantum", 1, 1024),
                    num(c, "slice_sync_ns", "device.cfq.slice_sync_ns", 1, 10_000_000_000L),
                    num(c, "slice_async_ns", "device.cfq.slice_async_ns", 1, 10_000_000_000L),
                    num(c, "slice_idle_ns", "device.cfq.slice_idle_ns", 0, 10_000_000_000L),
                    num(c, "fifo_expire_sync_ns", "device.cfq.fifo_expire_sync_ns", 1, 10_000_000_000L),
                    num(c, "fifo_expire_async_ns", "device.cfq.fifo_expire_async_ns", 1, 10_000_000_000L),
                    num(c, "target_latency_ns", "device.cfq.target_latency_ns", 1, 10_000_000_000L));
        } else if (scheduler.equals("cfq")) {
            throw new ProfileException(file + ": device.cfq is required when device.scheduler is cfq");
        }
        int maxSectorsKb = (int) num(d, "max_sectors_kb", "device.max_sectors_kb", 4, 65_536);
        if (maxSectorsKb % 4 != 0) throw new ProfileException(file + ": device.max_sectors_kb must be a multiple of 4");
        long fuaNs = num(d, "fua_ns", "device.fua_ns", 0, 10_000_000_000L);
        long reliableWriteNs = num(d, "reliable_write_ns", "device.reliable_write_ns", 0, 10_000_000_000L);
        if (fuaNs > 0 && reliableWriteNs > 0) {
            throw new ProfileException(file + ": device.fua_ns and device.reliable_write_ns are exclusive (an eMMC serves"
                    + " REQ_FUA as a reliable write, other devices write it through their cache); set one to 0");
        }
        return new DeviceSpec(
                str(d, "model", "device.model", null),
                num(d, "capacity_bytes", "device.capacity_bytes", 64L << 20, 1L << 50),
                (int) num(d, "queue_depth", "device.queue_depth", 1, 65_536),
                maxSectorsKb,
                num(d, "read_latency_ns", "device.read_latency_ns", 0, 1_000_000_000),
                num(d, "write_latency_ns", "device.write_latency_ns", 0, 1_000_000_000),
                num(d, "read_bandwidth_bytes_per_s", "device.read_bandwidth_bytes_per_s", 1_000_000, 1L << 42),
                num(d, "write_bandwidth_bytes_per_s", "device.write_bandwidth_bytes_per_s", 1_000_000, 1L << 42),
                num(d, "command_overhead_ns", "device.command_overhead_ns", 0, 1_000_000_000),
                num(d, "flush_ns", "device.flush_ns", 0, 10_000_000_000L),
                fuaNs, reliableWriteNs,
                bool(d, "volatile_cache", "device.volatile_cache"),
                num(d, "latency_jitter_mean_ns", "device.latency_jitter_mean_ns", 0, 1_000_000_000),
                scheduler, cfq,
                bool(d, "submit_in_caller_context", "device.submit_in_caller_context"),
                d.has("nr_requests") ? (int) num(d, "nr_requests", "device.nr_requests", 4, 65_536) : 0);
    }

    // ------------------------------------------------------------------ leaf readers

    private JsonNode leaf(JsonNode parent, String key, String path) {
        JsonNode n = parent.get(key);
        if (n == null) throw new ProfileException(file + ": missing key " + path);
        if (!n.isObject() || !n.has("value") || !n.has("source")) {
            throw new ProfileException(file + ": " + path + " must be {\"value\": …, \"source\": \"…\"}");
        }
        for (String k : new TreeSet<>(n.propertyNames())) {
            if (!k.equals("value") && !k.equals("source") && !ProfileRanges.RANGE_KEYS.contains(k)) {
                throw new ProfileException(file + ": unknown key " + path + "." + k);
            }
        }
        if (n.get("source").asString("").isBlank()) throw new ProfileException(file + ": " + path + " has an empty source");
        return n;
    }

    /** memory.free_bytes, active_file_bytes, inactive_file_bytes, reserve_bytes: all four or none, not with available_bytes. */
    private LruStart lruStart(JsonNode mem, long memoryBytes) {
        String[] split = {"free_bytes", "active_file_bytes", "inactive_file_bytes", "reserve_bytes"};
        int present = 0;
        for (String k : split) if (mem.has(k)) present++;
        if (present == 0) return null;
        if (present < split.length) {
            throw new ProfileException(file + ": memory.free_bytes, active_file_bytes, inactive_file_bytes and reserve_bytes go together");
        }
        if (mem.has("available_bytes") || mem.has("dirtyable_bytes")) {
            throw new ProfileException(file + ": memory.available_bytes and dirtyable_bytes follow from the memory split"
                    + " (free_bytes …); give one or the other");
        }
        long free = num(mem, "free_bytes", "memory.free_bytes", 0, memoryBytes);
        long active = num(mem, "active_file_bytes", "memory.active_file_bytes", 0, memoryBytes);
        long inactive = num(mem, "inactive_file_bytes", "memory.inactive_file_bytes", 0, memoryBytes);
        long reserve = num(mem, "reserve_bytes", "memory.reserve_bytes", 0, memoryBytes);
        if (free + active + inactive > memoryBytes) {
            throw new ProfileException(file + ": memory.free_bytes + active_file_bytes + inactive_file_bytes exceed memory.total_bytes");
        }
        if (free + active + inactive - Math.min(free, reserve) < 16L << 20) {
            throw new ProfileException(file + ": the memory split leaves less than 16 MiB for the page cache");
        }
        return new LruStart(free / 4096, active / 4096, inactive / 4096, reserve / 4096);
    }

    private long num(JsonNode parent, String key, String path, long min, long max) {
        JsonNode n = leaf(parent, key, path);
        JsonNode v = n.get("value");
        if (!v.isIntegralNumber()) throw new ProfileException(file + ": " + path + " must be an integer");
        long x = v.asLong();
        if (x < min || x > max) throw new ProfileException(file + ": " + path + " = " + x + " is out of range [" + min + ", " + max + "]");
        Sourced.Range range = ranges.read(n, path, x, min, max, overridden.contains(path));
        constants.put(path, new Sourced(v.numberValue(), n.get("source").asString(), range));
        return x;
    }

    /** A name, a choice or a flag: value and source, no range. */
    private JsonNode plain(JsonNode parent, String key, String path) {
        JsonNode n = leaf(parent, key, path);
        ranges.refuseRange(n, path);
        JsonNode v = n.get("value");
        constants.put(path, new Sourced(v.isBoolean() ? (Object) v.asBoolean() : v.asString(), n.get("source").asString()));
        return v;
    }

    private boolean bool(JsonNode parent, String key, String path) {
        JsonNode v = plain(parent, key, path);
        if (!v.isBoolean()) throw new ProfileException(file + ": " + path + " must be true or false");
        return v.asBoolean();
    }

    private String str(JsonNode parent, String key, String path, Set<String> allowed) {
        JsonNode v = plain(parent, key, path);
        if (!v.isString()) throw new ProfileException(file + ": " + path + " must be a string");
        String s = v.asString();
        if (allowed != null && !allowed.contains(s)) {
            throw new ProfileException(file + ": " + path + " = '" + s + "' is not one of " + new TreeSet<>(allowed));
        }
        return s;
    }

    private String text(JsonNode parent, String key) {
        JsonNode v = parent.get(key);
        if (v == null || !v.isString() || v.asString().isBlank()) throw new ProfileException(file + ": missing key " + key);
        return v.asString();
    }

    private JsonNode obj(JsonNode parent, String key, String path) {
        JsonNode n = parent.get(key);
        if (n == null || !n.isObject()) throw new ProfileException(file + ": missing section " + path);
        return n;
    }

    private static Set<String> keys(String... names) {
        return new TreeSet<>(java.util.Arrays.asList(names));
    }

    private void expectKeys(JsonNode node, String prefix, Set<String> allowed) {
        for (String k : new TreeSet<>(node.propertyNames())) {
            if (!allowed.contains(k)) throw new ProfileException(file + ": unknown key " + prefix + k);
        }
    }
}
