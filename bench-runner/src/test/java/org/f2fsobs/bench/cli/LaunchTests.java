package org.f2fsobs.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The jar's entry point is compiled for Java 8: an old JVM is told which Java to use; a new one runs the CLI. */
class LaunchTests {

    @Test
    void readsTheJavaFeatureVersion() {
        assertThat(Launch.feature("1.8")).isEqualTo(8);
        assertThat(Launch.feature("17")).isEqualTo(17);
        assertThat(Launch.feature("25")).isEqualTo(25);
        assertThat(Launch.feature("junk")).isZero();
    }

    @Test
    void theLauncherClassIsJava8Bytecode() throws IOException {
        byte[] c = Files.readAllBytes(Path.of("target/classes/org/f2fsobs/bench/cli/Launch.class"));
        assertThat(((c[6] & 0xff) << 8) | (c[7] & 0xff)).as("class file major version").isEqualTo(52);
    }

    /** Where the machine has a JVM older than 21 (the CI host's default OpenJDK 17), run the launcher on it. */
    @Test
    void anOldJvmIsToldWhichJavaItNeeds() throws Exception {
        Optional<Path> old = oldJava();
        if (old.isEmpty()) {
            System.out.println("LaunchTests: no JVM older than 21 under /usr/lib/jvm; the old-JVM message is not exercised here");
            return;
        }
        Process p = new ProcessBuilder(old.get().toString(), "-cp", "target/classes", "org.f2fsobs.bench.cli.Launch", "scenarios")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(1);
        assertThat(out).contains("bench-runner needs Java 21 or newer").contains("JDK 25").doesNotContain("Exception");
    }

    private static Optional<Path> oldJava() throws IOException {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) return Optional.empty();
        try (Stream<Path> s = Files.list(jvms)) {
            return s.map(d -> d.resolve("bin/java")).filter(Files::isExecutable).filter(j -> {
                String n = j.getParent().getParent().getFileName().toString();
                return n.matches(".*-(8|11|17)(-|\\.|$).*") || n.matches(".*(1\\.8|-8-|-11-|-17-).*");
            }).sorted(Comparator.naturalOrder()).findFirst();
        }
    }
}
