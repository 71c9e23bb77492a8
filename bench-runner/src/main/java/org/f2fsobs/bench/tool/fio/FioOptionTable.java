package org.f2fsobs.bench.tool.fio;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.bench.tool.OptionTable;

/**
 * fio's option tables for docs/tools.md: {@link #jobOptions()} are the parser's job options ({@link FioOptions}, in
 * its order, aliases in parentheses), {@link #commandLine()} fio's own command-line options (init.c {@code l_opts[]})
 * as {@link FioParser} takes them.
 */
public final class FioOptionTable implements OptionTable {
    private final String id;
    private final String title;
    private final List<Row> rows;

    private FioOptionTable(String id, String title, List<Row> rows) {
        this.id = id;
        this.title = title;
        this.rows = rows;
    }

    /** The job options: command line {@code --opt=value} and job-file {@code opt=value} alike. */
    public static FioOptionTable jobOptions() {
        List<Row> out = new ArrayList<>();
        for (FioOptions.Opt o : FioOptions.all()) {
            String names = o.name() + (o.aliases().isEmpty() ? "" : " (" + String.join(", ", o.aliases()) + ")");
            out.add(new Row(names, o.status(), o.note()));
        }
        return new FioOptionTable("fio", "fio job options", List.copyOf(out));
    }

    /** fio's own options (not job options) and the job files given as arguments. */
    public static FioOptionTable commandLine() {
        return new FioOptionTable("fio-cli", "fio's own options", List.of(
                new Row("--output-format", Status.MODELLED, "`normal`, `json`, `json+` (latency bins), `terse`; one of them "
                        + "(lists such as `normal,json` refused)"),
                new Row("--minimal", Status.MODELLED, "terse version 3"),
                new Row("--terse-version", Status.MATCHED, "3 only, fio's default (it picks the terse layout, not the format: "
                        + "alone it changes nothing); 2, 4, 5 refused"),
                new Row("--output", Status.MODELLED, "the report goes to that file on the volume (stdout gets only fio's "
                        + "run-time messages); the run result lists it under `metrics.files_written`"),
                new Row("--eta, --eta-newline, --eta-interval", Status.MATCHED, "no ETA lines: fio prints none when stdout is "
                        + "not a terminal"),
                new Row("JOBFILE (positional)", Status.MODELLED, "fio's INI rules: `[global]`, `[job]`, `;`/`#` comments (also "
                        + "after a value), `${VAR}` from the exported variables (unset: empty, as fio), a later file's first job "
                        + "stonewalled; `include` refused"),
                new Row("--append-terse, --section, --server, --client, --daemonize, --parse-only, --status-interval, "
                        + "--bandwidth-log, --readonly, --alloc-size, --max-jobs, --crctest, --debug, --idle-prof, --inflate-log, "
                        + "--trigger*, --aux-path, --merge-blktrace-only, --warnings-fatal, --remote-config, --latency-log, "
                        + "--version, --help, --cmdhelp, --enghelp, --showcmd", Status.REFUSED,
                        "the simulation runs jobs and prints their report")));
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public List<Row> rows() {
        return rows;
    }
}
