package org.f2fsobs.app.system;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.f2fsobs.bench.api.FieldError;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.DeserializationProblemHandler;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/**
 * Request bodies read strictly by Jackson into typed records: duplicate keys, trailing tokens and non-JSON are
 * errors naming {@code body}; numbers in untyped values keep their exact value (BigInteger, BigDecimal); scalars
 * are never coerced ({@code "3"} is not an integer, {@code 2.5} is not one either, {@code 1} is not a string).
 * A wrong type or an unknown field does not stop the read: each becomes a {@link FieldError} naming the field
 * ({@code repetitions}, {@code optimizations.vm_map_ram[1]}, {@code [2].primaryMetric.score}), the value null, and
 * the read goes on, so that one answer lists every problem.
 */
public final class StrictJson {
    private static final Object PROBLEMS = Problems.class;

    private final JsonMapper mapper;

    /** Built on the application's mapper, so names (snake_case) and modules stay the same. */
    public StrictJson(JsonMapper base) {
        SimpleModule strict = new SimpleModule("strict-scalars")
                .addDeserializer(String.class, new StrictString())
                .addDeserializer(Integer.class, new StrictInteger<>(Integer.class, Integer.MIN_VALUE, Integer.MAX_VALUE))
                .addDeserializer(Long.class, new StrictInteger<>(Long.class, Long.MIN_VALUE, Long.MAX_VALUE))
                .addDeserializer(Boolean.class, new StrictBoolean());
        this.mapper = base.rebuild()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .addModule(strict)
                .addHandler(new Handler())
                .build();
    }

    /** What a read gave: the value (fields with problems left null) and the problems, in document order. */
    public record Read<T>(T value, List<FieldError> problems) {}

    /** Reads {@code in} as {@code type}. A body that is not JSON at all is one problem naming {@code body}. */
    public <T> Read<T> read(java.io.InputStream in, JavaType type) {
        Problems problems = new Problems();
        try {
            T value = mapper.readerFor(type).withAttribute(PROBLEMS, problems).readValue(in);
            return new Read<>(value, problems.list);
        } catch (JacksonException e) {
            problems.list.add(new FieldError("body", "malformed JSON" + where(e.getLocation()) + ": " + firstLine(e.getOriginalMessage())));
            return new Read<>(null, problems.list);
        }
    }

    public <T> Read<T> read(String text, Class<T> type) {
        return read(new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)), mapper.constructType(type));
    }

    public JsonMapper mapper() {
        return mapper;
    }

    /** The problems of one read (a per-call attribute of the reader). */
    private static final class Problems {
        final List<FieldError> list = new ArrayList<>();
    }

    private static void problem(DeserializationContext ctxt, JsonParser p, String message) {
        problem(ctxt, path(p), message);
    }

    private static void problem(DeserializationContext ctxt, String field, String message) {
        Object bag = ctxt.getAttribute(PROBLEMS);
        if (bag instanceof Problems problems) problems.list.add(new FieldError(field, message));
        else throw new IllegalStateException(field + ": " + message);
    }

    /** The field the parser is at, as the API names fields: {@code a.b[2].c}; the root is {@code body}. */
    static String path(JsonParser p) {
        TokenStreamContext c = p.streamReadContext();
        if (p.currentToken() == JsonToken.START_OBJECT || p.currentToken() == JsonToken.START_ARRAY) c = c.getParent();
        Deque<String> parts = new ArrayDeque<>();
        for (; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) parts.push("[" + Math.max(0, c.getCurrentIndex()) + "]");
            else if (c.currentName() != null) parts.push("." + c.currentName());
        }
        String path = String.join("", parts);
        if (path.startsWith(".")) path = path.substring(1);
        return path.isEmpty() ? "body" : path;
    }

    /** "a string", "a number", "a list", … for messages. */
    static String kind(JsonToken t) {
        if (t == null) return "nothing";
        return switch (t) {
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case START_ARRAY -> "a list";
            case START_OBJECT -> "an object";
            case VALUE_NULL -> "null";
            default -> t.name().toLowerCase();
        };
    }

    /** Records the problem, skips the value, and lets the read go on with null. */
    private static <T> T refuse(JsonParser p, DeserializationContext ctxt, String message) {
        problem(ctxt, p, message);
        p.skipChildren();
        return null;
    }

    /** Unknown fields and values of the wrong shape (a list where an object belongs, …): named, skipped. */
    private static final class Handler extends DeserializationProblemHandler {
        @Override
        public boolean handleUnknownProperty(DeserializationContext ctxt, JsonParser p, ValueDeserializer<?> deserializer,
                                             Object beanOrClass, String propertyName) {
            String message = "unknown field" + known(deserializer);
            JsonParser main = ctxt.getParser();
            if (main != null && main != p) {
                // a record's unknown fields are buffered and replayed once the object is read: name them from the main
                // parser, which now stands just after that object
                String container = path(main);
                problem(ctxt, container.equals("body") ? propertyName : container + "." + propertyName, message);
                p.skipChildren();
            } else {
                refuse(p, ctxt, message);
            }
            return true;
        }

        @Override
        public Object handleUnexpectedToken(DeserializationContext ctxt, JavaType targetType, JsonToken t, JsonParser p, String failureMsg) {
            String expected;
            if (path(p).equals("body")) {
                expected = targetType.isCollectionLikeType() ? "a JSON list" : "a JSON object";
            } else if (targetType.isCollectionLikeType()) {
                Class<?> content = targetType.getContentType().getRawClass();
                expected = content == Boolean.class ? "a list of true/false, e.g. [false, true]"
                        : "a list of values, e.g. [" + (t.isScalarValue() ? p.getString() : "1") + "]";
            } else if (targetType.isMapLikeType() || !targetType.isContainerType()) {
                expected = "an object";
            } else {
                expected = "a " + targetType.getRawClass().getSimpleName();
            }
            return refuse(p, ctxt, "must be " + expected + ", not " + kind(t));
        }

        private static String known(ValueDeserializer<?> d) {
            List<String> names = new ArrayList<>();
            java.util.Collection<Object> known = d.getKnownPropertyNames();
            if (known != null) known.forEach(n -> names.add(String.valueOf(n)));
            return names.isEmpty() ? "" : "; known: " + String.join(", ", names);
        }
    }

    private static final class StrictString extends ValueDeserializer<String> {
        @Override
        public String deserialize(JsonParser p, DeserializationContext ctxt) {
            if (p.currentToken() == JsonToken.VALUE_STRING) return p.getString();
            return refuse(p, ctxt, "must be a string, not " + kind(p.currentToken()));
        }
    }

    private static final class StrictBoolean extends ValueDeserializer<Boolean> {
        @Override
        public Boolean deserialize(JsonParser p, DeserializationContext ctxt) {
            if (p.currentToken() == JsonToken.VALUE_TRUE) return Boolean.TRUE;
            if (p.currentToken() == JsonToken.VALUE_FALSE) return Boolean.FALSE;
            return refuse(p, ctxt, "must be true or false, not " + kind(p.currentToken()));
        }
    }

    /** Integer or Long: a JSON integer (or an integral number such as 2.0) within the type's range. */
    private static final class StrictInteger<T extends Number> extends ValueDeserializer<T> {
        private final Class<T> type;
        private final long min, max;

        StrictInteger(Class<T> type, long min, long max) {
            this.type = type;
            this.min = min;
            this.max = max;
        }

        @Override
        public T deserialize(JsonParser p, DeserializationContext ctxt) {
            JsonToken t = p.currentToken();
            String range = "an integer between " + min + " and " + max;
            if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) return refuse(p, ctxt, "must be " + range + ", not " + kind(t));
            BigDecimal d = p.getDecimalValue();
            BigInteger i;
            try {
                i = d.toBigIntegerExact();
            } catch (ArithmeticException notIntegral) {
                return refuse(p, ctxt, "must be " + range + ", got " + d.toPlainString());
            }
            if (i.compareTo(BigInteger.valueOf(min)) < 0 || i.compareTo(BigInteger.valueOf(max)) > 0) {
                return refuse(p, ctxt, "must be " + range + ", got " + i);
            }
            return type == Integer.class ? type.cast(i.intValue()) : type.cast(i.longValue());
        }
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
