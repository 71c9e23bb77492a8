package org.f2fsobs.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.f2fsobs.bench.api.CancellationToken;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ProgressListener;
import org.f2fsobs.bench.api.RunResult;
import org.junit.jupiter.api.Test;

/** tiotest's -r as tiotest.c does it: numRandomOps random I/Os per thread (repeats allowed), the file size reported. */
class TiotestOptionsTests {

    static RunResult tiotest(String args) {
        return EngineCellRunnerTests.RUNNER.exec(new ExecSpec("ufs21-2018", "", "", Map.of(), "tiotest -t 2 -d /data/t " + args, 1, null),
                ProgressListener.NONE, CancellationToken.NONE);
    }

    @Test
    void randomWriteDoesMinusROperationsEvenWhenTheFileHasFewerBlocks() {
        RunResult few = tiotest("-f 1 -b 65536 -r 8 -k 2 -k 3");      // write + random write; 16 blocks per file
        RunResult many = tiotest("-f 1 -b 65536 -r 1000 -k 2 -k 3");
        double fewBw = ((Number) few.metrics().get("random_write_bandwidth")).doubleValue();
        double manyBw = ((Number) many.metrics().get("random_write_bandwidth")).doubleValue();
        // the same 1 MiB per thread is reported either way, over 125x as many (cached) writes before the fsync: a lower "rate"
        // (capping -r at the file's 16 blocks, as before, made the two rates within 2x)
        assertThat(manyBw).as("rate with -r 1000 vs -r 8").isLessThan(fewBw / 3);
        assertThat(many.toolOutput()).contains("| Random Write    2 MBs |");
    }
}
