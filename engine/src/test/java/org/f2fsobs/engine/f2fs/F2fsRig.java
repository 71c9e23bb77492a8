package org.f2fsobs.engine.f2fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Consumer;
import org.f2fsobs.engine.f2fs.checkpoint.CpReason;
import org.f2fsobs.engine.f2fs.data.IoPage;
import org.f2fsobs.engine.f2fs.data.PageType;
import org.f2fsobs.engine.f2fs.data.WriteIo;
import org.f2fsobs.engine.f2fs.fsck.Fsck;
import org.f2fsobs.engine.f2fs.node.DnodeOfData;
import org.f2fsobs.engine.f2fs.node.NodePage;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.f2fs.segment.SegmentManager;
import org.f2fsobs.engine.kernel.block.RequestQueue;
import org.f2fsobs.engine.platform.Machine;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.TestProfiles;
import org.f2fsobs.engine.sim.SimTask;
import org.f2fsobs.engine.sim.device.DeviceStore;

/**
 * A formatted device and helpers to mount it in a fresh simulation, run code in a task, and write blocks to files
 * through the segment and node managers (no page cache): the structure-level harness of the IIa tests.
 */
public final class F2fsRig {
    public final Profile profile;
    public final DeviceStore store;
    public final Mkfs.Options mkfs;
    private long seed = 1;

    public F2fsRig(long deviceBytes, int segsPerSec) {
        this.profile = TestProfiles.ideal().set("device.capacity_bytes", deviceBytes).build();
        this.store = new DeviceStore(deviceBytes / 4096, true);
        this.mkfs = new Mkfs.Options(segsPerSec, 1, 0);
        Mkfs.format(store, mkfs);
    }

    /** Mounts in a new simulation and runs {@code body}; returns the sbi as left by the body (still mounted). */
    public F2fsSbInfo run(Optimizations o, Consumer<Ctx> body) {
        Machine m = new Machine(profile, seed++);
        RequestQueue rq = new RequestQueue(m, store);
        F2fsSbInfo[] out = new F2fsSbInfo[1];
        m.sim().spawn("test", t -> {
            // alloc_mode=default: these volumes are small enough for default_options' ALLOC_MODE_REUSE, and the naive
            // reference models follow the default policy (reuse has its own test)
            F2fsSbInfo sbi = Mount.mount(t, m, rq, F2fsOptions.defaults(o).withMountOptions("alloc_mode=default"));
            out[0] = sbi;
            body.accept(new Ctx(t, sbi));
        });
        m.sim().run();
        return out[0];
    }

    public static void assertConsistent(F2fsSbInfo sbi) {
        assertThat(Fsck.check(sbi)).as("fsck").isEmpty();
    }

    /** One mounted volume in a running task. */
    public static final class Ctx {
        public final SimTask t;
        public final F2fsSbInfo sbi;
        private final WriteIo[] dataIo = new WriteIo[3];

        Ctx(SimTask t, F2fsSbInfo sbi) {
            this.t = t;
            this.sbi = sbi;
            for (int i = 0; i < 3; i++) dataIo[i] = new WriteIo(sbi, PageType.DATA, i);
        }

        public NodePage newFile() {
            int ino = sbi.nmI().allocNid();
            return sbi.nmI().newInodePage(t, ino);
        }

        /** Writes file block {@code index} out of place on {@code log}: allocation, dnode update, data bio. */
        public long writeBlock(NodePage inode, long index, CursegType log, long ref) {
            DnodeOfData dn = sbi.nmI().getDnodeOfData(t, inode, index, true);
            long old = dn.dataBlkaddr();
            long addr = sbi.smI().allocateDataBlock(t, F2fsConst.isValidBlkaddr(old) ? old : F2fsConst.NULL_ADDR, log,
                    new SegmentManager.Summary(dn.nid(), dn.ofsInNode(), (byte) 0),
                    a -> dataIo[log.temp()].submitPageWrite(t, a, NO_PAGE, ref, 0, null, 0, 0));
            sbi.nmI().setDataBlkaddr(dn, addr);
            return addr;
        }

        public void flushData() {
            for (WriteIo io : dataIo) io.submitMerged(t);
        }

        public void checkpoint(CpReason reason) {
            flushData();
            sbi.cp().writeCheckpoint(t, reason);
        }

        public void umount() {
            checkpoint(CpReason.CP_UMOUNT);
        }
    }

    static final IoPage NO_PAGE = status -> { };
}
