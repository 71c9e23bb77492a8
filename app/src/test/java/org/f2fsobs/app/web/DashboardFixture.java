package org.f2fsobs.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.f2fsobs.app.Api;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * What the dashboard tests look at: one small finished matrix per scenario and one crash check, seeded once per
 * application context (the page and browser tests share it). Sizes are tiny so the seeding takes seconds.
 *
 * <ul>
 * <li>fio-large-section: segs_per_sec 1, 8, 128 at scale 0.01 (its smallest meaningful scale), 2 repetitions — three points, two with the mail's
 *     figures (1 and 128), a sweep along segs_per_sec, and min–max whiskers from the two repetitions — with its band
 *     ({@code "band": true}, contracts.md §6: a few hundred more cells of 0.01 scale; the band's cells, which carry
 *     profile overrides, are not the runs picked below);</li>
 * <li>dd-compressed-read: compression lz4 and none at scale 0.5 (its smallest meaningful scale since issue 23: a purge
 *     cycle of 4.9's lazy vmap purge is 55 MiB of file, docs/scale.md §3), 1 repetition, no band;</li>
 * <li>iozone-compressed-sync: automatic mode at scale 0.1 (the record lengths that fit a 10 MiB file), 1 repetition,
 *     and a crash check with the flag on at scale 0.01 (a crash check takes any scale; 5 crash points, then the
 *     bisection to the smallest failing one);</li>
 * <li>tiotest-multithread-read: the mail's point at full size, 1 repetition.</li>
 * </ul>
 */
final class DashboardFixture {
    static final String FIO = "fio-large-section", DD = "dd-compressed-read", IOZONE = "iozone-compressed-sync", TIOTEST = "tiotest-multithread-read";
    static final String FIO_SCALE = "0.01", DD_SCALE = "0.5";
    static final int FIO_POINTS = 3, FIO_POINTS_WITH_MAIL_FIGURES = 2, FIO_REPETITIONS = 2;
    /** The crash check's smallest failing point (bench-runner crash iozone-compressed-sync --opt skip_cp_compressed_write=on --set scale=0.01). */
    static final int IOZONE_SMALLEST_FAILING_POINT = 2305;

    final Map<String, Long> matrices = new LinkedHashMap<>();
    long crashCheck;
    /** A DONE fio cell's run: flag off, segs_per_sec 128. */
    long fioRunOff;
    /** The matching run with the flag on. */
    long fioRunOn;

    private static DashboardFixture seeded;
    private static int seededPort;

    static synchronized boolean seededFor(int port) {
        return seeded != null && seededPort == port;
    }

    /** The fixture of the context listening on {@code port}, seeded on first use. */
    static synchronized DashboardFixture of(WebTestClient web, int port) {
        if (seeded == null || seededPort != port) {
            seeded = seed(new Api(web, null));
            seededPort = port;
        }
        return seeded;
    }

    private static DashboardFixture seed(Api api) {
        DashboardFixture f = new DashboardFixture();
        f.matrices.put(FIO, api.submitMatrix("{\"scenario\": \"" + FIO + "\", \"params\": {\"segs_per_sec\": [1, 8, 128], \"scale\": [" + FIO_SCALE
                + "]}, \"repetitions\": " + FIO_REPETITIONS + ", \"seed\": 1, \"band\": true}"));
        f.matrices.put(DD, api.submitMatrix("{\"scenario\": \"" + DD + "\", \"params\": {\"compression\": [\"lz4\", \"none\"], \"scale\": [" + DD_SCALE + "]}, \"repetitions\": 1}"));
        f.matrices.put(IOZONE, api.submitMatrix("{\"scenario\": \"" + IOZONE + "\", \"params\": {\"scale\": [0.1]}, \"repetitions\": 1}"));
        f.matrices.put(TIOTEST, api.submitMatrix("{\"scenario\": \"" + TIOTEST + "\", \"params\": {\"scale\": [1]}, \"repetitions\": 1}"));
        Map<String, Object> crash = api.post("/api/crash-checks").bodyValue("{\"scenario\": \"" + IOZONE
                        + "\", \"optimizations\": {\"skip_cp_compressed_write\": true}, \"params\": {\"scale\": 0.01}, \"max_points\": 5}")
                .exchange().expectStatus().isAccepted().expectBody(Api.MAP).returnResult().getResponseBody();
        f.crashCheck = ((Number) crash.get("id")).longValue();
        for (long id : f.matrices.values()) api.awaitMatrix(id, "DONE", 300);
        api.await("/api/crash-checks/" + f.crashCheck, m -> "DONE".equals(m.get("status")), 300);
        Map<String, Object> fio = api.get("/api/matrices/" + f.matrices.get(FIO) + "?results=false");
        for (Object o : (java.util.List<?>) fio.get("cells")) {
            Map<?, ?> cell = (Map<?, ?>) o;
            Map<?, ?> spec = (Map<?, ?>) cell.get("spec");
            Map<?, ?> params = (Map<?, ?>) spec.get("params");
            Map<?, ?> flags = (Map<?, ?>) spec.get("optimizations");
            if (((Number) params.get("segs_per_sec")).intValue() != 128 || ((Number) spec.get("repetition")).intValue() != 0) continue;
            if (spec.get("profile_overrides") != null || spec.get("profileOverrides") != null) continue;    // a band cell
            long run = ((Number) cell.get("run_id")).longValue();
            if (Boolean.TRUE.equals(flags.get("sec_ckpt_valid_blocks"))) f.fioRunOn = run;
            else f.fioRunOff = run;
        }
        assertThat(f.fioRunOff).isPositive();
        assertThat(f.fioRunOn).isPositive();
        return f;
    }
}
