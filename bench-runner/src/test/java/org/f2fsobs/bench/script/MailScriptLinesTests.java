package org.f2fsobs.bench.script;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.f2fsobs.bench.cli.BenchRunnerCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shell lines from real F2FS patch mails, each run as a script through {@code bench-runner exec --script}: every line
 * of a kind scripts support runs (exit 0); a line the model does not run is refused before anything runs, with exit 2
 * and a message naming the line and why; no line ends in exit 1. A row may need lines of ours before it (a file the
 * mail's machine had, the variables its shell had), and a tool run after it when the mail's line measures nothing.
 *
 * <p>Sources (linux-f2fs-devel unless said; the archive is {@code linux-mailinglist-archives/linux-f2fs-devel.lists.sourceforge.net.0}):
 * <ul>
 * <li>S000: the seed mail 000, yohan.joung, "[PATCH v2 2/2] f2fs: add ckpt_valid_blocks to the section entry", 2025-05-02
 * (the insmod line is wrapped after submit_queues=8 in the mail)</li>
 * <li>S001: the seed mail 001, Daeho Jeong, "f2fs: change virtual mapping way for compression pages" v3, 2020-08-12</li>
 * <li>S004: the seed mail 004, Sahitya Tummala, "[PATCH v3] f2fs: fix performance issue observed with multi-thread
 * sequential read", 2018-08-10</li>
 * <li>ATGC: Jaegeuk Kim, "[PATCH] f2fs: assign CURSEG_ALL_DATA_ATGC if blkaddr is valid", 2024-06-18 (upstream 8cb1f4080dd9)</li>
 * <li>TRUNC: Chao Yu, "f2fs: compress: don't allow unaligned truncation on released compress inode" (upstream
 * 29ed2b5dd521, CVE-2024-33847; its lines are a "- " list, the bullet left out)</li>
 * <li>VMALLOC: Chao Yu, "[PATCH 1/2] f2fs: use vmalloc instead of kvmalloc in .init_{,de}compress_ctx", 2025-05-13</li>
 * <li>CPDIS: Qi Han, "f2fs: fix f2fs_bug_on when uninstalling filesystem call f2fs_evict_inode." (upstream d5c367ef8287,
 * as posted to stable 2024-12-04)</li>
 * <li>CPEN: Chao Yu's testcase in the thread on checkpoint=disable and NEW_ADDR ("Without this patch, file can be
 * persisted via checkpoint=enable as well")</li>
 * <li>INODE: Yunlei He, "f2fs: fix an error case of missing update inode page" (msm-4.19 211a6fa04c56)</li>
 * <li>LEVEL: Chao Yu, "f2fs: compress: support compress level" (upstream 3fde13f817e2)</li>
 * <li>CPMERGE: Daeho Jeong, "[PATCH v4 1/2] f2fs: introduce checkpoint=merge mount option", 2021-01-19</li>
 * <li>XATTR: Jaegeuk Kim, "f2fs: support the inline xattrs" (upstream 65985d935ddd, 2013; its usage line has a "# " prompt)</li>
 * <li>VERITY: Jaegeuk Kim, "Re: [f2fs-dev] [PATCH v4] fsverity: stop using PG_error to track error status", 2022-11-29</li>
 * <li>COMPR: Chao Yu, "f2fs: support data compression" (upstream 4c8ff7095bef)</li>
 * <li>DIO: Chao Yu, "f2fs: allow out-place-update for direct IO in LFS mode" (upstream 4d28ef1c5415)</li>
 * <li>DISCARD: Chao Yu, reply in the max_small_discards thread ("let me give some examples as below")</li>
 * <li>EXTLIST: the kmemleak reproducer of /sys/fs/f2fs/&lt;dev&gt;/extension_list ("The issue can be reproduced by")</li>
 * </ul>
 */
class MailScriptLinesTests {
    private static final String PROBE = "dd if=/dev/zero of=probe bs=4k count=1";

    /**
     * One real line: where it is from, the profile its machine maps to, our lines before it, the line, and null when it
     * runs or the reason a refusal must give.
     */
    record Row(String source, String profile, String context, String line, String refused) {}

    private static Row runs(String source, String profile, String context, String line) {
        return new Row(source, profile, context, line, null);
    }

    private static Row refused(String source, String context, String line, String why) {
        return new Row(source, "nullblk-x86", context, line, why);
    }

    static final String NULLBLK = "insmod null_blk.ko nr_devices=1 completion_nsec=1  submit_queues=8 hw_queue_depth=64 max_sectors=512 bs=4096 memory_backed=1";

    static final List<Row> ROWS = List.of(
            runs("S000", "nullblk-x86", "", NULLBLK),
            runs("S000", "nullblk-x86", NULLBLK, "make_f2fs /dev/block/nullb0"),
            runs("S000", "nullblk-x86", NULLBLK, "make_f2fs -s 128 /dev/block/nullb0"),
            runs("S000", "nullblk-x86", NULLBLK + "\nmake_f2fs -s 128 /dev/block/nullb0",
                    "fio --bs=512k --size=1536M --rw=write --name=1 --filename=/mnt/test_dir/seq_write --ioengine=io_uring --iodepth=64 --end_fsync=1"),
            runs("S001", "pixel3-ufs21-little4", "", "dd if=/dev/zero of=dummy bs=1m count=1000"),
            runs("S001", "pixel3-ufs21-little4", "dd if=/dev/zero of=dummy bs=1m count=4", "echo 3 > /proc/sys/vm/drop_caches"),
            runs("S001", "pixel3-ufs21-little4", "dd if=/dev/zero of=dummy bs=1m count=4", "dd if=dummy of=/dev/zero bs=512k"),
            runs("S004", "ufs21-2018", "", "./tiotest -t 32 -d /data/tio_tmp -f 32 -b 524288 -k 1 -k 3 -L"),
            runs("ATGC", "nullblk-x86", "", "mkdir /mnt/test/comp"),
            runs("ATGC", "nullblk-x86", "mkdir /mnt/test/comp", "f2fs_io setflags compression /mnt/test/comp"),
            runs("ATGC", "nullblk-x86", "mkdir /mnt/test/comp", "dd if=/dev/zero of=/mnt/test/comp/testfile bs=16k count=1"),
            runs("ATGC", "nullblk-x86", "dd if=/dev/zero of=/mnt/test/comp/testfile bs=16k count=1", "truncate --size 13 /mnt/test/comp/testfile"),
            runs("TRUNC", "nullblk-x86", "", "mkfs.f2fs -O extra_attr,compression -f /dev/vdb"),
            runs("TRUNC", "nullblk-x86", "mkfs.f2fs -O extra_attr,compression -f /dev/vdb", "mount /dev/vdb /mnt/f2fs"),
            runs("TRUNC", "nullblk-x86", "mount /dev/vdb /mnt/f2fs", "touch /mnt/f2fs/file"),
            runs("TRUNC", "nullblk-x86", "touch /mnt/f2fs/file", "f2fs_io setflags compression /mnt/f2fs/file"),
            runs("TRUNC", "nullblk-x86", "", "dd if=/dev/zero of=/mnt/f2fs/file bs=4k count=4"),
            refused("TRUNC", "touch /mnt/f2fs/file", "f2fs_io release_cblocks /mnt/f2fs/file", "f2fs_io is modelled as f2fs_io setflags compression"),
            runs("TRUNC", "nullblk-x86", "dd if=/dev/zero of=/mnt/f2fs/file bs=4k count=4", "truncate -s 8192 /mnt/f2fs/file"),
            runs("TRUNC", "nullblk-x86", "mount /dev/vdb /mnt/f2fs", "umount /mnt/f2fs"),
            refused("TRUNC", "", "fsck.f2fs /dev/vdb", "unknown command 'fsck.f2fs'"),
            runs("VMALLOC", "nullblk-x86", "", "cd /data/local/tmp"),
            runs("VMALLOC", "nullblk-x86", "cd /data/local/tmp", "touch file"),
            runs("VMALLOC", "nullblk-x86", "cd /data/local/tmp\ntouch file", "f2fs_io setflags compression file"),
            refused("VMALLOC", "touch file", "f2fs_io getflags file", "f2fs_io is modelled as f2fs_io setflags compression"),
            refused("VMALLOC", "", "for i in $(seq 1 10); do sync; echo 3 > /proc/sys/vm/drop_caches;\\\n"
                    + "time f2fs_io write 512 0 4096 zero osync file; truncate -s 0 file;\\\ndone", "command substitution $(…) is not modelled"),
            runs("CPDIS", "nullblk-x86", "", "dd if=/dev/zero of=f2fs.img bs=1M count=55"),
            refused("CPDIS", "", "mount f2fs.img f2fs_dir -o checkpoint=disable:10%", "mount option 'checkpoint=disable:10%' is not modelled"),
            runs("CPDIS", "nullblk-x86", "", "dd if=/dev/zero of=big bs=1M count=50"),
            runs("CPDIS", "nullblk-x86", "dd if=/dev/zero of=big bs=1M count=50", "sync"),
            runs("CPDIS", "nullblk-x86", "dd if=/dev/zero of=big bs=1M count=50\nsync", "rm big"),
            runs("CPDIS", "nullblk-x86", "mount /dev/vdb f2fs_dir", "mount -o remount,checkpoint=enable f2fs_dir"),
            runs("CPDIS", "nullblk-x86", "mount /dev/vdb f2fs_dir", "umount f2fs_dir"),
            refused("CPEN", "", "mount -t f2fs -o checkpoint=disable,checkpoint_nomerge /dev/pmem0 /mnt/f2fs/",
                    "mount option 'checkpoint=disable' is not modelled"),
            runs("CPEN", "nullblk-x86", "mount /dev/pmem0 /mnt/f2fs\nmkdir -p /mnt/f2fs/src\ncd /mnt/f2fs/src\ndd if=/dev/zero of=file bs=4k count=8",
                    "cp file /mnt/f2fs/"),
            refused("CPEN", "touch /mnt/f2fs/file", "xfs_io /mnt/f2fs/file -c \"fdatasync\"", "unknown command 'xfs_io'"),
            runs("CPEN", "nullblk-x86", "mount /dev/pmem0 /mnt/f2fs\numount /mnt/f2fs", "mount /dev/pmem0 /mnt/f2fs"),
            refused("CPEN", "touch /mnt/f2fs/file", "md5sum file /mnt/f2fs/file", "unknown command 'md5sum'"),
            runs("INODE", "nullblk-x86", "", "dd if=/dev/zero of=./test bs=1M count=10"),
            runs("INODE", "nullblk-x86", "dd if=/dev/zero of=./test bs=1M count=10", "echo \"hello\" >> ./test"),
            refused("INODE", "touch test", "fsync test", "unknown command 'fsync'"),
            refused("INODE", "", "echo c > /proc/sysrq-trigger", "/proc/sysrq-trigger is not a knob the engine models"),
            runs("LEVEL", "nullblk-x86", "dd if=/dev/urandom of=enwik9 bs=1M count=4", "dd if=enwik9 of=compressed_file conv=fsync"),
            refused("CPMERGE", "", "for i in `seq 1 1000`; do touch test_dir1/file; fsync test_dir1;", "command substitution (`…`) is not modelled"),
            refused("CPMERGE", "", "echo $$ > /dev/blkio/bg/tasks; while true; do touch test_dir2/file;", "$$ is not modelled"),
            refused("XATTR", "DEV=/dev/sdb\nMNT=/mnt/f2fs", "# mount -t f2fs -o inline_xattr $DEV $MNT",
                    "mount option 'inline_xattr' is not modelled"),
            refused("VERITY", "DEV=sdb", "# mkfs.f2fs -f -O extra_attr -O project_quota -O compression -g android /dev/$DEV",
                    "mkfs.f2fs: option -g is not modelled"),
            refused("VERITY", "DEV=sdb\nTESTDIR=/mnt/test",
                    "# mount -t f2fs -o discard,fsync_mode=nobarrier,reserve_root=32768,checkpoint_merge,atgc,compress_cache /dev/$DEV $TESTDIR",
                    "mount option 'discard' is not modelled"),
            runs("VERITY", "nullblk-x86", "TESTDIR=/mnt/test", "# mkdir $TESTDIR/comp"),
            runs("VERITY", "nullblk-x86", "TESTDIR=/mnt/test\nmkdir -p $TESTDIR/comp", "# f2fs_io setflags compression $TESTDIR/comp"),
            refused("VERITY", "TESTDIR=/mnt/test\n# mkdir $TESTDIR/comp", "# fsstress [options] -d $TESTDIR/comp", "unknown command 'fsstress'"),
            runs("COMPR", "nullblk-x86", "touch file", "chattr +c file"),
            runs("COMPR", "nullblk-x86", "mkdir dir", "chattr +c dir; touch dir/file"),
            refused("DIO", "", "time xfs_io -f -d /mnt/f2fs/file -c \"pwrite 0 1073741824\" -c \"fsync\"",
                    "the time prefix is modelled on fio, dd, iozone and tiotest lines"),
            refused("DISCARD", "", "echo 0 > /sys/fs/f2fs/vdb/max_small_discards", "/sys/fs/f2fs/vdb/max_small_discards is not modelled: the model issues no discards"),
            refused("DISCARD", "", "cat /proc/fs/f2fs/vdb/discard_plist_info |head -2", "pipes (|) are not modelled"),
            refused("EXTLIST", "mount /dev/vda /mnt", "echo '[h]abc' > /sys/fs/f2fs/vda/extension_list",
                    "/sys/fs/f2fs/vda/extension_list is not modelled"));

    @TempDir
    Path dir;

    @Test
    void everyLineOfASupportedKindRunsAndEveryOtherIsRefusedByName() throws IOException {
        assertThat(ROWS).hasSizeGreaterThanOrEqualTo(30);
        assertThat(ROWS.stream().filter(r -> r.refused() == null).count()).isGreaterThanOrEqualTo(30);
        SoftAssertions soft = new SoftAssertions();
        int n = 0;
        for (Row r : ROWS) {
            List<String> lines = new ArrayList<>();
            if (!r.context().isEmpty()) lines.add(r.context());
            lines.add(r.line());
            int lineNumber = r.context().isEmpty() ? 1 : r.context().split("\n").length + 1;
            lines.add(PROBE);
            Path f = dir.resolve("row" + n++ + ".sh");
            Files.writeString(f, String.join("\n", lines) + "\n");
            StringWriter out = new StringWriter(), err = new StringWriter();
            int code = BenchRunnerCli.run(new PrintWriter(out), new PrintWriter(err), "exec", "--profile", r.profile(),
                    "--script", f.toString(), "--format", "json");
            String first = r.line().split("\n")[0].strip();
            if (first.endsWith("\\")) first = first.substring(0, first.length() - 1);
            if (r.refused() == null) {
                soft.assertThat(code).as(r.source() + ": " + r.line() + "\n" + err).isZero();
            } else {
                soft.assertThat(code).as(r.source() + ": " + r.line()).isEqualTo(2);
                soft.assertThat(err.toString()).as(r.source() + ": " + r.line())
                        .contains("script line " + lineNumber + " '" + first).contains(r.refused());
            }
            soft.assertThat(err.toString()).as("no internal error").doesNotContain("internal error");
        }
        soft.assertAll();
    }
}
