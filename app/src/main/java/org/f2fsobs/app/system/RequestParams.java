package org.f2fsobs.app.system;

import java.util.List;

/** Path and query values read by hand, so that a bad one is a 400 naming it rather than a conversion error. */
public final class RequestParams {
    /** Rows per page of every history. */
    public static final int PAGE_SIZE = 50;
    public static final int MAX_PAGE = 1_000_000;

    private RequestParams() {}

    /** A resource id: a positive integer. */
    public static long id(String field, String text) {
        if (text == null || !text.matches("[0-9]{1,18}") || Long.parseLong(text) < 1) {
            throw ApiException.invalid(field, "must be a positive integer id, got '" + shorten(text) + "'");
        }
        return Long.parseLong(text);
    }

    /** {@code page}: 0 … {@link #MAX_PAGE}, default 0. */
    public static int page(String text) {
        if (text == null || text.isEmpty()) return 0;
        if (!text.matches("[0-9]{1,7}") || Integer.parseInt(text) > MAX_PAGE) {
            throw ApiException.invalid("page", "must be an integer between 0 and " + MAX_PAGE + ", got '" + shorten(text) + "'");
        }
        return Integer.parseInt(text);
    }

    /** {@code size}: 1 … 500, default {@link #PAGE_SIZE}. */
    public static int size(String text) {
        if (text == null || text.isEmpty()) return PAGE_SIZE;
        if (!text.matches("[0-9]{1,3}") || Integer.parseInt(text) < 1 || Integer.parseInt(text) > 500) {
            throw ApiException.invalid("size", "must be an integer between 1 and 500, got '" + shorten(text) + "'");
        }
        return Integer.parseInt(text);
    }

    /** One of {@code allowed}, or null when absent. */
    public static String oneOf(String field, String text, List<String> allowed) {
        if (text == null || text.isEmpty()) return null;
        if (!allowed.contains(text)) {
            throw ApiException.invalid(field, "unknown value '" + shorten(text) + "'; known: " + String.join(", ", allowed));
        }
        return text;
    }

    static String shorten(String s) {
        if (s == null) return "";
        return s.length() > 60 ? s.substring(0, 60) + "…" : s;
    }
}
