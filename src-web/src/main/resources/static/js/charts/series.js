// Pure data shaping: REST documents in, chart series and table rows out. No DOM and no Chart.js here, so the
// browser tests can call these directly and a reader can follow them (style.md §7.7: resultsToSeries).

import { toMiBps, fmtParams, fmtBytes, lkpChange, changePercent } from '../lib/format.js';

/** Parameters that size a run rather than name a point. */
const SIZE_PARAMS = ['scale'];

function sortedObject(o) {
  const out = {};
  for (const k of Object.keys(o || {}).sort()) out[k] = o[k];
  return out;
}

function compareValues(a, b) {
  const na = typeof a === 'number' || (typeof a === 'string' && a !== '' && !Number.isNaN(Number(a)));
  const nb = typeof b === 'number' || (typeof b === 'string' && b !== '' && !Number.isNaN(Number(b)));
  if (na && nb) return Number(a) - Number(b);
  if (na !== nb) return na ? -1 : 1;
  return String(a).localeCompare(String(b));
}

function pointParams(c) {
  const p = {};
  for (const [k, v] of Object.entries(c.params || {})) if (!SIZE_PARAMS.includes(k)) p[k] = v;
  return p;
}

function byPoint(a, b) {
  const pa = pointParams(a), pb = pointParams(b);
  for (const k of Array.from(new Set([...Object.keys(pa), ...Object.keys(pb)])).sort()) {
    const d = compareValues(pa[k], pb[k]);
    if (d !== 0) return d;
  }
  return (a.row ?? -1) - (b.row ?? -1);
}

/** The parameters (scale aside) whose value differs between the comparisons, and whether iozone rows differ. */
export function varyingOf(comparisons) {
  const values = {};
  const rows = new Set();
  for (const c of comparisons) {
    for (const [k, v] of Object.entries(pointParams(c))) (values[k] ||= new Set()).add(String(v));
    if (c.row != null) rows.add(c.row);
  }
  return { params: Object.keys(values).filter((k) => values[k].size > 1).sort(), rows: rows.size > 1 };
}

/**
 * Comparisons grouped into sets that can share a chart: same profile, same scale, same values of the other flags.
 * Newest set first (by the newest matrix in it); points inside a set in parameter order, then row order.
 */
export function comparisonSets(comparisons) {
  const sets = new Map();
  for (const c of comparisons || []) {
    const scale = c.params ? c.params.scale : undefined;
    const key = JSON.stringify([c.profile ?? null, scale ?? null, sortedObject(c.other_flags)]);
    if (!sets.has(key)) {
      sets.set(key, { key, profile: c.profile ?? null, scale: scale ?? null, otherFlags: c.other_flags || {}, comparisons: [], newestMatrix: 0 });
    }
    const s = sets.get(key);
    s.comparisons.push(c);
    s.newestMatrix = Math.max(s.newestMatrix, c.matrix_id || 0);
  }
  const out = Array.from(sets.values());
  for (const s of out) {
    s.comparisons.sort(byPoint);
    s.varying = varyingOf(s.comparisons);
    s.matrices = Array.from(new Set(s.comparisons.map((c) => c.matrix_id))).sort((a, b) => a - b);
    s.label = setLabel(s);
  }
  out.sort((a, b) => b.newestMatrix - a.newestMatrix);
  return out;
}

function setLabel(s) {
  const parts = [];
  if (s.profile) parts.push(s.profile);
  if (s.scale != null) parts.push('scale ' + s.scale + (Number(s.scale) === 1 ? " (the mail's size)" : ''));
  parts.push((s.matrices.length === 1 ? 'matrix ' : 'matrices ') + s.matrices.join(', '));
  const others = fmtParams(s.otherFlags);
  if (others) parts.push('other flags: ' + others);
  return parts.join(' · ');
}

/** A point's name inside its set: the parameters that vary there, and the iozone record length. */
export function pointLabel(c, varying) {
  const parts = [];
  const names = varying && varying.params.length ? varying.params : Object.keys(pointParams(c)).sort();
  const p = pointParams(c);
  const shown = names.filter((k) => k in p).map((k) => k + '=' + p[k]);
  if (c.row != null) {
    const rowText = c.row + ' KiB records';
    return shown.length && varying && varying.params.length ? shown.join(', ') + ' · ' + rowText : rowText;
  }
  return shown.join(', ') || 'defaults';
}

/** The mail's figure (bytes/s) for a side of a comparison, or null when the mail has none at that point. */
export function referenceValue(c, side) {
  const refs = Array.isArray(c.reference) ? c.reference : [];
  for (const r of refs) {
    if (r && r[side] && typeof r[side].value === 'number') return r[side].value;
  }
  return null;
}

/**
 * Before/after bars of one set, in MiB/s: medians, min–max whiskers, and the mail's figures (null where it has none).
 */
export function barSeries(set) {
  const cs = set.comparisons;
  const range = (s) => [toMiBps(s.min), toMiBps(s.max)];
  return {
    labels: cs.map((c) => pointLabel(c, set.varying)),
    off: cs.map((c) => toMiBps(c.off.median)),
    on: cs.map((c) => toMiBps(c.on.median)),
    offRange: cs.map((c) => range(c.off)),
    onRange: cs.map((c) => range(c.on)),
    n: cs.map((c) => [c.off.n, c.on.n]),
    refOff: cs.map((c) => toMiBps(referenceValue(c, 'off'))),
    refOn: cs.map((c) => toMiBps(referenceValue(c, 'on'))),
  };
}

/**
 * The sweep of one set: the on/off ratio along the one numeric dimension that varies (a parameter, or iozone's
 * record length rows), with its interval and the mail's ratio. {@code null} and a reason when there is none.
 */
export function sweepSeries(set) {
  const v = set.varying;
  let dimension = null, xOf = null;
  if (v.rows && v.params.length === 0) {
    dimension = 'record length (KiB)';
    xOf = (c) => c.row;
  } else if (v.params.length === 1 && !v.rows) {
    const name = v.params[0];
    const numeric = set.comparisons.every((c) => !Number.isNaN(Number(c.params[name])));
    if (!numeric) return { reason: name + ' varies, but its values are not numbers: the bars above show each one.' };
    dimension = name;
    xOf = (c) => Number(c.params[name]);
  } else if (v.params.length > 1) {
    return { reason: 'more than one parameter varies here (' + v.params.join(', ') + '); a sweep needs exactly one.' };
  } else {
    return { reason: 'only one parameter point in this set: run a matrix with several values of a parameter to see a sweep.' };
  }
  const points = set.comparisons.map((c) => ({ x: xOf(c), ratio: c.ratio, ci: c.ratio_ci, reference: c.reference_ratio ?? null }))
    .sort((a, b) => a.x - b.x);
  return {
    dimension,
    labels: points.map((p) => String(p.x)),
    ratio: points.map((p) => p.ratio),
    ci: points.map((p) => (Array.isArray(p.ci) ? p.ci : null)),
    reference: points.map((p) => p.reference),
  };
}

/**
 * The points whose runs can be looked at (one per matrix and parameter set; iozone rows share their run).
 */
/**
 * The points the evidence panel can show, one per matrix and parameter point; {@code claimedEffect} is the largest
 * |ratio − 1| the mail claims there (0 without a mail figure), which {@link mostInterestingPoint} opens on.
 */
export function evidencePoints(set) {
  const seen = new Map();
  for (const c of set.comparisons) {
    const params = c.params || {};
    const key = c.matrix_id + '|' + JSON.stringify(sortedObject(params));
    if (!seen.has(key)) {
      const v = { params: set.varying.params, rows: false };
      const label = pointLabel({ params, row: null }, v) + ' (matrix ' + c.matrix_id + ')';
      seen.set(key, { key, matrixId: c.matrix_id, params, otherFlags: c.other_flags || {}, label, hasReference: false, claimedEffect: 0 });
    }
    const p = seen.get(key);
    if (referenceValue(c, 'off') != null || referenceValue(c, 'on') != null) p.hasReference = true;
    if (c.reference_ratio != null) p.claimedEffect = Math.max(p.claimedEffect, Math.abs(c.reference_ratio - 1));
  }
  return Array.from(seen.values());
}

function sameValue(a, b) {
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return String(a) === String(b);
}

/**
 * The DONE results of a matrix (GET /api/matrices/{id}) at one point, split by the studied flag. A band's cells
 * (they carry profile_overrides) are not runs of the point: they are left out.
 */
export function resultsAt(matrix, point, flag) {
  const off = [], on = [];
  for (const cell of matrix.cells || []) {
    const r = cell.result;
    if (cell.status !== 'DONE' || !r) continue;
    if (r.profile_overrides && Object.keys(r.profile_overrides).length) continue;
    const params = r.params || {};
    if (!Object.entries(point.params).every(([k, v]) => sameValue(params[k], v))) continue;
    const flags = r.optimizations || {};
    if (!Object.entries(point.otherFlags || {}).every(([k, v]) => flags[k] === v)) continue;
    const withId = { ...r, id: cell.run_id };
    if (flags[flag] === true) on.push(withId);
    else if (flags[flag] === false) off.push(withId);
  }
  return { off, on };
}

/** Numeric leaves of a nested object as dotted paths: {fsync_paths: {checkpoint: 2}} → {"fsync_paths.checkpoint": 2}. */
export function flatten(obj, prefix = '', out = {}) {
  if (obj == null) return out;
  for (const [k, v] of Object.entries(obj)) {
    const path = prefix ? prefix + '.' + k : k;
    if (typeof v === 'number') out[path] = v;
    else if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v, path, out);
  }
  return out;
}

/** Mean of each numeric path over the results (a path missing from a result counts as 0 there). */
export function meanOf(results, pick) {
  const sums = {};
  if (!results.length) return sums;
  const flat = results.map((r) => flatten(pick(r)));
  for (const f of flat) for (const k of Object.keys(f)) sums[k] = 0;
  for (const f of flat) for (const [k, v] of Object.entries(f)) sums[k] += v;
  for (const k of Object.keys(sums)) sums[k] /= results.length;
  return sums;
}

/**
 * A request-size histogram per side (mean count per run), buckets in size order and labelled 4 KiB, 512 KiB…
 * {@code on} may be null (one run).
 */
export function histogramSeries(offResults, onResults, name) {
  const pick = (r) => (r.histograms && r.histograms[name]) || {};
  const off = meanOf(offResults, pick);
  const on = onResults ? meanOf(onResults, pick) : null;
  const keys = Array.from(new Set([...Object.keys(off), ...Object.keys(on || {})])).sort((a, b) => Number(a) - Number(b));
  const total = keys.reduce((t, k) => t + (off[k] || 0) + ((on && on[k]) || 0), 0);
  return {
    name,
    bytes: keys.map(Number),
    labels: keys.map(fmtBytes),
    off: keys.map((k) => off[k] || 0),
    on: on ? keys.map((k) => on[k] || 0) : null,
    empty: total === 0,
  };
}

/** How many CPU primitives the time chart names; the rest are summed as "other CPU". */
export const TIME_TOP_CPU = 6;

/**
 * The time breakdown per side in ms (mean per run): device busy, the largest CPU primitives, the other CPU, lock wait.
 * CPU idle time is not a part (it would dwarf the rest); it is returned apart as {@code idleMs}.
 */
export function timeSeries(sides) {
  const means = sides.map((rs) => meanOf(rs, (r) => r.time_breakdown_ns || {}));
  const cpuTotals = {};
  for (const m of means) for (const [k, v] of Object.entries(m)) if (k.startsWith('cpu.')) cpuTotals[k] = (cpuTotals[k] || 0) + v;
  const top = Object.keys(cpuTotals).sort((a, b) => cpuTotals[b] - cpuTotals[a]).slice(0, TIME_TOP_CPU);
  const ms = (ns) => ns / 1e6;
  const parts = [{ label: 'device busy', values: means.map((m) => ms(m.device_busy || 0)) }];
  for (const k of top) parts.push({ label: 'CPU: ' + k.slice(4).replace(/_/g, ' '), values: means.map((m) => ms(m[k] || 0)) });
  parts.push({
    label: 'CPU: other',
    values: means.map((m) => ms(Object.entries(m).filter(([k]) => k.startsWith('cpu.') && !top.includes(k)).reduce((t, [, v]) => t + v, 0))),
  });
  parts.push({
    label: 'lock wait',
    values: means.map((m) => ms(Object.entries(m).filter(([k]) => k.startsWith('lock_wait.')).reduce((t, [, v]) => t + v, 0))),
  });
  return { parts: parts.filter((p) => p.values.some((v) => v > 0)), idleMs: means.map((m) => ms(m.idle || 0)) };
}

function matches(when, params) {
  return Object.entries(when || {}).every(([k, allowed]) => (Array.isArray(allowed) ? allowed : [allowed]).some((v) => sameValue(params[k], v)));
}

/** The catalog's expected counter movements at a point (the first entry whose conditions hold), by counter name. */
export function expectationsAt(catalogEntry, params) {
  const out = {};
  for (const e of (catalogEntry && catalogEntry.expected_mechanism) || []) {
    if (!matches(e.params, params || {})) continue;
    for (const c of e.counters || []) out[c.counter] = c.describe;
    break;
  }
  return out;
}

/**
 * Counter rows, LKP style: mean off, mean on, the change (printed only beyond ±2 %) and the catalog's expectation.
 * Expected counters first, then the ones that moved (largest change first), then the rest by name. Counters that are 0
 * on both sides are left out and counted in {@code zero}.
 */
export function counterRows(offResults, onResults, expected = {}) {
  const off = meanOf(offResults, (r) => r.counters || {});
  const on = meanOf(onResults, (r) => r.counters || {});
  const names = Array.from(new Set([...Object.keys(off), ...Object.keys(on)]));
  const rows = [];
  let zero = 0;
  for (const name of names) {
    const a = off[name] ?? 0, b = on[name] ?? 0;
    if (a === 0 && b === 0 && !(name in expected)) {
      zero++;
      continue;
    }
    rows.push({ name, off: a, on: b, change: lkpChange(a, b), percent: changePercent(a, b), expected: expected[name] || null });
  }
  const moved = (r) => (r.change ? Math.abs(r.percent ?? Infinity) : -1);
  rows.sort((x, y) => (y.expected ? 1 : 0) - (x.expected ? 1 : 0) || moved(y) - moved(x) || x.name.localeCompare(y.name));
  return { rows, zero };
}

/**
 * The matrix the overview's button starts: the studied flag off and on at the mail's parameter values — or, for a
 * scenario whose sides are two values of a parameter (entry.sides), those two values (the server fills them in).
 */
export function defaultMatrix(entry, scale, repetitions = 3) {
  const params = {};
  for (const p of entry.params || []) {
    if (p.name === 'seed' || p.name === 'scale') continue;
    if (entry.sides && p.name === entry.sides.param) continue;
    const values = Array.isArray(p.mail_values) && p.mail_values.length ? p.mail_values : [p.default];
    params[p.name] = values;
  }
  params.scale = [Number(scale)];
  return { scenario: entry.id, optimizations: entry.flag ? { [entry.flag]: [false, true] } : {}, params, repetitions, seed: 1 };
}

/**
 * The mail's claim, one line per compared figure: the point, before and after as the mail printed them, the ratio.
 */
export function claimLines(entry) {
  const refs = entry.references || [];
  const lines = [];
  for (const r of entry.reference_ratios || []) {
    if (!r.compared) continue;
    const same = (x) => x.metric === r.metric && (x.row ?? null) === (r.row ?? null) && JSON.stringify(sortedObject(x.params)) === JSON.stringify(sortedObject(r.params));
    const before = refs.find((x) => same(x) && x.optimization === 'off');
    const after = refs.find((x) => same(x) && x.optimization === 'on');
    const printed = (x) => (x ? x.printed.map((v) => String(v)).join(', ') + ' ' + x.printed_unit : '–');
    const where = [fmtParams(r.params), r.row != null ? r.row + ' KiB records' : ''].filter(Boolean).join(' · ') || 'the mail\'s run';
    lines.push({ where, metric: r.metric, before: printed(before), after: printed(after), ratio: r.ratio, source: (before || after || {}).source });
  }
  return lines;
}

/** The comparisons of the newest matrix among the latest per point (what the overview card summarises). */
export function newestComparisons(comparisons) {
  if (!comparisons || !comparisons.length) return [];
  const newest = Math.max(...comparisons.map((c) => c.matrix_id || 0));
  return comparisons.filter((c) => c.matrix_id === newest).sort(byPoint);
}

/** Counts per verdict: {reproduced: 2, partly: 1}. */
export function verdictCounts(comparisons) {
  const out = {};
  for (const c of comparisons) out[c.verdict] = (out[c.verdict] || 0) + 1;
  return out;
}

/** Progress of a matrix document: cells ended, and the fraction. */
export function progressOf(matrix) {
  const p = matrix.progress || {};
  const total = p.cells ?? matrix.cell_count ?? 0;
  const ended = (p.done || 0) + (p.failed || 0) + (p.cancelled || 0);
  return { total, ended, done: p.done || 0, failed: p.failed || 0, cancelled: p.cancelled || 0, running: p.running || 0, fraction: total ? ended / total : 1 };
}

/** Seconds left at the rate seen so far (null before the first cell ends or once all have). */
export function etaSeconds(startedAtMs, nowMs, ended, total) {
  if (startedAtMs == null || !ended || ended >= total) return null;
  const elapsed = (nowMs - startedAtMs) / 1000;
  if (!(elapsed > 0)) return null;
  return (elapsed / ended) * (total - ended);
}

/** The index of the point where the mail claims the largest effect (the newest such point on a tie); else the last. */
export function mostInterestingPoint(points) {
  let best = -1;
  points.forEach((p, i) => {
    if (p.hasReference && (best < 0 || p.claimedEffect >= points[best].claimedEffect)) best = i;
  });
  return best >= 0 ? best : points.length - 1;
}

/**
 * The tornado of a banded comparison (contracts.md §6): its {@code n} constants with the largest swing, each with our
 * ratio at its low and its high end (every other constant nominal), and the nominal ratio at the band's scale.
 */
export function tornadoSeries(c, n = 10) {
  if (!c || !Array.isArray(c.influence)) return { empty: true, rows: [] };
  const rows = c.influence.filter((i) => i.swing > 0).slice(0, n).map((i) => ({
    constant: i.constant, low: i.low, high: i.high, atLow: i.ratio_at_low, atHigh: i.ratio_at_high, swing: i.swing,
    assumption: !!i.assumption, basis: i.basis,
    range: [Math.min(i.ratio_at_low, i.ratio_at_high), Math.max(i.ratio_at_low, i.ratio_at_high)],
  }));
  const detail = c.band_detail || {};
  return { empty: rows.length === 0, rows, labels: rows.map((r) => r.constant.replace(/^cpu\.costs_ps\./, '')),
    nominal: detail.nominal_ratio ?? c.ratio, band: c.band, reference: c.reference_ratio, scale: detail.scale };
}

/** Band verdict tallies, effect rows apart from no-effect rows: {effect: {robust: 1}, none: {robust: 2}}. */
export function bandCounts(comparisons) {
  const out = { effect: {}, none: {} };
  for (const c of comparisons) {
    if (!c.band_verdict || c.effect_row == null) continue;
    const side = c.effect_row ? out.effect : out.none;
    side[c.band_verdict] = (side[c.band_verdict] || 0) + 1;
  }
  return out;
}
