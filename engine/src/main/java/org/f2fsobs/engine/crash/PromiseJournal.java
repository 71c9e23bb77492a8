package org.f2fsobs.engine.crash;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.f2fsobs.engine.f2fs.SyscallObserver;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.sim.device.ContentRegistry;
import org.f2fsobs.engine.sim.device.WriteTags;

/**
 * The oracle of a crash check: what the workload wrote and what the file system promised, as the system calls
 * returned (CrashMonkey's "oracle", built from the calls rather than from the file system). It keeps its own shadow of
 * every file's pages, independent of the page cache, so that a bug in the model cannot hide in its own oracle.
 *
 * <p>Each page event carries the write identity (WriteTags) the write gave the page, computed as the file system
 * computes it, so that the check can tell the promised write from an older one with equal bytes.
 *
 * <p>Events are numbered in the order they returned; a crash at device-log entry i sees the promises of the events
 * recorded before it ({@link #size()} is the tag the device log records).
 */
public final class PromiseJournal implements SyscallObserver {
    enum Kind { OPEN, PAGE, SYNC_PAGE, SIZE, SYNC_SIZE, FSYNC, SYNC_ALL, UNLINK }

    /**
     * One returned call or one page it changed. PAGE/SYNC_PAGE: a = page index, b = content ref, tag = the write
     * identity the page carries (WriteTags); SIZE: a = size, b = 1 when set by truncate; OPEN: a = path id, b = 1 when
     * created; FSYNC: a = 1 for fdatasync.
     */
    record Event(Kind kind, int ino, long a, long b, long tag) {}

    private final ContentRegistry registry;
    private final List<Event> events = new ArrayList<>();
    private final List<String> paths = new ArrayList<>();
    private final TreeMap<Integer, TreeMap<Long, long[]>> shadow = new TreeMap<>();   // ino → page → {ref, tag}
    private final TreeMap<Integer, Long> sizes = new TreeMap<>();

    public PromiseJournal(ContentRegistry registry) {
        this.registry = registry;
    }

    /** Number of events so far: the tag a device-log entry records. */
    public long size() {
        return events.size();
    }

    List<Event> events() { return events; }

    /** Indices of the events at which a promise returned: fsync/fdatasync, sync/umount, the end of an O_SYNC write. */
    long[] promiseEvents() {
        return java.util.stream.IntStream.range(0, events.size())
                .filter(i -> switch (events.get(i).kind()) { case FSYNC, SYNC_ALL, SYNC_SIZE -> true; default -> false; })
                .asLongStream().toArray();
    }
    String path(long id) { return paths.get((int) id); }
    ContentRegistry registry() { return registry; }

    private void add(Kind k, int ino, long a, long b) {
        add(k, ino, a, b, WriteTags.NONE);
    }

    private void add(Kind k, int ino, long a, long b, long tag) {
        events.add(new Event(k, ino, a, b, tag));
    }

    @Override
    public void opened(String path, int ino, boolean created) {
        paths.add(path);
        add(Kind.OPEN, ino, paths.size() - 1, created ? 1 : 0);
        if (created) {                                   // a new file, perhaps under an inode number used before
            shadow.put(ino, new TreeMap<>());
            sizes.put(ino, 0L);
        } else {
            shadow.computeIfAbsent(ino, k -> new TreeMap<>());
            sizes.putIfAbsent(ino, 0L);
        }
    }

    @Override
    public void written(int ino, long pos, long len, FileData data, long writeSeq, boolean sync) {
        if (len <= 0) return;
        TreeMap<Long, long[]> pages = shadow.computeIfAbsent(ino, k -> new TreeMap<>());
        long end = pos + len;
        for (long idx = pos >>> 12; (idx << 12) < end; idx++) {
            long p0 = Math.max(pos, idx << 12), p1 = Math.min(end, (idx + 1) << 12);
            long ref;
            if (p1 - p0 == 4096) {
                ref = data.pageRef(idx);
            } else {
                long[] old = pages.get(idx);
                byte[] bytes = registry.bytes(old == null ? registry.zeroRef() : old[0]);
                data.fill(p0, bytes, (int) (p0 & 4095), (int) (p1 - p0));
                ref = registry.literal(bytes, 0, 4096);
            }
            long tag = WriteTags.page(writeSeq, idx);
            pages.put(idx, new long[] {ref, tag});
            add(sync ? Kind.SYNC_PAGE : Kind.PAGE, ino, idx, ref, tag);
        }
        long size = sizes.getOrDefault(ino, 0L);
        if (end > size) {
            sizes.put(ino, end);
            add(Kind.SIZE, ino, end, 0);
        }
        if (sync) add(Kind.SYNC_SIZE, ino, end, 0);
    }

    @Override
    public void resized(int ino, long size) {
        TreeMap<Long, long[]> pages = shadow.computeIfAbsent(ino, k -> new TreeMap<>());
        long old = sizes.getOrDefault(ino, 0L);
        if (size < old) {
            // truncate_pagecache: pages past the end go, the partial last page keeps its head and zeroes its tail
            long keep = (size + 4095) >>> 12;
            for (Long idx : new ArrayList<>(pages.tailMap(keep, true).keySet())) {
                pages.remove(idx);
                add(Kind.PAGE, ino, idx, registry.zeroRef());
            }
            if ((size & 4095) != 0 && pages.containsKey(size >>> 12)) {
                long idx = size >>> 12;
                long[] cut = pages.get(idx);
                byte[] bytes = registry.bytes(cut[0]);
                java.util.Arrays.fill(bytes, (int) (size & 4095), 4096, (byte) 0);
                long ref = registry.literal(bytes, 0, 4096);
                pages.put(idx, new long[] {ref, cut[1]});
                add(Kind.PAGE, ino, idx, ref, cut[1]);                // the same write's page, its tail cut
            }
        }
        sizes.put(ino, size);
        add(Kind.SIZE, ino, size, 1);
    }

    @Override
    public void fsynced(int ino, boolean datasync) {
        add(Kind.FSYNC, ino, datasync ? 1 : 0, 0);
    }

    @Override
    public void unlinked(String path, int ino) {
        add(Kind.UNLINK, ino, 0, 0);
    }

    @Override
    public void synced() {
        add(Kind.SYNC_ALL, 0, 0, 0);
    }
}
