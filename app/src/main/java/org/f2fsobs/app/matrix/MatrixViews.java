package org.f2fsobs.app.matrix;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.f2fsobs.bench.api.CellSpec;
import org.f2fsobs.bench.api.Comparison;
import org.f2fsobs.bench.api.RunResult;

/** The JSON documents of {@code /api/matrices} (snake_case, as contracts.md §4 names them). */
final class MatrixViews {
    private MatrixViews() {}

    /** A matrix without its cells: history rows, the answer to DELETE, the top of {@link Detail}. */
    record Summary(long id, String scenario, String profile,
                   @Schema(allowableValues = {"QUEUED", "RUNNING", "DONE", "FAILED", "CANCELLED"}) String status,
                   long seed, int repetitions, int cellCount, int cellsDone, int cellsFailed, String error,
                   Instant createdAt, Instant startedAt, Instant finishedAt) {

        static Summary of(Matrix m) {
            return new Summary(m.id(), m.scenario(), m.profile(), m.status(), m.seed(), m.repetitions(), m.cellCount(), m.cellsDone(),
                    m.cellsFailed(), m.error(), m.createdAt(), m.startedAt(), m.finishedAt());
        }
    }

    /** {@code GET /api/matrices}: newest first. */
    record Page(int page, int size, long total, List<Summary> items) {}

    /** The 202 of {@code POST /api/matrices}: the matrix is stored with its cells. */
    record Accepted(long id, String status, int cellCount, List<AcceptedCell> cells) {}

    record AcceptedCell(int index, String scenario, String profile, Map<String, Boolean> optimizations, Map<String, Object> params,
                        long seed, int repetition) {}

    /** The request as accepted, normalised (defaults filled in): what {@code REQUEST_JSON} keeps. */
    record AcceptedRequest(String scenario, String profile, Map<String, List<Boolean>> optimizations, Map<String, List<Object>> params,
                           Integer repetitions, Long seed, @JsonInclude(JsonInclude.Include.NON_NULL) Boolean band) {}

    /** {@code GET /api/matrices/{id}}: status, progress, cells (with results, or headlines), comparisons. */
    record Detail(@JsonUnwrapped Summary summary, AcceptedRequest request, Progress progress, List<CellState> cells,
                  boolean comparisonsComplete, @JsonInclude(JsonInclude.Include.NON_NULL) String comparisonsError,
                  List<Comparison> comparisons) {}

    record Progress(int cells, int queued, int running, int done, int failed, int cancelled, double fraction,
                    List<RunningCell> runningCells) {}

    /** A running cell: the phase its run is in and how far along (0 … 1). */
    record RunningCell(int index, String phase, double fraction) {}

    /** One cell; {@code result} (with results) or {@code headline} (without) once DONE. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record CellState(int index, String status, @Schema(implementation = CellSpec.class) @JsonRawValue String spec,
                     @JsonInclude(JsonInclude.Include.ALWAYS) Long runId, int attempts, String error,
                     @Schema(implementation = RunResult.class) @JsonRawValue String result, Headline headline,
                     @Schema(description = "the instance that ran it (last claim), host-pid") String worker) {}

    record Headline(String name, Double value, String unit) {}

    /** {@code event: cell} of the event stream: the cell's headline, its index and result row. */
    record CellEvent(String name, Double value, String unit, int cell, Long runId) {}

    /** {@code event: done}: how the matrix ended. */
    record DoneEvent(String status, int cellCount, int cellsDone, int cellsFailed) {}
}
