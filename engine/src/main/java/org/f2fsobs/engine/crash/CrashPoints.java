package org.f2fsobs.engine.crash;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.f2fsobs.engine.crash.CrashHarness.Point;
import org.f2fsobs.engine.f2fs.ondisk.BlockKind;
import org.f2fsobs.engine.f2fs.ondisk.Blocks;
import org.f2fsobs.engine.sim.Prng;
import org.f2fsobs.engine.sim.device.CrashMode;
import org.f2fsobs.engine.sim.device.DeviceLog;

/**
 * Where the harness cuts the power, what kind of moment each cut is, and whether a set of checked cuts covers the
 * workload. The plan, over the measured part of the device log:
 * <ul>
 * <li>every flush completion and every FUA write completion, un-flushed writes dropped ({@code flush}, or by the
 *     FUA block: {@code checkpoint}, {@code node_write}, {@code data_write});</li>
 * <li>one seeded write between each two of them, un-flushed writes kept or lost at random ({@code between}, plus the
 *     kind of that write), the write's kind rotating to the one cut least so far;</li>
 * <li>every moment an fsync, fdatasync, sync or O_SYNC write returned, un-flushed writes dropped
 *     ({@code fsync_return}; merged into the point at the same device position);</li>
 * <li>the end of the command ({@code end}); and, where the above cut a kind of write fewer than {@link #MIN_CUTS} times though the
 *     log has more, seeded extra cuts after writes of that kind.</li>
 * </ul>
 * A cut after device-log entry i sees the promises of every call that returned before entry i + 1 completed.
 */
public final class CrashPoints {
    /** A kind the workload has must be cut at least min(MIN_CUTS, its points in the plan) times. */
    public static final int MIN_CUTS = 3;

    private CrashPoints() {}

    /** What a crash point cuts at. */
    public enum Kind {
        DATA_WRITE, NODE_WRITE, CHECKPOINT, FLUSH, FSYNC_RETURN, BETWEEN, END;

        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }

        int bit() {
            return 1 << ordinal();
        }
    }

    /** The kind of block device-log entry i wrote: a flush, a data block, a node block or a checkpoint's block. */
    static Kind classOf(DeviceLog log, int i) {
        if (log.isFlush(i)) return Kind.FLUSH;
        BlockKind k = Blocks.kindOf(log.meta(i));
        if (k == null) return Kind.DATA_WRITE;
        return switch (k) {
            case DENTRY -> Kind.DATA_WRITE;      // a directory's data block
            case NODE -> Kind.NODE_WRITE;
            // CP pack, SIT, NAT and summary blocks: written by a checkpoint (the superblock only by mkfs)
            case SUPER, CHECKPOINT, CP_PACK, NAT, SIT, SUMMARY -> Kind.CHECKPOINT;
        };
    }

    /** A point under construction, keyed by (log index, mode). */
    private static final class Draft {
        final int logIndex;
        final CrashMode mode;
        final Kind kind;
        int kinds;
        String where;

        Draft(int logIndex, CrashMode mode, Kind kind, String where) {
            this.logIndex = logIndex;
            this.mode = mode;
            this.kind = kind;
            this.kinds = kind.bit();
            this.where = where;
        }
    }

    /**
     * The plan for log entries [from, log.size()) and the promise returns among journal events [measuredTag, endTag).
     */
    static List<Point> plan(DeviceLog log, int from, long measuredTag, long endTag, long[] promiseEvents, Prng prng) {
        TreeMap<Long, Draft> drafts = new TreeMap<>();                 // (logIndex, mode) → draft
        EnumMap<Kind, Integer> betweenByClass = new EnumMap<>(Kind.class);
        int prev = from - 1;
        for (int i = from; i < log.size(); i++) {
            if (!log.isBoundary(i)) continue;
            if (i - prev > 1) addBetween(drafts, log, from, pickBetween(log, prev + 1, i, betweenByClass, prng));
            Kind k = classOf(log, i);
            put(drafts, new Draft(i, CrashMode.DROP_ALL, k, log.isFlush(i)
                    ? "at the completion of a cache flush (device write " + (i - from + 1) + " of the command), un-flushed writes lost"
                    : "at the completion of a FUA write to block " + log.blkaddr(i) + " (" + k.key() + "), un-flushed writes lost"));
            prev = i;
        }
        int last = log.size() - 1;
        Draft end = drafts.get(key(last, CrashMode.DROP_ALL));
        if (end != null) {
            end.where += "; the end of the command";
            end.kinds |= Kind.END.bit();
        } else {
            put(drafts, new Draft(last, CrashMode.DROP_ALL, Kind.END, "at the end of the command, un-flushed writes lost"));
        }
        addPromiseReturns(drafts, log, from, measuredTag, promiseEvents);
        fillKinds(drafts, log, from, prng);
        List<Draft> sorted = new ArrayList<>(drafts.values());
        List<Point> pts = new ArrayList<>(sorted.size());
        for (Draft d : sorted) {
            long tag = d.logIndex + 1 < log.size() ? log.tag(d.logIndex + 1) : endTag;
            pts.add(new Point(pts.size(), d.logIndex, tag, d.mode, d.kind, d.kinds, d.where));
        }
        return pts;
    }

    private static long key(int logIndex, CrashMode mode) {
        return ((long) (logIndex + 1) << 2) | mode.ordinal();
    }

    private static void put(TreeMap<Long, Draft> drafts, Draft d) {
        Draft old = drafts.get(key(d.logIndex, d.mode));
        if (old != null) old.kinds |= d.kinds;
        else drafts.put(key(d.logIndex, d.mode), d);
    }

    private static void addBetween(TreeMap<Long, Draft> drafts, DeviceLog log, int from, int j) {
        Kind k = classOf(log, j);
        Draft d = new Draft(j, CrashMode.RANDOM_SUBSET, Kind.BETWEEN, "after write " + (j - from + 1) + " of the command ("
                + k.key() + ", block " + log.blkaddr(j) + "), un-flushed writes kept or lost at random");
        d.kinds |= k.bit();
        put(drafts, d);
    }

    /** A seeded write in [lo, hi) of the kind cut least so far among those present. */
    private static int pickBetween(DeviceLog log, int lo, int hi, EnumMap<Kind, Integer> byClass, Prng prng) {
        EnumMap<Kind, List<Integer>> present = new EnumMap<>(Kind.class);
        for (int j = lo; j < hi; j++) present.computeIfAbsent(classOf(log, j), x -> new ArrayList<>()).add(j);
        Kind pick = null;
        for (Kind k : present.keySet()) if (pick == null || byClass.getOrDefault(k, 0) < byClass.getOrDefault(pick, 0)) pick = k;
        byClass.merge(pick, 1, Integer::sum);
        List<Integer> c = present.get(pick);
        return c.get(prng.nextInt(c.size()));
    }

    /** A DROP_ALL cut where each promise returned: after the last entry logged before it. */
    private static void addPromiseReturns(TreeMap<Long, Draft> drafts, DeviceLog log, int from, long measuredTag, long[] promiseEvents) {
        int l = from - 1;
        for (long e : promiseEvents) {
            if (e < measuredTag) continue;
            while (l + 1 < log.size() && log.tag(l + 1) <= e) l++;
            put(drafts, new Draft(l, CrashMode.DROP_ALL, Kind.FSYNC_RETURN, "where a promise (journal event " + e
                    + ") returned, after device write " + (l - from + 1) + " of the command, un-flushed writes lost"));
        }
    }

    /** Seeded extra cuts after writes of a kind (and between boundaries) the plan cut fewer than MIN_CUTS times. */
    private static void fillKinds(TreeMap<Long, Draft> drafts, DeviceLog log, int from, Prng prng) {
        for (Kind k : List.of(Kind.DATA_WRITE, Kind.NODE_WRITE, Kind.CHECKPOINT, Kind.BETWEEN)) {
            List<Integer> candidates = new ArrayList<>();
            for (int j = from; j < log.size(); j++) {
                if (log.isBoundary(j) || (k != Kind.BETWEEN && classOf(log, j) != k)) continue;
                if (!drafts.containsKey(key(j, CrashMode.RANDOM_SUBSET))) candidates.add(j);
            }
            int have = 0;
            for (Draft d : drafts.values()) if ((d.kinds & k.bit()) != 0) have++;
            while (have < MIN_CUTS && !candidates.isEmpty()) {
                addBetween(drafts, log, from, candidates.remove(prng.nextInt(candidates.size())));
                have++;
            }
        }
    }

    // ------------------------------------------------------------------ coverage

    /** Points per kind, in kind order (a point counts for every kind it has). */
    public static Map<Kind, Integer> coverage(List<Point> points) {
        EnumMap<Kind, Integer> m = new EnumMap<>(Kind.class);
        for (Kind k : Kind.values()) m.put(k, 0);
        for (Point p : points) for (Kind k : p.kinds()) m.merge(k, 1, Integer::sum);
        return m;
    }

    /** What a check of {@code all}'s workload must cut: min(MIN_CUTS, points of the kind in the plan) per kind. */
    public static Map<Kind, Integer> required(List<Point> all) {
        EnumMap<Kind, Integer> m = new EnumMap<>(Kind.class);
        coverage(all).forEach((k, n) -> m.put(k, Math.min(MIN_CUTS, n)));
        return m;
    }

    /** The kinds {@code checked} cuts fewer times than {@code all}'s workload requires. */
    public static List<Kind> missing(List<Point> all, List<Point> checked) {
        Map<Kind, Integer> need = required(all), got = coverage(checked);
        List<Kind> out = new ArrayList<>();
        for (Kind k : Kind.values()) if (got.get(k) < need.get(k)) out.add(k);
        return out;
    }

    /**
     * At most {@code max} points: first the required cuts of each kind (evenly spread among that kind's points), then
     * evenly spread over all, always the last; in point order.
     */
    public static List<Point> select(List<Point> all, int max) {
        if (max >= all.size()) return all;
        TreeSet<Integer> chosen = new TreeSet<>();
        chosen.add(all.size() - 1);
        Map<Kind, Integer> need = required(all);
        for (Kind k : Kind.values()) {
            List<Point> ofKind = all.stream().filter(p -> p.has(k)).toList();
            for (int idx : spread(ofKind.size(), need.get(k))) {
                if (chosen.size() >= max) break;
                chosen.add(ofKind.get(idx).number());
            }
        }
        for (int idx : spread(all.size(), max)) {
            if (chosen.size() >= max) break;
            chosen.add(idx);
        }
        for (int i = 0; chosen.size() < max && i < all.size(); i++) chosen.add(i);
        return chosen.stream().sorted(Comparator.naturalOrder()).map(all::get).toList();
    }

    /** {@code m} indices evenly spread over [0, n), the last included. */
    private static List<Integer> spread(int n, int m) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < m && n > 0; i++) {
            int idx = m == 1 ? n - 1 : (int) Math.round(i * (n - 1) / (double) (m - 1));
            if (out.isEmpty() || out.get(out.size() - 1) != idx) out.add(idx);
        }
        return out;
    }
}
