package org.f2fsobs.engine.sim.device;

/**
 * The content of a metadata block as the simulated disk keeps it: an immutable image that a file system wrote there
 * (the model's stand-in for the block's bytes; data blocks are content references instead). The disk and the block
 * layer carry images without looking inside; the file system that wrote them reads them back as its own typed blocks
 * (for F2FS, {@code org.f2fsobs.engine.f2fs.ondisk.F2fsBlock}).
 */
public interface MetaImage {}
