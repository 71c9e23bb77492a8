package org.f2fsobs.bench.tool;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Expected strings were printed by glibc's printf (gcc harness, see the class comment of CFormat). */
class CFormatTests {

    @Test
    void shouldRoundFixedPointHalfEvenFromTheExactBinaryValueLikeGlibc() {
        assertThat(CFormat.sprintf("[%.2f] [%.2f] [%.1f] [%5.02f] [%3.2f]", 0.125, 2.675, 0.05, 8.495, 99.995))
                .isEqualTo("[0.12] [2.67] [0.1] [ 8.49] [100.00]");
        assertThat(CFormat.sprintf("[%.0f] [%.0f] [%e]", 0.5, 1.5, 12345.678)).isEqualTo("[0] [2] [1.234568e+04]");
    }

    @Test
    void shouldPrintShortestGeneralFormLikeGlibc() {
        assertThat(CFormat.sprintf("[%g] [%g] [%g] [%g] [%g] [%g]", 0.0155349, 0.00138253, 1234567.0, 0.0000123456,
                100.0, 2.082554)).isEqualTo("[0.0155349] [0.00138253] [1.23457e+06] [1.23456e-05] [100] [2.08255]");
        assertThat(CFormat.g(0.0)).isEqualTo("0");
    }

    @Test
    void shouldPadAndPrintUnsignedAndCharacters() {
        assertThat(CFormat.sprintf("%16lld|%-6s|%05d|%c|%llu|%*llu|%%", 102400L, "ab", 42, 'x', -1L, 5, 11L))
                .isEqualTo("          102400|ab    |00042|x|18446744073709551615|   11|%");
        assertThat(CFormat.sprintf("%2d|%3.1f%%|%x", 0, 112.2, 255)).isEqualTo(" 0|112.2%|ff");
    }
}
