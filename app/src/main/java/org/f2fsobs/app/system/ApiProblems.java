package org.f2fsobs.app.system;

import java.util.List;
import org.f2fsobs.bench.api.FieldError;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

/**
 * RFC 9457 problem documents as the API writes them (Spring's {@link ProblemDetail}, serialised by Jackson):
 * {@code title}, {@code status}, {@code detail} (naming every field, or the limit), {@code instance}, plus
 * {@code errors} ([{field, message}]) and, for 422, {@code limit}.
 */
public final class ApiProblems {
    /** At most this many field errors are listed (a list of 20 000 duplicates is reported by its first ones). */
    static final int MAX_ERRORS = 50;

    private ApiProblems() {}

    /** One error as the problem document lists it. */
    public record Error(String field, String message) {}

    public static ProblemDetail of(HttpStatusCode status, List<FieldError> errors, String limit) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, describe(errors));
        List<Error> list = errors.stream().limit(MAX_ERRORS).map(e -> new Error(e.field(), e.message())).toList();
        if (!list.isEmpty()) p.setProperty("errors", list);
        if (limit != null) p.setProperty("limit", limit);
        return p;
    }

    /** Bean Validation violations as field errors, fields named as the JSON names them (snake_case), in path order. */
    public static List<FieldError> violations(java.util.Set<? extends jakarta.validation.ConstraintViolation<?>> violations) {
        return violations.stream().map(v -> new FieldError(jsonPath(v.getPropertyPath().toString()), v.getMessage()))
                .sorted(java.util.Comparator.comparing(FieldError::field)).toList();
    }

    /** {@code maxPoints} → {@code max_points}; {@code a.bC[2]} → {@code a.b_c[2]}. */
    public static String jsonPath(String javaPath) {
        StringBuilder b = new StringBuilder();
        for (String part : javaPath.split("\\.")) {
            if (!b.isEmpty()) b.append('.');
            int bracket = part.indexOf('[');
            String name = bracket < 0 ? part : part.substring(0, bracket);
            b.append(SNAKE.nameForField(null, null, name)).append(bracket < 0 ? "" : part.substring(bracket));
        }
        return b.toString();
    }

    private static final tools.jackson.databind.PropertyNamingStrategies.NamingBase SNAKE =
            (tools.jackson.databind.PropertyNamingStrategies.NamingBase) tools.jackson.databind.PropertyNamingStrategies.SNAKE_CASE;

    /** "field: message; field: message; … and N more". */
    static String describe(List<FieldError> errors) {
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
