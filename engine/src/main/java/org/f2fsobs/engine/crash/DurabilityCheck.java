package org.f2fsobs.engine.crash;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.f2fsobs.engine.crash.PromiseJournal.Event;
import org.f2fsobs.engine.crash.PromiseJournal.Kind;
import org.f2fsobs.engine.f2fs.F2fsException;
import org.f2fsobs.engine.f2fs.Volume;
import org.f2fsobs.engine.f2fs.inode.F2fsInode;
import org.f2fsobs.engine.kernel.mm.Filemap;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.ContentRegistry;
import org.f2fsobs.engine.sim.device.WriteTags;

/**
 * Verifies a volume mounted after a power cut against what the journal says was promised before the cut: every file
 * covered by a completed fsync/fdatasync/sync exists with at least its promised size and, page by page, holds the
 * promised write or a later write of that page; every page covered by a completed O_SYNC write likewise.
 *
 * <p>Two independent checks per page. <b>Identity</b>: the write identity read back with the page ({@link WriteTags})
 * must be the promised write's or a later write's of the same page of the same file — an older generation, or the
 * previous file under a reused inode number, fails even when its bytes are equal. <b>Bytes</b>: the content must equal
 * the promised version's or a later version's. Writes in flight at the cut may or may not have landed, so any
 * version written after the promised one is accepted.
 */
public final class DurabilityCheck {
    private final PromiseJournal journal;
    private final WriteTags tags;
    private final List<Event> ev;
    private final TreeMap<Long, int[]> history = new TreeMap<>();   // (ino, page) → page events, in order
    private final TreeMap<Integer, Long> maxSize = new TreeMap<>();

    /** Built once the recording is over: indexes the whole journal ({@code tags}: the recorded disk's). */
    public DurabilityCheck(PromiseJournal journal, WriteTags tags) {
        this.journal = journal;
        this.tags = tags;
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
     * Checks the volume (in the calling task) against the promises of events [0, prefix). Returns what is lost: the
     * first lost page nothing was rewriting at the cut if there is one (a broken promise no cut may explain), else the
     * first file's first range; empty when every promise held.
     */
    public List<Loss> verify(SimTask t, Volume v, int prefix) {
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
        List<Loss> rewritten = new ArrayList<>();
        for (Promise p : files.values()) {
            if (p.unlinked || p.path == null) continue;
            int mark = lastSyncAll > p.firstEvent ? Math.max(p.wholeMark, lastSyncAll) : p.wholeMark;
            if (mark < 0 && p.syncPages.isEmpty()) continue;
            List<Loss> lost = new ArrayList<>();
            checkFile(t, v, p, mark, prefix, lost);
            if (lost.isEmpty()) continue;
            if (!lost.get(0).rewrittenAtCut()) return lost;
            if (rewritten.isEmpty()) rewritten = lost;
        }
        return rewritten;
    }

    private void checkFile(SimTask t, Volume v, Promise p, int mark, int prefix, List<Loss> lost) {
        long promisedSize = p.syncSize;
        if (mark >= 0) promisedSize = Math.max(promisedSize, sizeBefore(p, mark));
        int lastSync = p.syncPages.isEmpty() ? -1 : p.syncPages.values().stream().mapToInt(Integer::intValue).max().getAsInt();
        int whole = mark >= 0 ? mark : lastSync;
        String file = "/" + p.path;
        F2fsInode inode;
        try {
            inode = v.lookup(t, p.path);
        } catch (F2fsException e) {
            inode = null;                                             // a parent directory is missing
        }
        if (inode == null) {
            lost.add(new Loss(file, 0, promisedSize, promise(whole), whole, 0, 0, true,
                    file + " is missing after recovery (" + why(whole) + ", " + promisedSize + " bytes)", false));
            return;
        }
        long actual = inode.isize;
        long lower = promisedSize;
        for (int i = Math.max(mark, 0) + 1; i < ev.size(); i++) {
            Event e = ev.get(i);
            if (e.ino() == p.ino && e.kind() == Kind.SIZE && e.b() == 1) lower = Math.min(lower, e.a());
        }
        if (actual < lower) {
            lost.add(new Loss(file, actual, lower - actual, promise(whole), whole, 0, 0, true,
                    file + " is " + actual + " bytes after recovery, " + lower + " were " + why(whole), false));
            return;
        }
        long upper = maxSize.getOrDefault(p.ino, 0L);
        if (actual > upper) {
            lost.add(new Loss(file, upper, actual - upper, promise(whole), whole, 0, 0, true,
                    file + " is " + actual + " bytes after recovery, larger than it ever was (" + upper + ")", false));
            return;
        }
        int n = (int) ((actual + 4095) >>> 12);
        long[] got = new long[n], gotTag = new long[n];
        int fd = v.open(t, p.path, Volume.O_RDONLY);
        try {
            v.pread(t, fd, 0, actual, new Filemap.PageSink() {
                @Override public void page(long idx, long ref, int off, int len) { got[(int) idx] = ref; }
                @Override public void page(long idx, long ref, long tag, int off, int len) {
                    got[(int) idx] = ref;
                    gotTag[(int) idx] = tag;
                }
            });
        } finally {
            v.close(t, fd);
        }
        long pages = (promisedSize + 4095) >>> 12;
        Loss range = null, settled = null;                             // first range; first page nothing rewrote
        boolean closed = false;
        for (long idx = 0; idx < Math.min(pages, n) && !(closed && settled != null); idx++) {
            Loss l = checkPage(p, mark, idx, got[(int) idx], gotTag[(int) idx], (int) Math.min(4096, actual - (idx << 12)), prefix);
            if (l != null && !l.rewrittenAtCut() && settled == null) settled = l;
            if (closed) continue;
            if (l != null && range != null && range.offset() + range.length() == l.offset() && range.promise().equals(l.promise())
                    && range.byIdentity() == l.byIdentity() && range.rewrittenAtCut() == l.rewrittenAtCut()) {
                range = range.extend(l.length());
            } else if (l != null && range == null) {
                range = l;
            } else if (range != null) {
                closed = true;                                         // the first lost range is reported ...
            }
        }
        // ... unless a page nothing was rewriting at the cut is lost further on: that one is reported
        if (range != null) lost.add(range.rewrittenAtCut() && settled != null ? settled : range);
    }

    /**
     * One page's two checks; null when it holds the promised write (or a later one). Events before {@code prefix}
     * returned before the cut.
     */
    private Loss checkPage(Promise p, int mark, long idx, long gotRef, long gotTag, int valid, int prefix) {
        Integer syncEv = p.syncPages.get(idx);
        int pm = Math.max(mark, syncEv == null ? -1 : syncEv);
        if (pm < 0) return null;                                       // a page no promise covers
        int[] h = history.getOrDefault(key(p.ino, idx), new int[0]);
        int k = Arrays.binarySearch(h, pm);
        int version = k >= 0 ? k : -k - 2;                             // last page event at or before the promise
        if (version >= 0 && h[version] < p.firstEvent) version = -1;   // written to an earlier file of this ino
        long expectedTag = version >= 0 ? ev.get(h[version]).tag() : WriteTags.NONE;
        long expectedRef = version >= 0 ? ev.get(h[version]).b() : journal.registry().zeroRef();
        int from = version + 1;
        while (from < h.length && h[from] < p.firstEvent) from++;
        boolean idOk = gotTag == expectedTag, bytesOk = matches(gotRef, expectedRef, valid);
        for (int j = from; j < h.length && !(idOk && bytesOk); j++) {
            idOk |= gotTag == ev.get(h[j]).tag();
            bytesOk |= matches(gotRef, ev.get(h[j]).b(), valid);
        }
        if (idOk && bytesOk) return null;
        String file = "/" + p.path;
        String range = file + " page " + idx + " (bytes " + (idx << 12) + "–" + ((idx << 12) + valid - 1) + ")";
        String promised = (syncEv != null && syncEv >= mark ? "the data its O_SYNC write (event " + syncEv + ") returned for"
                : "the data " + why(mark)) + (expectedTag == WriteTags.NONE ? " (a hole)" : " (write #" + WriteTags.writeSeq(expectedTag) + ")");
        String what = idOk
                ? range + " holds write #" + WriteTags.writeSeq(gotTag) + " but " + bytes(gotRef, h, version) + ", not " + promised
                : range + " holds " + write(p, idx, gotTag, h) + " instead of " + promised
                        + (bytesOk ? "; its bytes are equal, only the write identity shows the loss" : "; the bytes differ too");
        // a compressed cluster's block read as a raw page holds no write's data for this page: found 0, as for a hole
        boolean rewritten = from < h.length && h[from] < prefix;      // a later write of the page returned before the cut
        return new Loss(file, idx << 12, valid, promise(pm), pm, WriteTags.writeSeq(expectedTag), WriteTags.writeSeq(gotTag), !idOk,
                what + (rewritten ? " (a later write of the page, event " + h[from] + ", was on its way to disk at the cut)" : ""),
                rewritten);
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

    /** Which write a page holds, in words. */
    private String write(Promise p, long idx, long tag, int[] h) {
        if (tag == WriteTags.NONE) return "no write (a hole or zeros)";
        if (tag < 0) return "a block of a compressed cluster (newest write #" + tags.newestWriteSeq(tag) + ") read as a raw page";
        long seq = WriteTags.writeSeq(tag);
        for (int j = h.length - 1; j >= 0; j--) {
            if (ev.get(h[j]).tag() != tag) continue;
            return h[j] < p.firstEvent ? "write #" + seq + " to an earlier file under the same inode number (event " + h[j] + ")"
                    : "an older write of this page, #" + seq + " (event " + h[j] + ")";
        }
        for (int j = 0; j < ev.size(); j++) {
            Event e = ev.get(j);
            if ((e.kind() != Kind.PAGE && e.kind() != Kind.SYNC_PAGE) || e.tag() != tag) continue;
            String path = pathAt(e.ino(), j);
            if (p.path.equals(path) && e.a() == idx) {
                return "write #" + seq + " to an earlier file at this path (ino " + e.ino() + ", event " + j + ")";
            }
            return "write #" + seq + " to page " + e.a() + " of " + (path == null ? "ino " + e.ino() : "/" + path + " (ino " + e.ino() + ")")
                    + " (event " + j + "): another file's or page's data";
        }
        return "write #" + seq + ", which the journal never saw";
    }

    /** The path inode {@code ino} was last opened under before event {@code j}. */
    private String pathAt(int ino, int j) {
        for (int i = j; i >= 0; i--) {
            Event e = ev.get(i);
            if (e.kind() == Kind.OPEN && e.ino() == ino) return journal.path(e.a());
        }
        return null;
    }

    /** What bytes a page holds, in words. */
    private String bytes(long got, int[] h, int version) {
        ContentRegistry r = journal.registry();
        if (got == ContentRegistry.NONE || matches(got, r.zeroRef(), 4096)) return "zeros";
        for (int j = version - 1; j >= 0; j--) if (matches(got, ev.get(h[j]).b(), 4096)) return "an older version's bytes (event " + h[j] + ")";
        return "bytes this file never held";
    }

    private String promise(int i) {
        if (i < 0) return "O_SYNC";
        Event e = ev.get(i);
        return switch (e.kind()) {
            case FSYNC -> e.a() == 1 ? "fdatasync" : "fsync";
            case SYNC_ALL -> "sync";
            default -> "O_SYNC";
        };
    }

    private String why(int i) {
        if (i < 0) return "promised by O_SYNC writes";
        String p = promise(i);
        return "promised by the " + (p.equals("O_SYNC") ? "O_SYNC write" : p) + " that returned at event " + i;
    }
}
