package org.f2fsobs.engine.f2fs.fsck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.f2fsobs.engine.f2fs.F2fsRig;
import org.f2fsobs.engine.f2fs.F2fsSbInfo;
import org.f2fsobs.engine.f2fs.Optimizations;
import org.f2fsobs.engine.f2fs.node.NodePage;
import org.f2fsobs.engine.f2fs.ondisk.DentryBlock;
import org.f2fsobs.engine.f2fs.segment.CursegType;
import org.f2fsobs.engine.sim.OfflineTask;
import org.junit.jupiter.api.Test;

/** The checker finds what it is meant to find (each test breaks one invariant on purpose). */
class FsckTests {

    private F2fsSbInfo volumeWithAFile() {
        F2fsRig rig = new F2fsRig(1L << 30, 4);
        return rig.run(new Optimizations(true, true, false, true), c -> {
            NodePage f = c.newFile();
            for (int i = 0; i < 100; i++) c.writeBlock(f, i, CursegType.WARM_DATA, c.sbi.registry().zeroRef());
            c.umount();
        });
    }

    /** The test corrupts the image as a tool outside the machine would: no CPU, no locks. */
    private static OfflineTask offline(F2fsSbInfo sbi) {
        return new OfflineTask(sbi.sim(), "corrupt");
    }

    @Test
    void aCleanVolumePasses() {
        assertThat(Fsck.check(volumeWithAFile())).isEmpty();
    }

    @Test
    void aSitCountThatDisagreesWithItsBitmapIsFound() {
        F2fsSbInfo sbi = volumeWithAFile();
        int segno = sbi.cursegI(CursegType.WARM_DATA).segno();
        sbi.smI().updateSitEntry(offline(sbi), sbi.layout().startBlock(segno) + 400, 1);   // a block nobody owns
        assertThat(Fsck.check(sbi)).anyMatch(p -> p.contains("owned by nothing"));
    }

    @Test
    void aBlockInvalidatedUnderAFileIsFound() {
        F2fsSbInfo sbi = volumeWithAFile();
        int segno = sbi.cursegI(CursegType.WARM_DATA).segno();
        sbi.smI().updateSitEntry(offline(sbi), sbi.layout().startBlock(segno), -1);
        assertThat(Fsck.check(sbi)).anyMatch(p -> p.contains("is not valid in the SIT"));
    }

    @Test
    void aNodeBlockOverwrittenByOtherContentIsFound() {
        F2fsSbInfo sbi = volumeWithAFile();
        long addr = sbi.layout().startBlock(sbi.cursegI(CursegType.WARM_NODE).segno());
        sbi.rq().store().write(addr, 0, new DentryBlock(List.of()), true);     // a misdirected dentry block
        assertThat(Fsck.check(sbi)).anyMatch(p -> p.contains("footer at block " + addr));
    }
}
