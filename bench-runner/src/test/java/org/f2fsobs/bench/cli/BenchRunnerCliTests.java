package org.f2fsobs.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The command line of contracts.md §2, through {@link BenchRunnerCli#run}: exit codes, stdout/stderr, formats. */
public class BenchRunnerCliTests {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    public record Result(int code, String out, String err) {
        JsonNode json() {
            return JSON.readTree(out);
        }
    }

    public static Result cli(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = BenchRunnerCli.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void scenariosAsJsonListTheFourSeeds() {
        Result r = cli("scenarios", "--format", "json");
        assertThat(r.code()).isZero();
        assertThat(r.json().findValuesAsString("id")).contains("fio-large-section", "dd-compressed-read",
                "iozone-compressed-sync", "tiotest-multithread-read");
    }

    @Test
    void runPrintsTheToolOutputAndJsonOnlyJsonOnStdout() {
        Result text = cli("run", "fio-large-section", "--set", "scale=0.01", "--opt", "sec_ckpt_valid_blocks=on");
        assertThat(text.code()).isZero();
        assertThat(text.out()).contains("WRITE: bw=").contains("Run status group 0");
        Result json = cli("run", "fio-large-section", "--set", "scale=0.01", "--format", "json");
        assertThat(json.code()).isZero();
        JsonNode n = json.json();                                      // the whole of stdout parses as one document
        assertThat(n.get("scenario").asString()).isEqualTo("fio-large-section");
        assertThat(n.get("headline").get("unit").asString()).isEqualTo("bytes/s");
        assertThat(n.get("reproduce").asString()).startsWith("bench-runner run fio-large-section");
        assertThat(json.err()).contains("%");                          // progress went to stderr
    }

    @Test
    void badInputExitsTwoWithAMessageNamingIt() {
        Result unknown = cli("run", "no-such-scenario");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("no-such-scenario").doesNotContain("Exception").doesNotContain("\tat ");
        Result scale = cli("run", "fio-large-section", "--set", "scale=7");
        assertThat(scale.code()).isEqualTo(2);
        assertThat(scale.err()).contains("scale");
        Result opt = cli("run", "fio-large-section", "--opt", "sec_ckpt_valid_blocks=maybe");
        assertThat(opt.code()).isEqualTo(2);
        assertThat(opt.err()).contains("sec_ckpt_valid_blocks");
        Result fio = cli("exec", "--profile", "nullblk-x86", "--", "fio", "--name=x", "--rw=write", "--bs=4k", "--size=1M", "--frobnicate=1");
        assertThat(fio.code()).isEqualTo(2);
        assertThat(fio.err()).contains("frobnicate");
        Result format = cli("scenarios", "--format", "yaml");
        assertThat(format.code()).isEqualTo(2);
        assertThat(format.err()).contains("--format");
        Result profile = cli("exec", "--profile", "cray-1", "--", "dd", "if=/dev/zero", "of=f", "bs=1M", "count=1");
        assertThat(profile.code()).isEqualTo(2);
        assertThat(profile.err()).contains("cray-1");
    }

    @Test
    void execRunsAFreeFormCommand() {
        Result r = cli("exec", "--profile", "nullblk-x86", "--format", "json", "--", "dd", "if=/dev/zero", "of=/data/f", "bs=1M", "count=8");
        assertThat(r.code()).isZero();
        JsonNode n = r.json();
        assertThat(n.get("tool").asString()).isEqualTo("dd");
        assertThat(n.get("tool_output").asString()).contains("8388608 bytes");
        assertThat(n.get("reproduce").asString()).startsWith("bench-runner exec --profile nullblk-x86");
    }

    @Test
    void crashReportsAVerdictAndExitsZero() {
        Result all = cli("crash", "tiotest-multithread-read", "--set", "scale=0.01", "--set", "threads=2", "--format", "json");
        assertThat(all.code()).isZero();
        assertThat(all.json().get("verdict").asString()).isEqualTo("safe");
        assertThat(all.json().get("coverage_missing").isEmpty()).isTrue();
        // three points cannot cut every kind of moment this workload has: no failure, but not "safe" either
        Result r = cli("crash", "tiotest-multithread-read", "--set", "scale=0.01", "--set", "threads=2", "--max-points", "3", "--format", "json");
        assertThat(r.code()).isZero();
        JsonNode n = r.json();
        assertThat(n.get("verdict").asString()).isEqualTo("insufficient_coverage");
        assertThat(n.get("crash_points").asInt()).isGreaterThan(3);
        assertThat(n.get("checked").asInt()).isEqualTo(3);
        assertThat(n.get("failures").isArray()).isTrue();
        assertThat(n.get("coverage").get("fsync_return")).isNotNull();
        assertThat(n.get("coverage_required").get("data_write").asInt()).isPositive();
        assertThat(n.get("coverage_missing").isEmpty()).isFalse();
        assertThat(n.get("reproduce").asString()).startsWith("bench-runner crash tiotest-multithread-read");
        Result out = cli("crash", "tiotest-multithread-read", "--set", "scale=0.01", "--set", "threads=2", "--point", "100000");
        assertThat(out.code()).isEqualTo(2);
        assertThat(out.err()).contains("--point 100000 is out of range");
    }

    @Test
    void crashOnTheSeedScenarioNamesTheLostRangeItsPromiseAndTheGenerationFound() {
        Result r = cli("crash", "iozone-compressed-sync", "--opt", "skip_cp_compressed_write=on", "--set", "scale=0.002",
                "--max-points", "10000", "--format", "json");
        assertThat(r.code()).isZero();
        JsonNode n = r.json();
        assertThat(n.get("verdict").asString()).isEqualTo("data_lost");
        JsonNode f = n.get("failures").get(0);
        assertThat(f.get("kind").asString()).isNotBlank();
        JsonNode lost = f.get("lost");
        assertThat(lost.get("file").asString()).isEqualTo("/compressed/iozone.tmp");
        assertThat(lost.get("length").asLong()).isPositive();
        assertThat(lost.get("promise").asString()).isEqualTo("O_SYNC");
        assertThat(lost.get("promised_generation").asLong()).isPositive();
        assertThat(lost.get("found_generation").asLong()).isLessThan(lost.get("promised_generation").asLong());
        assertThat(n.get("smallest_failing_point").asInt()).isEqualTo(f.get("point").asInt());
        assertThat(n.get("reproduce").asString()).endsWith("--point " + f.get("point").asInt());
        assertThat(n.get("recovery").get("dnodes_replayed").get("max").asLong()).isPositive();
        Result text = cli("crash", "iozone-compressed-sync", "--opt", "skip_cp_compressed_write=on", "--set", "scale=0.002",
                "--point", String.valueOf(f.get("point").asInt()));
        assertThat(text.out()).contains("verdict: data_lost", "lost: /compressed/iozone.tmp", "promised by O_SYNC");
    }
}
