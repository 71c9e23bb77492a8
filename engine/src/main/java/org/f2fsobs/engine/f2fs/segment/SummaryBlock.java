package org.f2fsobs.engine.f2fs.segment;

/**
 * On-disk image of {@code struct f2fs_summary_block} (entries only; journals travel in the checkpoint pack):
 * for each block of a segment, the node that owns it and the slot in that node.
 */
public record SummaryBlock(int[] nid, int[] ofsInNode, byte[] version) {}
