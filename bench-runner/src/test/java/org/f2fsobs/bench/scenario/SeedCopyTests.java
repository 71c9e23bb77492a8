package org.f2fsobs.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The seed mails under test resources ({@code seeds/}) are verbatim copies of {@code ../shared/seeds}: the tests that
 * tie the catalog to the mails read the copies, so they run on any checkout. Where the shared folder is present (a
 * developer's machine, the CI host) the copy must be byte-identical to it and hold the same files.
 */
class SeedCopyTests {
    static final List<String> SEEDS = List.of("000_ea68bffc9d5138c9.txt", "001_d57d12ce94eb8787.txt",
            "003_0e7bff0b483bb02d.txt", "004_2c36bc703d07533a.txt");

    /** A seed mail's text, from the test resources. */
    static String seed(String file) {
        return new String(bytes(file), StandardCharsets.UTF_8);
    }

    static byte[] bytes(String file) {
        try (InputStream in = SeedCopyTests.class.getClassLoader().getResourceAsStream("seeds/" + file)) {
            assertThat(in).as("test resource seeds/" + file).isNotNull();
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code <project root>/../shared/seeds}, found from the module directory Maven runs tests in. */
    static Path sharedSeeds() {
        Path dir = Path.of("").toAbsolutePath();
        for (Path p = dir; p != null; p = p.getParent()) {
            Path candidate = p.resolve("shared").resolve("seeds");
            if (Files.isDirectory(candidate)) return candidate;
        }
        return null;
    }

    @Test
    void everyCatalogSeedIsShippedAsATestResource() {
        assertThat(ScenarioCatalog.load().list()).extracting(Scenario::seedFile).containsExactlyElementsOf(SEEDS);
        for (String f : SEEDS) assertThat(bytes(f)).as(f).isNotEmpty();
    }

    @Test
    void theCopiesAreByteIdenticalToTheSharedSeedsWhereThoseArePresent() throws IOException {
        Path shared = sharedSeeds();
        if (shared == null) {
            System.out.println("SeedCopyTests: no shared/seeds folder above " + Path.of("").toAbsolutePath()
                    + "; the copies under test resources are the reference");
            return;
        }
        try (Stream<Path> files = Files.list(shared)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList()).as("files in " + shared)
                    .containsExactlyElementsOf(SEEDS);
        }
        for (String f : SEEDS) assertThat(bytes(f)).as(f + " vs " + shared.resolve(f)).isEqualTo(Files.readAllBytes(shared.resolve(f)));
    }
}
