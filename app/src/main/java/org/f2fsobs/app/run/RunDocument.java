package org.f2fsobs.app.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.ExecSpec;
import org.f2fsobs.bench.api.ResultJson;
import org.f2fsobs.bench.api.RunResult;

/**
 * {@code GET /api/runs/{id}}: the result document (contracts.md §3, its fields at the top level) plus where the
 * run stands; before it ends, those and the {@code request} it will run (and the {@code error} when it failed).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record RunDocument(
        @JsonUnwrapped RunResult result,
        @Schema(description = "before the run ends: what it will run", oneOf = {CellSpec.class, ExecSpec.class}) @JsonRawValue String request,
        String error,
        long id,
        @Schema(allowableValues = {"QUEUED", "RUNNING", "DONE", "FAILED", "CANCELLED"}) String status,
        @Schema(allowableValues = {"CELL", "SCENARIO", "EXEC"}) String kind,
        Long matrixId,
        Integer cellIndex,
        Instant createdAt,
        Instant finishedAt) {

    static RunDocument of(Run r) {
        RunResult result = r.resultJson() == null ? null : ResultJson.read(r.resultJson(), RunResult.class);
        return new RunDocument(result, result == null ? r.requestJson() : null, result == null ? r.error() : null, r.id(), r.status(),
                r.kind(), r.matrixId(), r.cellIndex(), r.createdAt(), r.finishedAt());
    }
}
