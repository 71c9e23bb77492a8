package org.f2fsobs.bench.cli;

/**
 * The bench runner's entry point as a jar: compiled for Java 8 (src/launcher, its own compiler execution) so that an older
 * JVM says which one it needs instead of failing with UnsupportedClassVersionError; on Java 21 or newer it hands
 * over to {@code BenchRunnerCli}.
 */
public final class Launch {
    static final int NEEDED = 21;

    private Launch() {}

    public static void main(String[] args) throws Throwable {
        int feature = feature(System.getProperty("java.specification.version", "0"));
        if (feature < NEEDED) {
            System.err.println("bench-runner needs Java " + NEEDED + " or newer (it is built and tested on JDK 25); this is Java "
                    + System.getProperty("java.version") + " at " + System.getProperty("java.home")
                    + ". Run it with a JDK 25, e.g. /usr/lib/jvm/temurin-25-jdk-amd64/bin/java -jar ... (README, Quick start).");
            System.exit(1);
        }
        try {
            Class.forName("org.f2fsobs.bench.cli.BenchRunnerCli").getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** "1.8" → 8, "17" → 17. */
    static int feature(String spec) {
        String s = spec.startsWith("1.") ? spec.substring(2) : spec;
        int dot = s.indexOf('.');
        try {
            return Integer.parseInt(dot < 0 ? s : s.substring(0, dot));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
