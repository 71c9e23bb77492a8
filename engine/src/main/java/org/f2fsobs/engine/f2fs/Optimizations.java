package org.f2fsobs.engine.f2fs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The optimizations under study, one switch each (ARCHITECTURE §1.4): off = the kernel before the patch, on = after.
 * Every run sets all of them. Mechanism switches only: nothing here knows which benchmark runs.
 *
 * <p>The built-in four are the seed mails' patches; more come from {@link OptimizationProvider}s on the class path
 * (docs/adding-an-optimization.md), in the order of their names after the built-ins.
 *
 * <ul>
 * <li>{@code sec_ckpt_valid_blocks} (000): get_ckpt_valid_blocks(use_section) reads a cached sec_entry value instead of
 *     summing the section's seg_entries</li>
 * <li>{@code vm_map_ram} (001): (de)compression buffers mapped with vm_map_ram instead of vmap</li>
 * <li>{@code skip_cp_compressed_write} (003): an fsync issued from the write path of a compressed file skips
 *     CP_COMPRESSED</li>
 * <li>{@code serialize_writepages} (004): the sbi->writepages mutex around an inode's writeback (see {@link F2fsOptions})</li>
 * </ul>
 */
public final class Optimizations {
    public static final String SEC_CKPT_VALID_BLOCKS = "sec_ckpt_valid_blocks";
    public static final String VM_MAP_RAM = "vm_map_ram";
    public static final String SKIP_CP_COMPRESSED_WRITE = "skip_cp_compressed_write";
    public static final String SERIALIZE_WRITEPAGES = "serialize_writepages";

    private static final List<Optimization> BUILT_IN = List.of(
            new Optimization(SEC_CKPT_VALID_BLOCKS, "get_ckpt_valid_blocks(use_section) reads sec_entry->ckpt_valid_blocks "
                    + "instead of summing the section's seg_entries (yohan.joung, 2025)", false),
            new Optimization(VM_MAP_RAM, "compression and decompression buffers mapped with vm_map_ram instead of vmap "
                    + "(Daeho Jeong, 2020)", true),
            new Optimization(SKIP_CP_COMPRESSED_WRITE, "an fsync issued from the write path of a compressed file skips the "
                    + "CP_COMPRESSED checkpoint and takes roll-forward (proposed 2025, not merged)", false),
            new Optimization(SERIALIZE_WRITEPAGES, "the sbi->writepages mutex serialises an inode's writeback "
                    + "(Chao Yu / Jaegeuk Kim, 2018)", true));

    /** Every known optimization: the built-in four, then those of the providers on the class path, by name. */
    public static final List<Optimization> KNOWN = known();

    /** Flag names in contract order. */
    public static final List<String> NAMES = KNOWN.stream().map(Optimization::name).toList();

    private final Map<String, Boolean> values;           // in NAMES order

    private Optimizations(Map<String, Boolean> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    /** The built-in four; any other known flag is off (the kernel before its patch). */
    public Optimizations(boolean secCkptValidBlocks, boolean vmMapRam, boolean skipCpCompressedWrite, boolean serializeWritepages) {
        this(builtIn(secCkptValidBlocks, vmMapRam, skipCpCompressedWrite, serializeWritepages));
    }

    private static Map<String, Boolean> builtIn(boolean a, boolean b, boolean c, boolean d) {
        Map<String, Boolean> m = new LinkedHashMap<>();
        for (String n : NAMES) m.put(n, false);
        m.put(SEC_CKPT_VALID_BLOCKS, a);
        m.put(VM_MAP_RAM, b);
        m.put(SKIP_CP_COMPRESSED_WRITE, c);
        m.put(SERIALIZE_WRITEPAGES, d);
        return m;
    }

    private static List<Optimization> known() {
        List<Optimization> all = new ArrayList<>(BUILT_IN);
        TreeMap<String, Optimization> extra = new TreeMap<>();
        for (OptimizationProvider p : ServiceLoader.load(OptimizationProvider.class, Optimizations.class.getClassLoader())) {
            for (Optimization o : p.optimizations()) {
                boolean clash = extra.containsKey(o.name()) || BUILT_IN.stream().anyMatch(b -> b.name().equals(o.name()));
                if (clash) throw new IllegalStateException("optimization '" + o.name() + "' is defined twice");
                extra.put(o.name(), o);
            }
        }
        all.addAll(extra.values());
        return List.copyOf(all);
    }

    /** Every switch as it is in Linux 6.14 (000, 001 and 004 merged, 003 not; added flags as they declare). */
    public static Optimizations linux614() {
        Map<String, Boolean> m = new LinkedHashMap<>();
        for (Optimization o : KNOWN) m.put(o.name(), o.inLinux614());
        return new Optimizations(m);
    }

    /** Every known flag must be set, and nothing else. */
    public static Optimizations fromMap(Map<String, Boolean> m) {
        for (String k : m.keySet()) {
            if (!NAMES.contains(k)) throw new IllegalArgumentException("unknown optimization '" + k + "' (known: " + NAMES + ")");
        }
        Map<String, Boolean> v = new LinkedHashMap<>();
        for (String k : NAMES) {
            Boolean b = m.get(k);
            if (b == null) throw new IllegalArgumentException("optimization '" + k + "' is not set");
            v.put(k, b);
        }
        return new Optimizations(v);
    }

    public static Optimization describe(String name) {
        return KNOWN.stream().filter(o -> o.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown optimization '" + name + "' (known: " + NAMES + ")"));
    }

    /** Whether the patch behind {@code name} is applied. */
    public boolean isOn(String name) {
        Boolean b = values.get(name);
        if (b == null) throw new IllegalArgumentException("unknown optimization '" + name + "' (known: " + NAMES + ")");
        return b;
    }

    public boolean secCkptValidBlocks() { return values.get(SEC_CKPT_VALID_BLOCKS); }
    public boolean vmMapRam() { return values.get(VM_MAP_RAM); }
    public boolean skipCpCompressedWrite() { return values.get(SKIP_CP_COMPRESSED_WRITE); }
    public boolean serializeWritepages() { return values.get(SERIALIZE_WRITEPAGES); }

    /** A copy with one switch changed. */
    public Optimizations with(String name, boolean on) {
        Map<String, Boolean> m = new LinkedHashMap<>(values);
        if (!m.containsKey(name)) throw new IllegalArgumentException("unknown optimization '" + name + "' (known: " + NAMES + ")");
        m.put(name, on);
        return new Optimizations(m);
    }

    public Map<String, Boolean> toMap() {
        return new LinkedHashMap<>(values);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Optimizations x && x.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return "Optimizations" + values;
    }
}
