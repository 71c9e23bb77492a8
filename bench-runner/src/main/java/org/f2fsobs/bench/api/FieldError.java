package org.f2fsobs.bench.api;

/**
 * One problem with a request to the runner (a matrix, a run, a mail to import; the app's REST bodies too), naming
 * the field. For a matrix request: {@code scenario}, {@code repetitions}, {@code seed},
 * {@code optimizations}, {@code optimizations.<flag>}, {@code optimizations.<flag>[i]}, {@code params},
 * {@code params.<key>}, {@code params.<key>[i]} (i = 0-based index in the given list), or {@code cells} for the
 * size limit.
 *
 * @param field   the offending field
 * @param message what is wrong, naming the allowed values or the limit
 * @param kind    {@link Kind#INVALID} (the app answers 400), {@link Kind#OVER_LIMIT} (422, the cell limit) or
 *                {@link Kind#BELOW_MIN_SCALE} (422: a well-formed scale below the scenario's smallest meaningful one)
 */
public record FieldError(String field, String message, Kind kind) {
    public enum Kind { INVALID, OVER_LIMIT, BELOW_MIN_SCALE }

    public FieldError(String field, String message) {
        this(field, message, Kind.INVALID);
    }

    public boolean overLimit() {
        return kind == Kind.OVER_LIMIT;
    }

    public boolean belowMinScale() {
        return kind == Kind.BELOW_MIN_SCALE;
    }

    @Override
    public String toString() {
        return field + ": " + message;
    }
}
