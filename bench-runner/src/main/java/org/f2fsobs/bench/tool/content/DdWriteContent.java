package org.f2fsobs.bench.tool.content;

import org.f2fsobs.bench.tool.dd.DdJob;

/**
 * What dd writes: a byte-for-byte copy of its input. From /dev/zero that is zeros; from a file it is that file's
 * content shifted by {@code skip=} and {@code seek=} (output offset {@code seekBytes + k} holds input offset
 * {@code skipBytes + k}). Offsets below {@code seekBytes} are not written by dd; this class still answers for them
 * from the input, so callers should only ask for ranges dd wrote. conv= translations (ascii, ucase, swab) are not
 * supported by the parser, so none apply.
 */
public final class DdWriteContent implements WriteContent {

    private final WriteContent input;
    private final long shift;
    private final String what;

    private DdWriteContent(WriteContent input, long shift, String what) {
        this.input = input;
        this.shift = shift;
        this.what = what;
    }

    /** dd's output for {@code job} reading {@code input} (ignored when the input is /dev/zero). */
    public static WriteContent of(DdJob job, WriteContent input) {
        if (job.fromDevZero()) return new ZeroContent("dd if=/dev/zero: zeros");
        if (input == null) throw new IllegalArgumentException("dd reads " + job.inputFile() + ": give its content");
        long shift = job.skipBytes() - job.seekBytes();
        return new DdWriteContent(input, shift, "dd copy of " + job.inputFile() + " (" + input.describe() + ")"
                + (shift != 0 ? ", shifted by " + shift + " bytes" : ""));
    }

    @Override
    public void fill(long fileOffset, byte[] dst, int dstOff, int len) {
        input.fill(fileOffset + shift, dst, dstOff, len);
    }

    @Override
    public String describe() {
        return what;
    }
}
