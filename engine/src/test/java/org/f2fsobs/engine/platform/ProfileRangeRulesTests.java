package org.f2fsobs.engine.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The range and nominal rules of {@code docs/profile-sources.md} §0, checked over every numeric constant of the four
 * shipped profiles: a sourced range around every value, assumptions at least ×½ … ×2 (unless a proven bound clips them)
 * and all listed in §7.2, candidates inside the range and the nominal recomputed here from them, and no figure of an
 * effect row among the candidates or range ends.
 */
class ProfileRangeRulesTests {

    record Constant(String profile, String key, long value, Sourced.Range range) {
        String name() {
            return profile + " " + key;
        }
    }

    static List<Constant> numeric() {
        List<Constant> out = new ArrayList<>();
        for (Profile p : Profiles.all()) {
            for (Map.Entry<String, Sourced> e : p.constants().entrySet()) {
                Object v = e.getValue().value();
                if (v instanceof Number n) out.add(new Constant(p.name(), e.getKey(), n.longValue(), e.getValue().range()));
            }
        }
        return out;
    }

    @Test
    void everyNumericConstantHasASourcedRangeAroundItsValue() {
        List<Constant> all = numeric();
        assertThat(all).hasSize(315);    // issue 22: ufs21-2018 memory split (307); issue 23: pixel3's four kernel.vmalloc_users counts (+4); issue 26: lz4hc_compress_byte in each of the four profiles (+4)
        for (Constant c : all) {
            assertThat(c.range()).as(c.name()).isNotNull();
            assertThat(c.range().low()).as(c.name() + " low").isLessThanOrEqualTo(c.value());
            assertThat(c.range().high()).as(c.name() + " high").isGreaterThanOrEqualTo(c.value());
            assertThat(c.range().lowSource()).as(c.name() + " low_source").isNotBlank();
            assertThat(c.range().highSource()).as(c.name() + " high_source").isNotBlank();
            if (List.of("fact", "model").contains(c.range().basis())) {
                assertThat(c.range().low()).as(c.name() + ": a fact or model setting is exact").isEqualTo(c.range().high());
            }
        }
    }

    /** R6: the same rule for every assumption, [value/2, 2 × value], narrower only where a proven bound clips it. */
    @Test
    void everyAssumptionSpansAtLeastHalfToDoubleUnlessAProvenBoundClipsIt() {
        int n = 0;
        for (Constant c : numeric()) {
            if (!c.range().assumption()) continue;
            n++;
            assertThat(c.range().basis()).as(c.name()).isEqualTo("assumption");
            if (c.range().low() > c.value() / 2) assertThat(c.range().lowSource()).as(c.name() + " low").startsWith("R6 clipped at a proven bound");
            if (c.range().high() < 2 * c.value()) assertThat(c.range().highSource()).as(c.name() + " high").startsWith("R6 clipped at a proven bound");
        }
        assertThat(n).as("assumptions").isGreaterThan(100);
    }

    /** R5: the candidates lie inside the range (a range is never narrower than their spread) and give the nominal. */
    @Test
    void everyPickedNominalIsTheMedianOfItsCandidates() {
        int picked = 0;
        for (Constant c : numeric()) {
            Sourced.Pick p = c.range().pick();
            if (p == null) continue;
            picked++;
            assertThat(p.rule()).as(c.name()).isEqualTo("median");
            assertThat(p.candidateSources()).as(c.name()).hasSameSizeAs(p.candidates()).allSatisfy(s -> assertThat(s).isNotBlank());
            List<Long> s = new ArrayList<>(p.candidates());
            s.sort(null);
            assertThat(c.range().low()).as(c.name() + " low vs the candidates").isLessThanOrEqualTo(s.get(0));
            assertThat(c.range().high()).as(c.name() + " high vs the candidates").isGreaterThanOrEqualTo(s.get(s.size() - 1));
            int m = s.size();
            long median = m % 2 == 1 ? s.get(m / 2) : Math.floorDiv(s.get(m / 2 - 1) + s.get(m / 2) + 1, 2);   // half up
            assertThat(c.value()).as(c.name() + " = median of " + s).isEqualTo(median);
        }
        assertThat(picked).isGreaterThanOrEqualTo(6);
    }

    /** Issue 16's example: the seg_entry cost keeps at least the spread the documents give (0.28 – 0.69 ns). */
    @Test
    void segEntryReadKeepsTheSpreadOfItsOwnRuns() {
        Sourced.Range r = Profiles.load("nullblk-x86").constants().get("cpu.costs_ps.seg_entry_read").range();
        assertThat(r.low()).isLessThanOrEqualTo(280);
        assertThat(r.high()).isGreaterThanOrEqualTo(690);
        assertThat(r.pick().candidates()).hasSize(20);
        Sourced.Range rel = Profiles.load("amlogic-arm64-p3").constants().get("device.reliable_write_ns").range();
        assertThat(rel.low()).as("the Unisoc lower bound").isLessThanOrEqualTo(260_000);
        assertThat(rel.high()).as("planar TLC").isGreaterThanOrEqualTo(2_926_500);
    }

    /**
     * R0: no candidate and no range end comes from an effect row. The figures the effect rows imply and that the
     * documents print for comparison (P1's -s 128 rows: ≈ 0.33 ns per seg_entry visit) are not among them, and no
     * source of a candidate or an end cites an effect row.
     */
    @Test
    void noCandidateOrRangeEndComesFromAnEffectRow() {
        List<String> effectRows = List.of("-s 128", "SEGS_PER_SEC 128", "2145", "write column", "compressed, before",
                "compressed, after", "135, 137", "500, 503", "85177", "758 MB/s", "185 MB/s");
        for (Constant c : numeric()) {
            List<String> cited = new ArrayList<>(List.of(c.range().lowSource(), c.range().highSource()));
            if (c.range().pick() != null) cited.addAll(c.range().pick().candidateSources());
            for (String s : cited) for (String row : effectRows) assertThat(s).as(c.name()).doesNotContain(row);
        }
        Sourced.Range r = Profiles.load("nullblk-x86").constants().get("cpu.costs_ps.seg_entry_read").range();
        assertThat(r.pick().candidates()).noneMatch(x -> x >= 320 && x <= 340);
        assertThat(List.of(r.low(), r.high())).noneMatch(x -> x >= 320 && x <= 340);
    }

    /** §7 is complete: its generated table (§7.2) lists exactly the constants marked assumption, with their ranges. */
    @Test
    void section7ListsEveryAssumption() throws IOException {
        Path doc = Path.of("..", "docs", "profile-sources.md");
        assertThat(doc).as("run from the engine module of the repository").exists();
        String text = Files.readString(doc);
        int begin = text.indexOf("<!-- begin: assumptions generated by tools/profiles/gen_profiles.py -->");
        int end = text.indexOf("<!-- end: assumptions -->");
        assertThat(begin).isPositive();
        assertThat(end).isGreaterThan(begin);
        TreeSet<String> listed = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^\\| `([^`]+)` \\| `([^`]+)` \\| (\\d+) \\| (\\d+) \\| (\\d+) \\|").matcher(text.substring(begin, end));
        while (m.find()) listed.add(m.group(1) + " " + m.group(2) + " " + m.group(3) + " [" + m.group(4) + ", " + m.group(5) + "]");
        TreeSet<String> marked = new TreeSet<>();
        for (Constant c : numeric()) {
            if (c.range().assumption()) marked.add(c.name() + " " + c.value() + " [" + c.range().low() + ", " + c.range().high() + "]");
        }
        assertThat(listed).as("§7.2 vs the profiles (regenerate with python3 tools/profiles/gen_profiles.py)").isEqualTo(marked);
    }
}
