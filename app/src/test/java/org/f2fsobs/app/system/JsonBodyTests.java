package org.f2fsobs.app.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JsonBodyTests {

    @Test
    void numbersKeepTheirExactValue() {
        JsonBody b = JsonBody.parse("{\"a\": 12345678901234567890123, \"b\": 0.1, \"c\": 1e400}");
        assertThat(JsonBody.scalar(b.root().get("a"))).isEqualTo(new BigInteger("12345678901234567890123"));
        assertThat(JsonBody.scalar(b.root().get("b"))).isEqualTo(new BigDecimal("0.1"));
        assertThat(JsonBody.scalar(b.root().get("c"))).isEqualTo(new BigDecimal("1e400"));
    }

    @Test
    void typesAndRangesAreNamed() {
        JsonBody b = JsonBody.parse("{\"n\": \"3\", \"m\": 2.5, \"k\": 10, \"s\": 1, \"x\": 0}");
        assertThat(b.integer("n", 1, 5)).isNull();
        assertThat(b.integer("m", 1, 5)).isNull();
        assertThat(b.integer("k", 1, 5)).isNull();
        assertThat(b.string("s")).isNull();
        b.rejectUnknown(Set.of("n", "m", "k", "s"));
        assertThat(b.errors()).extracting(e -> e.field()).containsExactly("n", "m", "k", "s", "x");
        assertThat(b.errors().get(0).message()).isEqualTo("must be an integer between 1 and 5, not a string");
        assertThatThrownBy(b::throwIfErrors).isInstanceOf(ApiException.class).hasMessageContaining("x: unknown field");
    }

    @Test
    void malformedBodiesAreNamedBody() {
        for (String bad : new String[] {"", "{", "[1]", "{\"a\": 1} {", "{\"a\": 1, \"a\": 2}", "nul"}) {
            assertThatThrownBy(() -> JsonBody.parse(bad)).isInstanceOf(ApiException.class)
                    .satisfies(e -> assertThat(((ApiException) e).errors()).extracting(f -> f.field()).containsExactly("body"));
        }
    }
}
