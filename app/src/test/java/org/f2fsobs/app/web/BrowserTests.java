package org.f2fsobs.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When the browser tests run, skip or fail: never green on CI without a browser. */
class BrowserTests {
    private static final Map<String, String> NO_PATHS = Map.of();

    @Test
    void runsWhenChromiumAndDriverAreThere() {
        assertThat(Browser.decide(Map.of("CI", "true"), p -> true).kind()).isEqualTo(Browser.Decision.Kind.RUN);
        assertThat(Browser.decide(NO_PATHS, p -> true).kind()).isEqualTo(Browser.Decision.Kind.RUN);
    }

    @Test
    void skipsWithAReasonOutsideCi() {
        Browser.Decision d = Browser.decide(NO_PATHS, p -> !p.equals(Path.of(Browser.DEFAULT_CHROMIUM)));
        assertThat(d.kind()).isEqualTo(Browser.Decision.Kind.SKIP);
        assertThat(d.reason()).contains("no Chromium at /usr/bin/chromium").doesNotContain("chromedriver at");
        assertThat(Browser.decide(Map.of("CI", "false"), p -> false).kind()).isEqualTo(Browser.Decision.Kind.SKIP);
    }

    @Test
    void failsUnderCiTrueWhenEitherIsMissing() {
        Browser.Decision noDriver = Browser.decide(Map.of("CI", "true"), p -> !p.equals(Path.of(Browser.DEFAULT_CHROMEDRIVER)));
        assertThat(noDriver.kind()).isEqualTo(Browser.Decision.Kind.FAIL);
        assertThat(noDriver.reason()).contains("no chromedriver at /usr/bin/chromedriver", "CI=true");
        Browser.Decision custom = Browser.decide(Map.of("CI", "TRUE", "CHROMIUM_BIN", "/opt/chrome/chrome"), p -> !p.startsWith("/opt"));
        assertThat(custom.kind()).isEqualTo(Browser.Decision.Kind.FAIL);
        assertThat(custom.reason()).contains("no Chromium at /opt/chrome/chrome");
    }
}
