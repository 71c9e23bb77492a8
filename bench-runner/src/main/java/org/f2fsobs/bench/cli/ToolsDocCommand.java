package org.f2fsobs.bench.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.f2fsobs.bench.doc.OptionTables;
import org.f2fsobs.bench.doc.ToolsDoc;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench-runner tools-doc [--check] [--file docs/tools.md]}: the generated option tables of docs/tools.md. */
@Command(name = "tools-doc", mixinStandardHelpOptions = true,
        description = "Rewrites the option tables of docs/tools.md from the parsers' own tables (--check: exit 1 if stale).")
final class ToolsDocCommand implements Callable<Integer> {
    @Option(names = "--file", description = "the Markdown file (default: docs/tools.md)")
    Path file = Path.of("docs/tools.md");

    @Option(names = "--check", description = "only check; exit 1 and name the stale tables")
    boolean check;

    @Override
    public Integer call() throws Exception {
        if (!Files.exists(file)) {
            System.err.println("tools-doc: no such file: " + file);
            return 2;
        }
        String doc = Files.readString(file, StandardCharsets.UTF_8);
        List<String> stale = ToolsDoc.stale(doc, OptionTables.all());
        if (check) {
            if (stale.isEmpty()) return 0;
            System.err.println("tools-doc: stale tables in " + file + ": " + String.join(", ", stale)
                    + " (run bench-runner tools-doc to rewrite them)");
            return 1;
        }
        Files.writeString(file, ToolsDoc.update(doc, OptionTables.all()), StandardCharsets.UTF_8);
        System.out.println(stale.isEmpty() ? "tools-doc: " + file + " is up to date" : "tools-doc: rewrote " + String.join(", ", stale));
        return 0;
    }
}
