package org.f2fsobs.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.f2fsobs.app.Api;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Each page's HTML over HTTP (status, the elements its module draws into, the CSP it must live with), the 404 pages,
 * the downloads a run page links to (CSV, the tool's text), and the crash-check list the overview reads.
 */
class DashboardPagesTests extends DashboardTestSupport {
    @BeforeEach
    void seeded() {
        fixture();
    }

    private static final Pattern INLINE_SCRIPT = Pattern.compile("<script(?![^>]*\\ssrc=)[^>]*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern STYLE_ATTRIBUTE = Pattern.compile("\\sstyle\\s*=", Pattern.CASE_INSENSITIVE);
    private static final Pattern HANDLER_ATTRIBUTE = Pattern.compile("\\son[a-z]+\\s*=", Pattern.CASE_INSENSITIVE);

    private String page(String uri, HttpStatus status) {
        String html = webClient.get().uri(uri).accept(MediaType.TEXT_HTML).exchange()
                .expectStatus().isEqualTo(status)
                .expectHeader().contentTypeCompatibleWith(MediaType.TEXT_HTML)
                .expectHeader().valueMatches("Content-Security-Policy", ".*default-src 'self'.*")
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(html).isNotNull();
        // the CSP allows no inline script, style attribute or event handler: the page would silently break
        assertThat(INLINE_SCRIPT.matcher(html).find()).as("inline <script> in " + uri).isFalse();
        assertThat(STYLE_ATTRIBUTE.matcher(html).find()).as("style attribute in " + uri).isFalse();
        assertThat(HANDLER_ATTRIBUTE.matcher(html).find()).as("on* handler in " + uri).isFalse();
        assertThat(html).contains("<html lang=\"en\"", "<main id=\"main\">", "/webjars/chart.js/dist/chart.umd.js", "/css/observatory.css");
        return html;
    }

    private static List<String> ids(String html, String regex) {
        Matcher m = Pattern.compile(regex).matcher(html);
        List<String> out = new java.util.ArrayList<>();
        while (m.find()) out.add(m.group(1));
        return out;
    }

    @Test
    void showOverviewHasOneCardPerScenarioWithItsSlotsAndStartButton() {
        String html = page("/", HttpStatus.OK);
        assertThat(ids(html, "<article class=\"card scenario-card\" id=\"card-([a-z0-9-]+)\""))
                .containsExactly(DashboardFixture.FIO, DashboardFixture.DD, DashboardFixture.IOZONE, DashboardFixture.TIOTEST);
        assertThat(html).contains("<h1>Claimed vs reproduced</h1>", "data-slot=\"claim\"", "data-slot=\"reproduction\"", "data-slot=\"crash\"",
                "<button type=\"submit\">Run the mail's matrix</button>", "<script type=\"module\" src=\"/js/pages/overview.js\"></script>",
                "href=\"/scenarios/iozone-compressed-sync\"");
        assertThat(html.split("data-slot=\"claim\"", -1)).hasSize(5);
        assertThat(html).contains("<label for=\"scale-fio-large-section\">Size</label>");
    }

    @Test
    void showScenarioHasItsChartsFormAndTheMailsCommand() {
        String html = page("/scenarios/fio-large-section", HttpStatus.OK);
        assertThat(html).contains("<h1>fio-large-section</h1>", "data-flag=\"sec_ckpt_valid_blocks\"",
                "fio --bs=512k --size=1536M --rw=write --name=1 --filename=/mnt/test_dir/seq_write --ioengine=io_uring --iodepth=64 --end_fsync=1",
                "000_ea68bffc9d5138c9.txt", "<code id=\"profile-name\">nullblk-x86</code>",
                "<form id=\"matrix-form\" novalidate>", "data-field=\"repetitions\"", "data-field=\"seed\"",
                "<script type=\"module\" src=\"/js/pages/scenario.js\"></script>");
        assertThat(html).as("the mail's Test lines beside our script").contains("make_f2fs /dev/block/nullb0\nmake_f2fs -s 128 /dev/block/nullb0",
                "<code>make_f2fs -s {segs_per_sec} /dev/block/nullb0</code>", "<code>mkdir -p /mnt/test_dir</code>", " (measured)");
        assertThat(page("/scenarios/iozone-compressed-sync", HttpStatus.OK)).contains("The mail shows no command lines");
        assertThat(ids(html, "<canvas id=\"(chart-[a-z-]+)\""))
                .containsExactly("chart-bars", "chart-tornado", "chart-sweep", "chart-hist-write", "chart-hist-read", "chart-time");
        // every canvas is labelled for screen readers
        assertThat(html.split("<canvas ", -1).length - 1).isEqualTo(html.split("<canvas id=\"chart-[a-z-]+\" role=\"img\" aria-label=\"", -1).length - 1);
        // the counter table's "expected" column reads the catalog's sentences: "sec_entry_reads increase", never "by at least 0 %"
        String catalog = webClient.get().uri("/api/scenarios").exchange().expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody();
        assertThat(catalog).contains("sec_entry_reads increase").doesNotContain("at least 0 %");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/scenarios/no-such-scenario", "/matrices/987654", "/matrices/abc", "/matrices/0", "/runs/987654", "/runs/-1"})
    void unknownIdsAnswerANotFoundPage(String uri) {
        String html = page(uri, HttpStatus.NOT_FOUND);
        assertThat(html).contains("data-page=\"not-found\"", "<h1 class=\"not-found\">No ", "Back to the overview");
        assertThat(html).doesNotContain("<canvas");
    }

    @Test
    void notFoundPageForAScenarioNamesTheKnownOnes() {
        assertThat(page("/scenarios/fio-small-section", HttpStatus.NOT_FOUND))
                .contains("<code>fio-small-section</code>", "fio-large-section, dd-compressed-read");
    }

    @Test
    void showMatrixHasProgressCellsAndCancel() {
        long id = fixture().matrices.get(DashboardFixture.FIO);
        String html = page("/matrices/" + id, HttpStatus.OK);
        assertThat(html).contains("data-matrix=\"" + id + "\"", "data-scenario=\"fio-large-section\"",
                "<progress id=\"matrix-progress\"", "id=\"matrix-eta\"", "<table class=\"data\" id=\"cells-table\">",
                "<button type=\"button\" id=\"cancel-matrix\" class=\"danger\" disabled>Cancel the matrix</button>",
                "href=\"/scenarios/fio-large-section\"", "<script type=\"module\" src=\"/js/pages/matrix.js\"></script>");
    }

    @Test
    void showRunHasOutputEvidenceAndDownloads() {
        long run = fixture().fioRunOn;
        String html = page("/runs/" + run, HttpStatus.OK);
        assertThat(html).contains("data-run=\"" + run + "\"", "<pre id=\"tool-output\"", "<pre id=\"reproduce\"",
                "<button type=\"button\" id=\"copy-reproduce\">Copy</button>",
                "href=\"/api/runs/" + run + "\" download=\"run-" + run + ".json\"",
                "href=\"/api/runs/" + run + ".csv\" download=\"run-" + run + ".csv\"",
                "href=\"/runs/" + run + "/tool-output.txt\"", "href=\"/compare?a=" + run + "\"",
                "href=\"/matrices/" + fixture().matrices.get(DashboardFixture.FIO) + "\"");
        assertThat(ids(html, "<canvas id=\"(chart-[a-z-]+)\"")).containsExactly("chart-hist-write", "chart-hist-read", "chart-time");
    }

    @Test
    void showRunToolOutputIsTheToolsTextAsADownload() {
        String text = webClient.get().uri("/runs/" + fixture().fioRunOff + "/tool-output.txt").exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.TEXT_PLAIN)
                .expectHeader().valueEquals("Content-Disposition", "attachment; filename=\"run-" + fixture().fioRunOff + "-fio.txt\"")
                .expectBody(String.class).returnResult().getResponseBody();
        Map<String, Object> run = new Api(webClient, null).get("/api/runs/" + fixture().fioRunOff);
        assertThat(text).startsWith((String) run.get("tool_output")).contains("fio-3.33", "WRITE: bw=");
        webClient.get().uri("/runs/987654/tool-output.txt").exchange().expectStatus().isNotFound();
    }

    @Test
    void runCsvHasTheHeaderAndOneRowPerValue() {
        long run = fixture().fioRunOff;
        String csv = webClient.get().uri("/api/runs/" + run + ".csv").exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith("text/csv")
                .expectBody(String.class).returnResult().getResponseBody();
        List<String> lines = List.of(csv.split("\r\n"));
        assertThat(lines.get(0)).isEqualTo("section,name,value,unit");
        Map<String, Object> json = new Api(webClient, null).get("/api/runs/" + run);
        Map<?, ?> headline = (Map<?, ?>) json.get("headline");
        assertThat(lines).contains("run,id," + run + ",", "run,scenario,fio-large-section,", "run,tool,fio,", "run,profile,nullblk-x86,",
                "optimization,sec_ckpt_valid_blocks,false,", "param,segs_per_sec,128,", "param,scale,0.01,",
                "headline,write_bandwidth," + headline.get("value") + ",bytes/s",
                "counter,seg_entry_reads," + ((Map<?, ?>) json.get("counters")).get("seg_entry_reads") + ",");
        Map<?, ?> writes = (Map<?, ?>) ((Map<?, ?>) json.get("histograms")).get("write_request_bytes");
        assertThat(writes).isNotEmpty();
        writes.forEach((bytes, n) -> assertThat(lines).contains("histogram,write_request_bytes." + bytes + "," + n + ",requests"));
        for (String line : lines.subList(1, lines.size())) {
            assertThat(line).matches("(run|headline|reference|optimization|param|counter|histogram|time_ns|preparation|metric),.*");
        }
    }

    @Test
    void showCompareWithAndWithoutRuns() {
        String form = page("/compare", HttpStatus.OK);
        assertThat(form).contains("<form id=\"compare-form\" method=\"get\" action=\"/compare\"", "<label for=\"run-a\">", "Give two run ids");
        String both = page("/compare?a=" + fixture().fioRunOff + "&b=" + fixture().fioRunOn, HttpStatus.OK);
        assertThat(both).contains("data-a=\"" + fixture().fioRunOff + "\"", "data-b=\"" + fixture().fioRunOn + "\"", "Loading both runs",
                "<table class=\"data\" id=\"counters-table\">", "<canvas id=\"chart-compare-hist\"", "/js/pages/compare.js");
    }

    @Test
    void showJmhListIsAPageWithItsEmptyState() {
        assertThat(page("/jmh", HttpStatus.OK)).contains("<h1>Imported JMH results</h1>", "id=\"jmh-empty\"", "/js/pages/jmh.js")
                .contains("These figures are real: JMH measured the simulator itself").doesNotContain("Every figure here is virtual time");
    }

    @Test
    void crashCheckListGivesTheLatestVerdictPerFlagValue() {
        Map<String, Object> doc = new Api(webClient, null).get("/api/scenarios/" + DashboardFixture.IOZONE + "/crash-checks");
        assertThat(doc.get("flag")).isEqualTo("skip_cp_compressed_write");
        Map<?, ?> latest = (Map<?, ?>) doc.get("latest");
        assertThat(latest.get("off")).isNull();
        Map<?, ?> on = (Map<?, ?>) latest.get("on");
        assertThat(((Number) on.get("id")).longValue()).isEqualTo(fixture().crashCheck);
        assertThat(on.get("status")).isEqualTo("DONE");
        assertThat(on.get("verdict")).isEqualTo("data_lost");
        assertThat(((Number) on.get("checked")).intValue()).isGreaterThan(5);     // 5, then the bisection to the smallest failure
        Map<String, Object> report = new Api(webClient, null).get("/api/crash-checks/" + fixture().crashCheck);
        assertThat(report).containsKeys("coverage", "coverage_required", "coverage_missing", "smallest_failing_point", "recovery");
        assertThat(((Number) report.get("smallest_failing_point")).intValue()).isEqualTo(DashboardFixture.IOZONE_SMALLEST_FAILING_POINT);
        @SuppressWarnings("unchecked")
        Map<String, Object> lost = (Map<String, Object>) ((Map<?, ?>) ((List<?>) report.get("failures")).get(0)).get("lost");
        assertThat(lost).containsKeys("file", "offset", "length", "promise", "found_generation");
        assertThat((List<?>) doc.get("items")).hasSize(1);
        assertThat((List<?>) new Api(webClient, null).get("/api/scenarios/" + DashboardFixture.FIO + "/crash-checks").get("items")).isEmpty();
        webClient.get().uri("/api/scenarios/nope/crash-checks").exchange().expectStatus().isNotFound()
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/js/pages/overview.js", "/js/pages/scenario.js", "/js/pages/matrix.js", "/js/pages/run.js", "/js/pages/compare.js",
            "/js/pages/jmh.js", "/js/charts/series.js", "/js/charts/plot.js", "/js/lib/format.js", "/webjars/chart.js/dist/chart.umd.js"})
    void scriptsAreServedAsJavaScript(String uri) {
        webClient.get().uri(uri).exchange().expectStatus().isOk().expectHeader().contentTypeCompatibleWith("text/javascript");
    }
}
