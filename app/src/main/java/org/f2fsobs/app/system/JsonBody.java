package org.f2fsobs.app.system;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.f2fsobs.bench.matrix.FieldError;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A request body read strictly (duplicate keys, trailing tokens and non-JSON are errors; numbers keep their exact
 * value) and its fields read with their types checked. Every problem becomes a {@link FieldError} naming the field
 * ({@code repetitions}, {@code optimizations.vm_map_ram[1]}, …), collected so that one answer lists them all.
 */
public final class JsonBody {
    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
            .build();

    private final ObjectNode root;
    private final List<FieldError> errors = new ArrayList<>();

    private JsonBody(ObjectNode root) {
        this.root = root;
    }

    /** The body as a JSON object, or a 400 naming {@code body}. */
    public static JsonBody parse(String text) {
        if (text == null || text.isBlank()) throw ApiException.invalid("body", "is required: a JSON object");
        JsonNode node;
        try {
            node = STRICT.readTree(text);
        } catch (JacksonException e) {
            throw ApiException.invalid("body", "malformed JSON" + where(e.getLocation()) + ": " + firstLine(e.getOriginalMessage()));
        }
        if (node == null || !node.isObject()) {
            throw ApiException.invalid("body", "must be a JSON object, not " + kind(node));
        }
        return new JsonBody((ObjectNode) node);
    }

    public ObjectNode root() {
        return root;
    }

    public List<FieldError> errors() {
        return errors;
    }

    public void error(String field, String message) {
        errors.add(new FieldError(field, message));
    }

    /** Fields not in {@code known} are errors. */
    public void rejectUnknown(Set<String> known) {
        for (String name : root.propertyNames()) {
            if (!known.contains(name)) error(name, "unknown field; known: " + String.join(", ", known));
        }
    }

    /** 400 with every error found so far. */
    public void throwIfErrors() {
        if (!errors.isEmpty()) throw ApiException.invalid(errors);
    }

    public boolean has(String name) {
        JsonNode n = root.get(name);
        return n != null && !n.isNull();
    }

    /** A string field; null when absent or null. */
    public String string(String name) {
        JsonNode n = root.get(name);
        if (n == null || n.isNull()) return null;
        if (!n.isString()) {
            error(name, "must be a string, not " + kind(n));
            return null;
        }
        return n.stringValue();
    }

    /** An integer field within [min, max]; null when absent or null. */
    public Long integer(String name, long min, long max) {
        JsonNode n = root.get(name);
        if (n == null || n.isNull()) return null;
        return integer(name, n, min, max);
    }

    public Long integer(String field, JsonNode n, long min, long max) {
        String range = "an integer between " + min + " and " + max;
        if (!n.isNumber()) {
            error(field, "must be " + range + ", not " + kind(n));
            return null;
        }
        BigDecimal d = n.decimalValue();
        BigInteger i;
        try {
            i = d.toBigIntegerExact();
        } catch (ArithmeticException notIntegral) {
            error(field, "must be " + range + ", got " + d.toPlainString());
            return null;
        }
        if (i.compareTo(BigInteger.valueOf(min)) < 0 || i.compareTo(BigInteger.valueOf(max)) > 0) {
            error(field, "must be " + range + ", got " + i);
            return null;
        }
        return i.longValue();
    }

    /** A boolean field; null when absent or null. */
    public Boolean bool(String name) {
        JsonNode n = root.get(name);
        if (n == null || n.isNull()) return null;
        if (!n.isBoolean()) {
            error(name, "must be true or false, not " + kind(n));
            return null;
        }
        return n.booleanValue();
    }

    /** An object field as its entries in document order; null when absent or null. */
    public Map<String, JsonNode> object(String name) {
        JsonNode n = root.get(name);
        if (n == null || n.isNull()) return null;
        if (!n.isObject()) {
            error(name, "must be an object, not " + kind(n));
            return null;
        }
        Map<String, JsonNode> m = new LinkedHashMap<>();
        n.forEachEntry(m::put);
        return m;
    }

    /**
     * A JSON value as a parameter value: strings and booleans as they are, numbers exact (BigInteger or BigDecimal,
     * which {@code ParamValues.normalize} turns into Long or Double), null as null; lists and objects become a List
     * or Map so that the catalog's message names them.
     */
    public static Object scalar(JsonNode n) {
        if (n == null || n.isNull()) return null;
        if (n.isString()) return n.stringValue();
        if (n.isBoolean()) return n.booleanValue();
        if (n.isIntegralNumber()) return n.bigIntegerValue();
        if (n.isNumber()) return n.decimalValue();
        if (n.isArray()) return List.of();
        return Map.of();
    }

    /** "a string", "a number", "an object", … for messages. */
    public static String kind(JsonNode n) {
        if (n == null || n.isMissingNode()) return "nothing";
        if (n.isNull()) return "null";
        if (n.isString()) return "a string";
        if (n.isBoolean()) return "a boolean";
        if (n.isNumber()) return "a number";
        if (n.isArray()) return "a list";
        if (n.isObject()) return "an object";
        return n.getNodeType().name().toLowerCase();
    }

    private static String where(TokenStreamLocation loc) {
        if (loc == null || loc.getLineNr() < 1) return "";
        return " at line " + loc.getLineNr() + ", column " + loc.getColumnNr();
    }

    private static String firstLine(String s) {
        if (s == null) return "unreadable";
        int nl = s.indexOf('\n');
        String line = nl < 0 ? s : s.substring(0, nl);
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}
