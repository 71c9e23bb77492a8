package org.f2fsobs.bench.runner;

import org.f2fsobs.bench.tool.fio.FioJob;
import org.f2fsobs.engine.sim.Prng;

/**
 * Which file, offset, size and direction each I/O of a clone has, as io_u.c fill_io_u() picks them: the file by
 * {@code file_service_type} (roundrobin / sequential / random, switching every N I/Os), the direction by
 * {@code rwmixread}, the size by {@code bs}/{@code bsrange}/{@code bssplit}, the offset sequentially (with the
 * {@code rw=…:N} hole after each I/O) or at random in units of {@code ba} (default: the smallest block size), through
 * a random map that visits every unit once per pass unless {@code norandommap} (or a non-uniform
 * {@code random_distribution}), with {@code rw=rand…:N} issuing N sequential I/Os per random offset.
 *
 * <p>Departure: the random draws come from the model's seeded generator, not fio's tausworthe state.
 */
final class FioIoPlan {

    /** One I/O: file index, offset in the file, bytes, write or read. */
    record Io(int file, long offset, long len, boolean write) {}

    private final FioJob job;
    private final int files;
    private final long fileSize;
    /** The end of each file's I/O range: offset + file size (the layout's size). */
    private final long fileEnd;
    private final long unit;
    private final long units;
    private final Prng rnd;
    private final Prng mix;
    private final Prng bsRnd;
    private final long[] seqPos;
    private final long[][] map;
    private final int[] mapNext;
    private final long[] runLeft;
    private final long[] runPos;
    private final long[] fileDone;
    private int file;
    private int onFile;

    FioIoPlan(FioJob job, Prng prng) {
        this.job = job;
        this.files = job.files();
        this.fileSize = job.fileSize();
        this.fileEnd = job.offset() + fileSize;
        long minBs = Math.min(job.blockSizes(0).min(), job.blockSizes(1).min());
        this.unit = job.ba() > 0 ? job.ba() : minBs;
        long range = Math.max(unit, fileSize);
        this.units = Math.max(1, (range - job.maxBs()) / unit + 1);
        this.rnd = prng.fork();
        this.mix = prng.fork();
        this.bsRnd = prng.fork();
        this.seqPos = new long[files];
        this.runLeft = new long[files];
        this.runPos = new long[files];
        this.fileDone = new long[files];
        this.mapNext = new int[files];
        boolean useMap = job.rw().random() && !job.norandommap() && units <= 1 << 24;
        this.map = useMap ? new long[files][] : null;
        for (int f = 0; f < files; f++) seqPos[f] = job.offset();
    }

    /** Bytes of I/O the clone does: io_size (else size) times loops, or the free space with fill_device. */
    static long totalBytes(FioJob job) {
        // filesetup.c setup_files(): files smaller than size= cap the job at their total (io_size= overrides)
        // and an I/O that does not fit in the file's range is not issued (io_u.c io_u_fits): whole blocks per file
        long minBs = Math.min(job.blockSizes(0).min(), job.blockSizes(1).min());
        long perFile = Math.max(minBs, job.fileSize() - job.fileSize() % minBs);
        long per = job.ioSize() > 0 ? job.ioSize() : Math.min(job.size(), (long) job.files() * perFile);
        return per * Math.max(1, job.loops());
    }

    Io next() {
        pickFile();
        boolean write = job.rw().writes() && (!job.rw().reads() || mix.nextInt(100) >= job.rwmixread());
        long len = job.blockSizes(write ? 1 : 0).next(bsRnd);
        long off = job.rw().random() ? randomOffset(len) : sequentialOffset(len);
        if (off + len > fileEnd) len = Math.max(unit, fileEnd - off);
        fileDone[file] += len;
        return new Io(file, off, len, write);
    }

    private void pickFile() {
        if (files == 1) return;
        switch (job.fileService()) {
            case ROUNDROBIN -> {
                if (onFile >= job.fileServiceNr()) {
                    file = (file + 1) % files;
                    onFile = 0;
                }
            }
            case SEQUENTIAL -> {
                if (fileDone[file] >= fileSize) {
                    fileDone[file] = 0;
                    file = (file + 1) % files;
                }
            }
            case RANDOM -> {
                if (onFile >= job.fileServiceNr()) {
                    file = rnd.nextInt(files);
                    onFile = 0;
                }
            }
        }
        onFile++;
    }

    private long sequentialOffset(long len) {
        long off = seqPos[file];
        if (off + len > fileEnd) off = job.offset();
        seqPos[file] = off + len + job.rwSeqNr();
        return off;
    }

    private long randomOffset(long len) {
        if (job.rwSeqNr() > 1 && runLeft[file] > 0) {                 // rw=randread:N: N I/Os per random offset
            runLeft[file]--;
            long off = runPos[file];
            runPos[file] = off + len >= fileEnd ? job.offset() : off + len;
            return off;
        }
        long u;
        if (map != null) {
            if (map[file] == null || mapNext[file] >= map[file].length) {
                map[file] = permutation();
                mapNext[file] = 0;
            }
            u = map[file][mapNext[file]++];
        } else {
            u = job.randomDistribution().next(rnd, units, fileSize);
        }
        long off = job.offset() + u * unit;
        if (job.rwSeqNr() > 1) {
            runLeft[file] = job.rwSeqNr() - 1;
            runPos[file] = off + len >= fileEnd ? job.offset() : off + len;
        }
        return off;
    }

    /** One pass of the random map: every unit once, in a seeded order (Fisher-Yates). */
    private long[] permutation() {
        long[] p = new long[(int) units];
        for (int i = 0; i < p.length; i++) p[i] = i;
        for (int i = p.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            long t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
