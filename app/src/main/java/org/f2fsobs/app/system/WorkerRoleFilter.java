package org.f2fsobs.app.system;

import java.util.List;
import org.f2fsobs.bench.api.FieldError;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBuffer;
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
 * A worker ({@code observatory.role=worker}) only runs cells: over HTTP it answers {@code /actuator/**} (health,
 * metrics of its own jobs) and nothing else — every other path is a 404 problem+json that says where the pages and the
 * API are.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class WorkerRoleFilter implements WebFilter {
    private final boolean worker;
    private final JsonMapper json;

    WorkerRoleFilter(ObservatoryProperties properties, JsonMapper json) {
        this.worker = !properties.role().serves();
        this.json = json;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String path = exchange.getRequest().getPath().value();
        if (!worker || path.equals("/actuator") || path.startsWith("/actuator/")) return chain.filter(exchange);
        ProblemDetail problem = ApiProblems.of(HttpStatus.NOT_FOUND, List.of(new FieldError("path",
                "this instance is a worker (observatory.role=worker): it runs cells and serves only /actuator; the pages and the API "
                        + "are on the instance with observatory.role=web or all")), null);
        problem.setInstance(java.net.URI.create(path));
        ServerHttpResponse response = exchange.getResponse();
        response.setStatusCode(HttpStatus.NOT_FOUND);
        response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        DataBuffer body = response.bufferFactory().wrap(json.writeValueAsBytes(problem));
        return response.writeWith(Mono.just(body));
    }
}
