package org.f2fsobs.bench.tool.fio;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Values from the real fio 3.33 sample output. */
class Num2StrTests {

    @Test
    void shouldFormatLikeFiosNum2str() {
        assertThat(Num2Str.num2str(14222, 4, 1, false, Num2Str.Unit.NONE)).isEqualTo("14.2k");
        assertThat(Num2Str.num2str(1864135111L, 4, 1, true, Num2Str.Unit.BYTEPERSEC)).isEqualTo("1778MiB/s");
        assertThat(Num2Str.num2str(1864135111L, 4, 1, false, Num2Str.Unit.BYTEPERSEC)).isEqualTo("1864MB/s");
        assertThat(Num2Str.num2str(50331648L, 4, 1, true, Num2Str.Unit.BYTE)).isEqualTo("48.0MiB");
        assertThat(Num2Str.num2str(50331648L, 4, 1, false, Num2Str.Unit.BYTE)).isEqualTo("50.3MB");
        assertThat(Num2Str.num2str(131072, 4, 1, true, Num2Str.Unit.BYTE)).isEqualTo("128KiB");
        assertThat(Num2Str.num2str(4096, 4, 1, true, Num2Str.Unit.BYTE)).isEqualTo("4096B");
        assertThat(Num2Str.num2str(136, 6, 1, false, Num2Str.Unit.NONE)).isEqualTo("136");
        assertThat(Num2Str.num2str(12967601, 6, 1, false, Num2Str.Unit.NONE)).isEqualTo("12968k");
    }
}
