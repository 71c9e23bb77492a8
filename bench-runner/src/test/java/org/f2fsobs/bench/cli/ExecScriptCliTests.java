package org.f2fsobs.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.f2fsobs.bench.cli.BenchRunnerCliTests.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code bench-runner exec --script FILE} (contracts.md §6) and the Paths rule for single commands. */
class ExecScriptCliTests {
    @TempDir
    Path dir;

    @Test
    void jsonIsAnArrayOfOneResultPerToolRunInOrderAndTextTheirOutputs() throws IOException {
        Path f = dir.resolve("test.sh");
        Files.writeString(f, "dd if=/dev/zero of=/data/f bs=1M count=2\necho 3 > /proc/sys/vm/drop_caches\ndd if=/data/f of=/dev/null bs=1M\n");
        BenchRunnerCliTests.Result json = cli("exec", "--profile", "ufs21-2018", "--script", f.toString(), "--format", "json");
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode a = json.json();
        assertThat(a.isArray()).isTrue();
        assertThat(a.size()).isEqualTo(2);
        assertThat(a.get(0).get("command").asString()).isEqualTo("dd if=/dev/zero of=/data/f bs=1M count=2");
        assertThat(a.get(1).get("counters").get("read_bytes").asLong()).isGreaterThanOrEqualTo(2L << 20);
        assertThat(a.get(1).has("script")).as("a §3 result: the script is not repeated in every run").isFalse();
        BenchRunnerCliTests.Result text = cli("exec", "--profile", "ufs21-2018", "--script", f.toString());
        assertThat(text.out().split("records out")).hasSize(3);
    }

    @Test
    void anUnknownLineIsExit2NamingItAndNothingRuns() throws IOException {
        Path f = dir.resolve("bad.sh");
        Files.writeString(f, "dd if=/dev/zero of=/a bs=1M count=1\nrsync -a /a /b\n");
        BenchRunnerCliTests.Result r = cli("exec", "--profile", "nullblk-x86", "--script", f.toString(), "--format", "json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("bench-runner: script line 2 'rsync -a /a /b': unknown command 'rsync': script lines run cat, cd, "
                + "chattr, cp, dd, echo, f2fs_io, fallocate, fio, insmod, iozone, make_f2fs, mkdir, mkfs, mkfs.f2fs, modprobe, mount, rm, "
                + "sleep, sudo, sync, time, tiotest, touch, truncate, umount (docs/tools.md, \"Scripts\")\n");
        assertThat(cli("exec", "--profile", "nullblk-x86", "--script", dir.resolve("none.sh").toString()).err())
                .contains("--script " + dir.resolve("none.sh") + ": cannot read it");
        assertThat(cli("exec", "--profile", "nullblk-x86", "--script", f.toString(), "--", "fio", "--name=a").err())
                .contains("give either --script or a command after --, not both");
        assertThat(cli("exec", "--profile", "nullblk-x86", "--mkfs", "-s 2", "--script", f.toString()).code()).isEqualTo(2);
    }

    @Test
    void aSingleCommandFollowsThePathsRule() {
        BenchRunnerCliTests.Result raw = cli("exec", "--profile", "nullblk-x86", "--", "fio", "--name=a", "--filename=/dev/sda", "--size=1M");
        assertThat(raw.code()).isEqualTo(2);
        assertThat(raw.err()).contains("fio: filename= /dev/sda: a device node is not simulated");
        BenchRunnerCliTests.Result host = cli("exec", "--profile", "nullblk-x86", "--", "dd", "if=/etc/passwd", "of=/dev/null");
        assertThat(host.code()).isEqualTo(2);
        assertThat(host.err()).contains("dd: if=/etc/passwd: no earlier line creates this file on the simulated volume")
                .doesNotContain("[measured]");
        BenchRunnerCliTests.Result up = cli("exec", "--profile", "nullblk-x86", "--", "dd", "if=/dev/zero", "of=../../etc/passwd", "count=1");
        assertThat(up.err()).contains("'..' climbs above the volume root");
        BenchRunnerCliTests.Result random = cli("exec", "--profile", "nullblk-x86", "--format", "json", "--", "dd", "if=/dev/urandom",
                "of=/r", "bs=1M", "count=4");
        assertThat(random.code()).as(random.err()).isZero();
        assertThat(random.json().get("metrics").get("bytes").asLong()).isEqualTo(4L << 20);
    }
}
