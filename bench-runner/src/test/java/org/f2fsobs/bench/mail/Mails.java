package org.f2fsobs.bench.mail;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The test mails: the seeds ({@code seeds/}) and the picked public mails ({@code mails/}, docs/mail-import.md §1). */
final class Mails {
    private Mails() {}

    static String resource(String path) {
        try (InputStream in = Mails.class.getClassLoader().getResourceAsStream(path)) {
            assertThat(in).as("test resource " + path).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
