// "/compare?a=&b=": two runs side by side with B's change over A (GET /api/compare).

import { getJson } from '../lib/api.js';
import { el, clear, setStatus, pageReady, link, showError } from '../lib/dom.js';
import { fmtValue, fmtCount, fmtParams, fmtNumber, lkpChange, fmtBytes, metricLabel } from '../lib/format.js';
import { plotHistogram, showEmpty } from '../charts/plot.js';

const a = document.body.dataset.a;
const b = document.body.dataset.b;

function changeCell(row) {
  const text = row.a == null || row.b == null ? (row.a == null ? 'only in B' : 'only in A') : lkpChange(row.a, row.b);
  return el('td', { class: 'num change', 'data-change': text }, text);
}

/** The flags of one side, each marked where the other side has it the other way. */
function flagList(mine, other) {
  const out = el('span');
  Object.entries(mine || {}).forEach(([k, v], i) => {
    if (i) out.append(', ');
    const differs = (other || {})[k] !== v;
    out.append(el(differs ? 'strong' : 'span', differs ? { class: 'differs', 'data-flag': k, title: 'differs from the other run' } : {},
      k + '=' + (v ? 'on' : 'off')));
  });
  return out;
}

function sides(doc) {
  const body = document.querySelector('#sides-table tbody');
  clear(body);
  // a row whose two sides differ is marked (class "differs"), so what tells the runs apart stands out
  const row = (label, f) => {
    const ca = f(doc.a), cb = f(doc.b);
    const text = (x) => (typeof x === 'string' ? x : x.textContent);
    const attrs = text(ca) === text(cb) ? {} : { class: 'differs', 'data-differs': 'true' };
    body.append(el('tr', attrs, el('th', { scope: 'row' }, label), el('td', {}, ca), el('td', {}, cb)));
  };
  row('run', (s) => link('/runs/' + s.id, 'run ' + s.id));
  row('scenario', (s) => (s.scenario ? link('/scenarios/' + s.scenario, s.scenario) : '(free-form command)'));
  row('command', (s) => el('code', {}, s.command || ''));
  row('profile', (s) => s.profile || '');
  row('mkfs / mount', (s) => (s.mkfs || '(none)') + ' / ' + (s.mount || '(defaults)'));
  row('flags', (s) => flagList(s.optimizations, (s === doc.a ? doc.b : doc.a).optimizations));
  row('parameters', (s) => fmtParams(s.params));
  row('seed', (s) => String(s.seed));
}

function headline(doc) {
  const h = doc.headline;
  const body = document.querySelector('#headline-table tbody');
  clear(body);
  body.append(el('tr', {}, el('th', { scope: 'row' }, metricLabel(h.name) + (h.same_metric ? '' : ' (the runs report different headlines)')),
    el('td', { class: 'num' }, fmtValue(h.a, h.unit)), el('td', { class: 'num' }, fmtValue(h.b, h.unit)),
    el('td', { class: 'num' }, h.change_percent == null ? '–' : (h.change_percent >= 0 ? '+' : '−') + fmtNumber(Math.abs(h.change_percent), 1) + '%')));
  body.append(el('tr', {}, el('th', { scope: 'row' }, 'virtual time'), el('td', { class: 'num' }, fmtCount(doc.virtual_ns.a) + ' ns'),
    el('td', { class: 'num' }, fmtCount(doc.virtual_ns.b) + ' ns'), changeCell(doc.virtual_ns)));
}

function counters(doc) {
  const body = document.querySelector('#counters-table tbody');
  clear(body);
  let zero = 0;
  for (const r of doc.counters) {
    if (!r.a && !r.b) {
      zero++;
      continue;
    }
    body.append(el('tr', {}, el('th', { scope: 'row' }, el('code', {}, r.name)), el('td', { class: 'num' }, fmtCount(r.a)),
      el('td', { class: 'num' }, fmtCount(r.b)), changeCell(r)));
  }
  if (zero) body.append(el('tr', {}, el('td', { colspan: 4, class: 'muted' }, zero + ' more counters are 0 in both runs.')));
}

function histograms(doc) {
  const box = document.getElementById('histogram-tables');
  clear(box);
  for (const [name, rows] of Object.entries(doc.histograms || {})) {
    const table = el('table', { class: 'data' }, el('caption', {}, metricLabel(name)),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'size'), el('th', { scope: 'col', class: 'num' }, 'A'),
        el('th', { scope: 'col', class: 'num' }, 'B'), el('th', { scope: 'col', class: 'num' }, 'change'))));
    const body = el('tbody');
    for (const r of rows) {
      body.append(el('tr', {}, el('th', { scope: 'row' }, fmtBytes(r.bytes)), el('td', { class: 'num' }, fmtCount(r.a ?? 0)),
        el('td', { class: 'num' }, fmtCount(r.b ?? 0)), changeCell({ a: r.a ?? 0, b: r.b ?? 0 })));
    }
    if (!rows.length) body.append(el('tr', {}, el('td', { colspan: 4, class: 'muted' }, 'No requests in either run.')));
    table.append(body);
    box.append(table);
  }
  const write = (doc.histograms || {}).write_request_bytes || [];
  const canvas = document.getElementById('chart-compare-hist');
  if (!write.length) showEmpty(canvas, 'Neither run wrote to the device.');
  else {
    plotHistogram(canvas, { bytes: write.map((r) => r.bytes), labels: write.map((r) => fmtBytes(r.bytes)),
      off: write.map((r) => r.a ?? 0), on: write.map((r) => r.b ?? 0), empty: false }, { offLabel: 'run A (' + doc.a.id + ')', onLabel: 'run B (' + doc.b.id + ')' });
  }
}

function time(doc) {
  const body = document.querySelector('#time-table tbody');
  clear(body);
  for (const r of doc.time_breakdown_ns || []) {
    if (!r.a && !r.b) continue;
    body.append(el('tr', {}, el('th', { scope: 'row' }, el('code', {}, r.name)), el('td', { class: 'num' }, fmtNumber((r.a ?? 0) / 1e6, 3)),
      el('td', { class: 'num' }, fmtNumber((r.b ?? 0) / 1e6, 3)), changeCell(r)));
  }
}

async function main() {
  if (!a || !b) return;
  const doc = await getJson('/api/compare?a=' + encodeURIComponent(a) + '&b=' + encodeURIComponent(b));
  document.getElementById('compare-result').hidden = false;
  sides(doc);
  headline(doc);
  counters(doc);
  histograms(doc);
  time(doc);
  setStatus('');
}

main().then(() => pageReady(true)).catch((e) => {
  setStatus('');
  showError(document.getElementById('compare-error'), 'Cannot compare runs ' + a + ' and ' + b + ': ' + e.message);
  pageReady(false, e.message);
});
