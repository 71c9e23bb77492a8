package org.f2fsobs.app.matrix;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.f2fsobs.app.system.JsonBody;
import org.f2fsobs.bench.matrix.MatrixRequest;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/matrices} body → {@link MatrixRequest} and profile, with the JSON types checked here (the
 * catalog checks names, values, ranges and the cell limit):
 * <pre>
 * {"scenario": id, "optimizations": {flag: [true, false]}, "params": {key: [values]}, "repetitions": n, "seed": s,
 *  "profile": name, "band": true}
 * </pre>
 * Lists are required where the contract has lists (a bare value is an error naming the field); unknown fields are
 * errors.
 */
final class MatrixRequestParser {
    static final Set<String> FIELDS = new LinkedHashSet<>(List.of("scenario", "optimizations", "params", "repetitions", "seed", "profile", "band"));

    /** What the body asks for; {@code band}: also run the band (contracts.md §6). */
    record Parsed(MatrixRequest request, String profile, boolean band) {
        Parsed(MatrixRequest request, String profile) {
            this(request, profile, false);
        }
    }

    private MatrixRequestParser() {}

    static Parsed parse(JsonBody body) {
        body.rejectUnknown(FIELDS);
        String scenario = body.string("scenario");
        String profile = body.string("profile");
        Long repetitions = body.integer("repetitions", Integer.MIN_VALUE, Integer.MAX_VALUE);
        Long seed = body.integer("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        Boolean band = body.bool("band");
        Map<String, List<Boolean>> optimizations = new LinkedHashMap<>();
        Map<String, JsonNode> o = body.object("optimizations");
        if (o != null) {
            o.forEach((flag, values) -> {
                String field = "optimizations." + flag;
                if (values == null || values.isNull()) {
                    optimizations.put(flag, null);
                } else if (!values.isArray()) {
                    body.error(field, "must be a list of true/false, e.g. [false, true], not " + JsonBody.kind(values));
                } else {
                    List<Boolean> list = new ArrayList<>();
                    for (JsonNode v : values) list.add(v.isBoolean() ? v.booleanValue() : null);
                    optimizations.put(flag, list);
                }
            });
        }
        Map<String, List<Object>> params = new LinkedHashMap<>();
        Map<String, JsonNode> p = body.object("params");
        if (p != null) {
            p.forEach((key, values) -> {
                String field = "params." + key;
                if (values == null || values.isNull()) {
                    params.put(key, null);
                } else if (!values.isArray()) {
                    body.error(field, "must be a list of values, e.g. [" + (values.isValueNode() ? values.toString() : "1") + "], not "
                            + JsonBody.kind(values));
                } else {
                    List<Object> list = new ArrayList<>();
                    for (JsonNode v : values) list.add(JsonBody.scalar(v));
                    params.put(key, list);
                }
            });
        }
        body.throwIfErrors();
        return new Parsed(new MatrixRequest(scenario, optimizations, params, repetitions == null ? null : repetitions.intValue(), seed),
                profile, Boolean.TRUE.equals(band));
    }
}
