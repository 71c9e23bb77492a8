package org.f2fsobs.app.system;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.matrix.FieldError;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

/**
 * RFC 9457 problem documents as the API writes them: {@code title}, {@code status}, {@code detail} (naming the
 * field or limit), {@code instance}, plus {@code errors} ([{field, message}]) and, for 422, {@code limit}.
 */
public final class Problems {
    /** At most this many field errors are listed (a list of 20 000 duplicates is reported by its first ones). */
    static final int MAX_ERRORS = 50;

    private Problems() {}

    public static ProblemDetail of(HttpStatusCode status, String detail, List<FieldError> errors, String limit, String path) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        if (path != null) p.setInstance(URI.create(path));
        List<Map<String, String>> list = new ArrayList<>();
        for (FieldError e : errors.subList(0, Math.min(errors.size(), MAX_ERRORS))) {
            Map<String, String> m = new LinkedHashMap<>();
            m.put("field", e.field());
            m.put("message", e.message());
            list.add(m);
        }
        if (!list.isEmpty()) p.setProperty("errors", list);
        if (limit != null) p.setProperty("limit", limit);
        return p;
    }

    public static ProblemDetail of(ApiException e, String path) {
        return of(e.status(), e.getMessage(), e.errors(), e.limit(), path);
    }

    /** The same document as JSON text, for the filters that answer before any controller (401). */
    public static String json(ProblemDetail p) {
        StringBuilder b = new StringBuilder("{");
        if (p.getType() != null) b.append("\"type\":").append(quote(p.getType().toString())).append(',');
        b.append("\"title\":").append(quote(p.getTitle()));
        b.append(",\"status\":").append(p.getStatus());
        if (p.getDetail() != null) b.append(",\"detail\":").append(quote(p.getDetail()));
        if (p.getInstance() != null) b.append(",\"instance\":").append(quote(p.getInstance().toString()));
        if (p.getProperties() != null && p.getProperties().get("errors") instanceof List<?> errors) {
            b.append(",\"errors\":[");
            boolean first = true;
            for (Object o : errors) {
                Map<?, ?> m = (Map<?, ?>) o;
                if (!first) b.append(',');
                first = false;
                b.append("{\"field\":").append(quote(String.valueOf(m.get("field"))))
                        .append(",\"message\":").append(quote(String.valueOf(m.get("message")))).append('}');
            }
            b.append(']');
        }
        return b.append('}').toString();
    }

    static String quote(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        return b.append('"').toString();
    }
}
