package org.f2fsobs.engine.platform;

import java.util.List;

/**
 * A profile constant with the note saying where its value comes from and, for a numeric constant, the range its
 * sources allow ({@code docs/profile-sources.md} §0); {@code range} is null for names, choices and flags.
 */
public record Sourced(Object value, String source, Range range) {
    public Sourced(Object value, String source) {
        this(value, source, null);
    }

    /**
     * {@code low ≤ value ≤ high} (unless the value was overridden), each end with the figure it comes from; {@code basis}
     * names the rule that made the range (fact, measured, derived, calibrated, assumption, model); {@code pick} is set
     * where the nominal was picked among candidates.
     */
    public record Range(long low, long high, String lowSource, String highSource, boolean assumption, String basis, Pick pick) {}

    /** The candidates a nominal was picked among, where each is from, and the rule ({@link NominalRule}). */
    public record Pick(List<Long> candidates, List<String> candidateSources, String rule) {}
}
