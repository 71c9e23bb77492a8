// "/runs/{id}": what ran, the tool's own output, request sizes, time breakdown, counters; downloads; the
// reproduce command with a copy button. From GET /api/runs/{id}.

import { getJson } from '../lib/api.js';
import { el, clear, setStatus, pageReady, link, statusBadge, showError } from '../lib/dom.js';
import { fmtValue, fmtParams, fmtNs, fmtCount, fmtNumber, metricLabel } from '../lib/format.js';
import { histogramSeries, timeSeries, flatten } from '../charts/series.js';
import { plotHistogram, plotTime, showEmpty, showChart } from '../charts/plot.js';

const runId = document.body.dataset.run;
const POLL_MS = 2000;

function fact(dl, term, ...value) {
  dl.append(el('dt', {}, term), el('dd', {}, ...value));
}

function renderFacts(r) {
  const dl = document.getElementById('run-facts');
  clear(dl);
  if (r.scenario) {
    fact(dl, 'Scenario', link('/scenarios/' + r.scenario, r.scenario));
    document.getElementById('crumb-scenario').replaceChildren(link('/scenarios/' + r.scenario, r.scenario));
  }
  fact(dl, 'Command', el('code', {}, r.command || ''));
  fact(dl, 'Profile', el('code', {}, r.profile || ''), ' · mkfs ', el('code', {}, r.mkfs || '(none)'), ' · mount ', el('code', {}, r.mount || '(defaults)'));
  fact(dl, 'Flags', ...Object.entries(r.optimizations || {}).flatMap(([k, v], i) => [i ? ' · ' : '', el('code', {}, k), '=' + (v ? 'on' : 'off')]));
  fact(dl, 'Parameters', fmtParams(r.params) || '–', ' · seed ' + r.seed);
  if (r.headline) fact(dl, 'Headline', el('strong', { id: 'headline-value' }, metricLabel(r.headline.name) + ': ' + fmtValue(r.headline.value, r.headline.unit)));
  if (r.reference) {
    fact(dl, "The mail's figure", fmtValue(r.reference.value, r.reference.unit) + ' · ours / mail = ' + fmtNumber(r.reference.ours_over_reference, 3)
      + ' · source ', el('code', {}, r.reference.source || ''));
    if (r.reference.quote) fact(dl, 'Compared with', el('q', { id: 'reference-quote' }, r.reference.quote));
    if (r.reference.message_id) {
      fact(dl, 'Mail', el('a', { id: 'reference-mail', href: 'https://lore.kernel.org/r/' + encodeURIComponent(r.reference.message_id) },
        '<' + r.reference.message_id + '>'), r.scenario ? [' · ', link('/scenarios/' + r.scenario, 'the scenario drafted from it')] : '');
    }
  }
  fact(dl, 'Virtual time', fmtNs(r.virtual_ns) + ' (the measured command; preparation ' + fmtNs(r.preparation ? r.preparation.virtual_ns : null) + ')');
  fact(dl, 'Simulator wall time', (r.wall_ms ?? '–') + ' ms of real time to simulate it');
  fact(dl, 'Engine', el('code', {}, r.engine_version || ''));
  if (r.matrix_id) fact(dl, 'Matrix', link('/matrices/' + r.matrix_id, 'matrix ' + r.matrix_id), ', cell ' + r.cell_index);
  document.getElementById('reproduce').textContent = r.reproduce || '';
}

/**
 * A run that ended without a result: what it was asked to run (from the stored request) beside why it failed, so the
 * page says more than "failed".
 */
function renderRequest(r) {
  const q = r.request || {};
  const dl = document.getElementById('run-facts');
  clear(dl);
  if (q.scenario) {
    fact(dl, 'Scenario', link('/scenarios/' + q.scenario, q.scenario));
    document.getElementById('crumb-scenario').replaceChildren(link('/scenarios/' + q.scenario, q.scenario));
  }
  if (q.command) fact(dl, 'Command', el('code', { id: 'failed-command' }, q.command));
  if (q.script) fact(dl, 'Script', el('pre', { id: 'failed-command', class: 'tool-output' }, q.script));
  if (q.profile) fact(dl, 'Profile', el('code', {}, q.profile), ' · mkfs ', el('code', {}, q.mkfs || '(none)'), ' · mount ', el('code', {}, q.mount || '(defaults)'));
  if (q.optimizations) fact(dl, 'Flags', ...Object.entries(q.optimizations).flatMap(([k, v], i) => [i ? ' · ' : '', el('code', {}, k), '=' + (v ? 'on' : 'off')]));
  if (q.params) fact(dl, 'Parameters', fmtParams(q.params) || '–', ' · seed ' + (q.seed ?? 1));
  if (r.matrix_id) fact(dl, 'Matrix', link('/matrices/' + r.matrix_id, 'matrix ' + r.matrix_id), ', cell ' + r.cell_index);
  fact(dl, 'Why it ' + r.status.toLowerCase().replace('cancelled', 'stopped'), el('span', { id: 'failed-reason' }, r.error || '(no reason recorded)'));
  document.getElementById('run-summary').hidden = false;
  document.getElementById('reproduce').closest('section, div, figure')?.setAttribute('data-empty', 'true');
}

function wireCopy() {
  const button = document.getElementById('copy-reproduce');
  const result = document.getElementById('copy-result');
  button.addEventListener('click', async () => {
    const text = document.getElementById('reproduce').textContent;
    try {
      await navigator.clipboard.writeText(text);
      result.textContent = 'Copied.';
    } catch (e) {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('reproduce'));
      const sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      result.textContent = document.execCommand && document.execCommand('copy') ? 'Copied.' : 'Selected: press Ctrl+C to copy.';
    }
  });
}

function renderEvidence(r) {
  for (const [id, name, what] of [['chart-hist-write', 'write_request_bytes', 'write'], ['chart-hist-read', 'read_request_bytes', 'read']]) {
    const canvas = document.getElementById(id);
    const h = histogramSeries([r], null, name);
    if (h.empty) showEmpty(canvas, 'No ' + what + ' requests reached the device in this run.');
    else {
      showChart(canvas);
      plotHistogram(canvas, h);
    }
  }
  const timeCanvas = document.getElementById('chart-time');
  const t = timeSeries([[r]]);
  if (t.parts.length) plotTime(timeCanvas, t, ['this run']);
  else showEmpty(timeCanvas, 'This run reports no time breakdown.');
  const body = document.querySelector('#counters-table tbody');
  clear(body);
  const counters = flatten(r.counters || {});
  let zero = 0;
  for (const name of Object.keys(counters).sort()) {
    if (counters[name] === 0) {
      zero++;
      continue;
    }
    body.append(el('tr', {}, el('th', { scope: 'row' }, el('code', {}, name)), el('td', { class: 'num' }, fmtCount(counters[name]))));
  }
  if (zero) body.append(el('tr', {}, el('td', { colspan: 2, class: 'muted' }, zero + ' more counters are 0.')));
}

function render(r) {
  statusBadge(document.getElementById('run-status'), r.status);
  document.body.dataset.runStatus = r.status;
  if (r.status !== 'DONE') {
    if (r.status === 'FAILED' || r.status === 'CANCELLED') {
      setStatus('');
      showError(document.getElementById('run-error'), 'This run ' + r.status.toLowerCase() + (r.error ? ': ' + r.error : '.') + ' It has no result.');
      renderRequest(r);
      return true;
    }
    setStatus('This run is ' + r.status.toLowerCase() + '; the page fills in when it ends.');
    return false;
  }
  setStatus('');
  document.getElementById('run-summary').hidden = false;
  document.getElementById('run-output').hidden = false;
  document.getElementById('run-evidence').hidden = false;
  renderFacts(r);
  document.getElementById('tool-output').textContent = r.tool_output || '';
  renderEvidence(r);
  return true;
}

async function main() {
  wireCopy();
  for (;;) {
    const r = await getJson('/api/runs/' + runId);
    if (render(r)) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

main().then(() => pageReady(true)).catch((e) => {
  setStatus('');
  showError(document.getElementById('run-error'), 'Could not load this run: ' + e.message);
  pageReady(false, e.message);
});
