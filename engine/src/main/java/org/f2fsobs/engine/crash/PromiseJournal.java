package org.f2fsobs.engine.crash;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.f2fsobs.engine.f2fs.SyscallObserver;
import org.f2fsobs.engine.f2fs.file.FileData;
import org.f2fsobs.engine.sim.device.ContentRegistry;

/**
 * The oracle of a crash check: what the workload wrote and what the file system promised, as the system calls
 * returned (CrashMonkey's "oracle", built from the calls rather than from the file system). It keeps its own shadow of
 * every file's pages, independent of the page cache, so that a bug in the model cannot hide in its own oracle.
 *
 * <p>Events are numbered in the order they returned; a crash at device-log entry i sees the promises of the events
 * recorded before it ({@link #size()} is the tag the device log records).
 */
public final class PromiseJournal implements SyscallObserver {
    enum Kind { OPEN, PAGE, SYNC_PAGE, SIZE, SYNC_SIZE, FSYNC, SYNC_ALL, UNLINK }

    /** One returned call or one page it changed. */
    record Event(Kind kind, int ino, long a, long b) {}   // PAGE: a=index, b=ref; SIZE: a=size; OPEN: a=path id

    private final ContentRegistry registry;
    private final List<Event> events = new ArrayList<>();
    private final List<String> paths = new ArrayList<>();
    private final TreeMap<Integer, TreeMap<Long, Long>> shadow = new TreeMap<>();   // ino → page → ref
    private final TreeMap<Integer, Long> sizes = new TreeMap<>();

    public PromiseJournal(ContentRegistry registry) {
        this.registry = registry;
    }

    /** Number of events so far: the tag a device-log entry records. */
    public long size() {
        return events.size();
    }

    List<Event> events() { return events; }
    String path(long id) { return paths.get((int) id); }
    ContentRegistry registry() { return registry; }

    private void add(Kind k, int ino, long a, long b) {
        events.add(new Event(k, ino, a, b));
    }

    @Override
    public void opened(String path, int ino, boolean created) {
        paths.add(path);
        add(Kind.OPEN, ino, paths.size() - 1, created ? 1 : 0);
        shadow.computeIfAbsent(ino, k -> new TreeMap<>());
        sizes.putIfAbsent(ino, 0L);
    }

    @Override
    public void written(int ino, long pos, long len, FileData data, boolean sync) {
        if (len <= 0) return;
        TreeMap<Long, Long> pages = shadow.computeIfAbsent(ino, k -> new TreeMap<>());
        long end = pos + len;
        for (long idx = pos >>> 12; (idx << 12) < end; idx++) {
            long p0 = Math.max(pos, idx << 12), p1 = Math.min(end, (idx + 1) << 12);
            long ref;
            if (p1 - p0 == 4096) {
                ref = data.pageRef(idx);
            } else {
                byte[] bytes = registry.bytes(pages.getOrDefault(idx, registry.zeroRef()));
                data.fill(p0, bytes, (int) (p0 & 4095), (int) (p1 - p0));
                ref = registry.literal(bytes, 0, 4096);
            }
            pages.put(idx, ref);
            add(sync ? Kind.SYNC_PAGE : Kind.PAGE, ino, idx, ref);
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
        TreeMap<Long, Long> pages = shadow.computeIfAbsent(ino, k -> new TreeMap<>());
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
                byte[] bytes = registry.bytes(pages.get(idx));
                java.util.Arrays.fill(bytes, (int) (size & 4095), 4096, (byte) 0);
                long ref = registry.literal(bytes, 0, 4096);
                pages.put(idx, ref);
                add(Kind.PAGE, ino, idx, ref);
            }
        }
        sizes.put(ino, size);
        add(Kind.SIZE, ino, size, 1);
    }

    @Override
    public void fsynced(int ino) {
        add(Kind.FSYNC, ino, 0, 0);
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
