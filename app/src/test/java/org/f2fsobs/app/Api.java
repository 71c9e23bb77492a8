package org.f2fsobs.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.test.web.reactive.server.WebTestClient;

/** Small helpers over WebTestClient for the integration tests: submit, poll, read SSE. */
public final class Api {
    public static final ParameterizedTypeReference<Map<String, Object>> MAP = new ParameterizedTypeReference<>() {};
    private static final ParameterizedTypeReference<ServerSentEvent<String>> SSE = new ParameterizedTypeReference<>() {};

    private final WebTestClient web;
    private final String token;

    public Api(WebTestClient web, String token) {
        // a band matrix (contracts.md §6) answers with hundreds of cells and their results
        this.web = web.mutate().responseTimeout(Duration.ofSeconds(120)).codecs(c -> c.defaultCodecs().maxInMemorySize(64 << 20)).build();
        this.token = token;
    }

    public WebTestClient web() {
        return web;
    }

    public WebTestClient.RequestBodySpec post(String uri) {
        WebTestClient.RequestBodySpec s = web.post().uri(uri).contentType(MediaType.APPLICATION_JSON);
        if (token != null) s.header("Authorization", "Bearer " + token);
        return s;
    }

    /** POST a matrix, expect 202, return its id. */
    public long submitMatrix(String json) {
        Map<String, Object> body = post("/api/matrices").bodyValue(json).exchange()
                .expectStatus().isAccepted()
                .expectHeader().valueMatches("Location", "/api/matrices/[0-9]+")
                .expectBody(MAP).returnResult().getResponseBody();
        assertThat(body).containsKeys("id", "status", "cells");
        return ((Number) body.get("id")).longValue();
    }

    public Map<String, Object> get(String uri) {
        return web.get().uri(uri).exchange().expectStatus().isOk().expectBody(MAP).returnResult().getResponseBody();
    }

    /** Polls {@code uri} until {@code done} holds (at most {@code seconds}). */
    public Map<String, Object> await(String uri, Predicate<Map<String, Object>> done, int seconds) {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        Map<String, Object> last = null;
        while (System.nanoTime() < end) {
            last = get(uri);
            if (done.test(last)) return last;
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("timed out after " + seconds + " s waiting on " + uri + "; last: " + last);
    }

    /** Polls matrix {@code id} until it has {@code status} and no running cell; fails at once if it ends otherwise. */
    public Map<String, Object> awaitMatrix(long id, String status, int seconds) {
        return await("/api/matrices/" + id + "?results=false", m -> {
            boolean settled = ((Map<?, ?>) m.get("progress")).get("running").equals(0);
            boolean ended = List.of("DONE", "FAILED", "CANCELLED").contains(m.get("status"));
            if (settled && ended && !status.equals(m.get("status"))) {
                throw new AssertionError("matrix " + id + " ended " + m.get("status") + ", expected " + status + ": " + m.get("error"));
            }
            return settled && status.equals(m.get("status"));
        }, seconds);
    }

    /** The whole event stream of a matrix (it closes after {@code done}). */
    public List<ServerSentEvent<String>> events(long id, String lastEventId) {
        // Connection: close — a stream's connection is not handed back to the client's pool for the next request: once
        // (1 run in ~7) the request after a finished stream waited 120 s on that pooled connection. Browsers give an
        // EventSource its own connection too.
        WebTestClient.RequestHeadersSpec<?> s = web.get().uri("/api/matrices/" + id + "/events").accept(MediaType.TEXT_EVENT_STREAM)
                .header("Connection", "close");
        if (lastEventId != null) s = s.header("Last-Event-ID", lastEventId);
        return s.exchange().expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.TEXT_EVENT_STREAM)
                .returnResult(SSE).getResponseBody()
                .filter(e -> e.event() != null)
                .collectList().block(Duration.ofSeconds(120));
    }
}
