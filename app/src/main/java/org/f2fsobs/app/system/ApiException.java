package org.f2fsobs.app.system;

import java.util.List;
import org.f2fsobs.bench.api.FieldError;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/**
 * A client error the API answers with {@code application/problem+json} through Spring's {@code ErrorResponse}
 * support: the status, a one-line detail, the offending fields ({@code errors}) and, for 422, the {@code limit}
 * ({@link ApiProblems}). Carries no stack trace: it is never logged as a server error.
 */
public final class ApiException extends ErrorResponseException {
    private final List<FieldError> errors;
    private final String limit;

    private ApiException(HttpStatus status, List<FieldError> errors, String limit) {
        super(status, ApiProblems.of(status, errors, limit), null);
        this.errors = List.copyOf(errors);
        this.limit = limit;
    }

    /** 400 naming every invalid field (the detail lists them). */
    public static ApiException invalid(List<FieldError> errors) {
        return new ApiException(HttpStatus.BAD_REQUEST, errors, null);
    }

    public static ApiException invalid(String field, String message) {
        return invalid(List.of(new FieldError(field, message)));
    }

    /** 422 naming the limit (and the field that went over it). */
    public static ApiException overLimit(String limit, String field, String message) {
        return overLimit(limit, List.of(new FieldError(field, message, FieldError.Kind.OVER_LIMIT)));
    }

    /** The first limit the bench runner found a request over (RunLimits: the CLI's check too), as a 422 naming it. */
    public static void throwIfOver(List<org.f2fsobs.bench.api.RunLimits.Violation> violations) {
        if (!violations.isEmpty()) throw overLimit(violations.get(0));
    }

    /** 422 for one limit the bench runner found a request over. */
    public static ApiException overLimit(org.f2fsobs.bench.api.RunLimits.Violation v) {
        return overLimit(v.limit(), v.field(), v.message());
    }

    /** 422 from the catalog's own over-limit errors (the cell limit). */
    public static ApiException overLimit(String limit, List<FieldError> errors) {
        return new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, errors, limit);
    }

    /** 422: a well-formed field the simulation cannot run as written (a script line it does not model). */
    public static ApiException unprocessable(String field, String message) {
        return new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, List.of(new FieldError(field, message)), null);
    }

    /** 422: well-formed input the model cannot make something of, every reason named (a mail with no measured command). */
    public static ApiException unprocessable(List<FieldError> errors, String limit) {
        return new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, errors, limit);
    }

    public static ApiException notFound(String what, Object id) {
        return new ApiException(HttpStatus.NOT_FOUND, List.of(new FieldError("id", "no " + what + " with id " + id)), null);
    }

    public static ApiException conflict(String field, String message) {
        return new ApiException(HttpStatus.CONFLICT, List.of(new FieldError(field, message)), null);
    }

    public List<FieldError> errors() {
        return errors;
    }

    /** The limit's name for a 422, else null. */
    public String limit() {
        return limit;
    }

    @Override
    public String getMessage() {
        return getBody().getDetail();
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;                                  // a client error: its stack says nothing
    }
}
