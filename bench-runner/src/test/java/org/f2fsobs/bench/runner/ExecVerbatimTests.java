package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.f2fsobs.bench.scenario.ScenarioCatalog;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code exec} runs each mail's command verbatim, at full size, on its scenario's profile (Bench runner I). P2's
 * measured read needs the file its first command writes, so the write command stands for it here; the scenario
 * runs both (the preparation writes, the measured read reads).
 */
class ExecVerbatimTests {
    private static final EngineCellRunner RUNNER = new EngineCellRunner(ScenarioCatalog.load());

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            nullblk-x86          | -s 128                     | fio --bs=512k --size=1536M --rw=write --name=1 --filename=/mnt/test_dir/seq_write --ioengine=io_uring --iodepth=64 --end_fsync=1 | write_bandwidth | 1610612736
            pixel3-ufs21-little4 | -O extra_attr,compression  | dd if=/dev/zero of=dummy bs=1m count=1000                                                                                        | bandwidth       | 1048576000
            amlogic-arm64-p3     | -O extra_attr,compression  | iozone -a -o -s 100m -i 0 -i 1 -i 2                                                                                             | write_bandwidth | 104857600
            ufs21-2018           |                            | ./tiotest -t 32 -d /data/tio_tmp -f 32 -b 524288 -k 1 -k 3 -L                                                                     | read_bandwidth  | 1073741824
            """)
    void eachMailsCommandRunsVerbatimOnItsProfile(String profile, String mkfs, String command, String headline, long bytes) {
        RunResult r = RUNNER.exec(new ExecSpec(profile, mkfs == null ? "" : mkfs, "", Map.of(), command, 1, null),
                ProgressListener.NONE, CancellationToken.NONE);
        assertThat(r.command()).isEqualTo(command);
        assertThat(r.headline().name()).isEqualTo(headline);
        assertThat(r.headline().value()).isPositive();
        long written = ((Number) r.counters().get("write_requests")).longValue();
        assertThat(written).isPositive();
        assertThat(r.toolOutput()).isNotBlank();
        // the device saw the command's bytes written: at least a quarter of them (lz4 stores dd's zero clusters in
        // one block of four)
        long deviceBytes = r.histograms().get("write_request_bytes").entrySet().stream()
                .mapToLong(e -> Long.parseLong(e.getKey()) * e.getValue()).sum();
        assertThat(deviceBytes).isGreaterThanOrEqualTo(bytes / 4);
    }
}
