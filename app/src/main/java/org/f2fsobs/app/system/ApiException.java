package org.f2fsobs.app.system;

import java.util.List;
import org.f2fsobs.bench.matrix.FieldError;
import org.springframework.http.HttpStatus;

/**
 * A client error the API answers with {@code application/problem+json}: the status, a one-line detail, the
 * offending fields and, for 422, the limit. Carries no stack trace: it is never logged as a server error.
 */
public final class ApiException extends RuntimeException {
    private final HttpStatus status;
    private final List<FieldError> errors;
    private final String limit;

    private ApiException(HttpStatus status, String detail, List<FieldError> errors, String limit) {
        super(detail, null, false, false);
        this.status = status;
        this.errors = List.copyOf(errors);
        this.limit = limit;
    }

    /** 400 naming every invalid field (the detail lists them). */
    public static ApiException invalid(List<FieldError> errors) {
        return new ApiException(HttpStatus.BAD_REQUEST, describe(errors), errors, null);
    }

    public static ApiException invalid(String field, String message) {
        return invalid(List.of(new FieldError(field, message)));
    }

    /** 422 naming the limit (and the field that went over it). */
    public static ApiException overLimit(String limit, String field, String message) {
        return new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, field + ": " + message, List.of(new FieldError(field, message,
                FieldError.Kind.OVER_LIMIT)), limit);
    }

    /** 422 from the catalog's own over-limit errors (the cell limit). */
    public static ApiException overLimit(String limit, List<FieldError> errors) {
        return new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, describe(errors), errors, limit);
    }

    /** 422: a well-formed field the simulation cannot run as written (a script line it does not model). */
    public static ApiException unprocessable(String field, String message) {
        return new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, field + ": " + message, List.of(new FieldError(field, message)), null);
    }

    public static ApiException notFound(String what, Object id) {
        return new ApiException(HttpStatus.NOT_FOUND, "no " + what + " with id " + id, List.of(new FieldError("id",
                "no " + what + " with id " + id)), null);
    }

    public static ApiException conflict(String field, String message) {
        return new ApiException(HttpStatus.CONFLICT, field + ": " + message, List.of(new FieldError(field, message)), null);
    }

    public HttpStatus status() {
        return status;
    }

    public List<FieldError> errors() {
        return errors;
    }

    /** The limit's name for a 422, else null. */
    public String limit() {
        return limit;
    }

    private static String describe(List<FieldError> errors) {
        if (errors.isEmpty()) return "invalid request";
        StringBuilder b = new StringBuilder();
        int shown = 0;
        for (FieldError e : errors) {
            if (shown == 10) {
                b.append("; … and ").append(errors.size() - shown).append(" more");
                break;
            }
            if (!b.isEmpty()) b.append("; ");
            b.append(e.field()).append(": ").append(e.message());
            shown++;
        }
        return b.toString();
    }
}
