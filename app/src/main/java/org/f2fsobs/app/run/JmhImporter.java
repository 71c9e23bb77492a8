package org.f2fsobs.app.run;

import java.util.ArrayList;
import java.util.List;
import org.f2fsobs.app.system.ApiException;
import org.f2fsobs.app.system.Json;
import org.f2fsobs.bench.api.FieldError;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a JMH result file ({@code java -jar benchmarks.jar … -rf json}): a JSON array with one object per
 * benchmark and parameter set. Each needs {@code benchmark}, {@code mode} and {@code primaryMetric.score} /
 * {@code scoreUnit}; {@code scoreError} may be a number or "NaN" (JMH writes that for one iteration). Errors name the
 * element: {@code [2].primaryMetric.score}.
 */
final class JmhImporter {
    private static final JsonMapper STRICT = JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    /** The file, checked: the rows to store and the versions it names. */
    record Parsed(List<JmhResult> results, String jmhVersion, String jdkVersion, String document) {}

    private JmhImporter() {}

    static Parsed parse(String text) {
        if (text == null || text.isBlank()) throw ApiException.invalid("body", "is required: a JMH result file (-rf json)");
        JsonNode root;
        try {
            root = STRICT.readTree(text);
        } catch (JacksonException e) {
            throw ApiException.invalid("body", "malformed JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isArray()) {
            throw ApiException.invalid("body", "must be a JMH result file: a JSON array of benchmark results, not " + kind(root));
        }
        if (root.isEmpty()) throw ApiException.invalid("body", "holds no benchmark results");
        List<FieldError> errors = new ArrayList<>();
        List<JmhResult> results = new ArrayList<>();
        String jmh = null, jdk = null;
        for (int i = 0; i < root.size(); i++) {
            JsonNode b = root.get(i);
            String at = "[" + i + "]";
            if (!b.isObject()) {
                errors.add(new FieldError(at, "must be a benchmark result object, not " + kind(b)));
                continue;
            }
            String name = text(b, "benchmark", at, errors);
            String mode = text(b, "mode", at, errors);
            JsonNode pm = b.get("primaryMetric");
            Double score = null, error = null;
            String unit = null;
            if (pm == null || !pm.isObject()) {
                errors.add(new FieldError(at + ".primaryMetric", "is required: an object with score and scoreUnit"));
            } else {
                JsonNode s = pm.get("score");
                if (s == null || !s.isNumber()) errors.add(new FieldError(at + ".primaryMetric.score", "must be a number, not " + kind(s)));
                else score = s.doubleValue();
                unit = text(pm, "scoreUnit", at + ".primaryMetric", errors);
                JsonNode e = pm.get("scoreError");
                if (e != null && e.isNumber()) error = e.doubleValue();
                else if (e != null && !(e.isString() && e.stringValue().equals("NaN")) && !e.isNull()) {
                    errors.add(new FieldError(at + ".primaryMetric.scoreError", "must be a number or \"NaN\", not " + kind(e)));
                }
            }
            JsonNode params = b.get("params");
            if (params != null && !params.isObject() && !params.isNull()) errors.add(new FieldError(at + ".params", "must be an object"));
            if (jmh == null && b.hasNonNull("jmhVersion")) jmh = b.get("jmhVersion").asString();
            if (jdk == null && b.hasNonNull("jdkVersion")) jdk = b.get("jdkVersion").asString();
            if (name != null && mode != null && score != null && unit != null) {
                results.add(new JmhResult(null, 0, Json.truncate(name, 500), Json.truncate(mode, 32), integer(b, "threads"), integer(b, "forks"),
                        params == null || params.isNull() ? null : Json.truncate(params.toString(), 4000), score, error, Json.truncate(unit, 32)));
            }
        }
        if (!errors.isEmpty()) throw ApiException.invalid(errors);
        return new Parsed(results, Json.truncate(jmh, 32), Json.truncate(jdk, 64), text);
    }

    private static String text(JsonNode n, String name, String at, List<FieldError> errors) {
        JsonNode v = n.get(name);
        if (v == null || !v.isString() || v.stringValue().isBlank()) {
            errors.add(new FieldError(at + "." + name, "must be a non-empty string, not " + kind(v)));
            return null;
        }
        return v.stringValue();
    }

    private static String kind(JsonNode n) {
        if (n == null || n.isMissingNode()) return "nothing";
        if (n.isNull()) return "null";
        if (n.isString()) return "a string";
        if (n.isBoolean()) return "a boolean";
        if (n.isNumber()) return "a number";
        if (n.isArray()) return "a list";
        return "an object";
    }

    private static Integer integer(JsonNode n, String name) {
        JsonNode v = n.get(name);
        return v != null && v.canConvertToInt() && v.isIntegralNumber() ? v.intValue() : null;
    }
}
