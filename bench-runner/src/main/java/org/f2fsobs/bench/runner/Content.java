package org.f2fsobs.bench.runner;

import org.f2fsobs.bench.tool.content.WriteContent;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.sim.device.ContentRegistry;
import org.f2fsobs.engine.sim.device.ContentSource;

/** Adapters from the tools' byte generators to the engine's content references. */
final class Content {
    private Content() {}

    /**
     * File data whose page {@code i} is the tool's bytes at file offset {@code i × 4096}: the generator is a pure
     * function of the offset (iozone, tiotest, dd from a file), so the reference index is the page index.
     */
    static FileData byOffset(ContentRegistry registry, WriteContent content) {
        int id = registry.register(new ContentSource() {
            @Override
            public void fill(long index, byte[] dst, int off) {
                content.fill(index * BLOCK, dst, off, BLOCK);
            }

            @Override
            public String describe() {
                return content.describe();
            }
        });
        return new FileData() {
            @Override
            public long pageRef(long pageIndex) {
                return ContentRegistry.ref(id, pageIndex);
            }

            @Override
            public void fill(long fileOffset, byte[] dst, int off, int len) {
                content.fill(fileOffset, dst, off, len);
            }
        };
    }

    /** All-zero data (dd from /dev/zero, tiotest's zeroed buffers): the one zero reference. */
    static FileData zeros(ContentRegistry registry) {
        long zero = registry.zeroRef();
        return new FileData() {
            @Override
            public long pageRef(long pageIndex) {
                return zero;
            }

            @Override
            public void fill(long fileOffset, byte[] dst, int off, int len) {
                java.util.Arrays.fill(dst, off, off + len, (byte) 0);
            }
        };
    }

    /** Whether {@code content} is the tools' all-zero content (dd from /dev/zero, tiotest without -c). */
    static boolean isZeros(WriteContent content) {
        return content instanceof org.f2fsobs.bench.tool.content.ZeroContent;
    }
}
