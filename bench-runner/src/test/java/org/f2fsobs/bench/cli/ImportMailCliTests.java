package org.f2fsobs.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/** {@code bench-runner import-mail FILE [--format text|json]}: the draft on stdout, or exit 2 naming what is missing. */
class ImportMailCliTests {
    record Out(int code, String out, String err) {}

    private static Out run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = BenchRunnerCli.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Out(code, out.toString(), err.toString());
    }

    private static Path resource(Path dir, String path) throws Exception {
        Path p = dir.resolve(Path.of(path).getFileName());
        try (var in = ImportMailCliTests.class.getClassLoader().getResourceAsStream(path)) {
            Files.write(p, in.readAllBytes());
        }
        return p;
    }

    @Test
    void jsonIsOneDraftDocument(@TempDir Path dir) throws Exception {
        Out o = run("import-mail", resource(dir, "seeds/004_2c36bc703d07533a.txt").toString(), "--format", "json");
        assertThat(o.code()).as(o.err()).isZero();
        @SuppressWarnings("unchecked")
        Map<String, Object> d = JsonMapper.builder().build().readValue(o.out(), Map.class);
        assertThat(d).containsEntry("runnable", true).containsKey("scenario");
        assertThat(((Map<?, ?>) d.get("scenario")).get("flag")).isEqualTo("serialize_writepages");
    }

    @Test
    void textSaysWhatIsMissing(@TempDir Path dir) throws Exception {
        Out o = run("import-mail", resource(dir, "mails/03_buffered-async-reads.eml").toString());
        assertThat(o.code()).isZero();
        assertThat(o.out()).contains("(not runnable)", "no switch yet", "f2fs_file_open", "--overwrite=0");
    }

    @Test
    void aMailWithNoCommandExitsTwoNamingIt(@TempDir Path dir) throws Exception {
        Out o = run("import-mail", resource(dir, "mails/05_checkpoint-merge.eml").toString());
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("command: no measured command", "flag: no switch yet").doesNotContain("Exception");
    }

    @Test
    void aMissingFileAndAHugeOneExitTwo(@TempDir Path dir) throws Exception {
        assertThat(run("import-mail", dir.resolve("nope.eml").toString()).err()).contains("no such file");
        Path big = dir.resolve("big.txt");
        Files.write(big, new byte[10 << 20]);
        Out o = run("import-mail", big.toString());
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("mail_chars");
    }
}
