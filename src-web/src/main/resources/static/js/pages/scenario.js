// "/scenarios/{id}": before/after bars, the sweep, the evidence at one point (request sizes, time, counters), the
// mail's command and our set-up, the crash verdicts with the flag off and on, the matrix form and the recent matrices.
// Everything from the REST API.

import { getJson, sendJson } from '../lib/api.js';
import { el, clear, setStatus, pageReady, link, statusBadge } from '../lib/dom.js';
import { fmtRatio, fmtInterval, fmtMiBps, fmtCount, fmtTime, fmtNumber, fmtBytes, fmtBand, fmtAbsolute } from '../lib/format.js';
import {
  comparisonSets, barSeries, sweepSeries, evidencePoints, mostInterestingPoint, resultsAt, histogramSeries, timeSeries, counterRows,
  expectationsAt, pointLabel, tornadoSeries,
} from '../charts/series.js';
import { plotBars, plotSweep, plotHistogram, plotTime, plotTornado, showEmpty, showChart } from '../charts/plot.js';
import { verdictBadge, showProblem, clearProblems, takeToken, scaleNotes } from '../lib/ui.js';
import { loadCrashVerdicts, renderCrashVerdicts } from '../lib/crash.js';

const scenarioId = document.body.dataset.scenario;
const flag = document.body.dataset.flag;
const api = (path) => '/api/scenarios/' + encodeURIComponent(scenarioId) + path;
const matrices = new Map();

// ---- the mail's command, the profile, the form ------------------------------------------------------------------

function fillSetup(entry) {
  document.getElementById('environment').textContent = entry.environment || '–';
  document.getElementById('mkfs-mount').replaceChildren(
    'mkfs ', el('code', {}, entry.mkfs || '(none)'), ' · mount ', el('code', {}, entry.mount || '(defaults)'),
    entry.command_as_run && entry.command_as_run !== entry.command ? el('span', { class: 'muted' }, ' · as run: ' + entry.command_as_run) : '');
  document.getElementById('era-flags').replaceChildren(...Object.entries(entry.flags || {}).flatMap(([k, v], i) =>
    [i ? ' · ' : '', el('code', {}, k), '=' + v]));
  const notes = document.getElementById('notes');
  clear(notes);
  for (const n of entry.notes || []) notes.append(el('li', {}, n));
  const details = document.getElementById('profile-constants');
  details.addEventListener('toggle', () => { if (details.open) fillProfile(entry.profile); }, { once: false });
}

let profileFilled = null;
/** The profile's constants table (id {@code const-KEY} per row, the tornado links to them); once. */
function fillProfile(name) {
  if (profileFilled) return profileFilled;
  profileFilled = getJson('/api/profiles').then((profiles) => {
    const p = profiles.find((x) => x.name === name);
    if (!p) return;
    document.getElementById('profile-title').textContent = p.title || '';
    const body = document.querySelector('#profile-constants tbody');
    for (const [k, c] of Object.entries(p.constants || {})) {
      const range = c.low == null ? '' : (c.low_source || '') + (c.high_source ? ' · ' + c.high_source : '');
      body.append(el('tr', { id: constId(k) }, el('td', {}, el('code', {}, k), c.assumption ? el('span', { class: 'muted' }, ' assumption') : ''),
        el('td', { class: 'num' }, String(c.value)), el('td', { class: 'num' }, c.low == null ? '' : String(c.low)),
        el('td', { class: 'num' }, c.high == null ? '' : String(c.high)),
        el('td', {}, String(c.source ?? ''), range ? el('div', { class: 'muted' }, 'range: ' + range) : '')));
    }
  });
  return profileFilled;
}

function constId(key) {
  return 'const-' + key.replace(/[^a-z0-9]/gi, '-');
}

/** Opens the profile table at a constant's row (its sources and range). */
async function showConstant(key) {
  const details = document.getElementById('profile-constants');
  details.open = true;
  await fillProfile(document.getElementById('profile-name').textContent.trim());
  const row = document.getElementById(constId(key));
  if (row) {
    row.classList.add('highlight');
    row.scrollIntoView({ block: 'center' });
  }
}

function checkbox(group, value, label, checked) {
  const id = group + '-' + String(value).replace(/[^a-z0-9_]/gi, '_');
  const input = el('input', { type: 'checkbox', id, name: group, value: JSON.stringify(value) });
  input.checked = checked;
  return el('span', { class: 'choice' }, input, el('label', { for: id }, label));
}

function field(name, labelText, ...controls) {
  const id = 'label-' + name.replace(/[^a-z0-9_]/gi, '-');
  return el('div', { class: 'field', 'data-field': name, role: 'group', 'aria-labelledby': id },
    el('span', { class: 'field-label', id }, labelText), el('div', { class: 'controls' }, ...controls), el('p', { class: 'field-error', role: 'alert' }));
}

function buildForm(entry) {
  const flags = document.getElementById('flag-fields');
  for (const [name, era] of Object.entries(entry.flags || {})) {
    const studied = era === 'studied';
    flags.append(field('optimizations.' + name, name + (studied ? ' (studied)' : ' (era: ' + era + ')'),
      checkbox('flag-' + name, false, 'off', studied || era === 'off'), checkbox('flag-' + name, true, 'on', studied || era === 'on')));
  }
  const params = document.getElementById('param-fields');
  for (const p of entry.params || []) {
    if (p.name === 'seed') continue;
    const mail = Array.isArray(p.mail_values) && p.mail_values.length ? p.mail_values : [p.default];
    let control;
    if (Array.isArray(p.values) && p.values.length <= 16) {
      control = p.values.map((v) => checkbox('param-' + p.name, v, String(v), mail.some((m) => String(m) === String(v))));
    } else {
      const id = 'param-' + p.name;
      const initial = p.name === 'scale' ? '0.01' : mail.join(', ');
      control = [el('label', { for: id, class: 'visually-hidden' }, p.name + ' values, comma-separated'),
        el('input', { id, name: 'param-' + p.name, type: 'text', value: initial, 'aria-describedby': id + '-hint' }),
        el('span', { id: id + '-hint', class: 'hint muted' }, ' comma-separated; ' + p.allowed)];
    }
    params.append(field('params.' + p.name, p.name, ...control));
  }
  const form = document.getElementById('matrix-form');
  const errorBox = document.getElementById('form-error');
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    clearProblems(form, errorBox);
    takeToken(form);
    const button = document.getElementById('run-matrix');
    button.disabled = true;
    try {
      const r = await sendJson('POST', '/api/matrices', readForm(form, entry));
      window.location.assign('/matrices/' + r.body.id);
    } catch (e) {
      showProblem(form, errorBox, e);
      button.disabled = false;
    }
  });
}

function parseValue(text) {
  const t = text.trim();
  return t !== '' && !Number.isNaN(Number(t)) ? Number(t) : t;
}

function integerOrText(text) {
  const t = String(text).trim();
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

/** The form as a POST /api/matrices body. Flags at their era value are left out; the server validates the rest. */
function readForm(form, entry) {
  const body = { scenario: entry.id, optimizations: {}, params: {} };
  for (const [name, era] of Object.entries(entry.flags || {})) {
    const values = Array.from(form.querySelectorAll('input[name="flag-' + name + '"]:checked')).map((i) => JSON.parse(i.value));
    const eraValue = era === 'on' ? [true] : era === 'off' ? [false] : null;
    if (eraValue && values.length === 1 && values[0] === eraValue[0]) continue;
    body.optimizations[name] = values;
  }
  for (const p of entry.params || []) {
    if (p.name === 'seed') continue;
    const boxes = form.querySelectorAll('input[type="checkbox"][name="param-' + p.name + '"]');
    if (boxes.length) {
      body.params[p.name] = Array.from(boxes).filter((b) => b.checked).map((b) => JSON.parse(b.value));
    } else {
      const input = form.querySelector('input[name="param-' + p.name + '"]');
      if (input && input.value.trim() !== '') body.params[p.name] = input.value.split(',').map(parseValue);
    }
  }
  body.repetitions = integerOrText(form.querySelector('#repetitions').value);
  body.seed = integerOrText(form.querySelector('#seed').value);
  if (form.querySelector('#band-wanted').checked) body.band = true;
  return body;
}

// ---- charts -------------------------------------------------------------------------------------------------------

function metricOf(set, doc) {
  return set.varying.rows || set.comparisons.some((c) => c.row != null) ? 'iozone write column' : doc.headline;
}

function fillComparisonTable(set) {
  const body = document.querySelector('#comparison-table tbody');
  clear(body);
  for (const c of set.comparisons) {
    body.append(el('tr', {},
      el('th', { scope: 'row' }, pointLabel(c, set.varying)),
      el('td', { class: 'num' }, fmtMiBps(c.off.median)),
      el('td', { class: 'num' }, fmtMiBps(c.on.median)),
      el('td', {}, fmtRatio(c.ratio) + ' ', el('span', { class: 'muted' }, fmtInterval(c.ratio_ci))),
      el('td', {}, fmtRatio(c.reference_ratio)),
      el('td', {}, c.mechanism || '–'),
      el('td', {}, verdictBadge(c.verdict), fmtAbsolute(c.absolute) ? el('span', { class: 'muted' }, ' ' + fmtAbsolute(c.absolute)) : ''),
      el('td', {}, c.band ? fmtBand(c.band) : el('span', { class: 'muted' }, 'no band run')),
      el('td', {}, c.band_verdict ? verdictBadge(c.band_verdict) : '–'),
      el('td', {}, link('/matrices/' + c.matrix_id, String(c.matrix_id)))));
  }
  const table = document.getElementById('comparison-table');
  const old = table.parentNode.querySelector('[data-slot=scale-note]');
  if (old) old.remove();
  table.after(scaleNotes(set.comparisons));
}

/** The band section: a tornado of the chosen banded comparison, its constants linked to their sources. */
function drawBand(set) {
  const banded = set.comparisons.filter((c) => Array.isArray(c.band));
  const section = document.getElementById('band');
  section.hidden = banded.length === 0;
  if (!banded.length) return;
  const select = document.getElementById('band-point');
  clear(select);
  banded.forEach((c, i) => select.append(el('option', { value: String(i) }, pointLabel(c, set.varying))));
  const effect = banded.findIndex((c) => c.effect_row);
  select.value = String(effect >= 0 ? effect : 0);
  const draw = () => {
    const c = banded[Number(select.value)];
    const t = tornadoSeries(c, 10);
    const d = c.band_detail || {};
    document.getElementById('band-summary').replaceChildren(' band ', el('strong', {}, fmtBand(c.band)), ' at scale ' + d.scale + ' · ',
      verdictBadge(c.band_verdict), c.band_effect ? el('span', { class: 'muted' }, ' effect share [' + fmtNumber(c.band_effect[0], 2) + ' – '
        + fmtNumber(c.band_effect[1], 2) + ']') : '');
    const canvas = document.getElementById('chart-tornado');
    if (t.empty) showEmpty(canvas, 'No constant moves this comparison: every swing is 0.');
    else {
      showChart(canvas);
      plotTornado(canvas, t);
    }
    const body = document.querySelector('#tornado-table tbody');
    clear(body);
    for (const r of t.rows) {
      const a = el('a', { href: '#' + constId(r.constant) }, el('code', {}, r.constant));
      a.addEventListener('click', (ev) => {
        ev.preventDefault();
        showConstant(r.constant);
      });
      body.append(el('tr', {}, el('th', { scope: 'row' }, a), el('td', { class: 'num' }, String(r.low)), el('td', { class: 'num' }, String(r.high)),
        el('td', { class: 'num' }, fmtRatio(r.atLow)), el('td', { class: 'num' }, fmtRatio(r.atHigh)), el('td', { class: 'num' }, fmtNumber(r.swing, 3)),
        el('td', {}, r.assumption ? 'assumption' : r.basis || '')));
    }
    const notes = document.getElementById('band-notes');
    clear(notes);
    const beyond = d.beyond_corners || [];
    notes.append(el('li', {}, d.points + ' points, ' + d.cells_run + ' cells; corners ' + (d.corners ? fmtInterval(d.corners) : 'none') + '; '
      + (d.hypercube_points || 0) + ' hypercube points, ' + beyond.length + ' beyond the corners' + (beyond.length ? ': ' + beyond[0].why : '') + '.'));
    notes.append(el('li', {}, 'Share of the swing from constants marked assumption: ' + fmtNumber(100 * (d.assumption_share || 0), 0) + ' %.'));
    if (d.calibration) notes.append(el('li', {}, 'Re-solved at every point: ' + d.calibration.constants.length + ' calibrated constants ('
      + d.calibration.rule + ').'));
    if ((d.structural || []).length) notes.append(el('li', {}, 'Structural choices, listed not swept: ' + d.structural.join('; ') + '.'));
    if ((d.not_read || []).length) notes.append(el('li', {}, (d.not_read || []).length + ' constants the runs never read (no swing by construction).'));
  };
  select.onchange = draw;
  draw();
}

async function matrixDoc(id) {
  if (!matrices.has(id)) matrices.set(id, getJson('/api/matrices/' + id));
  return matrices.get(id);
}

function drawHistogram(canvas, off, on, name, what) {
  const h = histogramSeries(off, on, name);
  if (h.empty) {
    showEmpty(canvas, 'No ' + what + ' requests reached the device in these runs.');
    return null;
  }
  showChart(canvas);
  return plotHistogram(canvas, h);
}

async function drawEvidence(point, entry) {
  const matrix = await matrixDoc(point.matrixId);
  const { off, on } = resultsAt(matrix, point, flag);
  const runs = document.getElementById('evidence-runs');
  runs.replaceChildren(off.length + ' run(s) off, ' + on.length + ' on: ',
    ...[...off, ...on].flatMap((r, i) => [i ? ', ' : '', link('/runs/' + r.id, '#' + r.id)]));
  const timeCanvas = document.getElementById('chart-time');
  if (!off.length || !on.length) {
    for (const id of ['chart-hist-write', 'chart-hist-read']) showEmpty(document.getElementById(id), 'No finished run on both sides at this point.');
    showEmpty(timeCanvas, 'No finished run on both sides at this point.');
    clear(document.querySelector('#counters-table tbody'));
    return;
  }
  drawHistogram(document.getElementById('chart-hist-write'), off, on, 'write_request_bytes', 'write');
  drawHistogram(document.getElementById('chart-hist-read'), off, on, 'read_request_bytes', 'read');
  const t = timeSeries([off, on]);
  if (t.parts.length) {
    showChart(timeCanvas);
    plotTime(timeCanvas, t, ['flag off', 'flag on']);
    timeCanvas.closest('figure').querySelector('figcaption').textContent = 'Where the time went (ms of virtual time, summed over the simulated CPUs'
      + ' and the device; mean per run). Idle CPU time left out: ' + fmtNumber(t.idleMs[0], 2) + ' ms off, ' + fmtNumber(t.idleMs[1], 2) + ' ms on.';
  } else {
    showEmpty(timeCanvas, 'These runs report no time breakdown.');
  }
  const { rows, zero } = counterRows(off, on, expectationsAt(entry, point.params));
  const body = document.querySelector('#counters-table tbody');
  clear(body);
  for (const r of rows) {
    body.append(el('tr', { class: r.expected ? 'expected' : '' },
      el('th', { scope: 'row' }, el('code', {}, r.name)),
      el('td', { class: 'num' }, fmtCount(r.off)),
      el('td', { class: 'num' }, fmtCount(r.on)),
      el('td', { class: 'num change', 'data-change': r.change }, r.change),
      el('td', {}, r.expected || '')));
  }
  if (zero) body.append(el('tr', {}, el('td', { colspan: 5, class: 'muted' }, zero + ' more counters are 0 with the flag off and on.')));
}

/**
 * For a table of iozone rows: which record lengths it holds against the mail's (the scenario title names the mail's
 * whole range; at a small scale iozone drops records larger than the file, so a set may hold fewer rows).
 */
function rowsNote(set, entry) {
  const box = document.getElementById('rows-note');
  if (!box) return;
  const rows = [...new Set(set.comparisons.map((c) => c.row).filter((r) => r != null))].sort((x, y) => x - y);
  const mail = [...new Set((entry.reference_ratios || []).filter((r) => r.row != null && r.compared).map((r) => r.row))];
  box.hidden = rows.length === 0;
  if (!rows.length) return;
  const kib = (r) => fmtBytes(r * 1024);
  box.textContent = 'Record lengths ' + kib(rows[0]) + (rows.length > 1 ? ' … ' + kib(rows[rows.length - 1]) : '') + ': ' + rows.length
    + ' row' + (rows.length === 1 ? '' : 's') + (mail.length ? ' of the mail\'s ' + mail.length : '')
    + (mail.length > rows.length ? ' (at this scale iozone drops records larger than the file)' : '') + '.';
}

async function drawSet(set, doc, entry) {
  const xTitle = set.comparisons.some((c) => c.row != null) ? 'iozone record length' + (set.varying.params.length ? ' and ' + set.varying.params.join(', ') : '')
    : set.varying.params.join(', ') || 'parameter point';
  plotBars(document.getElementById('chart-bars'), barSeries(set), { metric: metricOf(set, doc), xTitle });
  fillComparisonTable(set);
  drawBand(set);
  rowsNote(set, entry);
  const sweepCanvas = document.getElementById('chart-sweep');
  const s = sweepSeries(set);
  if (s.reason) {
    showEmpty(sweepCanvas, 'No sweep: ' + s.reason);
  } else {
    showChart(sweepCanvas);
    plotSweep(sweepCanvas, s);
  }
  const points = evidencePoints(set);
  const select = document.getElementById('evidence-point');
  clear(select);
  points.forEach((p, i) => select.append(el('option', { value: String(i) }, p.label)));
  const chosen = mostInterestingPoint(points);      // where the mail claims the most (P2: lz4, not the uncompressed file)
  select.value = String(chosen);
  select.onchange = () => drawEvidence(points[Number(select.value)], entry);
  await drawEvidence(points[chosen], entry);
}

async function mainComparisons(entry) {
  const doc = await getJson(api('/comparison'));
  const sets = comparisonSets(doc.comparisons);
  document.body.dataset.sets = String(sets.length);
  if (!sets.length) {
    document.getElementById('empty-state').hidden = false;
    document.getElementById('results').hidden = true;
    return;
  }
  document.getElementById('results').hidden = false;
  const select = document.getElementById('point-set');
  sets.forEach((s, i) => select.append(el('option', { value: String(i) }, s.label)));
  select.onchange = () => drawSet(sets[Number(select.value)], doc, entry);
  await drawSet(sets[0], doc, entry);
}

async function mainHistory() {
  const list = await getJson('/api/matrices?scenario=' + encodeURIComponent(scenarioId) + '&size=10');
  const body = document.querySelector('#history-table tbody');
  clear(body);
  if (!list.items.length) {
    document.getElementById('history-empty').hidden = false;
    document.getElementById('history-table').hidden = true;
    return;
  }
  for (const m of list.items) {
    const status = el('span', { class: 'status-badge' });
    statusBadge(status, m.status);
    body.append(el('tr', {}, el('td', {}, link('/matrices/' + m.id, 'matrix ' + m.id)), el('td', {}, status, m.error ? el('span', { class: 'muted' }, ' ' + m.error) : ''),
      el('td', { class: 'num' }, m.cells_done + ' of ' + m.cell_count + (m.cells_failed ? ' (' + m.cells_failed + ' failed)' : '')),
      el('td', {}, fmtTime(m.created_at))));
  }
}

async function mainCrash() {
  renderCrashVerdicts(document.getElementById('crash-verdicts'), scenarioId, await loadCrashVerdicts(scenarioId), true);
}

async function main() {
  const entry = await getJson(api(''));
  fillSetup(entry);
  buildForm(entry);
  await Promise.all([mainComparisons(entry), mainHistory(), mainCrash()]);
}

main().then(() => {
  setStatus('');
  pageReady(true);
}).catch((e) => {
  setStatus('Could not draw this page: ' + e.message, 'error');
  pageReady(false, e.message);
});

