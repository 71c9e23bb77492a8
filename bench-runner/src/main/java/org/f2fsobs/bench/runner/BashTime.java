package org.f2fsobs.bench.runner;

import java.util.Locale;
import java.util.Map;

/**
 * What bash's {@code time} keyword prints after a command (TIMEFORMAT unset: {@code \nreal\t%3lR\nuser\t%3lU\nsys\t%3lS}):
 * real = the run's virtual time; user = the tools' own user-space work ({@code user_io}); sys = every other CPU
 * primitive charged in the window. Departure: sys also counts the kernel threads' CPU (flusher, workers), which bash
 * would not charge to the command.
 */
final class BashTime {
    private BashTime() {}

    static String report(Measurement.Window w) {
        Map<String, Long> cpu = w.breakdown().cpu();
        long user = cpu.getOrDefault("user_io", 0L);
        long total = 0;
        for (long ns : cpu.values()) total += ns;
        return "\nreal\t" + clock(w.virtualNs()) + "\nuser\t" + clock(user) + "\nsys\t" + clock(total - user) + "\n";
    }

    /** bash's %3lR: minutes, then seconds with three decimals. */
    static String clock(long ns) {
        long ms = ns / 1_000_000;
        return (ms / 60_000) + "m" + String.format(Locale.ROOT, "%d.%03ds", (ms % 60_000) / 1000, ms % 1000);
    }
}
