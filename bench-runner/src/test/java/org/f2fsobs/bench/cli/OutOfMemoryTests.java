package org.f2fsobs.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that does not fit the heap must end with a message, not hang: an OutOfMemoryError in a simulated task's
 * bookkeeping used to end its thread while it held the baton, and the driver waited for ever (seen with -Xmx64m).
 * Runs the CLI in a child JVM with a 64 MiB heap.
 */
class OutOfMemoryTests {

    @Test
    void aRunThatDoesNotFitTheHeapExitsOneNamingTheHeapInsteadOfHanging(@TempDir Path dir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        File err = dir.resolve("err.txt").toFile();
        Process p = new ProcessBuilder(List.of(java, "-Xmx64m", "--sun-misc-unsafe-memory-access=allow",
                "-cp", System.getProperty("java.class.path"), BenchRunnerCli.class.getName(),
                "run", "iozone-compressed-sync", "--format", "json"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err).start();
        boolean ended = p.waitFor(90, TimeUnit.SECONDS);
        if (!ended) p.destroyForcibly();
        String stderr = Files.readString(err.toPath(), StandardCharsets.UTF_8);
        assertThat(ended).as("the CLI ended (stderr: %s)", stderr).isTrue();
        assertThat(p.exitValue()).isEqualTo(1);
        assertThat(stderr).contains("bench-runner: out of memory (max heap").contains("-Xmx").doesNotContain("\tat ");
    }
}
