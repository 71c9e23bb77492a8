package org.f2fsobs.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.f2fsobs.app.TestDatabases;
import org.f2fsobs.app.scenario.TestMails;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * "New scenario from a mail" in headless Chromium: paste a patch mail, see its draft with the parts it was read from
 * marked in the mail, store it and run its matrix, land on the matrix page — and find the scenario's card on the
 * overview. The app has a database of its own (a user scenario would change the other browser tests' overview).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "observatory.queue.workers=2")
class NewScenarioBrowserTests {
    private static ChromeDriver driver;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabases.fresh(registry, "new-scenario-browser");
    }

    @BeforeAll
    static void startBrowser() throws Exception {
        Browser.requireOrSkip();
        driver = Browser.start();
    }

    @AfterAll
    static void stopBrowser() {
        if (driver != null) driver.quit();
    }

    private WebDriverWait waiting(int seconds) {
        return new WebDriverWait(driver, Duration.ofSeconds(seconds));
    }

    private void paste(String mail) {
        WebElement box = driver.findElement(By.id("mail"));
        // a paste: the text arrives at once (sendKeys would type 9 000 characters one by one)
        driver.executeScript("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", box, mail);
    }

    @Test
    void pasteAMailSeeTheDraftRunItAndLandOnItsMatrixPage() throws Exception {
        driver.get("http://localhost:" + port + "/");
        waiting(60).until(d -> d.findElement(By.tagName("body")).getDomAttribute("data-page-ready") != null);
        driver.findElement(By.linkText("New scenario from a mail")).click();
        waiting(30).until(d -> "new-scenario".equals(d.findElement(By.tagName("body")).getDomAttribute("data-page")));

        // a mail that is not an experiment: the refusal names what is missing
        paste(TestMails.read("mails/05_checkpoint-merge.eml"));
        driver.findElement(By.id("read-mail")).click();
        waiting(30).until(d -> !d.findElement(By.id("import-error")).getText().isBlank());
        assertThat(driver.findElement(By.id("import-error")).getText()).contains("command: no measured command", "flag: no switch yet");
        assertThat(driver.findElement(By.id("draft")).isDisplayed()).isFalse();

        String mail = TestMails.read("seeds/000_ea68bffc9d5138c9.txt");
        paste(mail);
        driver.findElement(By.id("read-mail")).click();
        waiting(30).until(d -> d.findElement(By.id("draft")).isDisplayed());
        Browser.screenshot(driver, "new-scenario-draft");
        assertThat(driver.findElement(By.id("draft-flag")).getText()).isEqualTo("sec_ckpt_valid_blocks");
        assertThat(driver.findElement(By.id("draft-runnable")).getText()).isEqualTo("yes");
        // the extracted parts are marked in the mail: the Test lines, the four figures, the changed functions, the subject
        List<String> figures = driver.findElements(By.cssSelector("#mail-marked mark[data-kind='figure']")).stream().map(WebElement::getText).toList();
        assertThat(figures).containsExactly("2556MiB/s", "2145MiB/s", "2556MiB/s", "2556MiB/s");
        List<String> tests = driver.findElements(By.cssSelector("#mail-marked mark[data-kind='test']")).stream().map(WebElement::getText).toList();
        assertThat(tests).hasSize(4).anySatisfy(t -> assertThat(t).startsWith("fio --bs=512k --size=1536M"));
        assertThat(driver.findElements(By.cssSelector("#mail-marked mark[data-kind='diff']"))).extracting(WebElement::getText)
                .contains("update_sit_entry_for_alloc", "set_ckpt_valid_blocks");
        assertThat(driver.findElements(By.cssSelector("#mail-marked mark[data-kind='meta']"))).extracting(WebElement::getText)
                .contains("[PATCH v2 2/2] f2fs: add ckpt_valid_blocks to the section entry");
        // the marked text is the mail, unchanged
        assertThat(driver.findElement(By.id("mail-marked")).getText().replaceAll("\\s+", " ")).isEqualTo(mail.replaceAll("\\s+", " ").strip());
        assertThat(driver.findElement(By.id("draft-script")).getText()).contains("make_f2fs -s {segs_per_sec} /dev/block/nullb0");

        new Select(driver.findElement(By.id("run-scale"))).selectByValue("0.01");
        new Select(driver.findElement(By.id("run-repetitions"))).selectByVisibleText("1");
        driver.findElement(By.id("run-draft")).click();
        waiting(60).withMessage(() -> "did not reach the matrix page; run-error: " + driver.findElement(By.id("run-error")).getText())
                .until(d -> d.getCurrentUrl().matches(".*/matrices/[0-9]+$"));
        waiting(240).until(d -> "DONE".equals(d.findElement(By.tagName("body")).getDomAttribute("data-matrix-status")));
        Browser.screenshot(driver, "new-scenario-matrix");
        assertThat(driver.getPageSource()).contains("mail-add-ckpt-valid-blocks-to-the-section-entry");

        // the stored scenario has its card on the overview, with the same parts as the built-in ones
        driver.get("http://localhost:" + port + "/");
        waiting(60).until(d -> "true".equals(d.findElement(By.tagName("body")).getDomAttribute("data-page-ready")));
        WebElement card = driver.findElement(By.id("card-mail-add-ckpt-valid-blocks-to-the-section-entry"));
        assertThat(card.getText()).contains("from a pasted mail", "sec_ckpt_valid_blocks");
        waiting(30).until(d -> "true".equals(card.getDomAttribute("data-loaded")));
        assertThat(card.getDomAttribute("data-verdicts")).isNotBlank();
    }
}
