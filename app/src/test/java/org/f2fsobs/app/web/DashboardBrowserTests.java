package org.f2fsobs.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.f2fsobs.app.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The dashboards in headless Chromium against the running app and its seeded results ({@link DashboardFixture}):
 * the overview's four claims and verdicts, the crash verdicts per flag value (card, scenario page, the card's button), the Chart.js instances of a scenario page (points, whiskers, the mail's
 * markers on their bars), the form's problem+json errors, a matrix started from the page running to DONE and its run
 * page, the compare page, a failed and a cancelled matrix, the empty states, and the pure data-shaping functions. Each test saves a screenshot under
 * {@code app/target/screenshots/}. Skipped with a printed reason where Chromium is missing, failed under CI=true.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DashboardBrowserTests extends DashboardTestSupport {
    private static ChromeDriver driver;

    @Autowired
    private DatabaseClient db;

    @BeforeAll
    static void startBrowser() throws Exception {
        Browser.requireOrSkip();
        driver = Browser.start();
    }

    @AfterAll
    static void stopBrowser() {
        if (driver != null) driver.quit();
    }

    private String url(String path) {
        return "http://localhost:" + port + path;
    }

    /** Opens a page and waits for its modules to finish (body[data-page-ready]); a page that failed fails the test. */
    private void open(String path) {
        driver.get(url(path));
        // under load chromedriver may hand back before the new document is in place: wait for it by its address
        new WebDriverWait(driver, Duration.ofSeconds(60)).until(d -> path.equals(driver.executeScript("return location.pathname + location.search")));
        awaitReady(path);
    }

    private void awaitReady(String what) {
        new WebDriverWait(driver, Duration.ofSeconds(60)).until(d -> d.findElement(By.tagName("body")).getDomAttribute("data-page-ready") != null);
        WebElement body = driver.findElement(By.tagName("body"));
        assertThat(body.getDomAttribute("data-page-ready")).as(what + " failed: " + body.getDomAttribute("data-page-error")).isEqualTo("true");
    }

    /**
     * Waits until the matrix page says its stream has ended (and, given {@code status}, shows that status); on a timeout
     * the failure says what the page and the stored matrix showed, so a slow run and a hung page tell apart.
     */
    private void awaitLiveEnded(String what, Duration timeout, String status) {
        try {
            new WebDriverWait(driver, timeout).until(d -> {
                WebElement body = d.findElement(By.tagName("body"));
                return "ended".equals(body.getDomAttribute("data-live")) && (status == null || status.equals(body.getDomAttribute("data-matrix-status")));
            });
        } catch (org.openqa.selenium.TimeoutException e) {
            WebElement body = driver.findElement(By.tagName("body"));
            String id = body.getDomAttribute("data-matrix");
            Object stored;
            try {
                Map<String, Object> m = new Api(webClient, null).get("/api/matrices/" + id + "?results=false");
                stored = m.get("status") + " " + m.get("progress");
            } catch (RuntimeException | AssertionError readFailed) {
                stored = "unreadable: " + readFailed.getMessage();
            }
            try {
                Browser.screenshot(driver, "timeout-" + id);
            } catch (java.io.IOException ignored) {
                // the message below says what the page showed
            }
            throw new AssertionError(what + ": the page did not end within " + timeout.toSeconds() + " s; page: live=" + body.getDomAttribute("data-live")
                    + " stream=" + body.getDomAttribute("data-stream") + " status=" + body.getDomAttribute("data-matrix-status") + " events="
                    + body.getDomAttribute("data-events") + " progress='" + driver.findElement(By.id("progress-label")).getText() + "'; stored matrix "
                    + id + ": " + stored, e);
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> chart(String canvasId) {
        return (Map<String, Object>) driver.executeScript("""
                const c = Chart.getChart(document.getElementById(arguments[0]));
                if (!c) return null;
                const meta = (i) => c.getDatasetMeta(i).data;
                return {
                  type: c.config.type,
                  labels: c.data.labels.map(String),
                  datasets: c.data.datasets.map((d, i) => ({
                    label: d.label,
                    reference: !!d.reference,
                    points: d.data.length,
                    nonNull: d.data.filter((v) => v != null).length,
                    errorBars: Array.isArray(d.errorBars) ? d.errorBars.filter((r) => Array.isArray(r) && r[0] != null).length : 0,
                    aligned: d.alignTo == null ? null : d.data.every((v, j) => v == null || Math.abs(meta(i)[j].x - meta(d.alignTo)[j].x) < 0.5),
                    ordered: Array.isArray(d.errorBars) ? d.data.every((v, j) => !d.errorBars[j] || (d.errorBars[j][0] <= v + 1e-9 && v <= d.errorBars[j][1] + 1e-9)) : null,
                    drawn: meta(i).length,
                  })),
                  pngButton: !!c.canvas.closest('figure').querySelector('button.png-download'),
                };
                """, canvasId);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> datasets(Map<String, Object> chart) {
        return (List<Map<String, Object>>) chart.get("datasets");
    }

    private static List<Map<String, Object>> references(Map<String, Object> chart) {
        return datasets(chart).stream().filter(d -> Boolean.TRUE.equals(d.get("reference"))).toList();
    }

    private static List<Map<String, Object>> ours(Map<String, Object> chart) {
        return datasets(chart).stream().filter(d -> !Boolean.TRUE.equals(d.get("reference"))).toList();
    }

    private void fill(String id, String text) {
        WebElement input = driver.findElement(By.id(id));
        input.clear();
        input.sendKeys(text);
    }

    @SuppressWarnings("unchecked")
    private static List<String> labels(Map<String, Object> chart) {
        return (List<String>) chart.get("labels");
    }

    private static int n(Object o) {
        return ((Number) o).intValue();
    }

    @Test
    @Order(0)
    void beforeAnyRunEveryPageSaysSoInsteadOfDrawingBlankCharts() throws Exception {
        // the context is fresh: this class runs first (alphabetical class order, parent POM) and this method first in it
        assertThat(unseeded()).as("no results seeded yet in this context").isTrue();
        assertThat(((Number) new Api(webClient, null).get("/api/matrices").get("total")).intValue()).isZero();
        open("/");
        for (WebElement card : driver.findElements(By.cssSelector("article.scenario-card"))) {
            String id = card.getDomAttribute("data-scenario");
            assertThat(card.findElement(By.cssSelector("[data-slot=reproduction]")).getText()).as(id).contains("No reproduction yet");
            assertThat(card.findElements(By.cssSelector("[data-slot=reproduction] .badge"))).as(id).isEmpty();
            assertThat(card.findElement(By.cssSelector("[data-slot=crash]")).getText()).as(id).contains("No crash check yet");
            assertThat(card.findElement(By.cssSelector("[data-slot=claim]")).getText()).as(id).contains("→");
        }
        Browser.screenshot(driver, "overview-no-runs-yet");

        open("/scenarios/dd-compressed-read");
        assertThat(driver.findElement(By.id("empty-state")).isDisplayed()).isTrue();
        assertThat(driver.findElement(By.id("empty-state")).getText()).contains("No reproduction yet");
        assertThat(driver.findElement(By.id("results")).isDisplayed()).isFalse();
        assertThat(chart("chart-bars")).isNull();
        assertThat(driver.findElement(By.id("history-empty")).isDisplayed()).isTrue();
        assertThat(driver.findElement(By.id("matrix-form")).isDisplayed()).isTrue();
        Browser.screenshot(driver, "scenario-no-runs-yet");

        driver.get(url("/matrices/987654"));
        new WebDriverWait(driver, Duration.ofSeconds(60)).until(d -> "/matrices/987654".equals(driver.executeScript("return location.pathname")));
        new WebDriverWait(driver, Duration.ofSeconds(30)).withMessage(() -> "no 404 page; the browser shows: " + driver.getPageSource())
                .until(d -> "not-found".equals(d.findElement(By.tagName("body")).getDomAttribute("data-page")));
        assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("No matrix 987654");
        assertThat(driver.findElements(By.tagName("canvas"))).isEmpty();
        Browser.screenshot(driver, "matrix-not-found");
    }

    @Test
    @Order(1)
    void overviewShowsAllFourScenariosWithClaimsAndVerdicts() throws Exception {
        fixture();
        open("/");
        List<WebElement> cards = driver.findElements(By.cssSelector("article.scenario-card"));
        assertThat(cards).extracting(c -> c.getDomAttribute("data-scenario"))
                .containsExactly(DashboardFixture.FIO, DashboardFixture.DD, DashboardFixture.IOZONE, DashboardFixture.TIOTEST);
        for (WebElement card : cards) {
            String id = card.getDomAttribute("data-scenario");
            assertThat(card.getDomAttribute("data-loaded")).as(id).isEqualTo("true");
            WebElement claim = card.findElement(By.cssSelector("[data-slot=claim]"));
            assertThat(claim.findElements(By.cssSelector("li.claim-line"))).as(id + " claim lines").isNotEmpty();
            assertThat(claim.getText()).as(id).contains("→", "Source:");
            WebElement reproduction = card.findElement(By.cssSelector("[data-slot=reproduction]"));
            assertThat(reproduction.findElements(By.cssSelector(".badge[data-verdict]"))).as(id + " verdict badges").isNotEmpty();
            assertThat(card.getDomAttribute("data-verdicts")).as(id).isNotBlank();
            assertThat(reproduction.getText()).as(id).contains("×", "matrix " + fixture().matrices.get(id));
        }
        // the mails' own figures, as they printed them
        assertThat(driver.findElement(By.id("card-fio-large-section")).getText()).contains("2145 MiB/s → 2556 MiB/s");
        assertThat(driver.findElement(By.id("card-dd-compressed-read")).getText()).contains("135, 137, 137 M/s → 500, 503, 503 M/s");
        assertThat(driver.findElement(By.id("card-tiotest-multithread-read")).getText()).contains("185 MB/s → 758 MB/s");
        assertThat(driver.findElement(By.id("card-iozone-compressed-sync")).getText()).contains("1314 KB/s → 14658 KB/s");
        // the crash verdict where a check ran — what the flag loses, found by write identity —, a clear sentence where none did
        WebElement iozoneCrash = driver.findElement(By.cssSelector("#card-iozone-compressed-sync [data-slot=crash]"));
        assertThat(iozoneCrash.findElements(By.cssSelector(".badge[data-verdict]"))).hasSize(1);
        assertThat(iozoneCrash.findElement(By.cssSelector("li.crash-verdict")).getDomAttribute("data-verdict")).isEqualTo("data_lost");
        assertThat(iozoneCrash.getText()).contains("skip_cp_compressed_write=on", "data lost", "crash points checked",
                "Smallest failing point " + DashboardFixture.IOZONE_SMALLEST_FAILING_POINT, "/compressed/iozone.tmp", "promised by O_SYNC",
                "Recovery after the cuts");
        assertThat(driver.findElement(By.cssSelector("#card-fio-large-section [data-slot=crash]")).getText()).contains("No crash check yet");
        // the card of the banded matrix shows the band verdict and width, and the tally keeps effect rows apart
        WebElement banded = driver.findElement(By.cssSelector("#card-fio-large-section [data-slot=reproduction]"));
        assertThat(banded.getText()).contains("band verdict (width)", "Band verdicts — effect rows:", "no-effect rows:");
        assertThat(driver.findElement(By.id("card-fio-large-section")).getDomAttribute("data-band-verdicts")).isNotBlank();
        assertThat(driver.findElement(By.id("card-dd-compressed-read")).getDomAttribute("data-band-verdicts")).as("no band ran for dd").doesNotContainPattern("[a-z]");
        Browser.screenshot(driver, "overview");

        // each card offers only sizes that keep its scenario's regime: tiotest its full size and a quarter, dd its full
        // size and a half (docs/scale.md)
        assertThat(new Select(driver.findElement(By.id("scale-tiotest-multithread-read"))).getOptions())
                .extracting(o -> o.getDomAttribute("value")).containsExactly("1", "0.25");
        assertThat(new Select(driver.findElement(By.id("scale-dd-compressed-read"))).getOptions())
                .extracting(o -> o.getDomAttribute("value")).containsExactly("1", "0.5");
        assertThat(new Select(driver.findElement(By.id("scale-fio-large-section"))).getOptions())
                .extracting(o -> o.getDomAttribute("value")).containsExactly("1", "0.1", "0.01");
        // the card's button starts the mail's matrix (here at 1 % of its size, P1's smallest) and goes to its page
        new Select(driver.findElement(By.id("scale-fio-large-section"))).selectByValue("0.01");
        driver.findElement(By.cssSelector("#card-fio-large-section form.start-matrix button[type=submit]")).click();
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> d.getCurrentUrl().matches(".*/matrices/[0-9]+$"));
        awaitReady("matrix page from the overview");
        assertThat(driver.findElement(By.id("matrix-request")).getText())
                .contains("sec_ckpt_valid_blocks ∈ {off, on}", "segs_per_sec ∈ {1, 128}", "scale = 0.01", "3 repetition(s)");
        assertThat(driver.findElements(By.cssSelector("#cells-table tbody tr"))).hasSize(12);
        awaitLiveEnded("the matrix started from the overview", Duration.ofSeconds(120), null);
        assertThat(driver.findElement(By.id("matrix-status")).getText()).isEqualTo("DONE");
    }

    @Test
    @Order(9)
    void crashVerdictsPerFlagOnTheScenarioPageAndFromTheCardsButton() throws Exception {
        fixture();
        open("/scenarios/iozone-compressed-sync");
        WebElement crash = driver.findElement(By.id("crash-verdicts"));
        WebElement on = crash.findElement(By.cssSelector("li.crash-verdict[data-side=on]"));
        assertThat(on.getDomAttribute("data-verdict")).isEqualTo("data_lost");
        assertThat(on.getText()).contains("Smallest failing point " + DashboardFixture.IOZONE_SMALLEST_FAILING_POINT, "promised by O_SYNC",
                "found no write");
        assertThat(on.findElement(By.cssSelector("code.crash-reproduce")).getText())
                .startsWith("bench-runner crash iozone-compressed-sync").endsWith("--point " + DashboardFixture.IOZONE_SMALLEST_FAILING_POINT);
        assertThat(crash.findElements(By.cssSelector("li.crash-verdict[data-side=off]"))).isEmpty();
        Browser.screenshot(driver, "scenario-crash-verdicts");

        // dd reads only: one crash point per flag value; the card's button checks the flag off and on and shows both
        open("/");
        WebElement dd = driver.findElement(By.cssSelector("#card-dd-compressed-read [data-slot=crash]"));
        assertThat(dd.getText()).contains("No crash check yet");
        dd.findElement(By.cssSelector("button.crash-run")).click();
        new WebDriverWait(driver, Duration.ofSeconds(120)).until(d ->
                d.findElements(By.cssSelector("#card-dd-compressed-read [data-slot=crash] li.crash-verdict")).size() == 2);
        dd = driver.findElement(By.cssSelector("#card-dd-compressed-read [data-slot=crash]"));
        assertThat(dd.findElements(By.cssSelector("li.crash-verdict"))).extracting(e -> e.getDomAttribute("data-side") + "=" + e.getDomAttribute("data-verdict"))
                .containsExactly("off=safe", "on=safe");
        assertThat(dd.getText()).contains("vm_map_ram=off", "vm_map_ram=on", "Covered: end 1");
        Map<String, Object> stored = new Api(webClient, null).get("/api/scenarios/" + DashboardFixture.DD + "/crash-checks");
        assertThat((List<?>) stored.get("items")).hasSize(2);
        Browser.screenshot(driver, "overview-crash-verdicts");
    }

    @Test
    @Order(2)
    void scenarioPageDrawsBarsSweepHistogramsTimeAndCounters() throws Exception {
        fixture();
        open("/scenarios/fio-large-section");
        Map<String, Object> bars = chart("chart-bars");
        assertThat(bars).as("the before/after chart").isNotNull();
        assertThat(labels(bars)).containsExactly("segs_per_sec=1", "segs_per_sec=8", "segs_per_sec=128");
        assertThat(ours(bars)).hasSize(2).allSatisfy(d -> {
            assertThat(n(d.get("nonNull"))).isEqualTo(DashboardFixture.FIO_POINTS);
            assertThat(n(d.get("drawn"))).isEqualTo(DashboardFixture.FIO_POINTS);
            assertThat(n(d.get("errorBars"))).isEqualTo(DashboardFixture.FIO_POINTS);
            assertThat(d.get("ordered")).isEqualTo(true);
        });
        assertThat(references(bars)).hasSize(2).allSatisfy(d -> {
            assertThat(n(d.get("points"))).isEqualTo(DashboardFixture.FIO_POINTS);
            assertThat(n(d.get("nonNull"))).isEqualTo(DashboardFixture.FIO_POINTS_WITH_MAIL_FIGURES);
            assertThat(d.get("aligned")).as("the mail's marker sits on its own bar").isEqualTo(true);
        });
        assertThat(bars.get("pngButton")).isEqualTo(true);
        // the PNG download works: the canvas is not tainted and exports an image
        Map<?, ?> png = (Map<?, ?>) driver.executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                + "Chart.getChart(document.getElementById('chart-bars')).canvas.toBlob((b) => done({ type: b.type, size: b.size }), 'image/png');");
        assertThat(png.get("type")).isEqualTo("image/png");
        assertThat(((Number) png.get("size")).intValue()).isGreaterThan(5000);

        Map<String, Object> sweep = chart("chart-sweep");
        assertThat(labels(sweep)).containsExactly("1", "8", "128");
        assertThat(n(datasets(sweep).get(0).get("nonNull"))).isEqualTo(DashboardFixture.FIO_POINTS);
        assertThat(references(sweep)).singleElement().satisfies(d -> assertThat(n(d.get("nonNull"))).isEqualTo(DashboardFixture.FIO_POINTS_WITH_MAIL_FIGURES));

        Map<String, Object> writes = chart("chart-hist-write");
        assertThat(datasets(writes)).hasSize(2);
        // a log axis starts below 1, so a bar of a single request has a height
        Map<?, ?> yAxis = (Map<?, ?>) driver.executeScript("const y = Chart.getChart(document.getElementById('chart-hist-write')).options.scales.y;"
                + " return { type: y.type, min: y.min ?? null };");
        if ("logarithmic".equals(yAxis.get("type"))) assertThat(((Number) yAxis.get("min")).doubleValue()).isLessThan(1);
        assertThat(labels(writes)).isNotEmpty().allSatisfy(l -> assertThat(l).matches("[0-9.]+ (B|KiB|MiB)"));
        // fio writes only: the read histogram is a sentence, not an empty chart
        assertThat(chart("chart-hist-read")).isNull();
        assertThat(driver.findElement(By.cssSelector("#chart-hist-read")).isDisplayed()).isFalse();
        assertThat(driver.findElement(By.xpath("//canvas[@id='chart-hist-read']/ancestor::figure//p[contains(@class,'empty-note')]")).getText())
                .contains("No read requests");
        Map<String, Object> time = chart("chart-time");
        assertThat(labels(time)).containsExactly("flag off", "flag on");
        assertThat(datasets(time).size()).isGreaterThanOrEqualTo(2);

        // the mechanism: seg_entry_reads fall with the flag on at segs_per_sec=128 (the default evidence point)
        assertThat(driver.findElement(By.id("evidence-point")).getText()).contains("segs_per_sec=128");
        WebElement segEntry = driver.findElement(By.xpath("//table[@id='counters-table']//tr[th/code[text()='seg_entry_reads']]"));
        assertThat(segEntry.getDomAttribute("class")).isEqualTo("expected");
        assertThat(segEntry.findElement(By.cssSelector("td.change")).getText()).startsWith("−");
        Browser.screenshot(driver, "scenario-fio-large-section");

        // the fixture's fio matrix ran with its band: the interval beside our ratio, the band verdict (segs_per_sec=8 has
        // no mail figure: "no reference"; for 1 and 128 the overview test's later matrix, without a band, may be the latest),
        // the tornado of the banded point with each constant linked to its row in the profile table (sources and range)
        assertThat(driver.findElement(By.id("band")).isDisplayed()).isTrue();
        assertThat(driver.findElement(By.id("comparison-table")).getText()).containsPattern("segs_per_sec=8 .*\\[[0-9.]+ – [0-9.]+\\], width [0-9.]+ · no reference")
                .contains("no run-to-run noise in the model");
        assertThat(driver.findElement(By.id("band-point")).getText()).contains("segs_per_sec=");
        Map<String, Object> tornado = chart("chart-tornado");
        assertThat(tornado).as("the tornado chart").isNotNull();
        assertThat(labels(tornado)).isNotEmpty().hasSizeLessThanOrEqualTo(10);
        List<WebElement> links = driver.findElements(By.cssSelector("#tornado-table tbody th a"));
        assertThat(links).hasSize(labels(tornado).size());
        String first = links.get(0).getText();
        links.get(0).click();
        new WebDriverWait(driver, Duration.ofSeconds(10)).until(d -> !d.findElements(By.cssSelector("#profile-constants tr.highlight")).isEmpty());
        WebElement row = driver.findElement(By.cssSelector("#profile-constants tr.highlight"));
        assertThat(row.getText()).startsWith(first).contains("range:");
        Browser.screenshot(driver, "scenario-fio-large-section-band");

        // no band ran for dd-compressed-read's matrix: the band section stays hidden
        open("/scenarios/dd-compressed-read");
        assertThat(driver.findElement(By.id("band")).isDisplayed()).isFalse();

        // iozone: one bar pair per record length row, the mail's figure on every row
        open("/scenarios/iozone-compressed-sync");
        List<?> rows = (List<?>) new Api(webClient, null).get("/api/scenarios/iozone-compressed-sync/comparison").get("comparisons");
        Map<String, Object> ioBars = chart("chart-bars");
        assertThat(labels(ioBars)).hasSize(rows.size()).first().isEqualTo("4 KiB records");
        assertThat(references(ioBars)).allSatisfy(d -> assertThat(n(d.get("nonNull"))).isEqualTo(rows.size()));
        assertThat(labels(chart("chart-sweep"))).hasSize(rows.size()).first().isEqualTo("4");
        // the title names the mail's 4 KiB … 16 MiB; the table says which rows it holds at this scale
        assertThat(driver.findElement(By.id("rows-note")).getText()).startsWith("Record lengths 4 KiB … ")
                .contains(rows.size() + " rows of the mail's 13").contains("drops records larger than the file");
        Browser.screenshot(driver, "scenario-iozone-compressed-sync");

        // the evidence panel opens where the mail claims the most: P2's compressed file, not the uncompressed one
        open("/scenarios/dd-compressed-read");
        assertThat(new org.openqa.selenium.support.ui.Select(driver.findElement(By.id("evidence-point"))).getFirstSelectedOption().getText())
                .contains("compression=lz4");
    }

    @Test
    @Order(3)
    void matrixStartedFromTheScenarioPageRunsToDoneAndItsRunShowsTheToolOutput() throws Exception {
        open("/scenarios/fio-large-section");
        // first out of range: the API's problem+json errors appear next to their fields and nothing starts
        fill("param-scale", "2");
        fill("repetitions", "0");
        driver.findElement(By.id("run-matrix")).click();
        new WebDriverWait(driver, Duration.ofSeconds(30))
                .until(d -> !d.findElement(By.cssSelector("[data-field='params.scale'] .field-error")).getText().isBlank());
        assertThat(driver.findElement(By.cssSelector("[data-field='params.scale'] .field-error")).getText()).contains("1");
        assertThat(driver.findElement(By.cssSelector("[data-field='repetitions'] .field-error")).getText()).isNotBlank();
        assertThat(driver.findElement(By.id("param-scale")).getDomAttribute("aria-invalid")).isEqualTo("true");
        assertThat(driver.getCurrentUrl()).endsWith("/scenarios/fio-large-section");
        Browser.screenshot(driver, "scenario-form-errors");

        // then a tiny matrix: the flag off and on at segs_per_sec 1 and 128 (the checked defaults), 1 repetition
        fill("param-scale", "0.01");
        fill("repetitions", "1");
        driver.findElement(By.id("run-matrix")).click();
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> d.getCurrentUrl().matches(".*/matrices/[0-9]+$"));
        awaitReady("matrix page");
        String status = driver.findElement(By.tagName("body")).getDomAttribute("data-matrix-status");
        assertThat(status).isIn("QUEUED", "RUNNING", "DONE");
        awaitLiveEnded("the matrix started from the scenario page", Duration.ofSeconds(180), "DONE");
        assertThat(driver.findElement(By.id("matrix-status")).getText()).isEqualTo("DONE");
        // the table was fed by the event stream: one cell event per cell (live, or replayed if it ended first)
        assertThat(driver.findElement(By.tagName("body")).getDomAttribute("data-events")).isEqualTo("4");
        WebElement progress = driver.findElement(By.id("matrix-progress"));
        assertThat(progress.getDomProperty("value")).isEqualTo(progress.getDomProperty("max")).isEqualTo("4");
        assertThat(driver.findElement(By.id("progress-label")).getText()).startsWith("4 of 4 cells ended");
        assertThat(driver.findElement(By.id("matrix-eta")).getText()).startsWith("Finished");
        // the page may redraw its table once more after the stream ends: rows are looked up again when they go stale
        new WebDriverWait(driver, Duration.ofSeconds(30)).ignoring(StaleElementReferenceException.class).until(d -> {
            List<WebElement> rows = d.findElements(By.cssSelector("#cells-table tbody tr"));
            return rows.size() == 4 && rows.stream().allMatch(r -> "DONE".equals(r.getDomAttribute("data-status")));
        });
        assertThat(driver.findElement(By.id("matrix-comparisons")).isDisplayed()).isTrue();
        assertThat(driver.findElements(By.cssSelector("#verdict-table .badge[data-verdict]"))).hasSize(2);
        Browser.screenshot(driver, "matrix-done");

        new WebDriverWait(driver, Duration.ofSeconds(30)).ignoring(StaleElementReferenceException.class).until(d -> {
            d.findElements(By.cssSelector("#cells-table tbody tr")).get(0).findElement(By.cssSelector("a[href^='/runs/']")).click();
            return true;
        });
        awaitReady("run page");
        assertThat(driver.findElement(By.id("run-status")).getText()).isEqualTo("DONE");
        String output = driver.findElement(By.id("tool-output")).getText();
        assertThat(output).contains("fio-3.33", "WRITE: bw=");
        assertThat(driver.findElement(By.id("reproduce")).getText()).startsWith("bench-runner run fio-large-section").contains("--set scale=0.01");
        assertThat(driver.findElement(By.id("headline-value")).getText()).contains("MiB/s");
        assertThat(chart("chart-hist-write")).isNotNull();
        assertThat(chart("chart-time")).isNotNull();
        Browser.screenshot(driver, "run");
    }

    @Test
    @Order(4)
    void comparePageShowsTwoRunsWithPercentChanges() throws Exception {
        open("/compare?a=" + fixture().fioRunOff + "&b=" + fixture().fioRunOn);
        assertThat(driver.findElement(By.id("compare-result")).isDisplayed()).isTrue();
        WebElement segEntry = driver.findElement(By.xpath("//table[@id='counters-table']//tr[th/code[text()='seg_entry_reads']]"));
        assertThat(segEntry.findElement(By.cssSelector("td.change")).getText()).matches("−[0-9.]+%");
        assertThat(driver.findElement(By.id("sides-table")).getText()).contains("sec_ckpt_valid_blocks=off", "sec_ckpt_valid_blocks=on");
        // what tells the runs apart is marked: the flag that differs, and only it
        assertThat(driver.findElements(By.cssSelector("#sides-table .differs[data-flag]"))).extracting(e -> e.getDomAttribute("data-flag"))
                .containsOnly("sec_ckpt_valid_blocks").hasSize(2);
        assertThat(driver.findElements(By.cssSelector("#sides-table tr[data-differs]"))).extracting(e -> e.findElement(By.tagName("th")).getText())
                .contains("flags", "run").doesNotContain("profile", "parameters", "seed");
        assertThat(datasets(chart("chart-compare-hist"))).hasSize(2);
        Browser.screenshot(driver, "compare");
    }

    @Test
    @Order(5)
    void failedMatrixPageSaysWhatFailed() throws Exception {
        Map<String, Object> done = new Api(webClient, null).get("/api/matrices/" + fixture().matrices.get(DashboardFixture.TIOTEST) + "?results=false");
        String spec = org.f2fsobs.bench.api.ResultJson.mapper().writeValueAsString(((Map<?, ?>) ((List<?>) done.get("cells")).get(0)).get("spec"));
        // a matrix the runner gave up on: stored as the queue stores one (the engine has no input that fails on purpose)
        Long id = db.sql("INSERT INTO MATRICES (SCENARIO, PROFILE, STATUS, REQUEST_JSON, SEED, REPETITIONS, CELL_COUNT, CELLS_FAILED, ERROR, "
                        + "CREATED_AT, STARTED_AT, FINISHED_AT) VALUES ('tiotest-multithread-read', 'ufs21-2018', 'FAILED', '{}', 1, 1, 1, 1, "
                        + "'1 of 1 cells failed', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")
                .filter(st -> st.returnGeneratedValues("ID")).map(r -> r.get("ID", Long.class)).one().block();
        db.sql("INSERT INTO CELLS (MATRIX_ID, CELL_INDEX, SPEC_JSON, STATUS, ATTEMPTS, ERROR, FINISHED_AT) VALUES (:m, 0, :spec, 'FAILED', 2, "
                + "'engine: simulated device full', CURRENT_TIMESTAMP)").bind("m", id).bind("spec", spec).fetch().rowsUpdated().block();
        open("/matrices/" + id);
        awaitLiveEnded("the failed matrix", Duration.ofSeconds(30), null);
        assertThat(driver.findElement(By.id("matrix-status")).getText()).isEqualTo("FAILED");
        WebElement error = driver.findElement(By.id("matrix-error"));
        assertThat(error.isDisplayed()).isTrue();
        assertThat(error.getText()).contains("This matrix failed: 1 of 1 cells failed", "1 cell(s) failed");
        assertThat(driver.findElement(By.id("cell-0")).getText()).contains("FAILED", "engine: simulated device full");
        assertThat(driver.findElement(By.id("progress-label")).getText()).startsWith("1 of 1 cells ended (1 failed)");
        assertThat(driver.findElement(By.id("matrix-comparisons")).isDisplayed()).isFalse();
        assertThat(driver.findElement(By.id("cancel-matrix")).isDisplayed()).as("an ended matrix offers no Cancel").isFalse();
        Browser.screenshot(driver, "matrix-failed");

        // the same page with its event stream unreachable (blocked in the browser): the reads end it after the grace
        driver.executeCdpCommand("Network.enable", Map.of());
        driver.executeCdpCommand("Network.setBlockedURLs", Map.of("urls", List.of("*/events*")));
        try {
            open("/matrices/" + id);
            assertThat(driver.findElement(By.tagName("body")).getDomAttribute("data-live")).isIn("replay", "open");
            awaitLiveEnded("the failed matrix without its stream", Duration.ofSeconds(60), "FAILED");
            assertThat(driver.findElement(By.tagName("body")).getDomAttribute("data-events")).as("no event reached the page").isNull();
            assertThat(driver.findElement(By.id("progress-label")).getText()).startsWith("1 of 1 cells ended (1 failed)");
        } finally {
            driver.executeCdpCommand("Network.setBlockedURLs", Map.of("urls", List.of()));
        }

        // a failed single run: its page says what it ran and why it failed, not only "failed"
        Long run = db.sql("INSERT INTO RUNS (KIND, STATUS, REQUEST_JSON, PROFILE, COMMAND, ERROR, CREATED_AT, FINISHED_AT) VALUES ('EXEC', "
                        + "'FAILED', :req, 'nullblk-x86', 'dd if=/dev/zero of=/full bs=1M count=64', 'engine: ENOSPC: no free section', "
                        + "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")
                .bind("req", "{\"profile\":\"nullblk-x86\",\"mkfs\":\"\",\"mount\":\"\",\"command\":\"dd if=/dev/zero of=/full bs=1M count=64\",\"seed\":1}")
                .filter(st -> st.returnGeneratedValues("ID")).map(r -> r.get("ID", Long.class)).one().block();
        open("/runs/" + run);
        assertThat(driver.findElement(By.id("run-error")).getText()).contains("This run failed: engine: ENOSPC: no free section");
        assertThat(driver.findElement(By.id("failed-command")).getText()).isEqualTo("dd if=/dev/zero of=/full bs=1M count=64");
        assertThat(driver.findElement(By.id("failed-reason")).getText()).isEqualTo("engine: ENOSPC: no free section");
        Browser.screenshot(driver, "run-failed");
    }

    @Test
    @Order(6)
    void cancelButtonStopsARunningMatrix() throws Exception {
        long id = new Api(webClient, null).submitMatrix("{\"scenario\": \"tiotest-multithread-read\", \"params\": {\"scale\": [1]}, \"repetitions\": 20}");
        open("/matrices/" + id);
        // the cell that runs is shown RUNNING (not QUEUED) while it runs
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> !d.findElements(By.cssSelector("#cells-table tr[data-status=RUNNING]")).isEmpty());
        WebElement cancel = driver.findElement(By.id("cancel-matrix"));
        assertThat(cancel.isEnabled()).isTrue();
        cancel.click();
        new WebDriverWait(driver, Duration.ofSeconds(60)).until(d -> "CANCELLED".equals(d.findElement(By.tagName("body")).getDomAttribute("data-matrix-status")));
        // the page's own poll may show CANCELLED before the DELETE's answer is written: wait for that answer
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> !d.findElement(By.id("cancel-result")).getText().isBlank());
        assertThat(driver.findElement(By.id("cancel-result")).getText()).isEqualTo("Cancelled.");
        assertThat(driver.findElement(By.id("cancel-matrix")).isDisplayed()).as("nothing left to cancel").isFalse();
        assertThat(driver.findElement(By.id("matrix-error")).getText()).contains("cancelled");
        assertThat(driver.findElements(By.cssSelector("#cells-table tr[data-status=CANCELLED]"))).isNotEmpty();
        Browser.screenshot(driver, "matrix-cancelled");
    }

    @Test
    @Order(7)
    @SuppressWarnings("unchecked")
    void dataShapingFunctionsFormatUnitsAndChanges() throws Exception {
        open("/jmh");
        Map<String, Object> r = (Map<String, Object>) driver.executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                Promise.all([import('/js/lib/format.js'), import('/js/charts/series.js')]).then(([f, s]) => done({
                  small: f.lkpChange(100, 101.5), up: f.lkpChange(100, 110), down: f.lkpChange(200, 100), fresh: f.lkpChange(0, 5),
                  bytes: [f.fmtBytes(4096), f.fmtBytes(524288), f.fmtBytes(1048576), f.fmtBytes(12288)],
                  mib: f.toMiBps(2249195520),
                  matrix: s.defaultMatrix({ id: 'x', flag: 'f', params: [{ name: 'segs_per_sec', default: 128, mail_values: [1, 128] },
                    { name: 'scale', default: 1, mail_values: [1] }, { name: 'seed', default: 1 }] }, 0.01),
                  eta: s.etaSeconds(0, 10000, 2, 6),
                  noNoise: f.fmtInterval([1.238, 1.238]), ci: f.fmtInterval([1.2, 1.3]), band: f.fmtBand([1.12, 1.7]),
                  absolute: f.fmtAbsolute({ off: 3.89, on: 1.06 }),
                  tornado: s.tornadoSeries({ ratio: 1.34, reference_ratio: 1.19, band: [1.12, 1.7], band_detail: { nominal_ratio: 1.35, scale: 0.01 },
                    influence: [{ constant: 'cpu.costs_ps.seg_entry_read', low: 216, high: 1181, ratio_at_low: 1.13, ratio_at_high: 1.70, swing: 0.57, assumption: false },
                      { constant: 'memory.available_bytes', low: 1, high: 2, ratio_at_low: 1.36, ratio_at_high: 1.34, swing: 0.02, assumption: true },
                      { constant: 'cpu.costs_ps.lz4_decompress_byte', low: 1, high: 2, ratio_at_low: 1.35, ratio_at_high: 1.35, swing: 0, assumption: true }] }),
                  bandCounts: s.bandCounts([{ band_verdict: 'robust', effect_row: false }, { band_verdict: 'inconclusive', effect_row: true },
                    { band_verdict: 'robust', effect_row: true }, { band_verdict: null, effect_row: true }]),
                })).catch((e) => done({ error: String(e) }));
                """);
        assertThat(r.get("error")).isNull();
        assertThat(r.get("small")).isEqualTo("");
        assertThat(r.get("up")).isEqualTo("+10.0%");
        assertThat(r.get("down")).isEqualTo("−50.0%");
        assertThat(r.get("fresh")).isEqualTo("new");
        assertThat((List<String>) r.get("bytes")).containsExactly("4 KiB", "512 KiB", "1 MiB", "12 KiB");
        assertThat(((Number) r.get("mib")).doubleValue()).isEqualTo(2145.0);
        Map<String, Object> matrix = (Map<String, Object>) r.get("matrix");
        assertThat(matrix.get("optimizations")).isEqualTo(Map.of("f", List.of(false, true)));
        assertThat(matrix.get("params")).isEqualTo(Map.of("segs_per_sec", List.of(1L, 128L), "scale", List.of(0.01)));
        assertThat(((Number) r.get("eta")).doubleValue()).isEqualTo(20.0);
        // bands (contracts.md §6): a zero-width seed interval says why; the tornado keeps what moves, largest first
        assertThat(r.get("noNoise")).isEqualTo("(no run-to-run noise in the model)");
        assertThat(r.get("ci")).isEqualTo("[1.20 – 1.30]");
        assertThat(r.get("band")).isEqualTo("[1.12 – 1.70], width 0.58");
        assertThat(r.get("absolute")).isEqualTo("absolute ×3.89 off");
        Map<String, Object> tornado = (Map<String, Object>) r.get("tornado");
        assertThat((List<String>) tornado.get("labels")).containsExactly("seg_entry_read", "memory.available_bytes");
        assertThat(((Number) tornado.get("nominal")).doubleValue()).isEqualTo(1.35);
        assertThat(r.get("bandCounts")).isEqualTo(Map.of("effect", Map.of("inconclusive", 1L, "robust", 1L), "none", Map.of("robust", 1L)));
        assertThat(driver.findElement(By.id("jmh-empty")).isDisplayed()).isTrue();
        Browser.screenshot(driver, "jmh-empty");
    }

    @Test
    @Order(8)
    void jmhPageListsTheImportedBenchmarks() throws Exception {
        String file = """
                [ {"jmhVersion": "1.37", "benchmark": "org.f2fsobs.bench.jmh.EventLoopBenchmark.runOne", "mode": "avgt", "threads": 1,
                   "forks": 1, "jdkVersion": "25", "params": {"tasks": "32"},
                   "primaryMetric": {"score": 41.5, "scoreError": 0.7, "scoreUnit": "ns/op", "rawData": [[41.0, 42.0]]}},
                  {"jmhVersion": "1.37", "benchmark": "org.f2fsobs.bench.jmh.EventLoopBenchmark.baseline", "mode": "avgt", "threads": 1,
                   "forks": 1, "primaryMetric": {"score": 0.3, "scoreError": "NaN", "scoreUnit": "ns/op"}} ]""";
        new Api(webClient, null).post("/api/jmh?name=browser-test").bodyValue(file).exchange().expectStatus().isCreated();
        open("/jmh");
        assertThat(driver.findElement(By.id("jmh-empty")).isDisplayed()).isFalse();
        WebElement section = driver.findElement(By.cssSelector("section.jmh-import"));
        assertThat(section.findElement(By.tagName("h2")).getText()).isEqualTo("browser-test");
        List<WebElement> rows = section.findElements(By.cssSelector("tbody tr"));
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).getText()).contains("EventLoopBenchmark.runOne", "tasks=32", "avgt", "41.500", "0.700", "ns/op");
        assertThat(rows.get(1).getText()).contains("EventLoopBenchmark.baseline", "–");
        Browser.screenshot(driver, "jmh");
    }
}
