package org.f2fsobs.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The CLI holds the same limits as the REST API (RunLimits) and refuses what would run away before any simulation
 * starts: exit 2, the limit (or the refused path) named, no progress line on stderr, nothing on stdout. Each case is one a
 * newcomer hit (issue 31): a 1 PiB fio file ran out of memory after 45 s, 100 000 tiotest threads ran on past 120 s,
 * a 1 PB dd hit ENOSPC after 76 s, matrix --threads 0 and an unwritable report path were Java exceptions.
 */
class CliLimitsTests {
    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("fio of 1 PiB", new String[] {"exec", "--profile", "nullblk-x86", "--", "fio", "--name=big", "--rw=write",
                        "--bs=1M", "--size=1P", "--filename=/f"}, "limit run_data_bytes"),
                Arguments.of("tiotest with 100 000 threads", new String[] {"exec", "--profile", "ufs21-2018", "--", "tiotest", "-t", "100000",
                        "-d", "/data", "-f", "32"}, "limit run_data_bytes"),
                Arguments.of("a 1 PB dd", new String[] {"exec", "--profile", "nullblk-x86", "--", "dd", "if=/dev/zero", "of=/big", "bs=1M",
                        "count=1000000000"}, "limit run_data_bytes"),
                Arguments.of("a time_based fio past run_seconds", new String[] {"exec", "--profile", "nullblk-x86", "--", "fio", "--name=t",
                        "--rw=write", "--bs=1M", "--size=8M", "--filename=/f", "--time_based", "--runtime=3600"}, "limit run_seconds"),
                Arguments.of("a script whose runs together go over", new String[] {"exec", "--profile", "nullblk-x86", "--limit",
                        "run_data_bytes=8M", "--script", "src/test/resources/cli/two-dd-runs.sh"}, "limit run_data_bytes"),
                Arguments.of("a scenario cell over a lowered limit", new String[] {"run", "fio-large-section", "--limit",
                        "run_data_bytes=1M"}, "limit run_data_bytes"),
                Arguments.of("a matrix over max_cells", new String[] {"matrix", "fio-large-section", "--repeat", "600"}, "max_cells"),
                Arguments.of("matrix --threads 0", new String[] {"matrix", "fio-large-section", "--threads", "0"}, "--threads must be at least 1"),
                Arguments.of("report --threads 0", new String[] {"report", "--threads", "0"}, "--threads must be at least 1"),
                Arguments.of("an unwritable report path", new String[] {"report", "--out", "/proc/nope/r.md"}, "--out /proc/nope/r.md"),
                Arguments.of("crash over crash_points", new String[] {"crash", "fio-large-section", "--max-points", "20000"}, "limit crash_points"),
                Arguments.of("an unknown limit", new String[] {"run", "fio-large-section", "--limit", "speed=1"}, "unknown limit 'speed'"),
                Arguments.of("a raw device", new String[] {"exec", "--profile", "nullblk-x86", "--", "fio", "--name=r", "--rw=read",
                        "--bs=4k", "--size=4M", "--filename=/dev/sda"}, "/dev/sda"),
                Arguments.of("a path above the volume root", new String[] {"exec", "--profile", "nullblk-x86", "--", "dd",
                        "if=/dev/zero", "of=../../etc/passwd", "bs=4k", "count=1"}, "../../etc/passwd"),
                Arguments.of("a host file as dd input", new String[] {"exec", "--profile", "nullblk-x86", "--", "dd", "if=/etc/passwd",
                        "of=/copy", "bs=4k"}, "/etc/passwd"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void refusedBeforeAnySimulationNamingTheLimit(String name, String[] args, String named) {
        var r = BenchRunnerCliTests.cli(args);
        assertThat(r.code()).as(name + ": " + r.err()).isEqualTo(2);
        assertThat(r.err()).as(name).contains(named).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.err()).as(name + ": no simulation started (no progress line)").doesNotContain("%]").doesNotContain("[measured]")
                .doesNotContain("[report]").doesNotContain("[matrix]");
        assertThat(r.out()).as(name).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void aRaisedLimitLetsTheSameRequestRun() {
        var r = BenchRunnerCliTests.cli("run", "fio-large-section", "--set", "scale=0.01", "--limit", "run_data_bytes=64G", "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        var low = BenchRunnerCliTests.cli("run", "fio-large-section", "--set", "scale=0.01", "--limit", "run_data_bytes=1M");
        assertThat(low.code()).isEqualTo(2);
        assertThat(low.err()).contains("over the limit run_data_bytes = 1048576").contains("raise it with --limit run_data_bytes=VALUE");
    }
}
