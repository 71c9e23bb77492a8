package org.f2fsobs.app.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The test mails of bench-runner ({@code seeds/}, {@code mails/}), read from its test resources beside this module. */
public final class TestMails {
    private TestMails() {}

    public static String read(String path) {
        Path p = Path.of("..", "bench-runner", "src", "test", "resources").resolve(path);
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException("test mail " + p.toAbsolutePath(), e);
        }
    }
}
