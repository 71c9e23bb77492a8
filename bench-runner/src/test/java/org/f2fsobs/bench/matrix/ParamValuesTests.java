package org.f2fsobs.bench.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParamValuesTests {

    @Test
    void normalizesToLongDoubleStringBoolean() {
        assertThat(ParamValues.normalize(128)).isEqualTo(128L);
        assertThat(ParamValues.normalize((short) 4)).isEqualTo(4L);
        assertThat(ParamValues.normalize(0.5f)).isEqualTo(0.5);
        assertThat(ParamValues.normalize(1.0)).isEqualTo(1.0);
        assertThat(ParamValues.normalize(new BigDecimal("16384"))).isEqualTo(16384L);
        assertThat(ParamValues.normalize(new BigDecimal("0.25"))).isEqualTo(0.25);
        assertThat(ParamValues.normalize(BigInteger.TEN)).isEqualTo(10L);
        assertThat(ParamValues.normalize("lz4")).isEqualTo("lz4");
        assertThat(ParamValues.normalize(true)).isEqualTo(true);
    }

    @Test
    void rejectsNullNonFiniteAndOtherTypes() {
        assertThatThrownBy(() -> ParamValues.normalize(null)).hasMessageContaining("null");
        assertThatThrownBy(() -> ParamValues.normalize(Double.NaN)).hasMessageContaining("finite");
        assertThatThrownBy(() -> ParamValues.normalize(Map.of())).hasMessage("must be a number, a string or a boolean, not an object");
        assertThatThrownBy(() -> ParamValues.normalize(java.util.List.of(1))).hasMessageEndingWith("not a list");
        assertThatThrownBy(() -> ParamValues.normalize(new Object())).hasMessageEndingWith("not a value of type Object");
    }

    @Test
    void numbersCompareByValue() {
        assertThat(ParamValues.same(128, 128.0)).isTrue();
        assertThat(ParamValues.same(128L, new BigDecimal("128.00"))).isTrue();
        assertThat(ParamValues.compare(16, 128L)).isNegative();          // not "128" < "16"
        assertThat(ParamValues.compare(0.5, 1)).isNegative();
        assertThat(ParamValues.compare(5, "auto")).isNegative();          // numbers before strings
        assertThat(ParamValues.compare(false, true)).isNegative();
        assertThat(ParamValues.compare(true, "a")).isNegative();
        assertThat(ParamValues.compare("lz4", "zstd")).isNegative();
    }

    @Test
    void mapsCompareKeyByKeyWithMissingKeysFirst() {
        assertThat(ParamValues.compareMaps(Map.of("a", 1, "b", 2), Map.of("a", 1, "b", 10))).isNegative();
        assertThat(ParamValues.compareMaps(Map.of("a", 2), Map.of("a", 1, "b", 1))).isPositive();
        assertThat(ParamValues.compareMaps(Map.of("b", 1), Map.of("a", 1, "b", 1))).isNegative();
        assertThat(ParamValues.compareMaps(Map.of("a", 1.0), Map.of("a", 1L))).isZero();
    }

    @Test
    void canonicalTextIsStable() {
        assertThat(ParamValues.canonical(128.0)).isEqualTo("128");
        assertThat(ParamValues.canonical(0.1)).isEqualTo("0.1");
        assertThat(ParamValues.canonical("a\"b")).isEqualTo("\"a\\\"b\"");
        assertThat(ParamValues.canonical(Map.of("segs_per_sec", 128L, "compression", "lz4", "scale", 1.0)))
                .isEqualTo("compression=\"lz4\",scale=1,segs_per_sec=128");
    }

    @Test
    void parsesCommandLineValues() {
        assertThat(ParamValues.parse("128")).isEqualTo(128L);
        assertThat(ParamValues.parse(" -3 ")).isEqualTo(-3L);
        assertThat(ParamValues.parse("0.5")).isEqualTo(0.5);
        assertThat(ParamValues.parse("1.0")).isEqualTo(1.0);
        assertThat(ParamValues.parse(".25")).isEqualTo(0.25);
        assertThat(ParamValues.parse("1e-3")).isEqualTo(0.001);
        assertThat(ParamValues.parse("1e999")).isEqualTo("1e999");
        assertThat(ParamValues.parse("99999999999999999999")).isEqualTo("99999999999999999999");
        assertThat(ParamValues.parse("lz4")).isEqualTo("lz4");
        assertThat(ParamValues.parse("auto")).isEqualTo("auto");
        assertThat(ParamValues.parse("NaN")).isEqualTo("NaN");
        assertThat(ParamValues.parse("0x10")).isEqualTo("0x10");
    }
}
