package org.f2fsobs.app.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.FieldError;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

class StrictJsonTests {
    private static final StrictJson STRICT = new StrictJson(JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build());

    record Body(String name, Integer count, Long seed, Boolean on, Map<String, List<Boolean>> flags, Map<String, List<Object>> params,
                Integer maxPoints) {}

    @Test
    void numbersInUntypedValuesKeepTheirExactValue() {
        var read = STRICT.read("{\"params\": {\"a\": [12345678901234567890123, 0.1, 1e400]}}", Body.class);
        assertThat(read.problems()).isEmpty();
        assertThat(read.value().params().get("a")).containsExactly(new BigInteger("12345678901234567890123"), new BigDecimal("0.1"),
                new BigDecimal("1e400"));
    }

    @Test
    void typesRangesAndUnknownFieldsAreNamedAllAtOnce() {
        var read = STRICT.read("{\"name\": 1, \"count\": \"3\", \"seed\": 2.5, \"on\": \"yes\", \"max_points\": 99999999999, "
                + "\"flags\": {\"x\": [true, 1], \"y\": false}, \"colour\": {\"deep\": [1]}, \"params\": [1]}", Body.class);
        Map<String, String> byField = new java.util.LinkedHashMap<>();
        read.problems().forEach(p -> byField.put(p.field(), p.message()));
        assertThat(byField).containsOnly(
                Map.entry("name", "must be a string, not a number"),
                Map.entry("count", "must be an integer between -2147483648 and 2147483647, not a string"),
                Map.entry("seed", "must be an integer between -9223372036854775808 and 9223372036854775807, got 2.5"),
                Map.entry("on", "must be true or false, not a string"),
                Map.entry("max_points", "must be an integer between -2147483648 and 2147483647, got 99999999999"),
                Map.entry("flags.x[1]", "must be true or false, not a number"),
                Map.entry("flags.y", "must be a list of true/false, e.g. [false, true], not a boolean"),
                Map.entry("colour", "unknown field; known: name, count, seed, on, flags, params, max_points"),
                Map.entry("params", "must be an object, not a list"));
        assertThat(read.value().flags().get("x")).containsExactly(true, null);     // the read went on past each problem
    }

    @Test
    void integralNumbersAreIntegers() {
        assertThat(STRICT.read("{\"count\": 2.0, \"seed\": -9223372036854775808}", Body.class).value())
                .extracting(Body::count, Body::seed).containsExactly(2, Long.MIN_VALUE);
    }

    @Test
    void malformedBodiesAreNamedBody() {
        for (String bad : new String[] {"{", "[1]", "{\"name\": \"a\"} {", "{\"name\": \"a\", \"name\": \"b\"}", "nul"}) {
            assertThat(STRICT.read(bad, Body.class).problems()).extracting(FieldError::field).containsExactly("body");
        }
    }

    @Test
    void javaPathsBecomeJsonNames() {
        assertThat(ApiProblems.jsonPath("maxPoints")).isEqualTo("max_points");
        assertThat(ApiProblems.jsonPath("request.ddStyle[2]")).isEqualTo("request.dd_style[2]");
    }
}
