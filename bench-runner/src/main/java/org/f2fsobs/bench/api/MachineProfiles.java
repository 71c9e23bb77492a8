package org.f2fsobs.bench.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.engine.platform.Profile;
import org.f2fsobs.engine.platform.Profiles;
import org.f2fsobs.engine.platform.Sourced;

/**
 * The machine profiles runs are made on, as {@code bench-runner profiles --format json} lists them (contracts.md §6):
 * what each models and every constant with its value, its source and, for a numeric one, its sourced range.
 */
public final class MachineProfiles {
    private MachineProfiles() {}

    /** One profile: its constants in the profile's order, flattened as {@code cpu.costs_ps.copy_user_byte}. */
    public record Entry(String name, String title, String description, String userland, long memoryBytes, long availableBytes,
                        Map<String, Constant> constants) {}

    /** A constant: a number, a string or a boolean, where it comes from, and its range (null when it has none). */
    public record Constant(Object value, String source, Range range) {}

    /** The range a numeric constant is sourced over; {@code assumption} when the bounds are reasoned, not measured. */
    public record Range(long low, long high, String lowSource, String highSource, boolean assumption, String basis) {}

    /** Every shipped profile, in the catalog's order. */
    public static List<Entry> all() {
        return Profiles.all().stream().map(MachineProfiles::entry).toList();
    }

    private static Entry entry(Profile p) {
        Map<String, Constant> constants = new LinkedHashMap<>();
        p.constants().forEach((k, v) -> constants.put(k, constant(v)));
        return new Entry(p.name(), p.title(), p.description(), p.userland(), p.memoryBytes(), p.availableBytes(), constants);
    }

    private static Constant constant(Sourced s) {
        Sourced.Range r = s.range();
        return new Constant(s.value(), s.source(), r == null ? null
                : new Range(r.low(), r.high(), r.lowSource(), r.highSource(), r.assumption(), r.basis()));
    }
}
