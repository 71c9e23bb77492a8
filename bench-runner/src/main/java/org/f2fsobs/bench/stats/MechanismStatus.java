package org.f2fsobs.bench.stats;

/** Whether the mechanism counters moved as the catalog expects (contracts.md §3); {@link #label()} is the JSON string. */
public enum MechanismStatus {
    /** Every declared expectation holds. */
    MOVED("moved as expected"),
    /** At least one declared expectation does not hold (or names a counter no cell reports). */
    DID_NOT_MOVE("did not move"),
    /** The catalog declares no expectation for this point. */
    NA("n/a");

    private final String label;

    MechanismStatus(String label) {
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
