package org.f2fsobs.app.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium and chromedriver for the browser tests (toolchain.md trap 5). Where they are missing the tests
 * are skipped with a printed reason — unless {@code CI=true}, where a missing browser fails the build, so CI can never
 * go green without having run them. Paths: {@code CHROMIUM_BIN} and {@code CHROMEDRIVER_BIN}, else
 * {@code /usr/bin/chromium} and {@code /usr/bin/chromedriver}.
 */
final class Browser {
    static final String DEFAULT_CHROMIUM = "/usr/bin/chromium", DEFAULT_CHROMEDRIVER = "/usr/bin/chromedriver";
    static final Path SCREENSHOTS = Path.of("target", "screenshots");

    private Browser() {}

    /** Run the tests, skip them (elsewhere) or fail (under CI=true), with the reason. */
    record Decision(Kind kind, String reason) {
        enum Kind { RUN, SKIP, FAIL }
    }

    static Decision decide(Map<String, String> env, Predicate<Path> executable) {
        String chromium = env.getOrDefault("CHROMIUM_BIN", DEFAULT_CHROMIUM);
        String driver = env.getOrDefault("CHROMEDRIVER_BIN", DEFAULT_CHROMEDRIVER);
        StringBuilder missing = new StringBuilder();
        if (!executable.test(Path.of(chromium))) missing.append("no Chromium at ").append(chromium);
        if (!executable.test(Path.of(driver))) missing.append(missing.isEmpty() ? "" : " and ").append("no chromedriver at ").append(driver);
        if (missing.isEmpty()) return new Decision(Decision.Kind.RUN, null);
        String reason = missing + " (apt-get install -y chromium chromium-driver, or set CHROMIUM_BIN / CHROMEDRIVER_BIN)";
        return "true".equalsIgnoreCase(env.getOrDefault("CI", "").strip())
                ? new Decision(Decision.Kind.FAIL, reason + "; CI=true, where the browser tests must run")
                : new Decision(Decision.Kind.SKIP, reason);
    }

    /** Fails under CI=true, else skips (printing why), when the browser is missing. */
    static void requireOrSkip() {
        Decision d = decide(System.getenv(), Files::isExecutable);
        switch (d.kind()) {
            case RUN -> { }
            case FAIL -> Assertions.fail("Browser tests cannot run: " + d.reason());
            case SKIP -> {
                System.out.println("[browser tests skipped] " + d.reason());
                Assumptions.abort("browser tests skipped: " + d.reason());
            }
        }
    }

    static ChromeDriver start() throws IOException {
        Map<String, String> env = System.getenv();
        Path profile = Files.createTempDirectory("f2fsobs-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(env.getOrDefault("CHROMIUM_BIN", DEFAULT_CHROMIUM));
        options.addArguments(List.of("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--window-size=1400,1800", "--user-data-dir=" + profile));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Path.of(env.getOrDefault("CHROMEDRIVER_BIN", DEFAULT_CHROMEDRIVER)).toFile())
                .usingAnyFreePort()
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
        return driver;
    }

    /** Saves the whole page (the window grown to the document's height) as target/screenshots/NAME.png. */
    static Path screenshot(ChromeDriver driver, String name) throws IOException {
        Number height = (Number) driver.executeScript("return Math.max(document.body.scrollHeight, document.documentElement.scrollHeight)");
        org.openqa.selenium.Dimension before = driver.manage().window().getSize();
        driver.manage().window().setSize(new org.openqa.selenium.Dimension(before.getWidth(), Math.min(8000, Math.max(900, height.intValue() + 120))));
        try {
            byte[] png = driver.getScreenshotAs(OutputType.BYTES);
            Files.createDirectories(SCREENSHOTS);
            Path out = SCREENSHOTS.resolve(name + ".png");
            Files.write(out, png);
            System.out.println("[screenshot] " + out.toAbsolutePath());
            return out;
        } finally {
            driver.manage().window().setSize(before);
        }
    }
}
