package org.f2fsobs.bench.tool.dd;

import java.util.Set;
import org.f2fsobs.bench.tool.ToolInvocation;

/**
 * A parsed dd command line, with dd's own operand names: {@code if}, {@code of}, {@code ibs}, {@code obs} ({@code bs}
 * sets both), {@code count}, {@code skip}, {@code seek}, {@code conv}, {@code iflag}, {@code oflag}, {@code status}.
 *
 * @param inputFile  {@code if=}, or null for standard input
 * @param outputFile {@code of=}, or null for standard output
 * @param ibs        input block size in bytes (default 512)
 * @param obs        output block size in bytes (default 512)
 * @param bs         whether {@code bs=} was given: every input block is written as read, short ones included
 * @param count      {@code count=} in input blocks (bytes with iflag=count_bytes), or -1 for "until end of input"
 * @param skip       {@code skip=} in input blocks (bytes with iflag=skip_bytes)
 * @param seek       {@code seek=} in output blocks (bytes with oflag=seek_bytes)
 * @param conv       {@code conv=} symbols, e.g. fsync, fdatasync, notrunc
 * @param iflag      {@code iflag=} symbols, e.g. direct
 * @param oflag      {@code oflag=} symbols, e.g. sync, direct, dsync
 * @param status     {@code status=}: default, noxfer or none
 * @param dialect    GNU or toybox syntax (and output)
 */
public record DdJob(String inputFile, String outputFile, long ibs, long obs, boolean bs, long count, long skip,
                    long seek, Set<String> conv, Set<String> iflag, Set<String> oflag, String status,
                    DdDialect dialect) implements ToolInvocation {

    public DdJob {
        conv = Set.copyOf(conv);
        iflag = Set.copyOf(iflag);
        oflag = Set.copyOf(oflag);
    }

    @Override
    public String tool() {
        return "dd";
    }

    /** Reading /dev/zero: the data written is zeros. */
    public boolean fromDevZero() {
        return "/dev/zero".equals(inputFile);
    }

    /** Writing to /dev/null or /dev/zero: the data goes nowhere (the mail reads with {@code of=/dev/zero}). */
    public boolean toDevNull() {
        return "/dev/null".equals(outputFile) || "/dev/zero".equals(outputFile);
    }

    /** Byte offset in the input where copying starts. */
    public long skipBytes() {
        return iflag.contains("skip_bytes") ? skip : skip * ibs;
    }

    /** Byte offset in the output where writing starts. */
    public long seekBytes() {
        return oflag.contains("seek_bytes") ? seek : seek * obs;
    }

    /** Bytes to copy at most, or -1 for "until end of input". */
    public long countBytes() {
        if (count < 0) return -1;
        if (iflag.contains("count_bytes")) return count;
        try {
            return Math.multiplyExact(count, ibs);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /** conv=fsync: fsync the output before finishing (timed). */
    public boolean fsync() {
        return conv.contains("fsync");
    }

    /** conv=fdatasync: fdatasync the output before finishing (timed). */
    public boolean fdatasync() {
        return conv.contains("fdatasync");
    }

    /** conv=notrunc: do not truncate the output file. */
    public boolean notrunc() {
        return conv.contains("notrunc");
    }

    /** Output opened with O_SYNC (oflag=sync). */
    public boolean oSync() {
        return oflag.contains("sync");
    }

    /** Output opened with O_DSYNC (oflag=dsync). */
    public boolean oDsync() {
        return oflag.contains("dsync");
    }

    /** Output opened with O_DIRECT (oflag=direct). */
    public boolean oDirect() {
        return oflag.contains("direct");
    }

    /** Input opened with O_DIRECT (iflag=direct). */
    public boolean iDirect() {
        return iflag.contains("direct");
    }
}
