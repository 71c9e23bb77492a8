/**
 * Statistics and verdicts of a matrix: pure, deterministic functions of the cells' results (no simulation here).
 *
 * <table>
 * <caption>Where is what</caption>
 * <tr><th>looking for</th><th>class</th></tr>
 * <tr><td>median, min, max, mean, stddev, CV</td><td>{@link org.f2fsobs.bench.stats.Summary}</td></tr>
 * <tr><td>CI of the on/off ratio of medians</td><td>{@link org.f2fsobs.bench.stats.Bootstrap}</td></tr>
 * <tr><td>the verdict rule of contracts.md §3</td><td>{@link org.f2fsobs.bench.stats.Verdicts}</td></tr>
 * <tr><td>expected counter movements</td><td>{@link org.f2fsobs.bench.stats.CounterExpectation},
 *     {@link org.f2fsobs.bench.stats.MechanismCheck}</td></tr>
 * <tr><td>cells → comparisons (the matrix output)</td><td>{@link org.f2fsobs.bench.stats.Comparisons},
 *     {@link org.f2fsobs.bench.stats.ComparisonSpec}, {@link org.f2fsobs.bench.stats.ComparisonDetail}</td></tr>
 * <tr><td>significance and effect size</td><td>{@link org.f2fsobs.bench.stats.MannWhitney},
 *     {@link org.f2fsobs.bench.stats.WelchT}, {@link org.f2fsobs.bench.stats.CliffsDelta}</td></tr>
 * <tr><td>runs needed for the claimed effect</td><td>{@link org.f2fsobs.bench.stats.Power}</td></tr>
 * <tr><td>LKP {@code %stddev %change %stddev} table</td><td>{@link org.f2fsobs.bench.stats.ChangeTable}</td></tr>
 * </table>
 *
 * <p>Determinism: randomness only from the engine's {@code Prng}, seeded from the matrix seed; special functions
 * through {@link java.lang.StrictMath}; values sorted before use; no hash-ordered iteration. The same cells give the
 * same bits, in whatever order they finished.
 */
package org.f2fsobs.bench.stats;
