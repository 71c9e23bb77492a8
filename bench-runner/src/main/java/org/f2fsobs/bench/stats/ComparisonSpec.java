package org.f2fsobs.bench.stats;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.f2fsobs.bench.matrix.ParamValues;

/**
 * What {@link Comparisons} needs to know about a scenario: the flag under study, the mail's ratios and the
 * mechanism the catalog expects. The scenario catalog builds one from its scenario file.
 *
 * <p><b>Matching.</b> A {@link ReferenceRatio} or {@link PointExpectations} applies to a comparison when every key
 * of its {@code when} map is a parameter of the comparison's point with the same value ({@link ParamValues#same},
 * so 128 = 128.0), and, for a reference, when its row equals the comparison's row (null = a headline comparison,
 * one that has no row). Keys absent from {@code when} match anything, so {@code when = {}} matches every point.
 * The <b>first</b> matching entry in list order wins: put specific entries before general ones.
 *
 * @param flag         the optimization under study; its off cells are compared with its on cells
 * @param references   the mail's after/before ratios, per parameter point (and iozone row)
 * @param expectations the counter movements the catalog expects, per parameter point
 * @param resamples    bootstrap resamples B
 * @param level        bootstrap confidence level
 */
public record ComparisonSpec(String flag, List<ReferenceRatio> references, List<PointExpectations> expectations,
                             int resamples, double level) {

    /**
     * The mail's after/before ratio at the parameter points matching {@code when} (and at {@code row}).
     *
     * @param when  parameter values that must match (a subset of the point's parameters)
     * @param row   the iozone record length (KiB) this ratio is for, or null for headline comparisons
     * @param ratio after / before, > 0
     */
    public record ReferenceRatio(Map<String, Object> when, Integer row, double ratio) {
        public ReferenceRatio {
            when = sorted(when);
            if (!Double.isFinite(ratio) || ratio <= 0) throw new IllegalArgumentException("reference ratio must be > 0: " + ratio);
        }

        public static ReferenceRatio everywhere(double ratio) {
            return new ReferenceRatio(Map.of(), null, ratio);
        }
    }

    /** The expected counter movements at the parameter points matching {@code when}. */
    public record PointExpectations(Map<String, Object> when, List<CounterExpectation> expectations) {
        public PointExpectations {
            when = sorted(when);
            expectations = List.copyOf(expectations);
        }
    }

    public ComparisonSpec {
        if (flag == null || flag.isBlank()) throw new IllegalArgumentException("flag under study is required");
        references = List.copyOf(references);
        expectations = List.copyOf(expectations);
        if (resamples < 1) throw new IllegalArgumentException("resamples must be at least 1: " + resamples);
        if (!(level > 0 && level < 1)) throw new IllegalArgumentException("level must be in (0, 1): " + level);
    }

    /** Default bootstrap (B = 10 000, level 0.95); one set of expectations for every point. */
    public static ComparisonSpec of(String flag, List<ReferenceRatio> references, List<CounterExpectation> expectations) {
        return new ComparisonSpec(flag, references, List.of(new PointExpectations(Map.of(), expectations)),
                Bootstrap.DEFAULT_RESAMPLES, Bootstrap.DEFAULT_LEVEL);
    }

    public ComparisonSpec withBootstrap(int resamples, double level) {
        return new ComparisonSpec(flag, references, expectations, resamples, level);
    }

    /** The first reference matching the point and row, if any. */
    public Optional<Double> referenceFor(Map<String, Object> params, Integer row) {
        for (ReferenceRatio r : references) {
            if (java.util.Objects.equals(r.row(), row) && matches(r.when(), params)) return Optional.of(r.ratio());
        }
        return Optional.empty();
    }

    /** The expectations of the first matching entry; empty when none matches. */
    public List<CounterExpectation> expectationsFor(Map<String, Object> params) {
        for (PointExpectations e : expectations) {
            if (matches(e.when(), params)) return e.expectations();
        }
        return List.of();
    }

    static boolean matches(Map<String, Object> when, Map<String, Object> params) {
        for (Map.Entry<String, Object> e : when.entrySet()) {
            if (!params.containsKey(e.getKey()) || !ParamValues.same(e.getValue(), params.get(e.getKey()))) return false;
        }
        return true;
    }

    private static Map<String, Object> sorted(Map<String, Object> m) {
        return Collections.unmodifiableMap(new TreeMap<>(m == null ? Map.of() : m));
    }
}
