package org.f2fsobs.engine.f2fs.compress;

/**
 * Mirrors {@code struct compress_data} (fs/f2fs/f2fs.h), the header at the start of a compressed cluster's first
 * block: {@code __le32 clen} (payload length), {@code __le32 chksum} (0 unless compress_chksum), {@code __le32
 * reserved[4]}, then the payload ({@code cdata}); the tail of the last block is zeroed.
 */
public final class CompressData {
    /** COMPRESS_HEADER_SIZE = offsetof(struct compress_data, cdata). */
    public static final int COMPRESS_HEADER_SIZE = 24;
    /** COMPRESS_DATA_RESERVED_SIZE */
    public static final int COMPRESS_DATA_RESERVED_SIZE = 4;

    private CompressData() {}

    /** Writes clen, chksum and the zeroed reserved words at the start of {@code cbuf}. */
    public static void writeHeader(byte[] cbuf, int clen, int chksum) {
        putLe32(cbuf, 0, clen);
        putLe32(cbuf, 4, chksum);
        for (int i = 0; i < COMPRESS_DATA_RESERVED_SIZE; i++) putLe32(cbuf, 8 + 4 * i, 0);
    }

    /** F2FS_SUPER_MAGIC, the seed of f2fs_crc32. */
    static final int F2FS_SUPER_MAGIC = 0xF2F52010;
    private static final int[] CRC32_TABLE = new int[256];

    static {
        for (int n = 0; n < 256; n++) {
            int c = n;
            for (int k = 0; k < 8; k++) c = (c & 1) != 0 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
            CRC32_TABLE[n] = c;
        }
    }

    /** f2fs_crc32(sbi, buf, len): crc32_le seeded with F2FS_SUPER_MAGIC, no final inversion (lib/crc32.c). */
    public static int f2fsCrc32(byte[] buf, int off, int len) {
        int crc = F2FS_SUPER_MAGIC;
        for (int i = off; i < off + len; i++) crc = CRC32_TABLE[(crc ^ buf[i]) & 0xFF] ^ (crc >>> 8);
        return crc;
    }

    /** le32_to_cpu(cbuf->clen) */
    public static int clen(byte[] cbuf) {
        return getLe32(cbuf, 0);
    }

    /** le32_to_cpu(cbuf->chksum) */
    public static int chksum(byte[] cbuf) {
        return getLe32(cbuf, 4);
    }

    static void putLe32(byte[] b, int off, int v) {
        b[off] = (byte) v;
        b[off + 1] = (byte) (v >>> 8);
        b[off + 2] = (byte) (v >>> 16);
        b[off + 3] = (byte) (v >>> 24);
    }

    static int getLe32(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
    }
}
