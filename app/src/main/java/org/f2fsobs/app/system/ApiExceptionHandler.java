package org.f2fsobs.app.system;

import java.util.List;
import org.f2fsobs.bench.matrix.FieldError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.MethodParameter;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;

/**
 * Every error a controller (or the dispatcher before it: 404, 405, 415) raises, as {@code application/problem+json}.
 * Client errors name the field or limit and are logged on one line without a stack trace; anything else is a 500
 * whose detail says nothing about the inside, logged with its stack trace.
 */
@RestControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class ApiExceptionHandler {
    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    @ExceptionHandler(ApiException.class)
    ResponseEntity<ProblemDetail> api(ApiException e, ServerWebExchange exchange) {
        return respond(Problems.of(e, path(exchange)), exchange);
    }

    @ExceptionHandler(ServerWebInputException.class)
    ResponseEntity<ProblemDetail> input(ServerWebInputException e, ServerWebExchange exchange) {
        DataBufferLimitException tooLarge = cause(e, DataBufferLimitException.class);
        if (tooLarge != null) return bodyTooLarge(exchange);
        MethodParameter p = e.getMethodParameter();
        String field = p == null ? "body" : fieldOf(p);
        String message;
        if (e.getReason() != null && e.getReason().startsWith("No request body")) message = "is required";
        else if (e instanceof org.springframework.web.server.MissingRequestValueException) message = "is required";
        else if (e.getCause() instanceof org.springframework.beans.TypeMismatchException tm) {
            message = "must be " + describe(tm.getRequiredType()) + ", got '" + tm.getValue() + "'";
        } else message = e.getReason() == null ? "is invalid" : e.getReason();
        return respond(Problems.of(HttpStatus.BAD_REQUEST, field + ": " + message, List.of(new FieldError(field, message)), null,
                path(exchange)), exchange);
    }

    @ExceptionHandler(DataBufferLimitException.class)
    ResponseEntity<ProblemDetail> tooLarge(DataBufferLimitException e, ServerWebExchange exchange) {
        return bodyTooLarge(exchange);
    }

    @ExceptionHandler(ErrorResponseException.class)
    ResponseEntity<ProblemDetail> spring(ErrorResponseException r, ServerWebExchange exchange) {
        Exception e = r;
        HttpStatusCode status = r.getStatusCode();
        if (status.is5xxServerError()) return internal(e, exchange);
        if (status.value() == 413 || cause(e, DataBufferLimitException.class) != null) return bodyTooLarge(exchange);
        String detail = r.getBody().getDetail() != null ? r.getBody().getDetail() : HttpStatus.valueOf(status.value()).getReasonPhrase();
        if (r instanceof org.springframework.web.server.UnsupportedMediaTypeStatusException u) {
            detail = (u.getContentType() == null ? "missing" : u.getContentType() + " is not supported") + "; send application/json";
        } else if (r instanceof org.springframework.web.server.MethodNotAllowedException m) {
            detail = m.getHttpMethod() + " is not allowed here; allowed: " + m.getSupportedMethods();
        } else if (status.value() == 404) {
            detail = "no such resource: " + path(exchange);
        }
        String field = status.value() == 404 ? "path" : status.value() == 405 ? "method" : status.value() == 415 ? "Content-Type"
                : status.value() == 406 ? "Accept" : "request";
        ResponseEntity<ProblemDetail> out = respond(Problems.of(status, field + ": " + detail, List.of(new FieldError(field, detail)),
                null, path(exchange)), exchange);
        return ResponseEntity.status(status).headers(r.getHeaders()).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(out.getBody());
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ProblemDetail> internal(Exception e, ServerWebExchange exchange) {
        DataBufferLimitException tooLarge = cause(e, DataBufferLimitException.class);
        if (tooLarge != null) return bodyTooLarge(exchange);
        log.error("{} {}: internal error", exchange.getRequest().getMethod(), path(exchange), e);
        ProblemDetail p = Problems.of(HttpStatus.INTERNAL_SERVER_ERROR, "internal error; see the server log", List.of(), null, path(exchange));
        return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(p);
    }

    private ResponseEntity<ProblemDetail> bodyTooLarge(ServerWebExchange exchange) {
        return respond(Problems.of(HttpStatus.UNPROCESSABLE_CONTENT, "body: larger than the limit " + ObservatoryProperties.Limits.BODY_BYTES,
                List.of(new FieldError("body", "larger than the limit " + ObservatoryProperties.Limits.BODY_BYTES, FieldError.Kind.OVER_LIMIT)),
                ObservatoryProperties.Limits.BODY_BYTES, path(exchange)), exchange);
    }

    static ResponseEntity<ProblemDetail> respond(ProblemDetail p, ServerWebExchange exchange) {
        log.info("{} {} {}: {}", p.getStatus(), exchange.getRequest().getMethod(), path(exchange), p.getDetail());
        return ResponseEntity.status(p.getStatus()).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(p);
    }

    private static String path(ServerWebExchange exchange) {
        return exchange.getRequest().getPath().value();
    }

    private static String fieldOf(MethodParameter p) {
        if (p.hasParameterAnnotation(org.springframework.web.bind.annotation.RequestBody.class)) return "body";
        var rp = p.getParameterAnnotation(org.springframework.web.bind.annotation.RequestParam.class);
        if (rp != null && !rp.name().isEmpty()) return rp.name();
        var pv = p.getParameterAnnotation(org.springframework.web.bind.annotation.PathVariable.class);
        if (pv != null && !pv.name().isEmpty()) return pv.name();
        var rh = p.getParameterAnnotation(org.springframework.web.bind.annotation.RequestHeader.class);
        if (rh != null && !rh.name().isEmpty()) return rh.name();
        String name = p.getParameterName();
        return name == null ? "request" : name;
    }

    private static String describe(Class<?> type) {
        if (type == null) return "valid";
        if (type == Long.class || type == long.class || type == Integer.class || type == int.class) return "an integer";
        if (type == Boolean.class || type == boolean.class) return "true or false";
        if (type == Double.class || type == double.class) return "a number";
        return "a " + type.getSimpleName();
    }

    private static <T extends Throwable> T cause(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) return type.cast(t);
        }
        return null;
    }
}
