package org.f2fsobs.app.system;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import org.f2fsobs.bench.api.FieldError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The optional API token (contracts.md §4): when {@code observatory.api-token} is set, every request that changes
 * something (POST, PUT, PATCH, DELETE) needs {@code Authorization: Bearer <token>}, else 401 problem+json with
 * {@code WWW-Authenticate: Bearer}. Reads stay open. Runs before the body is read; compares in constant time.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
class ApiTokenFilter implements WebFilter {
    private static final Logger log = LoggerFactory.getLogger(ApiTokenFilter.class);
    private static final List<HttpMethod> WRITES = List.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH, HttpMethod.DELETE);

    private final byte[] expected;
    private final JsonMapper json;

    ApiTokenFilter(ObservatoryProperties properties, JsonMapper json) {
        this.json = json;
        this.expected = properties.tokenRequired() ? ("Bearer " + properties.apiToken()).getBytes(StandardCharsets.UTF_8) : null;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (expected == null || !WRITES.contains(exchange.getRequest().getMethod())) return chain.filter(exchange);
        String given = exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION);
        if (given != null && MessageDigest.isEqual(expected, given.strip().getBytes(StandardCharsets.UTF_8))) {
            return chain.filter(exchange);
        }
        String message = given == null ? "missing: this server needs Authorization: Bearer <observatory.api-token> on POST and DELETE"
                : "wrong token";
        String path = exchange.getRequest().getPath().value();
        log.info("401 {} {}: Authorization {}", exchange.getRequest().getMethod(), path, given == null ? "missing" : "wrong");
        ProblemDetail problem = ApiProblems.of(HttpStatus.UNAUTHORIZED, List.of(new FieldError("Authorization", message)), null);
        problem.setInstance(java.net.URI.create(path));
        ServerHttpResponse response = exchange.getResponse();
        response.setStatusCode(HttpStatus.UNAUTHORIZED);
        response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        response.getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"observatory\"");
        DataBuffer body = response.bufferFactory().wrap(json.writeValueAsBytes(problem));
        return response.writeWith(Mono.just(body));
    }
}
