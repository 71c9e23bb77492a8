package org.f2fsobs.app.matrix;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotNull;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.matrix.MatrixRequest;

/**
 * {@code POST /api/matrices} (contracts.md §4). Lists are required where the contract has lists (a bare value is an
 * error naming the field); unknown fields are errors. The catalog checks names, values, ranges and the cell limit.
 */
@Schema(description = "scenario × flags × parameters × repetitions", example = "{\"scenario\": \"fio-large-section\", "
        + "\"optimizations\": {\"sec_ckpt_valid_blocks\": [false, true]}, \"params\": {\"segs_per_sec\": [1, 128], \"scale\": [0.01]}, "
        + "\"repetitions\": 3, \"seed\": 1}")
record MatrixRequestBody(
        @Schema(description = "catalog scenario id", example = "fio-large-section") @NotNull(message = "is required: a catalog scenario id")
        String scenario,
        @Schema(description = "flag → the values to run it with (default: the studied flag off and on)") Map<String, List<Boolean>> optimizations,
        @Schema(description = "parameter → the values to run (default: the scenario's)") Map<String, List<Object>> params,
        @Schema(description = "runs per point and flag setting (default 3); repetition i uses seed + i") Integer repetitions,
        @Schema(description = "the matrix seed (default 1)") Long seed,
        @Schema(description = "machine profile (default: the scenario's)") String profile,
        @Schema(description = "also run the band (contracts.md §6): every profile constant the runs read across its sourced range; "
                + "the matrix then grows by the band's cells, within observatory.limits.band-cells") Boolean band) {

    MatrixRequest request() {
        return new MatrixRequest(scenario, optimizations, params, repetitions, seed);
    }
}
