package org.f2fsobs.bench.stats;

/** The verdict of one comparison (contracts.md §3); {@link #label()} is the exact JSON string. */
public enum Verdict {
    REPRODUCED("reproduced"),
    PARTLY("partly"),
    NOT_REPRODUCED("not_reproduced"),
    OPPOSITE("opposite"),
    NA("n/a");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
