package org.f2fsobs.engine.f2fs;

/**
 * One optimization under study: a patch from a mail, as a switch the engine's mechanism code consults
 * ({@link Optimizations#isOn}). Off is always the kernel before the patch.
 *
 * @param name        the flag's name in scenario files, the CLI, REST and results (snake_case)
 * @param description what "on" changes, in kernel terms
 * @param inLinux614  whether Linux 6.14 behaves as "on" (the patch was merged by then)
 */
public record Optimization(String name, String description, boolean inLinux614) {
    public Optimization {
        if (name == null || !name.matches("[a-z][a-z0-9_]*")) throw new IllegalArgumentException("flag names are snake_case: " + name);
    }
}
