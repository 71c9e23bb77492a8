package org.f2fsobs.engine.f2fs.compress;

import java.util.Arrays;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.f2fs.node.DnodeOfData;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.ContentRegistry;
import org.f2fsobs.engine.sim.device.ContentSource;
import org.f2fsobs.engine.sim.device.DeviceStore;

/** Content for compression tests (zeros, text-like, random bytes) and helpers to look at a file's cluster slots. */
public final class CompressRig {
    private CompressRig() {}

    /** SplitMix64: a well-mixed deterministic stream (random bytes do not compress). */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static byte[] randomBytes(long seed, int len) {
        byte[] b = new byte[len];
        long x = seed;
        for (int i = 0; i < len; i += 8) {
            x += 0x9E3779B97F4A7C15L;
            long v = mix(x);
            for (int k = 0; k < 8 && i + k < len; k++) b[i + k] = (byte) (v >>> (8 * k));
        }
        return b;
    }

    private static final String[] WORDS = {"the", "segment", "node", "checkpoint", "cluster", "flash", "friendly",
            "file", "system", "log", "structured", "write", "read", "block", "address", "inode", "data", "compress",
            "of", "and", "a", "to", "in", "is", "for", "with", "on", "page", "cache", "kernel", "f2fs", "summary"};

    /** English-like words separated by spaces and newlines: compresses to roughly half. */
    static byte[] textBytes(long seed, int len) {
        byte[] b = new byte[len];
        int i = 0;
        long x = seed;
        while (i < len) {
            x += 0x9E3779B97F4A7C15L;
            long v = mix(x);
            String w = WORDS[(int) Long.remainderUnsigned(v, WORDS.length)];
            for (int k = 0; k < w.length() && i < len; k++) b[i++] = (byte) w.charAt(k);
            if (i < len) b[i++] = (byte) ((v >>> 40) % 13 == 0 ? '\n' : ' ');
        }
        return b;
    }

    /** Whole-page content from a generator registered with the disk's content registry. */
    public static final class Generated implements FileData {
        final DeviceStore store;
        final int sourceId;
        final Gen gen;

        interface Gen {
            byte[] page(long index);
        }

        Generated(DeviceStore store, String name, Gen gen) {
            this.store = store;
            this.gen = gen;
            this.sourceId = store.registry().register(new ContentSource() {
                @Override
                public void fill(long index, byte[] dst, int off) {
                    System.arraycopy(gen.page(index), 0, dst, off, BLOCK);
                }

                @Override
                public String describe() {
                    return name;
                }
            });
        }

        @Override
        public long pageRef(long pageIndex) {
            return ContentRegistry.ref(sourceId, pageIndex);
        }

        @Override
        public void fill(long fileOffset, byte[] dst, int off, int len) {
            byte[] p = gen.page(fileOffset >>> 12);
            System.arraycopy(p, (int) (fileOffset & 4095), dst, off, len);
        }

        byte[] expected(long pageIndex) {
            return gen.page(pageIndex);
        }
    }

    public static Generated text(DeviceStore store, int generation) {
        return new Generated(store, "text gen " + generation, i -> textBytes(i * 7919 + generation * 104729L, 4096));
    }

    static Generated random(DeviceStore store, int generation) {
        return new Generated(store, "random gen " + generation, i -> randomBytes(i * 31 + generation * 1_000_003L, 4096));
    }

    static Generated zeros(DeviceStore store) {
        return new Generated(store, "zeros", i -> new byte[4096]);
    }

    /** The data block addresses of file pages [start, start+n) (the cluster slots), through the node manager. */
    static long[] slots(SimTask t, Volume v, F2fsInode inode, long start, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            DnodeOfData dn = v.sbi().nmI().getDnodeOfData(t, inode.inodePage(), start + i, false);
            out[i] = dn == null ? 0 : dn.dataBlkaddr();
        }
        return out;
    }

    /** Reads a whole file through pread and returns its bytes. */
    static byte[] readAll(SimTask t, Volume v, String path, int chunk) {
        int fd = v.open(t, path, Volume.O_RDONLY);
        long size = v.openFile(fd).inode.isize;
        byte[] out = new byte[(int) size];
        ContentRegistry reg = v.sbi().registry();
        for (long pos = 0; pos < size; pos += chunk) {
            v.pread(t, fd, pos, Math.min(chunk, size - pos), (idx, ref, off, len) -> {
                byte[] b = reg.bytes(ref);
                System.arraycopy(b, off, out, (int) (idx * 4096 + off), len);
            });
        }
        v.close(t, fd);
        return out;
    }

    /** The bytes the generator wrote for file bytes [0, size). */
    static byte[] expected(Generated g, long size) {
        byte[] out = new byte[(int) size];
        for (long p = 0; p * 4096 < size; p++) {
            byte[] b = g.expected(p);
            System.arraycopy(b, 0, out, (int) (p * 4096), (int) Math.min(4096, size - p * 4096));
        }
        return out;
    }

    static boolean same(byte[] a, byte[] b) {
        return Arrays.equals(a, b);
    }
}
