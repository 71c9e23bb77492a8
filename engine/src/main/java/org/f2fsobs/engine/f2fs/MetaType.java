package org.f2fsobs.engine.f2fs;

import java.util.Locale;

/**
 * What a metadata read is for: the META_* types of f2fs_ra_meta_pages and f2fs_is_valid_blkaddr (fs/f2fs/f2fs.h:
 * META_CP, META_NAT, META_SIT, META_SSA, META_POR — a node block read as a meta page during roll-forward recovery),
 * and, beside them, the superblock (read by the mount from the block device) and node pages (the node mapping,
 * read_node_folio). The keys of the {@code meta_reads_by_type} counter.
 */
public enum MetaType {
    SUPER, CP, NAT, SIT, SSA, NODE, POR;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
