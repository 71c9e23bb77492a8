/**
 * The scenario catalog (contracts.md §1, §4, §5): the four seed experiments as resource files, their model, and the
 * checks that turn a request into cells.
 *
 * <table>
 * <caption>Where is what</caption>
 * <tr><th>looking for</th><th>class</th></tr>
 * <tr><td>load, list, get; request → cells or named errors</td><td>{@link org.f2fsobs.bench.scenario.ScenarioCatalog}</td></tr>
 * <tr><td>one scenario (everything its file says)</td><td>{@link org.f2fsobs.bench.scenario.Scenario}</td></tr>
 * <tr><td>the command as run, scaling, mkfs/mount, preparation, reproduce line</td>
 *     <td>{@link org.f2fsobs.bench.scenario.ScenarioCommand}</td></tr>
 * <tr><td>the mail's figures and unit conversions</td><td>{@link org.f2fsobs.bench.scenario.Reference},
 *     {@link org.f2fsobs.bench.scenario.Figure}, {@link org.f2fsobs.bench.scenario.UnitConversion}</td></tr>
 * <tr><td>comparisons and verdicts of a scenario's matrix</td><td>{@link org.f2fsobs.bench.scenario.ScenarioComparisons}</td></tr>
 * <tr><td>{@code GET /api/scenarios}</td><td>{@link org.f2fsobs.bench.scenario.CatalogJson}</td></tr>
 * <tr><td>the files</td><td>{@code src/main/resources/scenarios/catalog.json} (ids in order) and {@code <id>.json}</td></tr>
 * </table>
 *
 * <h2>Scenario file format</h2>
 * One JSON object; unknown keys are errors ({@link org.f2fsobs.bench.scenario.ScenarioFormatException} names the file
 * and path). {@code when} objects map a parameter to a value or a list of values; a point matches when each named
 * parameter has one of them. Templates fill {@code {param}} placeholders and the scale rule's placeholder.
 * <pre>
 * id, title, seed_file, patch, tool (fio|dd|iozone|tiotest), profile (Profiles.names()), era, environment
 * command             the measured command verbatim from the mail
 * inferred            true when the mail gives no command; then inferred_reasoning says why this one
 * run                 template, or [{"when": {...}, "value": template}, ..., {"value": template}] (first match)
 * flag                the flag under study
 * flags               {flag: "studied" | "on" | "off"} for all four flags (contracts.md §1 table)
 * tunables            {name: {"value": v, "why": text}}: serialize_rule, min_seq_blocks, ...
 * mkfs, mount         template or variants, as run
 * preparation         [{"op": mkdir|chattr_compress|run|drop_caches, "path", "command": template, "when", "why"}]
 * params              [{"name", "kind": power_of_two|integer|choice, "min", "max", "values" (choice),
 *                       "words" (extra words of a number: "auto"), "unsupported": {value: reason}, "default",
 *                       "mail_values", "drives", "description"}]; scale (and seed) are added for every scenario
 * scale               {"shrinks", "placeholder", "full_bytes" | "full_param" + "full_param_unit", "block_bytes",
 *                       "block_param" + "block_param_unit", "format": fio_size|count|iozone_size|mib,
 *                       "below_one_block": one_block|error, "times_param" (data = size × param), "rule"}
 * headline            {"name", "unit": "bytes/s", "row_metric", "row_param"} (row_*: iozone)
 * units               {printed unit: {"base", "factor", "how"}}
 * references          [{"when": {param: value}, "row", "metric", "before": figure, "after": figure, "source",
 *                       "quote", "note"}]; figure = {"values": [...], "unit", "approximate"}
 * reference_table     iozone: {"unit", "row", "columns", "before": [[row, col...]...], "after": [...], "quote", "note"}
 * expected_mechanism  [{"when", "why", "counters": [CounterExpectation JSON: counter, direction, min_change, tolerance]}]
 * notes               [text]
 * </pre>
 */
package org.f2fsobs.bench.scenario;
