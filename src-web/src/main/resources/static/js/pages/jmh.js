// "/jmh": the imported JMH result files (GET /api/jmh) and each one's benchmarks (GET /api/jmh/{id}).

import { getJson } from '../lib/api.js';
import { el, setStatus, pageReady, link } from '../lib/dom.js';
import { fmtNumber, fmtTime } from '../lib/format.js';

function paramsText(p) {
  return p ? Object.entries(p).map(([k, v]) => k + '=' + v).join(', ') : '';
}

function importSection(doc) {
  const table = el('table', { class: 'data' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'benchmark'), el('th', { scope: 'col' }, 'parameters'), el('th', { scope: 'col' }, 'mode'),
      el('th', { scope: 'col', class: 'num' }, 'score'), el('th', { scope: 'col', class: 'num' }, '± error'), el('th', { scope: 'col' }, 'unit'))));
  const body = el('tbody');
  for (const r of doc.results || []) {
    body.append(el('tr', {}, el('th', { scope: 'row' }, el('code', {}, r.benchmark.replace(/^org\.f2fsobs\.bench\.jmh\./, ''))),
      el('td', {}, paramsText(r.params)), el('td', {}, r.mode), el('td', { class: 'num' }, fmtNumber(r.score, 3)),
      el('td', { class: 'num' }, r.score_error == null || Number.isNaN(r.score_error) ? '–' : fmtNumber(r.score_error, 3)), el('td', {}, r.score_unit)));
  }
  table.append(body);
  const title = (doc.name || 'import ' + doc.id);
  return el('section', { class: 'jmh-import', 'data-import': String(doc.id), 'aria-label': title },
    el('h2', {}, title),
    el('p', { class: 'muted' }, doc.benchmarks + ' benchmark(s) · JMH ' + (doc.jmh_version || '?') + ' · JDK ' + (doc.jdk_version || '?') + ' · imported '
      + fmtTime(doc.created_at) + ' · ', link('/api/jmh/' + doc.id, 'JSON')),
    table);
}

async function main() {
  const list = await getJson('/api/jmh');
  if (!list.length) {
    document.getElementById('jmh-empty').hidden = false;
    return;
  }
  const docs = await Promise.all(list.map((i) => getJson('/api/jmh/' + i.id)));
  const box = document.getElementById('jmh-imports');
  for (const d of docs) box.append(importSection(d));
}

main().then(() => {
  setStatus('');
  pageReady(true);
}).catch((e) => {
  setStatus('Could not load the JMH results: ' + e.message, 'error');
  pageReady(false, e.message);
});
