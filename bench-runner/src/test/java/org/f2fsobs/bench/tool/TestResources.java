package org.f2fsobs.bench.tool;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads test resources under {@code src/test/resources/tool/}. */
public final class TestResources {

    private TestResources() {}

    public static String read(String path) {
        try (InputStream in = TestResources.class.getResourceAsStream("/tool/" + path)) {
            if (in == null) throw new IllegalArgumentException("no test resource /tool/" + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
