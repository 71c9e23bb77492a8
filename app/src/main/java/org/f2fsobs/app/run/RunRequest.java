package org.f2fsobs.app.run;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Pattern;
import java.util.Map;

/**
 * {@code POST /api/runs}: either a catalog cell ({@code scenario, optimizations: {flag: bool}, params: {key: value},
 * seed, profile}) or a free-form run ({@code profile, mkfs, mount, optimizations, command | script, seed, dd_style}),
 * not both; a field of the other form is an error naming it.
 */
@Schema(description = "a catalog cell (scenario …) or a free-form tool command (command …), not both")
public record RunRequest(
        @Schema(description = "catalog scenario id: a catalog run", example = "fio-large-section") String scenario,
        @Schema(description = "flag → on/off (one value each)") Map<String, Boolean> optimizations,
        @Schema(description = "catalog run: parameter → one value") Map<String, Object> params,
        @Schema(description = "the run's seed (default 1)") Long seed,
        @Schema(description = "machine profile; required for a command run", example = "nullblk-x86") String profile,
        @Schema(description = "command run: mkfs.f2fs options", example = "-s 128") String mkfs,
        @Schema(description = "command run: mount options") String mount,
        @Schema(description = "command run: the tool command line", example = "fio --name=w --rw=write --bs=512k --size=64m --filename=/mnt/f")
        String command,
        @Schema(description = "command run: dd syntax (default: the profile's userland)", allowableValues = {"gnu", "toybox"})
        @Pattern(regexp = "gnu|toybox", message = "must be gnu or toybox") String ddStyle,
        @Schema(description = "instead of command: the shell lines of a mail's Test section, run in order on one machine (contracts.md §6)",
                example = "make_f2fs -s 128 /dev/block/nullb0\nfio --name=w --rw=write --bs=512k --size=64m --filename=/mnt/f")
        String script) {

    boolean catalogRun() {
        return scenario != null;
    }
}
