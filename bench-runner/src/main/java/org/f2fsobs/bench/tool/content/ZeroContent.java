package org.f2fsobs.bench.tool.content;

import java.util.Arrays;

/** All zeros: what dd copies from /dev/zero, and what tiotest writes from its freshly mmap()ed buffer. */
public final class ZeroContent implements WriteContent {

    public static final ZeroContent INSTANCE = new ZeroContent("zeros");

    private final String description;

    public ZeroContent(String description) {
        this.description = description;
    }

    @Override
    public void fill(long fileOffset, byte[] dst, int dstOff, int len) {
        Arrays.fill(dst, dstOff, dstOff + len, (byte) 0);
    }

    @Override
    public String describe() {
        return description;
    }
}
