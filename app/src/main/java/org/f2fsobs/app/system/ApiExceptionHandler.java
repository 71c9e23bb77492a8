package org.f2fsobs.app.system;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import org.f2fsobs.bench.api.FieldError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.core.MethodParameter;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.method.ParameterErrors;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.bind.support.WebExchangeBindException;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.reactive.result.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.MissingRequestValueException;
import org.springframework.web.server.NotAcceptableStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;
import org.springframework.web.util.DisconnectedClientHelper;
import reactor.core.publisher.Mono;

/**
 * Every error a controller (or the dispatcher before it: 404, 405, 415) raises, as {@code application/problem+json}
 * through Spring's {@link ResponseEntityExceptionHandler}: each Spring exception becomes a {@link ProblemDetail}
 * whose {@code errors} name the field (path variable, query parameter, header, body field; snake_case as in JSON)
 * and whose {@code detail} lists them; {@link ApiException}s carry theirs. Client errors are logged on one line
 * without a stack trace; a client that went away is logged at DEBUG; anything else is a 500 whose detail says
 * nothing about the inside, logged with its stack trace.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class ApiExceptionHandler extends ResponseEntityExceptionHandler {
    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    @ExceptionHandler(DataBufferLimitException.class)
    Mono<ResponseEntity<Object>> tooLarge(DataBufferLimitException e, ServerWebExchange exchange) {
        return bodyTooLarge(exchange);
    }

    @ExceptionHandler(Exception.class)
    Mono<ResponseEntity<Object>> internal(Exception e, ServerWebExchange exchange) {
        if (cause(e, DataBufferLimitException.class) != null) return bodyTooLarge(exchange);
        if (DisconnectedClientHelper.isClientDisconnectedException(e)) {
            log.debug("{} {}: client went away: {}", exchange.getRequest().getMethod(), path(exchange), e.toString());
            return Mono.empty();
        }
        if (cause(e, RejectedExecutionException.class) != null) {
            log.warn("{} {}: refused, busy: {}", exchange.getRequest().getMethod(), path(exchange), e.toString());
            ProblemDetail p = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, "busy: the database queue is full; retry later");
            return Mono.just(ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header(HttpHeaders.RETRY_AFTER, "1")
                    .contentType(MediaType.APPLICATION_PROBLEM_JSON).body(p));
        }
        log.error("{} {}: internal error", exchange.getRequest().getMethod(), path(exchange), e);
        ProblemDetail p = ProblemDetail.forStatusAndDetail(HttpStatus.INTERNAL_SERVER_ERROR, "internal error; see the server log");
        return Mono.just(ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(p));
    }

    @Override
    protected Mono<ResponseEntity<Object>> handleExceptionInternal(Exception ex, Object body, HttpHeaders headers, HttpStatusCode status,
                                                                  ServerWebExchange exchange) {
        if (status.value() == 413 || cause(ex, DataBufferLimitException.class) != null) return bodyTooLarge(exchange);
        if (status.is5xxServerError()) return internal(ex, exchange);
        ProblemDetail p = ex instanceof ApiException api ? api.getBody() : ApiProblems.of(status, errors(ex, status, exchange), null);
        return respond(p, headers, exchange);
    }

    private Mono<ResponseEntity<Object>> respond(ProblemDetail p, HttpHeaders headers, ServerWebExchange exchange) {
        log.info("{} {} {}: {}", p.getStatus(), exchange.getRequest().getMethod(), path(exchange), p.getDetail());
        return Mono.just(ResponseEntity.status(p.getStatus()).headers(headers).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(p));
    }

    private Mono<ResponseEntity<Object>> bodyTooLarge(ServerWebExchange exchange) {
        String message = "larger than the limit " + ObservatoryProperties.Limits.BODY_BYTES;
        return respond(ApiProblems.of(HttpStatus.UNPROCESSABLE_CONTENT, List.of(new FieldError("body", message, FieldError.Kind.OVER_LIMIT)),
                ObservatoryProperties.Limits.BODY_BYTES), HttpHeaders.EMPTY, exchange);
    }

    /** The fields a Spring exception is about, with what is wrong with each. */
    private static List<FieldError> errors(Exception ex, HttpStatusCode status, ServerWebExchange exchange) {
        List<FieldError> out = new ArrayList<>();
        switch (ex) {
            case WebExchangeBindException bind -> {
                bind.getFieldErrors().forEach(f -> out.add(new FieldError(ApiProblems.jsonPath(f.getField()), f.getDefaultMessage())));
                bind.getGlobalErrors().forEach(g -> out.add(new FieldError("body", g.getDefaultMessage())));
            }
            case HandlerMethodValidationException hmv -> hmv.getParameterValidationResults().forEach(r -> {
                if (r instanceof ParameterErrors pe) {
                    pe.getFieldErrors().forEach(f -> out.add(new FieldError(ApiProblems.jsonPath(f.getField()), f.getDefaultMessage())));
                } else {
                    String field = fieldOf(r.getMethodParameter());
                    r.getResolvableErrors().forEach(e -> out.add(new FieldError(field, e.getDefaultMessage() + ", got " + r.getArgument())));
                }
            });
            case MissingRequestValueException m -> out.add(new FieldError(m.getName(), "is required"));
            case ServerWebInputException in -> out.add(input(in));
            case UnsupportedMediaTypeStatusException u -> out.add(new FieldError("Content-Type",
                    (u.getContentType() == null ? "missing" : u.getContentType() + " is not supported") + "; send application/json"));
            case MethodNotAllowedException m -> out.add(new FieldError("method", m.getHttpMethod() + " is not allowed here; allowed: "
                    + m.getSupportedMethods()));
            case NotAcceptableStatusException n -> out.add(new FieldError("Accept", "none of the accepted types can be produced; supported: "
                    + n.getSupportedMediaTypes()));
            default -> {
                if (status.value() == 404) out.add(new FieldError("path", "no such resource: " + path(exchange)));
                else out.add(new FieldError("request", HttpStatus.valueOf(status.value()).getReasonPhrase()));
            }
        }
        return out;
    }

    private static FieldError input(ServerWebInputException e) {
        MethodParameter p = e.getMethodParameter();
        String field = p == null ? "body" : fieldOf(p);
        if (e.getReason() != null && e.getReason().startsWith("No request body")) return new FieldError("body", "is required: a JSON object");
        if (e.getCause() instanceof TypeMismatchException tm) {
            return new FieldError(field, "must be " + describe(tm.getRequiredType()) + ", got '" + shorten(String.valueOf(tm.getValue())) + "'");
        }
        return new FieldError(field, e.getReason() == null ? "is invalid" : e.getReason());
    }

    private static String fieldOf(MethodParameter p) {
        if (p.hasParameterAnnotation(org.springframework.web.bind.annotation.RequestBody.class)) return "body";
        RequestParam rp = p.getParameterAnnotation(RequestParam.class);
        if (rp != null && !rp.name().isEmpty()) return rp.name();
        PathVariable pv = p.getParameterAnnotation(PathVariable.class);
        if (pv != null && !pv.name().isEmpty()) return pv.name();
        RequestHeader rh = p.getParameterAnnotation(RequestHeader.class);
        if (rh != null && !rh.name().isEmpty()) return rh.name();
        String name = p.getParameterName();
        return name == null ? "request" : name;
    }

    private static String describe(Class<?> type) {
        if (type == null) return "valid";
        if (type == Long.class || type == long.class || type == Integer.class || type == int.class) return "an integer";
        if (type == Boolean.class || type == boolean.class) return "true or false";
        if (type == Double.class || type == double.class) return "a number";
        if (type.isEnum()) return "one of " + String.join(", ", Arrays.stream(type.getEnumConstants()).map(Object::toString).toList());
        return "a " + type.getSimpleName();
    }

    private static String shorten(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "…" : s;
    }

    private static String path(ServerWebExchange exchange) {
        return exchange.getRequest().getPath().value();
    }

    private static <T extends Throwable> T cause(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) return type.cast(t);
        }
        return null;
    }
}
