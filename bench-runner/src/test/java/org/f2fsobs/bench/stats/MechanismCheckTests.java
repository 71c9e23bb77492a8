package org.f2fsobs.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.f2fsobs.bench.stats.CounterExpectation.decrease;
import static org.f2fsobs.bench.stats.CounterExpectation.increase;
import static org.f2fsobs.bench.stats.CounterExpectation.unchanged;

import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.RunResult;
import org.junit.jupiter.api.Test;

class MechanismCheckTests {

    private static List<RunResult> segEntryReads(boolean on, long... values) {
        return java.util.Arrays.stream(values).mapToObj(v -> Cells.fio(on).counter("seg_entry_reads", v).build()).toList();
    }

    @Test
    void decreaseHoldsOnTheMediansWhenLargeEnough() {
        List<RunResult> off = segEntryReads(false, 900, 1000, 5000);   // median 1000
        List<RunResult> on = segEntryReads(true, 400, 10, 450);        // median 400: −60 %
        MechanismCheck.Result r = MechanismCheck.evaluate(List.of(decrease("seg_entry_reads", 0.5)), off, on);
        assertThat(r.status()).isEqualTo(MechanismStatus.MOVED);
        MechanismCheck.Outcome o = r.outcomes().get(0);
        assertThat(o.off()).isEqualTo(1000);
        assertThat(o.on()).isEqualTo(400);
        assertThat(o.relativeChange()).isCloseTo(-0.6, within(1e-12));
        assertThat(o.holds()).isTrue();
        assertThat(MechanismCheck.evaluate(List.of(decrease("seg_entry_reads", 0.7)), off, on).status())
                .isEqualTo(MechanismStatus.DID_NOT_MOVE);
    }

    @Test
    void directionsOnPlainNumbers() {
        assertThat(decrease("c", 0.5).holds(100, 50)).isTrue();         // exactly halved
        assertThat(decrease("c", 0.5).holds(100, 51)).isFalse();
        assertThat(decrease("c", 0).holds(100, 100)).isFalse();         // no strict decrease
        assertThat(decrease("c", 0).holds(0, 0)).isFalse();             // nothing to decrease
        assertThat(increase("c", 1.0).holds(100, 200)).isTrue();        // doubled
        assertThat(increase("c", 1.0).holds(100, 199)).isFalse();
        assertThat(increase("c", 5.0).holds(0, 1)).isTrue();            // from zero: unbounded increase
        assertThat(increase("c", 0).holds(0, 0)).isFalse();
        assertThat(unchanged("c", 0.05).holds(100, 105)).isTrue();
        assertThat(unchanged("c", 0.05).holds(100, 106)).isFalse();
        assertThat(unchanged("c", 0.05).holds(105, 100)).isTrue();      // symmetric
        assertThat(unchanged("c", 0).holds(0, 0)).isTrue();
        assertThat(unchanged("c", 0).holds(0, 1)).isFalse();
    }

    @Test
    void nestedCounterMapsAndMissingKeysInThem() {
        RunResult off = Cells.iozone(false).counter("checkpoints_by_reason", Map.of("CP_COMPRESSED", 25600L, "CP_SYNC", 1L))
                .counter("fsync_paths", Map.of("checkpoint", 25600L)).build();
        RunResult on = Cells.iozone(true).counter("checkpoints_by_reason", Map.of("CP_SYNC", 1L))
                .counter("fsync_paths", Map.of("roll_forward", 25600L)).build();
        MechanismCheck.Result r = MechanismCheck.evaluate(List.of(
                decrease("checkpoints_by_reason.CP_COMPRESSED", 0.99),
                unchanged("counters.checkpoints_by_reason.CP_SYNC", 0),
                increase("fsync_paths.roll_forward", 1)), List.of(off), List.of(on));
        assertThat(r.outcomes()).extracting(MechanismCheck.Outcome::holds).containsExactly(true, true, true);
        assertThat(r.outcomes().get(0).on()).isZero();                 // absent key in a present map = 0
        assertThat(r.status()).isEqualTo(MechanismStatus.MOVED);
    }

    @Test
    void histogramBucketsAndShares() {
        // P4: read requests mostly 4 KiB off, mostly 512 KiB on
        RunResult off = Cells.fio(false).histogram("read_request_bytes", 4096, 900).histogram("read_request_bytes", 524288, 100).build();
        RunResult on = Cells.fio(true).histogram("read_request_bytes", 4096, 20).histogram("read_request_bytes", 524288, 180).build();
        assertThat(MechanismCheck.resolve(off, "histograms.read_request_bytes.4096").value()).isEqualTo(900);
        assertThat(MechanismCheck.resolve(off, "histograms.read_request_bytes.4096:share").value()).isEqualTo(0.9);
        assertThat(MechanismCheck.resolve(on, "histograms.read_request_bytes.524288:share").value()).isEqualTo(0.9);
        assertThat(MechanismCheck.resolve(on, "histograms.read_request_bytes.8192").value()).isZero();
        MechanismCheck.Result r = MechanismCheck.evaluate(List.of(
                decrease("histograms.read_request_bytes.4096:share", 0.5),
                increase("histograms.read_request_bytes.524288:share", 1.0)), List.of(off), List.of(on));
        assertThat(r.status()).isEqualTo(MechanismStatus.MOVED);
    }

    @Test
    void shareOfAnEmptyMapIsZero() {
        RunResult c = Cells.fio(false).counter("fsync_paths", Map.of()).build();
        assertThat(MechanismCheck.resolve(c, "fsync_paths.none:share").value()).isZero();
    }

    @Test
    void unreportedCounterFailsTheExpectationWithANote() {
        List<RunResult> off = segEntryReads(false, 1000);
        List<RunResult> on = segEntryReads(true, 10);
        MechanismCheck.Result r = MechanismCheck.evaluate(List.of(decrease("seg_entry_reads", 0.5),
                unchanged("seg_entry_raeds", 0.1)), off, on);
        assertThat(r.status()).isEqualTo(MechanismStatus.DID_NOT_MOVE);
        MechanismCheck.Outcome typo = r.outcomes().get(1);
        assertThat(typo.holds()).isFalse();
        assertThat(typo.off()).isNull();
        assertThat(typo.note()).contains("seg_entry_raeds", "not reported", "1 of 1 cells");
    }

    @Test
    void resolveExplainsWhatIsWrong() {
        RunResult c = Cells.fio(false).counter("checkpoints", 3L).counter("name", "text")
                .counter("checkpoints_by_reason", Map.of("CP_SYNC", 1L)).build();
        assertThat(MechanismCheck.resolve(c, "checkpoints").value()).isEqualTo(3);
        assertThat(MechanismCheck.resolve(c, "name").error()).contains("not a finite number");
        assertThat(MechanismCheck.resolve(c, "checkpoints.CP_SYNC").error()).contains("'checkpoints' is not a map");
        assertThat(MechanismCheck.resolve(c, "checkpoints_by_reason").error()).contains("not a finite number");
        assertThat(MechanismCheck.resolve(c, "checkpoints:share").error()).contains(":share needs a key inside a map");
        assertThat(MechanismCheck.resolve(c, "histograms.read_request_bytes.4096").error()).contains("not reported");
        assertThat(MechanismCheck.resolve(c, "a..b").error()).contains("empty name");
        assertThat(MechanismCheck.resolve(c, "counters").error()).contains("names no counter");
    }

    @Test
    void noExpectationsIsNA() {
        assertThat(MechanismCheck.evaluate(List.of(), segEntryReads(false, 1), segEntryReads(true, 1)).status())
                .isEqualTo(MechanismStatus.NA);
    }

    @Test
    void expectationsAreValidated() {
        assertThatThrownBy(() -> decrease("c", 1.5)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("100 %");
        assertThatThrownBy(() -> increase("c", -0.1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> unchanged(" ", 0.1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> unchanged("c", Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThat(decrease("seg_entry_reads", 0.5).describe()).isEqualTo("seg_entry_reads decrease by at least 50 %");
        assertThat(unchanged("write_requests", 0.125).describe()).isEqualTo("write_requests unchanged within 12.5 %");
        assertThat(increase("x", 10).describe()).isEqualTo("x increase by at least 1000 %");
        assertThat(increase("rf_node_blocks", 0).describe()).as("any increase: no \"at least 0 %\"").isEqualTo("rf_node_blocks increase");
        assertThat(decrease("checkpoints", 0).describe()).isEqualTo("checkpoints decrease");
    }

    @Test
    void expectationsReadAndWriteTheCatalogSpelling() {
        String json = "{\"counter\": \"seg_entry_reads\", \"direction\": \"decrease\", \"min_relative_change\": 0.5}";
        CounterExpectation e = org.f2fsobs.bench.api.ResultJson.read(json, CounterExpectation.class);
        assertThat(e).isEqualTo(decrease("seg_entry_reads", 0.5));
        String catalog = "{\"counter\": \"write_requests\", \"direction\": \"unchanged\", \"tolerance\": 0.1}";
        assertThat(org.f2fsobs.bench.api.ResultJson.read(catalog, CounterExpectation.class)).isEqualTo(unchanged("write_requests", 0.1));
        String minChange = "{\"counter\": \"x\", \"direction\": \"increase\", \"min_change\": 1.0}";
        assertThat(org.f2fsobs.bench.api.ResultJson.read(minChange, CounterExpectation.class)).isEqualTo(increase("x", 1.0));
        assertThat(org.f2fsobs.bench.api.ResultJson.write(e)).contains("\"direction\" : \"decrease\"");
        assertThat(CounterExpectation.Direction.of(" Unchanged ")).isEqualTo(CounterExpectation.Direction.UNCHANGED);
        assertThatThrownBy(() -> CounterExpectation.Direction.of("down")).hasMessageContaining("increase, decrease or unchanged");
    }
}
