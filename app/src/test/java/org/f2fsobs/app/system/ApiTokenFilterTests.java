package org.f2fsobs.app.system;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/** The token guards writes only; reads stay open. Security headers are on every answer, 401s included. */
@WebFluxTest(useDefaultFilters = false)
@Import({ApiTokenFilter.class, SecurityHeadersFilter.class, ApiExceptionHandler.class, WebConfiguration.class})
@TestPropertySource(properties = "observatory.api-token=t0ken")
class ApiTokenFilterTests {

    @Autowired
    private WebTestClient webClient;

    @Test
    void readsNeedNoToken() {
        webClient.get().uri("/api/nothing").exchange().expectStatus().isNotFound();
    }

    @Test
    void writesWithoutTheTokenAreUnauthorized() {
        webClient.post().uri("/api/anything").contentType(MediaType.APPLICATION_JSON).bodyValue("{}").exchange()
                .expectStatus().isUnauthorized()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectHeader().valueEquals("WWW-Authenticate", "Bearer realm=\"observatory\"")
                .expectHeader().valueMatches("Content-Security-Policy", "default-src 'self'.*")
                .expectBody().jsonPath("$.status").isEqualTo(401).jsonPath("$.errors[0].field").isEqualTo("Authorization");
        webClient.delete().uri("/api/anything").header("Authorization", "Bearer t0ken-").exchange().expectStatus().isUnauthorized();
        webClient.delete().uri("/api/anything").header("Authorization", "t0ken").exchange().expectStatus().isUnauthorized();
    }

    @Test
    void writesWithTheTokenPassTheFilter() {
        webClient.post().uri("/api/anything").header("Authorization", "Bearer t0ken").contentType(MediaType.APPLICATION_JSON).bodyValue("{}")
                .exchange().expectStatus().isNotFound();
    }
}
