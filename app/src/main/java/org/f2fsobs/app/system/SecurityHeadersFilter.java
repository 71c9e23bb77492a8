package org.f2fsobs.app.system;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Security headers on every response, errors and 401s included: a Content-Security-Policy of {@code default-src
 * 'self'} (scripts, styles, fonts, images and fetches from this origin only; no plugins; no framing), no MIME
 * sniffing, no framing, no referrer, no powerful features. The dashboards load Chart.js from the app's own webjar,
 * so nothing else is needed; Swagger UI (springdoc) sets inline styles and loads data: images, so its pages allow
 * those two and nothing more.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class SecurityHeadersFilter implements WebFilter {
    static final String CSP = "default-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";
    static final String CSP_SWAGGER = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            + "object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String path = exchange.getRequest().getPath().value();
        exchange.getResponse().beforeCommit(() -> {
            HttpHeaders h = exchange.getResponse().getHeaders();
            h.set("Content-Security-Policy", path.startsWith("/swagger-ui") || path.startsWith("/webjars/swagger-ui") ? CSP_SWAGGER : CSP);
            h.set("X-Content-Type-Options", "nosniff");
            h.set("X-Frame-Options", "DENY");
            h.set("Referrer-Policy", "no-referrer");
            h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
            h.set("Cross-Origin-Opener-Policy", "same-origin");
            h.set("Cross-Origin-Resource-Policy", "same-origin");
            return Mono.empty();
        });
        return chain.filter(exchange);
    }
}
