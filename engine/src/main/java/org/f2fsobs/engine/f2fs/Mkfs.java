package org.f2fsobs.engine.f2fs;

import static org.f2fsobs.engine.f2fs.F2fsConst.BLKS_PER_SEG;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.f2fsobs.engine.f2fs.node.InodeFields;
import org.f2fsobs.engine.f2fs.node.NodeKind;
import org.f2fsobs.engine.f2fs.ondisk.CheckpointImage;
import org.f2fsobs.engine.f2fs.ondisk.DentryBlock;
import org.f2fsobs.engine.f2fs.ondisk.NatJournalEntry;
import org.f2fsobs.engine.f2fs.ondisk.NodeImage;
import org.f2fsobs.engine.f2fs.ondisk.SitBlock;
import org.f2fsobs.engine.f2fs.ondisk.SummaryBlock;
import org.f2fsobs.engine.f2fs.ondisk.SuperBlock;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.sim.device.DeviceStore;

/**
 * mkfs.f2fs (f2fs-tools mkfs/f2fs_format.c): the geometry of f2fs_prepare_super_block — zone-aligned segment0,
 * CP, SIT (two copies), NAT (two copies, capped by the CP bitmap space), SSA, main area in whole zones — the
 * overprovision ratio of get_best_overprovision and the reserved segments, the initial current segments of each
 * log (one zone apart), and the first checkpoint pack with the root directory. mkfs.f2fs is a program of its own
 * (f2fs-tools): it writes the device directly, not through the kernel's block layer, so neither do we.
 */
public final class Mkfs {
    private Mkfs() {}

    /** Features -O may name; the model accepts them (compression needs extra_attr,compression in real f2fs). */
    public static final java.util.List<String> FEATURES = java.util.List.of("extra_attr", "compression", "inode_checksum",
            "flexible_inline_xattr", "inode_crtime", "sb_checksum", "lost_found", "quota", "project_quota", "verity",
            "encrypt", "casefold");

    /** Options of mkfs.f2fs that the model takes: -s segs per section, -z secs per zone, -o overprovision %, -O features. */
    public record Options(int segsPerSec, int secsPerZone, double overprovision, java.util.List<String> features) {
        public Options(int segsPerSec, int secsPerZone, double overprovision) {
            this(segsPerSec, secsPerZone, overprovision, java.util.List.of());
        }

        public static Options defaults() {
            return new Options(1, 1, 0);
        }

        /** Parses "-s 128 -z 1 -o 5 -O extra_attr,compression"; unknown or bad options are EINVAL naming the option. */
        public static Options parse(String text) {
            int s = 1, z = 1;
            double o = 0;
            java.util.List<String> features = new java.util.ArrayList<>();
            String[] a = text == null || text.isBlank() ? new String[0] : text.trim().split("\\s+");
            for (int i = 0; i < a.length; i++) {
                String opt = a[i];
                if (opt.equals("-O")) {
                    if (i + 1 >= a.length) throw new F2fsException("EINVAL", "mkfs.f2fs: option -O needs a feature list");
                    for (String f : a[++i].split(",")) {
                        if (!FEATURES.contains(f)) throw new F2fsException("EINVAL", "mkfs.f2fs: unknown feature '" + f + "' in -O (known: " + FEATURES + ")");
                        features.add(f);
                    }
                    continue;
                }
                if (!opt.equals("-s") && !opt.equals("-z") && !opt.equals("-o")) {
                    throw new F2fsException("EINVAL", "mkfs.f2fs: unsupported option '" + opt + "' (supported: -s, -z, -o, -O)");
                }
                if (i + 1 >= a.length) throw new F2fsException("EINVAL", "mkfs.f2fs: option " + opt + " needs a value");
                String v = a[++i];
                try {
                    switch (opt) {
                        case "-s" -> s = Integer.parseInt(v);
                        case "-z" -> z = Integer.parseInt(v);
                        default -> o = Double.parseDouble(v);
                    }
                } catch (NumberFormatException e) {
                    throw new F2fsException("EINVAL", "mkfs.f2fs: option " + opt + " needs a number, got '" + v + "'");
                }
            }
            return new Options(s, z, o, java.util.List.copyOf(features));
        }

        public Options {
            features = java.util.List.copyOf(features);
            if (segsPerSec < 1 || segsPerSec > 512 || Integer.bitCount(segsPerSec) != 1) {
                throw new F2fsException("EINVAL", "mkfs.f2fs: -s (segments per section) must be a power of two in 1..512, got " + segsPerSec);
            }
            if (secsPerZone < 1 || secsPerZone > 1024) {
                throw new F2fsException("EINVAL", "mkfs.f2fs: -z (sections per zone) must be in 1..1024, got " + secsPerZone);
            }
            if (overprovision < 0 || overprovision >= 100) {
                throw new F2fsException("EINVAL", "mkfs.f2fs: -o (overprovision %) must be in [0, 100), got " + overprovision);
            }
        }

        public String text() {
            return "-s " + segsPerSec + (secsPerZone != 1 ? " -z " + secsPerZone : "") + (overprovision != 0 ? " -o " + overprovision : "")
                    + (features.isEmpty() ? "" : " -O " + String.join(",", features));
        }
    }

    private static long align(long val, long size) {
        return (val + size - 1) / size;
    }

    /** get_best_overprovision */
    static double bestOverprovision(int segmentCountMain, int segsPerSec) {
        double candidate, end, diff;
        if (segmentCountMain < 256) {
            candidate = 10;
            end = 95;
            diff = 5;
        } else {
            candidate = 0.01;
            end = 10;
            diff = 0.01;
        }
        double maxOvp = 0, maxSpace = 0;
        for (; candidate <= end; candidate += diff) {
            double reserved = (2 * (100 / candidate + 1) + F2fsConst.NR_CURSEG_PERSIST_TYPE) * segsPerSec;
            double ovp = (segmentCountMain - reserved) * candidate / 100;
            double space = segmentCountMain - reserved - ovp;
            if (maxSpace < space) {
                maxSpace = space;
                maxOvp = candidate;
            }
        }
        return maxOvp;
    }

    /** f2fs_prepare_super_block for a device of {@code deviceBytes}. */
    public static SuperBlock prepareSuperBlock(long deviceBytes, Options o) {
        int segsPerZone = o.segsPerSec() * o.secsPerZone();
        long zoneSizeBytes = (long) F2fsConst.F2FS_BLKSIZE * segsPerZone * BLKS_PER_SEG;
        long segmentSizeBytes = (long) F2fsConst.F2FS_BLKSIZE * BLKS_PER_SEG;
        long zoneAlignStartOffset = (2L * F2fsConst.F2FS_BLKSIZE + zoneSizeBytes - 1) / zoneSizeBytes * zoneSizeBytes;
        if (deviceBytes < zoneAlignStartOffset) throw tooSmall(deviceBytes, o);
        long segment0 = zoneAlignStartOffset / F2fsConst.F2FS_BLKSIZE;
        long totalSegments = (deviceBytes - zoneAlignStartOffset) / segmentSizeBytes;
        long segmentCount = totalSegments / segsPerZone * segsPerZone;
        int segmentCountCkpt = F2fsConst.F2FS_CP_PACKS;
        long sitBlkaddr = segment0 + (long) segmentCountCkpt * BLKS_PER_SEG;
        long blocksForSit = align(segmentCount, F2fsConst.SIT_ENTRY_PER_BLOCK);
        long sitSegments = align(blocksForSit, BLKS_PER_SEG);
        long segmentCountSit = sitSegments * 2;
        long natBlkaddr = sitBlkaddr + segmentCountSit * BLKS_PER_SEG;
        long totalValidBlksAvailable = (segmentCount - (segmentCountCkpt + segmentCountSit)) * BLKS_PER_SEG;
        long blocksForNat = align(totalValidBlksAvailable, F2fsConst.NAT_ENTRY_PER_BLOCK);
        long segmentCountNat = align(blocksForNat, BLKS_PER_SEG);
        long sitBitmapSize = ((segmentCountSit / 2) << F2fsConst.LOG_BLOCKS_PER_SEG) / Byte.SIZE;
        // MAX_SIT_BITMAP_SIZE (f2fs-tools)
        long maxSitBitmapSize = align(align(F2fsConst.F2FS_MAX_SEGMENT, F2fsConst.SIT_ENTRY_PER_BLOCK), BLKS_PER_SEG) * BLKS_PER_SEG / Byte.SIZE;
        maxSitBitmapSize = Math.min(sitBitmapSize, maxSitBitmapSize);
        long maxNatBitmapSize;
        int cpPayload;
        if (maxSitBitmapSize > F2fsConst.MAX_SIT_BITMAP_SIZE_IN_CKPT) {
            maxNatBitmapSize = F2fsConst.MAX_BITMAP_SIZE_IN_CKPT;
            cpPayload = (int) align(maxSitBitmapSize, F2fsConst.F2FS_BLKSIZE);
        } else {
            maxNatBitmapSize = F2fsConst.MAX_BITMAP_SIZE_IN_CKPT - maxSitBitmapSize;
            cpPayload = 0;
        }
        long maxNatSegments = (maxNatBitmapSize * Byte.SIZE) >> F2fsConst.LOG_BLOCKS_PER_SEG;
        if (segmentCountNat > maxNatSegments) segmentCountNat = maxNatSegments;
        segmentCountNat *= 2;
        long ssaBlkaddr = natBlkaddr + segmentCountNat * BLKS_PER_SEG;
        totalValidBlksAvailable = (segmentCount - (segmentCountCkpt + segmentCountSit + segmentCountNat)) * BLKS_PER_SEG;
        long blocksForSsa = totalValidBlksAvailable / BLKS_PER_SEG + 1;
        long segmentCountSsa = align(blocksForSsa, BLKS_PER_SEG);
        long totalMetaSegments = segmentCountCkpt + segmentCountSit + segmentCountNat + segmentCountSsa;
        long diff = totalMetaSegments % segsPerZone;
        if (diff != 0) segmentCountSsa += segsPerZone - diff;
        long totalMetaZones = align(totalMetaSegments * BLKS_PER_SEG, (long) BLKS_PER_SEG * segsPerZone);
        long mainBlkaddr = segment0 + totalMetaZones * segsPerZone * BLKS_PER_SEG;
        long totalZones = segmentCount / segsPerZone - totalMetaZones;
        if (totalZones <= F2fsConst.NR_CURSEG_PERSIST_TYPE) throw tooSmall(deviceBytes, o);     // a zone per log
        long sectionCount = totalZones * o.secsPerZone();
        long segmentCountMain = sectionCount * o.segsPerSec();
        double ovp = o.overprovision() == 0 ? bestOverprovision((int) segmentCountMain, o.segsPerSec()) : o.overprovision();
        int reserved = (int) ((2 * (100 / ovp + 1) + F2fsConst.NR_CURSEG_PERSIST_TYPE) * o.segsPerSec());
        if (ovp == 0 || totalSegments < F2fsConst.F2FS_MIN_SEGMENTS || segmentCountMain - 2 < reserved) throw tooSmall(deviceBytes, o);
        return new SuperBlock(deviceBytes / F2fsConst.F2FS_BLKSIZE, o.segsPerSec(), o.secsPerZone(), segment0, segment0,
                sitBlkaddr, natBlkaddr, ssaBlkaddr, mainBlkaddr, (int) segmentCount, segmentCountCkpt, (int) segmentCountSit,
                (int) segmentCountNat, (int) segmentCountSsa, (int) segmentCountMain, (int) sectionCount, cpPayload,
                F2fsConst.F2FS_ROOT_INO, ovp, reserved, o.features());
    }

    private static F2fsException tooSmall(long deviceBytes, Options o) {
        return new F2fsException("EINVAL", "mkfs.f2fs: device size (" + deviceBytes + " bytes) is not sufficient for an F2FS volume with "
                + o.segsPerSec() + " segment(s) per section");
    }

    /** The initial segment of each log (non-heap allocation, as f2fs-tools does by default). */
    static int[] initialCursegs(SuperBlock sb) {
        int segsPerZone = sb.segsPerZone();
        long totalZones = sb.segmentCountMain() / segsPerZone;
        int[] cur = new int[F2fsConst.NR_CURSEG_PERSIST_TYPE];
        int hotNode = 0;
        int warmNode = hotNode + segsPerZone;
        int coldNode = warmNode + segsPerZone;
        int hotData = coldNode + segsPerZone;
        int coldData = (int) Math.max((totalZones / 4 - 1) * segsPerZone, coldNode + segsPerZone);
        int warmData = (int) Math.max((totalZones / 2 - 1) * segsPerZone, coldData + segsPerZone);
        cur[CursegType.HOT_DATA.ordinal()] = hotData;
        cur[CursegType.WARM_DATA.ordinal()] = warmData;
        cur[CursegType.COLD_DATA.ordinal()] = coldData;
        cur[CursegType.HOT_NODE.ordinal()] = hotNode;
        cur[CursegType.WARM_NODE.ordinal()] = warmNode;
        cur[CursegType.COLD_NODE.ordinal()] = coldNode;
        return cur;
    }

    /** Formats the device: superblocks, checkpoint pack 1, the root directory, SIT and NAT journals. */
    public static SuperBlock format(DeviceStore store, Options o) {
        SuperBlock sb = prepareSuperBlock(store.nrBlocks() * (long) F2fsConst.F2FS_BLKSIZE, o);
        store.write(0, 0, sb, true);
        store.write(1, 0, sb, true);
        int[] cur = initialCursegs(sb);
        int[] blkoff = new int[F2fsConst.NR_CURSEG_PERSIST_TYPE];
        blkoff[CursegType.HOT_DATA.ordinal()] = 1;
        blkoff[CursegType.HOT_NODE.ordinal()] = 1;
        long mainBlk = sb.mainBlkaddr();
        long rootNodeAddr = mainBlk + (long) cur[CursegType.HOT_NODE.ordinal()] * BLKS_PER_SEG;
        long rootDentAddr = mainBlk + (long) cur[CursegType.HOT_DATA.ordinal()] * BLKS_PER_SEG;
        int root = sb.rootIno();

        // root dentry block and root inode (f2fs_write_root_inode, f2fs_add_default_dentry_root)
        store.write(rootDentAddr, 0, new DentryBlock(List.of(new DentryBlock.Dentry(".", root, true),
                new DentryBlock.Dentry("..", root, true))), true);
        InodeFields rf = new InodeFields();
        rf.directory = true;
        rf.size = F2fsConst.F2FS_BLKSIZE;
        rf.links = 2;
        rf.blocks = 2;
        rf.pino = root;
        long[] addrs = new long[F2fsConst.DEF_ADDRS_PER_INODE];
        addrs[0] = rootDentAddr;
        store.write(rootNodeAddr, 0, NodeImage.of(root, root, NodeKind.INODE, 0, false, false, false, 1,
                rootNodeAddr + 1, addrs, new int[F2fsConst.DEF_NIDS_PER_INODE], rf), true);

        // summaries of the two used blocks; SIT entries of all six current segments go into the SIT journal
        SummaryBlock[] sums = new SummaryBlock[F2fsConst.NR_CURSEG_PERSIST_TYPE];
        for (int i = 0; i < sums.length; i++) {
            sums[i] = new SummaryBlock(new int[F2fsConst.ENTRIES_IN_SUM], new int[F2fsConst.ENTRIES_IN_SUM], new byte[F2fsConst.ENTRIES_IN_SUM]);
        }
        sums[CursegType.HOT_NODE.ordinal()].nid()[0] = root;
        sums[CursegType.HOT_DATA.ordinal()].nid()[0] = root;
        List<CheckpointImage.SitJournalEntry> sitJournal = new ArrayList<>();
        for (CursegType t : CursegType.values()) {
            long[] map = new long[F2fsConst.SIT_VBLOCK_MAP_SIZE / Long.BYTES];
            int valid = blkoff[t.ordinal()];
            if (valid > 0) map[0] = 1L;
            sitJournal.add(new CheckpointImage.SitJournalEntry(cur[t.ordinal()], new SitBlock.RawSit(valid, t.ordinal(), map, 0)));
        }
        List<NatJournalEntry> natJournal = List.of(new NatJournalEntry(root, root, rootNodeAddr, (byte) 0));

        int reserved = sb.reservedSegments();
        int ovpSegments = (int) ((sb.segmentCountMain() - reserved) * sb.overprovision() / 100) + reserved;
        int freeSegmentCount = sb.segmentCountMain() - F2fsConst.NR_CURSEG_PERSIST_TYPE;    // the logs' segments are in use
        long userBlockCount = (long) (freeSegmentCount + F2fsConst.NR_CURSEG_PERSIST_TYPE - ovpSegments) * BLKS_PER_SEG;
        // f2fs_write_check_point_pack: the two CP blocks, one compacted data summary, the node summaries, the payload
        int total = F2fsConst.F2FS_CP_PACKS + 1 + F2fsConst.NR_CURSEG_NODE_TYPE + sb.cpPayload();
        CheckpointImage cp = new CheckpointImage(1, userBlockCount, 2, reserved, ovpSegments, freeSegmentCount, cur, blkoff,
                new int[F2fsConst.NR_CURSEG_PERSIST_TYPE], CheckpointImage.CP_UMOUNT_FLAG | CheckpointImage.CP_COMPACT_SUM_FLAG, total, 1, 1, root + 1,
                new BitSet(), new BitSet(), sums, natJournal, sitJournal, 0);
        long cpStart = sb.cpBlkaddr();
        store.write(cpStart, 0, cp, true);
        store.write(cpStart + total - 1, 0, cp, true);
        return sb;
    }
}
