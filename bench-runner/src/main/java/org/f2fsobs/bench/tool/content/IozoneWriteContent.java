package org.f2fsobs.bench.tool.content;

import java.util.Arrays;

/**
 * What iozone 3.420 writes. iozone verifies lightly by default ({@code verify = 1}, {@code sverify = 1}), so
 * write_perf_test() and the other writers call fill_buffer(): for each page (getpagesize(), 4096) of the record
 * buffer the first 8 bytes get {@code (pattern << 32) | pattern}, where pattern is get_pattern()'s byte repeated —
 * glibc {@code srand(sum of the characters of "        Version $Revision: 3.420 $"); rand() & 0xff} = 0x13 — and the
 * rest of the buffer keeps the zeros of its fresh allocation. So every record holds 0x13 × 8 at each 4 KiB
 * boundary of the record and zeros elsewhere (no -V, -Z, -+w, -+d given).
 */
public final class IozoneWriteContent implements WriteContent {

    private static final int PAGE = 4096;
    private final long reclen;
    private final byte pattern;

    /** The content of a file written in {@code reclen}-byte records by iozone {@code version} (e.g. "3.420"). */
    public IozoneWriteContent(long reclen, String version) {
        this.reclen = reclen;
        this.pattern = (byte) pattern(version);
    }

    /** iozone.c get_pattern(): glibc rand() seeded with the sum of THISVERSION's characters. */
    public static int pattern(String version) {
        String thisVersion = "        Version $Revision: " + version + " $";
        int sum = 0;
        for (int k = 0; k < thisVersion.length(); k++) sum += thisVersion.charAt(k);
        return new GlibcRandom(sum).next() & 0xff;
    }

    /** Byte x of the file is the pattern iff (x mod reclen) mod 4096 &lt; 8; visits only the pattern runs. */
    @Override
    public void fill(long fileOffset, byte[] dst, int dstOff, int len) {
        Arrays.fill(dst, dstOff, dstOff + len, (byte) 0);
        long end = fileOffset + len;
        long record = fileOffset - Math.floorMod(fileOffset, reclen);
        for (; record < end; record += reclen) {
            long recordEnd = record + reclen;
            long from = Math.max(record, fileOffset);
            long page = record + (from - record) / PAGE * PAGE;     // the record's page holding the first byte
            for (; page < recordEnd && page < end; page += PAGE) {
                long lo = Math.max(page, fileOffset);
                long hi = Math.min(Math.min(page + 8, recordEnd), end);
                if (lo < hi) Arrays.fill(dst, dstOff + (int) (lo - fileOffset), dstOff + (int) (hi - fileOffset), pattern);
            }
        }
    }

    /** The definition, byte by byte (kept for the equivalence test). */
    void fillByteByByte(long fileOffset, byte[] dst, int dstOff, int len) {
        Arrays.fill(dst, dstOff, dstOff + len, (byte) 0);
        for (int k = 0; k < len; k++) {
            long inRecord = (fileOffset + k) % reclen;
            if (inRecord % PAGE < 8) dst[dstOff + k] = pattern;
        }
    }

    @Override
    public String describe() {
        return String.format("iozone records of %d bytes: 0x%02x x 8 at every 4 KiB page of a record, zeros elsewhere",
                reclen, pattern & 0xff);
    }
}
