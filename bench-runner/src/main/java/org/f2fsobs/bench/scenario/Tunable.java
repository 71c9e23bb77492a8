package org.f2fsobs.bench.scenario;

import java.util.Objects;

/**
 * An era-dependent rule or kernel tunable the scenario fixes (contracts.md §1: rules are tunables, not flags), e.g.
 * {@code serialize_rule = all_regular} for the 2018 kernel of P4, with the reason.
 *
 * @param name  the engine's name for it ({@code serialize_rule}, {@code min_seq_blocks}, …)
 * @param value a String or a Long
 * @param why   the source of the value
 */
public record Tunable(String name, Object value, String why) {
    public Tunable {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }
}
