package org.f2fsobs.app.system;

import java.time.Duration;
import org.f2fsobs.bench.api.RunLimits;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Everything under {@code observatory.*}. Defaults here are the documented ones (README, "Limits").
 *
 * @param dataDir  folder of the H2 file database ({@code ./data}); relative paths start with {@code ./}
 * @param apiToken when set, every POST and DELETE needs {@code Authorization: Bearer <token>}
 *                 (environment: {@code OBSERVATORY_API_TOKEN})
 * @param limits   request limits; over one → 422 naming it
 * @param queue    the run queue
 * @param role     what this instance does: {@code all} (pages, API and cells: the default), {@code web} (pages and API;
 *                 the cells run elsewhere) or {@code worker} (only cells), all on one shared database
 */
@ConfigurationProperties("observatory")
public record ObservatoryProperties(String dataDir, String apiToken, Limits limits, Queue queue, Role role) {

    /** What an instance does ({@code observatory.role}). */
    public enum Role {
        ALL, WEB, WORKER;

        /** Whether this instance runs cells, runs and crash checks. */
        public boolean runsJobs() {
            return this != WEB;
        }

        /** Whether this instance serves the pages and the API. */
        public boolean serves() {
            return this != WORKER;
        }
    }

    public ObservatoryProperties {
        if (dataDir == null) dataDir = "./data";
        if (apiToken != null && apiToken.isBlank()) apiToken = null;
        if (limits == null) limits = new Limits(null, null, null, null, null, null, null, null, null, null);
        if (queue == null) queue = new Queue(null, null, null, null, null);
        if (role == null) role = Role.ALL;
    }

    public boolean tokenRequired() {
        return apiToken != null;
    }

    /**
     * Request limits (contracts.md §4). Each is reported under its snake_case name.
     *
     * @param maxCells           cells one matrix may have (points × flag settings × repetitions); {@code max_cells}
     * @param concurrentMatrices matrices that run at the same time; {@code concurrent_matrices}
     * @param queuedMatrices     matrices that may wait for a running slot; a matrix is accepted while fewer than
     *                           concurrent + queued matrices are unfinished; {@code queued_matrices}
     * @param queuedRuns         single runs and crash checks that may wait at once; {@code queued_runs}
     * @param runDataBytes       data one run may move: the scaled size × threads ({@code ScenarioCommand.dataBytes})
     *                           for scenario cells, the tool's size × jobs for free-form commands; {@code run_data_bytes}
     * @param runSeconds         virtual seconds a time-based free-form run may last (fio {@code time_based} with
     *                           {@code runtime=}, whose data the options do not bound); {@code run_seconds}
     * @param commandLength      characters of a free-form command (and of mkfs/mount options); {@code command_length}
     * @param crashPoints        crash points one crash check may visit ({@code max_points}); {@code crash_points}
     * @param bodyBytes          bytes of a request body (JSON, JMH files); {@code body_bytes}
     * @param bandCells          cells a matrix's band may run (contracts.md §6, {@code "band": true}), checked against
     *                           the band's upper bound before the matrix is accepted; {@code band_cells}
     */
    public record Limits(Long maxCells, Integer concurrentMatrices, Integer queuedMatrices, Integer queuedRuns,
                         Long runDataBytes, Long runSeconds, Integer commandLength, Integer crashPoints, Integer bodyBytes,
                         Long bandCells) {
        public static final String MAX_CELLS = RunLimits.MAX_CELLS;
        public static final String CONCURRENT_MATRICES = "concurrent_matrices";
        public static final String QUEUED_MATRICES = "queued_matrices";
        public static final String QUEUED_RUNS = "queued_runs";
        public static final String RUN_DATA_BYTES = RunLimits.RUN_DATA_BYTES;
        public static final String RUN_SECONDS = RunLimits.RUN_SECONDS;
        public static final String COMMAND_LENGTH = RunLimits.COMMAND_LENGTH;
        public static final String CRASH_POINTS = RunLimits.CRASH_POINTS;
        public static final String BODY_BYTES = "body_bytes";
        public static final String BAND_CELLS = "band_cells";
        /** Not a setting: each scenario's smallest meaningful scale (its catalog file), named on a 422 like a limit. */
        public static final String MIN_SCALE = "min_scale";

        public Limits {
            // the limits on one request are the bench runner's, shared with the CLI (RunLimits.DEFAULT)
            if (maxCells == null) maxCells = RunLimits.DEFAULT.maxCells();
            if (concurrentMatrices == null) concurrentMatrices = 2;
            if (queuedMatrices == null) queuedMatrices = 20;
            if (queuedRuns == null) queuedRuns = 100;
            if (runDataBytes == null) runDataBytes = RunLimits.DEFAULT.runDataBytes();
            if (runSeconds == null) runSeconds = RunLimits.DEFAULT.runSeconds();
            if (commandLength == null) commandLength = (int) RunLimits.DEFAULT.commandLength();
            if (crashPoints == null) crashPoints = (int) RunLimits.DEFAULT.crashPoints();
            if (bodyBytes == null) bodyBytes = 4 << 20;
            if (bandCells == null) bandCells = 5000L;
            positive(MAX_CELLS, maxCells);
            positive(CONCURRENT_MATRICES, concurrentMatrices);
            if (queuedMatrices < 0) throw new IllegalArgumentException("observatory.limits.queued-matrices must be >= 0");
            positive(QUEUED_RUNS, queuedRuns);
            positive(RUN_DATA_BYTES, runDataBytes);
            positive(RUN_SECONDS, runSeconds);
            positive(COMMAND_LENGTH, commandLength);
            positive(CRASH_POINTS, crashPoints);
            positive(BODY_BYTES, bodyBytes);
            positive(BAND_CELLS, bandCells);
        }

        /** The limits the bench runner checks a request against (the same code as the CLI's). */
        public RunLimits run() {
            return new RunLimits(maxCells, runDataBytes, runSeconds, commandLength, crashPoints);
        }

        private static void positive(String name, long v) {
            if (v < 1) throw new IllegalArgumentException("observatory.limits." + name.replace('_', '-') + " must be at least 1, got " + v);
        }
    }

    /**
     * @param workers         cells (or runs, or crash checks) simulated at once, each on its own thread; 0 = the
     *                        default, available processors − 1 (at least 1): one core stays with the event loop,
     *                        H2 and the SSE streams
     * @param pollInterval    how often the job scheduler looks for due work that no local submit woke it for (work
     *                        submitted on another instance, retries), and how often a worker checks whether its running
     *                        cells' matrices were cancelled elsewhere
     * @param durableCommits  after each commit the queue relies on, ask H2 to write its store to the file
     *                        ({@code CHECKPOINT}): H2 otherwise writes committed changes up to
     *                        {@code WRITE_DELAY} (500 ms) later, and a kill -9 in between would lose them
     * @param heartbeat       how often a worker marks its running jobs alive in the job table
     * @param missedHeartbeats after this many heartbeats missed, a job is dead (its worker was killed) and runs again
     */
    public record Queue(Integer workers, Duration pollInterval, Boolean durableCommits, Duration heartbeat, Integer missedHeartbeats) {
        public Queue {
            if (workers == null) workers = 0;
            if (pollInterval == null) pollInterval = Duration.ofSeconds(2);
            if (durableCommits == null) durableCommits = true;
            if (heartbeat == null) heartbeat = Duration.ofSeconds(2);
            if (missedHeartbeats == null) missedHeartbeats = 6;
            if (workers < 0) throw new IllegalArgumentException("observatory.queue.workers must be >= 0");
            if (heartbeat.toMillis() < 100) throw new IllegalArgumentException("observatory.queue.heartbeat must be at least 100ms");
            if (missedHeartbeats < 2) throw new IllegalArgumentException("observatory.queue.missed-heartbeats must be at least 2");
        }

        public int effectiveWorkers() {
            return workers > 0 ? workers : Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
        }
    }
}
