/**
 * The observatory's web app (ARCHITECTURE §3, contracts.md §4): REST over WebFlux, a run queue that survives
 * restarts, results in an H2 file database (R2DBC, schema by Flyway), progress as server-sent events.
 *
 * <table>
 * <caption>Where is what</caption>
 * <tr><th>looking for</th><th>class</th></tr>
 * <tr><td>{@code /api/scenarios}, {@code /api/scenarios/{id}/comparison}, {@code /api/profiles}</td>
 *     <td>{@code scenario.ScenarioController}, {@code scenario.ProfileController}</td></tr>
 * <tr><td>{@code /api/matrices} (submit, history, one, events, cancel)</td>
 *     <td>{@code matrix.MatrixController} → {@code MatrixService}, {@code MatrixEventStream}, {@code MatrixRequestParser}</td></tr>
 * <tr><td>{@code /api/runs}, {@code /api/runs/{id}.csv}, {@code /api/compare}, {@code /api/jmh}</td>
 *     <td>{@code run.RunController}, {@code RunCsv}, {@code CompareController}, {@code JmhController}</td></tr>
 * <tr><td>{@code /api/crash-checks}</td><td>{@code crash.CrashCheckController}</td></tr>
 * <tr><td>the queue: jobs on db-scheduler (workers, heartbeats, retries of a killed worker's job); each kind's
 *     transactions; limits</td>
 *     <td>{@code queue.Jobs}, {@code CellJobs}, {@code RunJobs}, {@code CrashCheckJobs}, {@code Admission}</td></tr>
 * <tr><td>problem+json, the API token, security headers, access log, limits and their defaults</td>
 *     <td>{@code system.ApiExceptionHandler}, {@code ApiProblems}, {@code ApiTokenFilter}, {@code SecurityHeadersFilter},
 *     {@code WebConfiguration}, {@code ObservatoryProperties}</td></tr>
 * <tr><td>request bodies read strictly into records (every problem named at once)</td>
 *     <td>{@code system.StrictJson}, {@code StrictJsonDecoder}</td></tr>
 * <tr><td>where database work runs (never on the event loop); the pool; the API docs</td>
 *     <td>{@code system.Database}, {@code DatabaseConfiguration}, {@code OpenApiConfiguration}</td></tr>
 * <tr><td>the schema</td><td>{@code src/main/resources/db/migration/V1__observatory.sql}; the job table {@code V4__job_scheduler.sql}</td></tr>
 * </table>
 */
package org.f2fsobs.app;
