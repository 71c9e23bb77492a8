package org.f2fsobs.bench.tool.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/tools.md's fio tables are the parser's own tables ({@link FioOptions#docRows()}, {@link FioOptions#commandRows()}). */
class FioOptionsDocTests {

    static final String BEGIN = "<!-- fio options: generated from FioOptions.docRows() and commandRows(); FioOptionsDocTests checks it -->";
    static final String END = "<!-- fio options end -->";

    /** The block between the markers, as the generator writes it. */
    static String generated() {
        List<String> out = new ArrayList<>();
        out.add(BEGIN);
        out.add("| option | status | what the simulation does |");
        out.add("|---|---|---|");
        out.addAll(FioOptions.docRows());
        out.add("");
        out.add("| fio's own options | status | what the simulation does |");
        out.add("|---|---|---|");
        out.addAll(FioOptions.commandRows());
        out.add(END);
        return String.join("\n", out);
    }

    static Path toolsMd() {
        Path p = Path.of("..", "docs", "tools.md");
        return Files.exists(p) ? p : Path.of("docs", "tools.md");
    }

    @Test
    void docsListEveryFioOptionWithItsStatusAsTheParserHasIt() throws IOException {
        String doc = Files.readString(toolsMd());
        int a = doc.indexOf(BEGIN), b = doc.indexOf(END);
        assertThat(a).as("docs/tools.md has the generated fio block").isNotNegative();
        String block = doc.substring(a, b + END.length());
        assertThat(block).as("regenerate with FioOptionsDocTests.main").isEqualTo(generated());
    }

    @Test
    void everyOptionTheIssueNamesIsInTheTable() {
        for (String o : List.of("filesize", "io_size", "directory", "nrfiles", "openfiles", "file_service_type", "norandommap",
                "random_distribution", "bssplit", "bsrange", "ba", "ramp_time", "stonewall", "rate", "rate_iops", "ratemin",
                "description", "threads", "overwrite", "fallocate", "sync", "verify", "verify_pattern", "do_verify",
                "verify_fatal", "fill_device", "lat_percentiles", "write_bw_log", "write_lat_log", "write_iops_log",
                "registerfiles", "fixedbufs", "sqthread_poll", "hipri", "nowait", "force_async", "uncached", "gtod_reduce",
                "invalidate")) {
            assertThat(FioOptions.find(o)).as(o).isNotNull();
        }
        assertThat(FioOptions.find("io_limit").name()).isEqualTo("io_size");
        assertThat(FioOptions.find("wait_for_previous").name()).isEqualTo("stonewall");
    }

    /** Rewrites the block in docs/tools.md (run from the module or the repository root). */
    public static void main(String[] args) throws IOException {
        Path p = toolsMd();
        String doc = Files.readString(p);
        int a = doc.indexOf(BEGIN), b = doc.indexOf(END);
        Files.writeString(p, doc.substring(0, a) + generated() + doc.substring(b + END.length()));
    }
}
