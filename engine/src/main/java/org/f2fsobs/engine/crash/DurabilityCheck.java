package org.f2fsobs.engine.crash;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.f2fsobs.engine.crash.PromiseJournal.Event;
import org.f2fsobs.engine.crash.PromiseJournal.Kind;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.ContentRegistry;

/**
 * Verifies a volume mounted after a power cut against what the journal says was promised before the cut: every file
 * covered by a completed fsync/fdatasync/sync exists with at least its promised size and, page by page, the promised
 * bytes or bytes written later; every page covered by a completed O_SYNC write holds those bytes or later ones.
 * Writes still in flight at the cut may or may not have landed, so any version written after the promised one is
 * accepted.
 */
public final class DurabilityCheck {
    private final PromiseJournal journal;
    private final List<Event> ev;
    private final TreeMap<Long, int[]> history = new TreeMap<>();   // (ino, page) → page events, in order
    private final TreeMap<Integer, Long> maxSize = new TreeMap<>();

    /** Built once the recording is over: indexes the whole journal. */
    public DurabilityCheck(PromiseJournal journal) {
        this.journal = journal;
        this.ev = journal.events();
        TreeMap<Long, List<Integer>> h = new TreeMap<>();
        for (int i = 0; i < ev.size(); i++) {
            Event e = ev.get(i);
            if (e.kind() == Kind.PAGE || e.kind() == Kind.SYNC_PAGE) h.computeIfAbsent(key(e.ino(), e.a()), k -> new ArrayList<>()).add(i);
            if (e.kind() == Kind.SIZE) maxSize.merge(e.ino(), e.a(), Math::max);
        }
        h.forEach((k, l) -> history.put(k, l.stream().mapToInt(Integer::intValue).toArray()));
    }

    private static long key(int ino, long idx) {
        return ((long) ino << 40) | idx;
    }

    /** What one file was promised at a crash point. */
    private static final class Promise {
        final int ino;
        final int firstEvent;
        String path;
        boolean unlinked;
        int wholeMark = -1;                                  // event index of the last fsync/sync covering it
        long syncSize;                                       // largest end of a completed O_SYNC write
        final TreeMap<Long, Integer> syncPages = new TreeMap<>();   // page → last O_SYNC page event
        final List<int[]> sizes = new ArrayList<>();         // {event index} of SIZE events

        Promise(int ino, int firstEvent) {
            this.ino = ino;
            this.firstEvent = firstEvent;
        }
    }

    /**
     * Checks the volume (in the calling task) against the promises of events [0, prefix). Returns what is wrong,
     * first problem first; empty when every promise held.
     */
    public List<String> verify(SimTask t, Volume v, int prefix) {
        TreeMap<Integer, Promise> files = new TreeMap<>();
        int lastSyncAll = -1;
        for (int i = 0; i < prefix; i++) {
            Event e = ev.get(i);
            Promise p = files.get(e.ino());
            boolean created = e.kind() == Kind.OPEN && e.b() == 1;         // a new file, perhaps reusing an old ino
            if ((p == null || created) && e.kind() != Kind.SYNC_ALL) files.put(e.ino(), p = new Promise(e.ino(), i));
            switch (e.kind()) {
                case OPEN -> p.path = journal.path(e.a());
                case SYNC_PAGE -> p.syncPages.put(e.a(), i);
                case SIZE -> p.sizes.add(new int[] {i});
                case SYNC_SIZE -> p.syncSize = Math.max(p.syncSize, e.a());
                case FSYNC -> p.wholeMark = i;
                case UNLINK -> p.unlinked = true;
                case SYNC_ALL -> lastSyncAll = i;
                case PAGE -> { }
            }
        }
        List<String> problems = new ArrayList<>();
        for (Promise p : files.values()) {
            if (p.unlinked || p.path == null) continue;
            int mark = lastSyncAll > p.firstEvent ? Math.max(p.wholeMark, lastSyncAll) : p.wholeMark;
            if (mark < 0 && p.syncPages.isEmpty()) continue;
            checkFile(t, v, p, mark, problems);
            if (!problems.isEmpty()) break;
        }
        return problems;
    }

    private void checkFile(SimTask t, Volume v, Promise p, int mark, List<String> problems) {
        long promisedSize = p.syncSize;
        if (mark >= 0) promisedSize = Math.max(promisedSize, sizeBefore(p, mark));
        String why = mark >= 0 ? "promised by the " + describe(mark) : "promised by O_SYNC writes";
        F2fsInode inode;
        try {
            inode = v.lookup(t, p.path);
        } catch (F2fsException e) {
            inode = null;                                             // a parent directory is missing
        }
        if (inode == null) {
            problems.add("/" + p.path + " is missing after recovery (" + why + ", " + promisedSize + " bytes)");
            return;
        }
        long actual = inode.isize;
        long lower = promisedSize;
        for (int i = Math.max(mark, 0) + 1; i < ev.size(); i++) {
            Event e = ev.get(i);
            if (e.ino() == p.ino && e.kind() == Kind.SIZE && e.b() == 1) lower = Math.min(lower, e.a());
        }
        if (actual < lower) {
            problems.add("/" + p.path + " is " + actual + " bytes after recovery, " + lower + " were " + why);
            return;
        }
        long upper = maxSize.getOrDefault(p.ino, 0L);
        if (actual > upper) {
            problems.add("/" + p.path + " is " + actual + " bytes after recovery, larger than it ever was (" + upper + ")");
            return;
        }
        long[] got = new long[(int) ((actual + 4095) >>> 12)];
        int fd = v.open(t, p.path, Volume.O_RDONLY);
        try {
            v.pread(t, fd, 0, actual, (idx, ref, off, len) -> got[(int) idx] = ref);
        } finally {
            v.close(t, fd);
        }
        long pages = (promisedSize + 4095) >>> 12;
        for (long idx = 0; idx < Math.min(pages, got.length); idx++) {
            Integer syncEv = p.syncPages.get(idx);
            int pm = Math.max(mark, syncEv == null ? -1 : syncEv);
            if (pm < 0) continue;                                      // a page no promise covers
            int[] h = history.getOrDefault(key(p.ino, idx), new int[0]);
            int k = Arrays.binarySearch(h, pm);
            int version = k >= 0 ? k : -k - 2;                         // last page event at or before the promise
            if (version >= 0 && h[version] < p.firstEvent) version = -1;  // written to an earlier file of this ino
            long expected = version >= 0 ? ev.get(h[version]).b() : journal.registry().zeroRef();
            int valid = (int) Math.min(4096, actual - (idx << 12));
            if (matches(got[(int) idx], expected, valid)) continue;
            boolean later = false;
            int from = version + 1;
            while (from < h.length && h[from] < p.firstEvent) from++;
            for (int j = from; j < h.length && !later; j++) later = matches(got[(int) idx], ev.get(h[j]).b(), valid);
            if (later) continue;
            problems.add("/" + p.path + " page " + idx + " (bytes " + (idx << 12) + "–" + ((idx << 12) + valid - 1) + ") holds "
                    + what(got[(int) idx], h, version) + " instead of the data " + (syncEv != null && syncEv >= mark
                    ? "its O_SYNC write (event " + syncEv + ") returned for" : why));
            return;
        }
    }

    private long sizeBefore(Promise p, int mark) {
        long s = 0;
        for (int[] si : p.sizes) if (si[0] < mark) s = ev.get(si[0]).a();
        return s;
    }

    private boolean matches(long got, long expected, int valid) {
        if (got == expected) return true;
        ContentRegistry r = journal.registry();
        if (got == ContentRegistry.NONE) got = r.zeroRef();
        return Arrays.equals(r.bytes(got), 0, valid, r.bytes(expected), 0, valid);
    }

    private String what(long got, int[] h, int version) {
        ContentRegistry r = journal.registry();
        if (got == ContentRegistry.NONE || matches(got, r.zeroRef(), 4096)) return "zeros";
        for (int j = version - 1; j >= 0; j--) if (matches(got, ev.get(h[j]).b(), 4096)) return "an older version (event " + h[j] + ")";
        return "bytes this file never held";
    }

    private String describe(int i) {
        Event e = ev.get(i);
        return (e.kind() == Kind.FSYNC ? "fsync" : "sync") + " that returned at event " + i;
    }
}
