package org.f2fsobs.engine.platform;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * How a profile's nominal is picked among candidate figures ({@code docs/profile-sources.md} §0 R5). One rule exists:
 * the median, with an even number of candidates the mean of the two middle ones, rounded half up to an integer.
 */
public enum NominalRule {
    MEDIAN("median");

    private final String key;

    NominalRule(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static Optional<NominalRule> of(String key) {
        for (NominalRule r : values()) if (r.key.equals(key)) return Optional.of(r);
        return Optional.empty();
    }

    /** The nominal the rule gives for these candidates (at least one). */
    public long apply(List<Long> candidates) {
        if (candidates.isEmpty()) throw new IllegalArgumentException("no candidates");
        List<Long> s = new ArrayList<>(candidates);
        Collections.sort(s);
        int n = s.size();
        if (n % 2 == 1) return s.get(n / 2);
        BigDecimal mean = BigDecimal.valueOf(s.get(n / 2 - 1)).add(BigDecimal.valueOf(s.get(n / 2))).divide(BigDecimal.valueOf(2));
        return mean.setScale(0, RoundingMode.HALF_UP).longValueExact();
    }
}
