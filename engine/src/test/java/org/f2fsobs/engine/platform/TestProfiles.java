package org.f2fsobs.engine.platform;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds profile JSON for tests: an idealised machine (zero CPU costs, a simple device) with chosen values replaced,
 * run through the real {@link ProfileLoader} so tests exercise the same validation as shipped profiles (every numeric
 * constant gets the exact range {@code [value, value]}, basis {@code model}).
 */
public final class TestProfiles {
    private final Map<String, Object> values = new TreeMap<>();

    public static TestProfiles ideal() {
        return new TestProfiles();
    }

    private TestProfiles() {
        set("userland", "gnu");
        set("cpu.count", 4);
        set("cpu.clock_mhz", 2000);
        set("cpu.context_switch_ns", 0);
        set("cpu.slice_ns", 4_000_000);
        set("cpu.wake_jitter_mean_ns", 0);
        for (CpuOp op : CpuOp.values()) set("cpu.costs_ps." + op.key(), 0);
        set("memory.total_bytes", 4L << 30);
        set("memory.available_bytes", 2L << 30);
        set("device.model", "test device");
        set("device.capacity_bytes", 4L << 30);
        set("device.queue_depth", 32);
        set("device.max_sectors_kb", 512);
        set("device.read_latency_ns", 50_000);
        set("device.write_latency_ns", 50_000);
        set("device.read_bandwidth_bytes_per_s", 1_000_000_000L);
        set("device.write_bandwidth_bytes_per_s", 500_000_000L);
        set("device.command_overhead_ns", 0);
        set("device.flush_ns", 1_000_000);
        set("device.fua_ns", 100_000);
        set("device.reliable_write_ns", 0);
        set("device.volatile_cache", true);
        set("device.latency_jitter_mean_ns", 0);
        set("device.scheduler", "none");
        set("device.submit_in_caller_context", false);
        set("tunables.read_ahead_kb", 128);
        set("tunables.dirty_background_ratio", 10);
        set("tunables.dirty_ratio", 20);
        set("tunables.dirty_expire_centisecs", 3000);
        set("tunables.dirty_writeback_centisecs", 500);
        set("kernel.version", "6.14");
        set("kernel.vmalloc", "rbtree_deferred_purge");
        set("kernel.decompress_context", "completion");
    }

    public TestProfiles set(String path, Object value) {
        values.put(path, value);
        return this;
    }

    public TestProfiles cfq() {
        set("device.scheduler", "cfq");
        set("device.cfq.quantum", 8);
        set("device.cfq.slice_sync_ns", 100_000_000L);
        set("device.cfq.slice_async_ns", 40_000_000L);
        set("device.cfq.slice_idle_ns", 8_000_000L);
        set("device.cfq.fifo_expire_sync_ns", 125_000_000L);
        set("device.cfq.fifo_expire_async_ns", 250_000_000L);
        set("device.cfq.target_latency_ns", 300_000_000L);
        return this;
    }

    public String json() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("name", "test");
        root.put("title", "test machine");
        root.put("description", "idealised machine for tests");
        for (var e : values.entrySet()) {
            String[] path = e.getKey().split("\\.");
            Map<String, Object> node = root;
            for (int i = 0; i < path.length - 1; i++) {
                @SuppressWarnings("unchecked")
                Map<String, Object> child = (Map<String, Object>) node.computeIfAbsent(path[i], k -> new LinkedHashMap<>());
                node = child;
            }
            Map<String, Object> leaf = new LinkedHashMap<>();
            leaf.put("value", e.getValue());
            leaf.put("source", "test");
            if (e.getValue() instanceof Integer || e.getValue() instanceof Long) {   // a numeric constant: an exact range
                leaf.put("low", e.getValue());
                leaf.put("high", e.getValue());
                leaf.put("low_source", "test");
                leaf.put("high_source", "test");
                leaf.put("assumption", false);
                leaf.put("basis", "model");
            }
            node.put(path[path.length - 1], leaf);
        }
        return tools.jackson.databind.json.JsonMapper.builder().build().writeValueAsString(root);
    }

    public Profile build() {
        return ProfileLoader.parse("test.json", json());
    }
}
