package org.f2fsobs.engine.f2fs;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The optimizations under study, one switch each (ARCHITECTURE §1.4): off = the kernel before the patch, on = after.
 * Every run sets all of them. Mechanism switches only: nothing here knows which benchmark runs.
 *
 * @param secCkptValidBlocks    000: get_ckpt_valid_blocks(use_section) reads a cached sec_entry value instead of
 *                              summing the section's seg_entries
 * @param vmMapRam              001: (de)compression buffers mapped with vm_map_ram instead of vmap
 * @param skipCpCompressedWrite 003: an fsync issued from the write path of a compressed file skips CP_COMPRESSED
 * @param serializeWritepages   004: the sbi->writepages mutex around an inode's writeback (see {@link F2fsOptions})
 */
public record Optimizations(boolean secCkptValidBlocks, boolean vmMapRam, boolean skipCpCompressedWrite,
                            boolean serializeWritepages) {

    public static final String SEC_CKPT_VALID_BLOCKS = "sec_ckpt_valid_blocks";
    public static final String VM_MAP_RAM = "vm_map_ram";
    public static final String SKIP_CP_COMPRESSED_WRITE = "skip_cp_compressed_write";
    public static final String SERIALIZE_WRITEPAGES = "serialize_writepages";

    /** Flag names in contract order. */
    public static final java.util.List<String> NAMES =
            java.util.List.of(SEC_CKPT_VALID_BLOCKS, VM_MAP_RAM, SKIP_CP_COMPRESSED_WRITE, SERIALIZE_WRITEPAGES);

    /** Every switch as it is in Linux 6.14 (000 and 001 and 004 merged, 003 not). */
    public static Optimizations linux614() {
        return new Optimizations(false, true, false, true);
    }

    public static Optimizations fromMap(Map<String, Boolean> m) {
        for (String k : m.keySet()) {
            if (!NAMES.contains(k)) throw new IllegalArgumentException("unknown optimization '" + k + "' (known: " + NAMES + ")");
        }
        for (String k : NAMES) {
            if (!m.containsKey(k)) throw new IllegalArgumentException("optimization '" + k + "' is not set");
        }
        return new Optimizations(m.get(SEC_CKPT_VALID_BLOCKS), m.get(VM_MAP_RAM), m.get(SKIP_CP_COMPRESSED_WRITE),
                m.get(SERIALIZE_WRITEPAGES));
    }

    public Map<String, Boolean> toMap() {
        Map<String, Boolean> m = new LinkedHashMap<>();
        m.put(SEC_CKPT_VALID_BLOCKS, secCkptValidBlocks);
        m.put(VM_MAP_RAM, vmMapRam);
        m.put(SKIP_CP_COMPRESSED_WRITE, skipCpCompressedWrite);
        m.put(SERIALIZE_WRITEPAGES, serializeWritepages);
        return m;
    }
}
