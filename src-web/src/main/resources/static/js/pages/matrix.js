// "/matrices/{id}": progress bar, ETA and the cells table, fed by the server-sent events of
// GET /api/matrices/{id}/events (a replay of the finished cells, then one per cell as it finishes, then done); the
// matrix document is re-read after each event (and every few seconds while it runs) for what the events do not
// carry: running, failed and cancelled cells, the ETA, the verdicts.

import { getJson, sendJson } from '../lib/api.js';
import { el, clear, link, statusBadge, pageReady, showError } from '../lib/dom.js';
import { fmtValue, fmtParams, fmtRatio, fmtInterval, fmtDuration } from '../lib/format.js';
import { progressOf, etaSeconds, varyingOf, pointLabel } from '../charts/series.js';
import { verdictBadge, tokenPrompt, scaleNotes } from '../lib/ui.js';

const matrixId = document.body.dataset.matrix;
const url = '/api/matrices/' + matrixId;
const ENDED = ['DONE', 'FAILED', 'CANCELLED'];
const POLL_MS = 1000;     // while a cell runs: a cell that starts is shown RUNNING within a second
const REFRESH_DELAY_MS = 250;
const STREAM_GRACE_MS = 20000; // past the server's 15 s heartbeat, which re-reads the matrix and sends done

let scenarioFlag = null;
let latest = null;
let refreshing = null;
let source = null;
let poller = null;

async function studiedFlag(scenario) {
  try {
    const entry = await getJson('/api/scenarios/' + encodeURIComponent(scenario));
    return entry.flag;
  } catch (e) {
    return null;
  }
}

function cellRow(cell) {
  const spec = cell.spec || {};
  const flags = spec.optimizations || {};
  const flagText = scenarioFlag && scenarioFlag in flags ? (flags[scenarioFlag] ? 'on' : 'off') : fmtParams(flags);
  const status = el('span', { class: 'status-badge' });
  statusBadge(status, cell.status);
  const headline = cell.headline ? fmtValue(cell.headline.value, cell.headline.unit) : '';
  return el('tr', { id: 'cell-' + cell.index, 'data-status': cell.status },
    el('td', { class: 'num' }, String(cell.index)),
    el('td', {}, flagText),
    el('td', {}, fmtParams(spec.params)),
    el('td', { class: 'num' }, String(spec.seed ?? '')),
    el('td', {}, status, cell.error ? el('span', { class: 'error-note' }, ' ' + cell.error) : ''),
    el('td', { class: 'num headline' }, headline),
    el('td', {}, cell.run_id ? link('/runs/' + cell.run_id, 'run ' + cell.run_id) : ''));
}

function render(m) {
  latest = m;
  statusBadge(document.getElementById('matrix-status'), m.status);
  document.body.dataset.matrixStatus = m.status;
  const p = progressOf(m);
  const bar = document.getElementById('matrix-progress');
  bar.max = p.total || 1;
  bar.value = p.ended;
  document.getElementById('progress-label').textContent = p.ended + ' of ' + p.total + ' cells ended'
    + (p.failed ? ' (' + p.failed + ' failed)' : '') + (p.cancelled ? ' (' + p.cancelled + ' cancelled)' : '') + (p.running ? ', ' + p.running + ' running' : '');
  const eta = document.getElementById('matrix-eta');
  if (ENDED.includes(m.status)) {
    const took = m.started_at && m.finished_at ? (Date.parse(m.finished_at) - Date.parse(m.started_at)) / 1000 : null;
    eta.textContent = m.status === 'DONE' ? 'Finished' + (took != null ? ' in ' + fmtDuration(took) : '') + '.' : '';
  } else if (m.status === 'QUEUED') {
    eta.textContent = 'Waiting in the queue.';
  } else {
    const s = etaSeconds(m.started_at ? Date.parse(m.started_at) : null, Date.now(), p.ended, p.total);
    eta.textContent = s == null ? 'Estimating the time left after the first cell…' : 'About ' + fmtDuration(s) + ' left at the rate so far.';
    if ((m.request || {}).band) {
      eta.textContent += ' Band: its cells are added step by step (one at a time, then corners and hypercube), so the count grows'
        + ' and this estimate covers the cells known so far.';
    }
  }
  const req = m.request || {};
  document.getElementById('matrix-request').textContent = 'Flags: ' + listing(req.optimizations, (v) => (v ? 'on' : 'off'),
    (scenarioFlag || 'the studied flag') + ' ∈ {off, on}, the others at their era values') + ' · parameters: '
    + listing(req.params, String, 'the defaults') + ' · ' + m.repetitions + ' repetition(s), seed ' + m.seed + ' · profile ' + m.profile
    + (req.band ? ' · with its band (every profile constant across its sourced range)' : '');
  const body = document.querySelector('#cells-table tbody');
  clear(body);
  for (const c of m.cells || []) body.append(cellRow(c));
  const cancel = document.getElementById('cancel-matrix');
  cancel.disabled = ENDED.includes(m.status);
  cancel.hidden = ENDED.includes(m.status);            // an ended matrix offers nothing to cancel
  const errorBox = document.getElementById('matrix-error');
  if (m.status === 'FAILED') {
    const failed = (m.cells || []).filter((c) => c.status === 'FAILED');
    showError(errorBox, 'This matrix failed' + (m.error ? ': ' + m.error.replace(/\.?$/, '.') : '.') + (failed.length ? ' ' + failed.length + ' cell(s) failed; their errors are in the table.' : ''));
  } else if (m.status === 'CANCELLED') {
    showError(errorBox, 'This matrix was cancelled; cells that had finished keep their results.');
  } else {
    errorBox.hidden = true;
  }
  renderVerdicts(m);
}

function renderVerdicts(m) {
  const section = document.getElementById('matrix-comparisons');
  const cs = m.comparisons || [];
  if (!cs.length || m.status !== 'DONE') {
    section.hidden = true;
    return;
  }
  section.hidden = false;
  const varying = varyingOf(cs);
  const body = document.querySelector('#verdict-table tbody');
  clear(body);
  for (const c of cs) {
    body.append(el('tr', {}, el('th', { scope: 'row' }, pointLabel(c, varying)),
      el('td', {}, fmtRatio(c.ratio) + ' ', el('span', { class: 'muted' }, fmtInterval(c.ratio_ci))),
      el('td', {}, fmtRatio(c.reference_ratio)), el('td', {}, c.mechanism || '–'), el('td', {}, verdictBadge(c.verdict))));
  }
  const old = section.querySelector('[data-slot=scale-note]');
  if (old) old.remove();
  section.append(scaleNotes(cs));
}

/** {k: [v1, v2]} as "k ∈ {v1, v2}, k2 = v" (or {@code none} when empty). */
function listing(obj, fmt, none) {
  const parts = Object.entries(obj || {}).map(([k, vs]) => (Array.isArray(vs) && vs.length > 1 ? k + ' ∈ {' + vs.map(fmt).join(', ') + '}'
    : k + ' = ' + (Array.isArray(vs) ? vs.map(fmt).join(', ') : fmt(vs))));
  return parts.length ? parts.join(', ') : none;
}

/** Re-reads the matrix (headlines only); calls that arrive while one runs share it. */
function refresh() {
  if (!refreshing) {
    refreshing = getJson(url + '?results=false').then(render).finally(() => { refreshing = null; });
  }
  return refreshing;
}

/**
 * A read that starts after this call: waits out a read already in flight (it may have been answered before the
 * matrix ended) and then reads again, so what it renders is at least as new as the event that asked for it.
 */
function refreshAfterNow() {
  const inFlight = refreshing;
  return (inFlight ? inFlight.catch(() => {}) : Promise.resolve()).then(() => refresh());
}

function onCell(event) {
  const data = JSON.parse(event.data);
  document.body.dataset.events = String(Number(document.body.dataset.events || 0) + 1);
  const row = document.getElementById('cell-' + data.cell);
  if (row) {
    row.dataset.status = 'DONE';
    const cells = row.children;
    statusBadge(cells[4].querySelector('.status-badge') || cells[4], 'DONE');
    cells[5].textContent = fmtValue(data.value, data.unit);
    cells[6].replaceChildren(link('/runs/' + data.run_id, 'run ' + data.run_id));
  }
  scheduleRefresh();
}

/** One re-read for a burst of events (a replay sends them all at once). */
let refreshTimer = null;
function scheduleRefresh() {
  if (refreshTimer) return;
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    refresh().catch(() => {});
  }, REFRESH_DELAY_MS);
}

function stopLive() {
  if (source) source.close();
  source = null;
  if (poller) clearInterval(poller);
  poller = null;
  // a re-read still scheduled by the last cell events is superseded by the one the caller makes (no render after "ended")
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  if (graceTimer) clearTimeout(graceTimer);
  graceTimer = null;
}

function startLive() {
  source = new EventSource(url + '/events');
  source.addEventListener('cell', onCell);
  source.addEventListener('done', (event) => {
    stopLive();
    // the done event is sent only once the stored matrix has ended: the page says "ended" only after a read made
    // after it (a poll in flight may have been answered while the last cell was still running)
    const ended = JSON.parse(event.data || '{}').status;
    refreshAfterNow().then(() => {
      if (ended && latest && latest.status !== ended) return refreshAfterNow();
      return null;
    }).finally(() => { document.body.dataset.live = 'ended'; });
  });
  // a stream the browser gave up on (an HTTP error on reconnecting closes an EventSource for good) leaves the page to
  // its reads: it polls until a read shows the matrix ended
  source.addEventListener('error', () => {
    if (source && source.readyState === EventSource.CLOSED) {
      document.body.dataset.stream = 'closed';
      source = null;
      if (!poller) startPolling();
    }
  });
  if (endedRead()) {
    document.body.dataset.live = 'replay';
    // the replay ends with done; should the stream not deliver it, the reads end the page after the grace
    armStreamGrace();
    return;
  }
  startPolling();
  document.body.dataset.live = 'open';
}

/** Whether a read showed the matrix ended with nothing running: what the page shows then is final. */
function endedRead() {
  return latest && ENDED.includes(latest.status) && !latest.progress.running;
}

/** Ends the page from a read (the stream's done did not come): the read renders the stored, ended matrix. */
function endFromRead() {
  stopLive();
  refreshAfterNow().catch(() => {}).finally(() => { document.body.dataset.live = 'ended'; });
}

/**
 * The done event follows an ended read within the server's heartbeat; a stream that is open but silent past
 * STREAM_GRACE_MS, or one that closed, gives way to the reads: the page never waits on an event that will not come.
 */
let graceTimer = null;
function armStreamGrace() {
  if (graceTimer) return;
  graceTimer = setTimeout(() => {
    graceTimer = null;
    if (document.body.dataset.live !== 'ended') endFromRead();
  }, STREAM_GRACE_MS);
}

/** Re-reads the matrix every POLL_MS while it runs; once a read shows it ended the stream's done is awaited. */
function startPolling() {
  poller = setInterval(() => {
    refresh().then(() => {
      if (!endedRead() || !poller) return;
      clearInterval(poller);
      poller = null;
      if (source) armStreamGrace();
      else endFromRead();
    }).catch(() => {});
  }, POLL_MS);
}

function wireCancel() {
  const button = document.getElementById('cancel-matrix');
  const result = document.getElementById('cancel-result');
  const cancel = async () => {
    clear(result);
    button.disabled = true;
    try {
      await sendJson('DELETE', url);
      result.textContent = 'Cancelled.';
      await refresh();
    } catch (e) {
      result.textContent = 'Could not cancel: ' + e.message;
      if (e.status === 401) tokenPrompt(result, cancel);
      button.disabled = latest && ENDED.includes(latest.status);
    }
  };
  button.addEventListener('click', cancel);
}

async function main() {
  const m = await getJson(url + '?results=false');
  scenarioFlag = await studiedFlag(m.scenario);
  render(m);
  wireCancel();
  // always from the stream: an ended matrix replays its cells and closes, a running one goes on live
  startLive();
  // a page leaving (or frozen in the back/forward cache) must not keep its stream and timer; back again, resume
  window.addEventListener('pagehide', stopLive);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && !source) refresh().then(() => startLive()).catch(() => {});
  });
}

main().then(() => pageReady(true)).catch((e) => {
  showError(document.getElementById('matrix-error'), 'Could not load this matrix: ' + e.message);
  pageReady(false, e.message);
});


