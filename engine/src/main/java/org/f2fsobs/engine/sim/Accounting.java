package org.f2fsobs.engine.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU time by primitive, in picoseconds (sub-nanosecond unit costs such as one seg_entry read add up exactly).
 * Accounts are registered by name once and then charged by integer id on the hot path.
 */
public final class Accounting {
    private final List<String> names = new ArrayList<>();
    private long[] ps = new long[16];

    /** Registers (or finds) an account; ids are dense and in registration order. */
    public int register(String name) {
        int i = names.indexOf(name);
        if (i >= 0) return i;
        names.add(name);
        if (names.size() > ps.length) ps = java.util.Arrays.copyOf(ps, ps.length * 2);
        return names.size() - 1;
    }

    void add(int account, long amountPs) {
        ps[account] += amountPs;
    }

    public long ps(int account) {
        return ps[account];
    }

    public long ps(String name) {
        int i = names.indexOf(name);
        return i < 0 ? 0 : ps[i];
    }

    public long totalPs() {
        long t = 0;
        for (int i = 0; i < names.size(); i++) t += ps[i];
        return t;
    }

    /** Nanoseconds per account, in registration order, zero entries included. */
    public Map<String, Long> nsByName() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) m.put(names.get(i), ps[i] / 1000);
        return m;
    }

    /** Resets every account to zero (e.g. between preparation and the measured command). */
    public void reset() {
        java.util.Arrays.fill(ps, 0);
    }
}
