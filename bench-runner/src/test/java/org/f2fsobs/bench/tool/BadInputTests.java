package org.f2fsobs.bench.tool;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.f2fsobs.bench.tool.dd.DdDialect;
import org.f2fsobs.bench.tool.dispatch.ToolCommandLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad commands across the four tools: each is refused with a message naming the offending option or value. */
class BadInputTests {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            fio --name=a --size=1m --foo=1                          | GNU    | '--foo=1'
            fio --name=a --size=0                                   | GNU    | size=0
            fio --name=a --size=4k --bs=8k                          | GNU    | bs=8192
            fio --name=a --size=1m --iodepth=0                      | GNU    | iodepth=0
            fio --name=a --size=1m --numjobs=0                      | GNU    | numjobs=0
            fio --name=a --size=1m --time_based                     | GNU    | time_based
            fio --name=a --size=-1m                                 | GNU    | size=-1m
            fio --name=a --size=1m --ioengine=windowsaio            | GNU    | windowsaio
            fio --name=a --size=1m --rw=trim                        | GNU    | rw=trim
            fio --name=a --size=1m --output-format=normal,json      | GNU    | normal,json
            fio --name=a --size=1m --terse-version=2                | GNU    | terse-version=2
            fio --name=a --size=1m --buffer_compress_percentage=50  | GNU    | buffer_compress_percentage=50
            fio --name=a --size=1m --rwmixread=120                  | GNU    | rwmixread=120
            fio --size=1m --bs=4k                                   | GNU    | --name
            fio --name=a --size=1q                                  | GNU    | size=1q
            fio --name=a --size=1m --direct=2                       | GNU    | direct=2
            fio --name=a --size=1m --runtime=10x                    | GNU    | runtime=10x
            fio --name=a --size=1m --uncached=1                     | GNU    | uncached
            fio --name=a --size=1m --fsync=2 --fdatasync=2          | GNU    | fdatasync=2
            fio --name=a --size=1m --section=x                      | GNU    | --section
            fio --name=a --size=1m --bs                             | GNU    | --bs
            dd if=a of=b foo=1                                      | GNU    | foo=1
            dd if=a of=b bs=0                                       | GNU    | bs=0
            dd if=/dev/zero of=dummy bs=1m count=1000               | GNU    | '1m'
            dd if=a of=b conv=bogus                                 | GNU    | bogus
            dd if=a of=b oflag=nonsense                             | GNU    | nonsense
            dd if=a of=b iflag=cio                                  | GNU    | iflag=cio
            dd if=a of=b count=-1                                   | GNU    | count=-1
            dd if=a of=b status=progress                            | TOYBOX | status=progress
            dd if=a of=b iflag=nocache                              | GNU    | iflag=nocache is not supported
            dd if=a of=b conv=excl,nocreat                          | GNU    | conv=excl is not supported
            dd if=a of=b bs=4k conv=sync                            | GNU    | conv=sync is not supported
            dd if=a of=b bs=4k conv=notrunc oflag=append            | TOYBOX | oflag=append is not supported
            dd if=a of=b ibs=1M obs=4k                              | GNU    | ibs=1048576 and obs=4096 differ
            fio --name=a --size=1m --bs=6k                          | GNU    | bs=6144
            fio --name=a --bs=64k                                   | GNU    | size=
            dd if=a of=b junk                                       | GNU    | junk
            dd if=a of=b bs=1q                                      | TOYBOX | bs=1q
            dd if=a of=b conv=fdatasync                             | TOYBOX | conv=fdatasync
            dd if=a of=b bs=0                                       | TOYBOX | bs=0
            iozone -a -s 100m -i 0 -x                               | GNU    | -x
            iozone -a -s 100m                                       | GNU    | -i
            iozone -a -s 100m -i 1                                  | GNU    | -i 1
            iozone -a -s 100m -i 7 -i 0                             | GNU    | -i 7
            iozone -a -s 0 -i 0                                     | GNU    | -s 0
            iozone -a -s 100m -r 32m -i 0                           | GNU    | -r 32m
            iozone -a -s 100mb -i 0                                 | GNU    | -s 100mb
            iozone -s 4k -r 8k -i 0                                 | GNU    | -r
            iozone -a -y 64k -q 4k -i 0                             | GNU    | -y
            iozone -a -i 0 -s                                       | GNU    | 's'
            iozone -a -i 0 -t 4                                     | GNU    | -t
            tiotest -t 0                                            | GNU    | -t 0
            tiotest -k 4                                            | GNU    | -k 4
            tiotest -f abc                                          | GNU    | -f abc
            tiotest -x                                              | GNU    | 'x'
            tiotest -R                                              | GNU    | -R
            tiotest -f 1 -b 4194304                                 | GNU    | -b 4194304
            tiotest -b                                              | GNU    | 'b'
            mkfs.f2fs /dev/nullb0                                   | GNU    | mkfs.f2fs
            """)
    void shouldRefuseBadInputNamingTheOffendingOption(String command, DdDialect dialect, String named) {
        assertThatThrownBy(() -> ToolCommandLine.parse(command, dialect))
                .isInstanceOf(ToolUsageException.class)
                .hasMessageContaining(named)
                .satisfies(e -> org.assertj.core.api.Assertions.assertThat(e.getStackTrace()).isEmpty());
    }

    @Test
    void shouldSplitCommandsLikeAShell() {
        org.assertj.core.api.Assertions.assertThat(ToolCommandLine.split(" fio  --name='my job' --filename=\"/mnt/a b\" x\\ y "))
                .containsExactly("fio", "--name=my job", "--filename=/mnt/a b", "x y");
        org.assertj.core.api.Assertions.assertThat(ToolCommandLine.parse("./tiotest -t 32 -d /data/tio_tmp -f 32 -b 524288 "
                + "-k 1 -k 3 -L", DdDialect.GNU).tool()).isEqualTo("tiotest");
        assertThatThrownBy(() -> ToolCommandLine.split("fio --name='x")).isInstanceOf(ToolUsageException.class);
    }
}
