// "/": one card per scenario. The claim comes from the catalog (GET /api/scenarios), the reproduction from the
// latest comparisons (GET /api/scenarios/{id}/comparison), the crash verdicts with the flag off and on from
// GET /api/scenarios/{id}/crash-checks and their reports (lib/crash.js).

import { getJson, sendJson } from '../lib/api.js';
import { el, clear, setStatus, pageReady, link } from '../lib/dom.js';
import { fmtRatio, fmtInterval, fmtNumber, fmtAbsolute, metricLabel, verdictLabel } from '../lib/format.js';
import { claimLines, newestComparisons, verdictCounts, bandCounts, defaultMatrix, pointLabel, varyingOf } from '../charts/series.js';
import { verdictBadge, showProblem, tokenPrompt, scaleNotes } from '../lib/ui.js';
import { loadCrashVerdicts, renderCrashVerdicts } from '../lib/crash.js';

const ROWS_SHOWN = 3;

function slot(card, name) {
  return card.querySelector('[data-slot="' + name + '"]');
}

function renderClaim(box, entry) {
  clear(box);
  const lines = claimLines(entry);
  if (!lines.length) {
    box.append(el('p', { class: 'muted' }, 'The mail gives no before/after figure to compare with.'));
    return;
  }
  const list = el('ul', { class: 'claims' });
  for (const l of lines.slice(0, ROWS_SHOWN)) {
    list.append(el('li', { class: 'claim-line' },
      el('span', { class: 'where' }, l.where + ': '),
      metricLabel(l.metric) + ' ', el('strong', {}, l.before), ' → ', el('strong', {}, l.after), ' ', el('span', { class: 'ratio' }, '(' + fmtRatio(l.ratio) + ')')));
  }
  if (lines.length > ROWS_SHOWN) list.append(el('li', { class: 'muted' }, 'and ' + (lines.length - ROWS_SHOWN) + ' more rows'));
  box.append(list);
  box.append(el('p', { class: 'source muted' }, 'Source: ', el('code', {}, lines[0].source || entry.seed_file), entry.patch ? ' — ' + entry.patch : ''));
}

function renderReproduction(box, doc, card) {
  clear(box);
  const cs = newestComparisons(doc.comparisons);
  if (!cs.length) {
    card.dataset.verdicts = '';
    box.append(el('p', { class: 'empty-note' }, 'No reproduction yet: no matrix of this scenario has finished.'));
    return;
  }
  card.dataset.verdicts = cs.map((c) => c.verdict).join(',');
  card.dataset.bandVerdicts = cs.map((c) => c.band_verdict || '').join(',');
  const varying = varyingOf(cs);
  const banded = cs.some((c) => Array.isArray(c.band));
  const head = [el('th', { scope: 'col' }, 'point'), el('th', { scope: 'col' }, 'ours on/off (seed interval)'),
    el('th', { scope: 'col' }, 'mail'), el('th', { scope: 'col' }, 'verdict')];
  if (banded) head.push(el('th', { scope: 'col' }, 'band verdict (width)'));
  const table = el('table', { class: 'data compact' }, el('thead', {}, el('tr', {}, ...head)));
  const body = el('tbody');
  const shown = cs.filter((c) => c.reference_ratio != null).slice(0, ROWS_SHOWN);
  for (const c of shown.length ? shown : cs.slice(0, ROWS_SHOWN)) {
    const abs = fmtAbsolute(c.absolute);
    const cells = [el('td', {}, pointLabel(c, varying)),
      el('td', {}, fmtRatio(c.ratio) + ' ', el('span', { class: 'muted' }, fmtInterval(c.ratio_ci))),
      el('td', {}, fmtRatio(c.reference_ratio)),
      el('td', {}, verdictBadge(c.verdict), abs ? el('span', { class: 'muted' }, ' ' + abs) : '')];
    if (banded) {
      cells.push(el('td', {}, c.band_verdict ? verdictBadge(c.band_verdict) : '–',
        c.band ? el('span', { class: 'muted' }, ' ' + fmtNumber(c.band[1] - c.band[0], 2)) : ''));
    }
    body.append(el('tr', {}, ...cells));
  }
  table.append(body);
  box.append(table);
  box.append(scaleNotes(shown.length ? shown : cs.slice(0, ROWS_SHOWN)));
  const counts = verdictCounts(cs);
  if (cs.length > ROWS_SHOWN) {
    box.append(el('p', { class: 'muted' }, 'All ' + cs.length + ' points: ' + Object.entries(counts).map(([v, n]) => n + ' ' + verdictLabel(v).slice(2)).join(', ') + '.'));
  }
  if (banded) {
    const b = bandCounts(cs);
    const part = (m) => Object.entries(m).map(([v, n]) => n + ' ' + v).join(', ') || 'none';
    box.append(el('p', { class: 'muted band-tally' }, 'Band verdicts — effect rows: ' + part(b.effect) + '; no-effect rows: ' + part(b.none) + '.'));
  }
  const m = cs[0];
  box.append(el('p', { class: 'muted' }, link('/matrices/' + m.matrix_id, 'matrix ' + m.matrix_id), ' · ' + (m.profile || '') +
    ' · scale ' + (m.params && m.params.scale) + ' · ', link('/scenarios/' + doc.scenario, 'charts and evidence →')));
}

function wireForm(card, entry) {
  const form = card.querySelector('form.start-matrix');
  const errorBox = slot(card, 'form-error');
  const submit = async () => {
    clear(errorBox);
    const scale = form.querySelector('select[name="scale"]').value;
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    try {
      const r = await sendJson('POST', '/api/matrices', defaultMatrix(entry, scale));
      window.location.assign('/matrices/' + r.body.id);
    } catch (e) {
      showProblem(null, errorBox, e);
      if (e.status === 401) tokenPrompt(errorBox, submit);
    } finally {
      button.disabled = false;
    }
  };
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    submit();
  });
}

async function fillCard(entry) {
  const card = document.getElementById('card-' + entry.id);
  if (!card) return;
  renderClaim(slot(card, 'claim'), entry);
  wireForm(card, entry);
  const [comparison, crash] = await Promise.allSettled([
    getJson('/api/scenarios/' + encodeURIComponent(entry.id) + '/comparison'),
    entry.flag ? loadCrashVerdicts(entry.id) : Promise.resolve(null),
  ]);
  if (comparison.status === 'fulfilled') renderReproduction(slot(card, 'reproduction'), comparison.value, card);
  else slot(card, 'reproduction').replaceChildren(el('p', { class: 'error-note' }, 'Could not load: ' + comparison.reason.message));
  if (!slot(card, 'crash')) { /* sides are two parameter values: no flag to crash-check */ }
  else if (crash.status === 'fulfilled') renderCrashVerdicts(slot(card, 'crash'), entry.id, crash.value);
  else slot(card, 'crash').replaceChildren(el('p', { class: 'error-note' }, 'Could not load: ' + crash.reason.message));
  card.dataset.loaded = 'true';
}

async function mainCards() {
  const catalog = await getJson('/api/scenarios');
  await Promise.all(catalog.map(fillCard));
  return catalog.length;
}

mainCards().then((n) => {
  setStatus('');
  pageReady(true);
  document.body.dataset.cards = String(n);
}).catch((e) => {
  setStatus('Could not load the overview: ' + e.message, 'error');
  pageReady(false, e.message);
});
