package org.f2fsobs.bench.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.f2fsobs.bench.tool.ToolUsageException;
import org.f2fsobs.bench.tool.dd.DdDialect;
import org.f2fsobs.engine.platform.Profiles;
import org.junit.jupiter.api.Test;

/** The whole script is read before anything runs; every refusal names the line and why. */
class ScriptParserTests {
    static Script parse(String text) {
        return parse("nullblk-x86", text);
    }

    static Script parse(String profile, String text) {
        return ScriptParser.parse(text, new ScriptParser.Options(Profiles.load(profile), DdDialect.GNU, "", ""));
    }

    static List<Class<?>> kinds(Script s) {
        return s.lines().stream().<Class<?>>map(Object::getClass).toList();
    }

    @Test
    void promptsCommentsContinuationsAndVariablesAreTheShells() {
        Script s = parse("""
                # a comment
                $ N=4
                root@host:~# export SZ=${N}M
                sargo:/ # fio --name=a --rw=write \\
                  --size=$SZ --filename=/data/a   # trailing comment
                user@box:~$ sudo time dd if=/data/a of=/dev/null bs=1M
                """);
        assertThat(s.tools()).extracting(ScriptLine.Tool::command)
                .containsExactly("fio --name=a --rw=write --size=4M --filename=/data/a", "dd if=/data/a of=/dev/null bs=1M");
        assertThat(s.tools().get(1).timed()).isTrue();
        assertThat(kinds(s)).containsExactly(ScriptLine.Format.class, ScriptLine.Mount.class, ScriptLine.Tool.class, ScriptLine.Tool.class);
        assertThat(((ScriptLine.Mount) s.lines().get(1)).implied()).as("a mount is implied before the first line that needs it").isTrue();
        assertThat(s.tools().get(0).source().number()).isEqualTo(4);
    }

    @Test
    void aHashPromptPasteMakesEveryHashLineACommand() {
        assertThatThrownBy(() -> parse("# mkdir /d\n# before the patch\ndd if=/dev/zero of=/d/x count=1"))
                .isInstanceOf(ScriptException.class).hasMessageStartingWith("script line 2 '# before the patch': unknown command 'before'");
        assertThat(parse("# before the patch\ndd if=/dev/zero of=/x count=1").tools()).hasSize(1);
    }

    @Test
    void hereDocumentsExpandUnlessTheirDelimiterIsQuoted() {
        Script s = parse("""
                D=/data
                cat > $D/plain <<EOF
                dir=$D \\$HOME
                EOF
                cat >> $D/quoted <<'EOF'
                dir=$D
                EOF
                dd if=$D/plain of=/dev/null
                """);
        List<ScriptLine.WriteFile> w = s.lines().stream().filter(l -> l instanceof ScriptLine.WriteFile)
                .map(l -> (ScriptLine.WriteFile) l).toList();
        assertThat(w).extracting(ScriptLine.WriteFile::content).containsExactly("dir=/data $HOME\n", "dir=$D\n");
        assertThat(w.get(1).append()).isTrue();
        assertThatThrownBy(() -> parse("cat > /a <<EOF\nno end\n")).hasMessageContaining("has no closing line 'EOF'");
    }

    @Test
    void whatTheShellWouldDoButTheModelDoesNotIsRefusedByName() {
        String tool = "\ndd if=/dev/zero of=/x count=1";
        assertThat(refusal("fio --name=a | tee log")).contains("pipes (|) are not modelled");
        assertThat(refusal("dd if=/dev/zero of=/x count=1 &")).contains("a background job (&) is not modelled");
        assertThat(refusal("rm -rf /mnt/*" + tool)).contains("globs (*) are not expanded");
        assertThat(refusal("echo $UNSET > /x" + tool)).contains("$UNSET is not set by an earlier line");
        assertThat(refusal("F=$(date)" + tool)).contains("command substitution $(…) is not modelled");
        assertThat(refusal("dd if=/dev/zero of=/x count=1 2>&1")).contains("redirecting file descriptor 2");
        assertThat(refusal("fio --name=a > out.txt")).contains("redirecting the output of fio is not modelled");
        assertThat(refusal("LD_PRELOAD=x fio --name=a")).contains("a variable for one command");
        assertThat(refusal("blkdiscard /dev/sda" + tool)).startsWith("script line 1 'blkdiscard /dev/sda': unknown command 'blkdiscard'");
        assertThat(refusal("sync" + tool.replace("\n", "\nsleep 7200\n"))).contains("over the simulation's limit of one virtual hour");
        assertThat(refusal("mkdir /d")).contains("the script runs no fio, dd, iozone or tiotest");
    }

    @Test
    void deviceSetUpComesFirstAndFollowsTheMachine() {
        String nb = "insmod null_blk.ko memory_backed=1 ";
        assertThat(refusal("dd if=/dev/zero of=/x count=1\n" + nb)).contains("null_blk must be loaded before the device is used");
        assertThat(refusal(nb + "\nmodprobe null_blk memory_backed=1\ndd if=/dev/zero of=/x count=1")).contains("already loaded");
        assertThat(refusal("insmod null_blk.ko\ndd if=/dev/zero of=/x count=1")).contains("without memory_backed=1 keeps no data");
        assertThat(refusal(nb + "nr_devices=2\ndd if=/dev/zero of=/x count=1")).contains("has one device (nr_devices=1)");
        assertThat(refusal(nb + "zoned=1\ndd if=/dev/zero of=/x count=1")).contains("null_blk zoned=1 is not modelled");
        assertThat(refusal(nb + "home_node=0\ndd if=/dev/zero of=/x count=1")).contains("null_blk parameter home_node is not modelled");
        assertThatThrownBy(() -> parse("ufs21-2018", nb + "\ndd if=/dev/zero of=/x count=1"))
                .hasMessageContaining("profile ufs21-2018 has no null_blk (its device: UFS");
        Script s = parse(nb + "submit_queues=64 hw_queue_depth=32 gb=8 irqmode=2 completion_nsec=5000 max_sectors=1024\n"
                + "dd if=/dev/zero of=/x count=1");
        assertThat(s.machine().device().queueDepth()).as("submit_queues clamped to the 8 CPUs").isEqualTo(8 * 32);
        assertThat(s.machine().device().capacityBytes()).isEqualTo(8L << 30);
        assertThat(s.machine().device().readLatencyNs()).isEqualTo(5000);
        assertThat(s.machine().device().maxSectorsKb()).isEqualTo(512);
        assertThat(s.machine().constants().get("device.queue_depth").source()).startsWith("script: insmod null_blk.ko");
        assertThat(refusal("mkfs.f2fs /dev/sda\nmount /dev/sda /mnt\nmkfs.f2fs /dev/sda\ndd if=/dev/zero of=/mnt/x count=1"))
                .startsWith("script line 3").contains("Mounted device!");
        assertThat(refusal("mount /dev/sda /mnt\nmake_f2fs /dev/sda")).startsWith("script line 1")
                .contains("the device holds no F2FS yet");
        assertThat(refusal("mount /dev/sda /mnt\nmount /dev/sda /mnt2\ndd if=/dev/zero of=/mnt/x count=1")).contains("already mounted at /mnt");
    }

    @Test
    void knobsAreTheOnesTheEngineModels() {
        String tool = "\ndd if=/dev/zero of=/x count=1";
        assertThat(refusal("echo 2 > /proc/sys/vm/drop_caches" + tool)).contains("drops only dentries and inodes");
        assertThat(refusal("echo 1 > /proc/sys/vm/swappiness" + tool)).contains("/proc/sys/vm/swappiness is not a knob the engine models");
        assertThat(refusal("echo 101 > /proc/sys/vm/dirty_ratio" + tool)).contains("out of range 1..100");
        assertThat(refusal("dd if=/dev/zero of=/x count=1\necho 64 > /sys/block/nullb0/queue/max_sectors_kb" + tool))
                .contains("fixed once the machine runs in the model");
        assertThat(refusal("echo 512 > /sys/block/nullb0/queue/max_sectors_kb" + tool)).contains("above the device's max_hw_sectors_kb 256");
        assertThat(refusal("echo mq-deadline > /sys/block/nullb0/queue/scheduler" + tool)).contains("switching the I/O scheduler is not modelled");
        Script s = parse("echo 64 > /sys/block/nullb0/queue/max_sectors_kb\necho none > /sys/block/nullb0/queue/scheduler\n"
                + "echo 16 > /sys/fs/f2fs/nullb0/min_fsync_blocks" + tool);
        assertThat(s.machine().device().maxSectorsKb()).isEqualTo(64);
        assertThat(s.lines()).anyMatch(l -> l instanceof ScriptLine.SetKnob k && k.knob() == Knobs.Knob.MIN_FSYNC_BLOCKS && k.value() == 16);
    }

    @Test
    void pathsFollowContractSection6() {
        String tool = "\ndd if=/dev/zero of=/x count=1";
        assertThat(refusal("dd if=/dev/zero of=/dev/sda bs=1M count=1")).contains("a device node is not simulated");
        assertThat(refusal("fio --name=a --filename=/dev/nullb0 --size=1M")).contains("fio: filename= /dev/nullb0: a device node");
        assertThat(refusal("touch /proc/x" + tool)).contains("under /proc only the kernel knobs the engine models exist");
        assertThat(refusal("cd /data\ndd if=/dev/zero of=../../x count=1")).contains("'..' climbs above the volume root");
        assertThat(refusal("dd if=/etc/passwd of=/dev/null")).contains("no earlier line creates this file");
        assertThat(refusal("fio --name=a --filename=/dev/zero --size=1M")).contains("/dev/zero cannot be used here");
        assertThat(parse("cd /data/a\ndd if=/dev/urandom of=../b bs=4k count=1").tools()).hasSize(1);
    }

    @Test
    void aSingleCommandIsCheckedLikeAScriptLine() {
        ScriptParser.Options o = new ScriptParser.Options(Profiles.load("nullblk-x86"), DdDialect.GNU, "", "");
        assertThat(ScriptParser.command("fio --name=a --size=1M --filename='a b'", o).tools().get(0).command())
                .isEqualTo("fio --name=a --size=1M --filename='a b'");
        assertThatThrownBy(() -> ScriptParser.command("dd if=/etc/passwd of=/dev/null", o)).isInstanceOf(ToolUsageException.class)
                .hasMessageContaining("if=/etc/passwd: no earlier line creates this file");
        assertThatThrownBy(() -> ScriptParser.command("dd if=/dev/zero of=a\0b count=1", o)).isInstanceOf(ToolUsageException.class)
                .hasMessageContaining("a path with a NUL byte is refused");
        assertThatThrownBy(() -> ScriptParser.command("dd if=/dev/zero of=../../etc/passwd count=1", o)).isInstanceOf(ToolUsageException.class)
                .hasMessageContaining("'..' climbs above the volume root");
    }

    private static String refusal(String text) {
        try {
            parse(text);
        } catch (ScriptException e) {
            return e.getMessage();
        }
        throw new AssertionError("accepted: " + text);
    }
}
