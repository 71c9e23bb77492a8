// A scenario's crash verdict with its flag off and on, as the overview card and the scenario page show it: the
// latest DONE check per flag value (GET /api/scenarios/{id}/crash-checks), its report (GET /api/crash-checks/{id}):
// the verdict, the coverage, the smallest failing point and what was lost, the recovery's work. The button queues
// both checks at the scenario's defaults and 1 % of its size (POST /api/crash-checks) and redraws when they end.

import { getJson, sendJson } from './api.js';
import { el, clear, link } from './dom.js';
import { fmtNs } from './format.js';
import { verdictBadge, showProblem, tokenPrompt } from './ui.js';

export const CRASH_SCALE = 0.01;
const POLL_MS = 1500;

/** {flag, sides: [{side, item, report}]} for the latest DONE check with the flag on and with it off. */
export async function loadCrashVerdicts(scenarioId) {
  const doc = await getJson('/api/scenarios/' + encodeURIComponent(scenarioId) + '/crash-checks');
  const latest = doc.latest || {};
  const sides = [];
  for (const side of ['off', 'on']) {
    if (!latest[side]) continue;
    sides.push({ side, item: latest[side], report: await getJson('/api/crash-checks/' + latest[side].id) });
  }
  return { flag: doc.flag, sides, pending: (doc.items || []).filter((i) => i.status === 'QUEUED' || i.status === 'RUNNING') };
}

/** "bytes a–b" of a lost range. */
function range(lost) {
  return 'bytes ' + lost.offset + '–' + (lost.offset + lost.length - 1);
}

function write(generation, none) {
  return generation ? 'write #' + generation : none;
}

/** One flag value's verdict: badge, points, coverage, the smallest failing point and what it lost, recovery. */
export function crashVerdictItem(flag, { side, item, report }, detail) {
  const li = el('li', { class: 'crash-verdict', 'data-side': side, 'data-verdict': report.verdict },
    el('code', {}, flag + '=' + side), ': ', verdictBadge(report.verdict),
    el('span', { class: 'muted' }, ' ' + report.checked + ' of ' + report.crash_points + ' crash points checked · '),
    link('/api/crash-checks/' + item.id, 'report'));
  const missing = report.coverage_missing || [];
  if (missing.length) li.append(el('p', { class: 'crash-coverage muted' }, 'Too few cuts at: ' + missing.join(', ') + '.'));
  else if (report.coverage) {
    li.append(el('p', { class: 'crash-coverage muted' }, 'Covered: ' + Object.entries(report.coverage).filter(([, n]) => n > 0)
      .map(([k, n]) => k + ' ' + n).join(', ') + ' (each kind the workload has, at least min(3, its points) times).'));
  }
  const first = (report.failures || [])[0];
  if (first) {
    const lost = first.lost;
    li.append(el('p', { class: 'crash-failure' }, 'Smallest failing point ', el('strong', {}, String(report.smallest_failing_point)),
      ' (' + first.kind + ')' + (lost ? ': ' : '.'),
      lost ? el('span', { class: 'crash-lost' }, el('code', {}, lost.file), ' ' + range(lost) + ' promised by ' + lost.promise + ' ('
        + write(lost.promised_generation, 'a hole') + '), found ' + write(lost.found_generation, 'no write')
        + (lost.by_identity ? '' : ', other bytes') + '.') : ''));
    if (detail) {
      li.append(el('p', { class: 'crash-what muted' }, first.what));
      li.append(el('p', {}, 'Reproduce: ', el('code', { class: 'crash-reproduce' }, report.reproduce)));
    }
  }
  const r = report.recovery;
  if (r) {
    li.append(el('p', { class: 'crash-recovery muted' }, 'Recovery after the cuts: mount ' + fmtNs(r.mount_ns.median) + ' median, '
      + fmtNs(r.mount_ns.max) + ' max; dnodes replayed ' + r.dnodes_replayed.median + ' median, ' + r.dnodes_replayed.max + ' max'
      + (r.read_requests ? '; ' + r.read_requests.median + ' read requests median (' + metaReads(r.meta_reads_by_type) + ')' : '')
      + '.'));
  }
  return li;
}

/** "por 1793, sit 296, …": metadata blocks a recovery mount read (median), by type, the largest first. */
function metaReads(byType) {
  return Object.entries(byType || {}).filter(([, s]) => s.median > 0).sort((a, b) => b[1].median - a[1].median)
    .map(([k, s]) => k + ' ' + s.median).join(', ') + ' metadata blocks';
}

/** Draws the verdicts into {@code box}, with the button that (re)runs both checks. */
export function renderCrashVerdicts(box, scenarioId, data, detail = false) {
  clear(box);
  if (!data.sides.length) {
    box.append(el('p', { class: 'empty-note' }, 'No crash check yet (POST /api/crash-checks).'));
  } else {
    const list = el('ul', { class: 'crash-list' });
    for (const s of data.sides) list.append(crashVerdictItem(data.flag, s, detail));
    box.append(list);
  }
  const errorBox = el('div', { class: 'form-error', role: 'alert' });
  const button = el('button', { type: 'button', class: 'crash-run' }, 'Check ' + data.flag + ' off and on (1 % size)');
  const status = el('p', { class: 'crash-status muted', role: 'status' });
  if (data.pending.length) status.textContent = data.pending.length + ' crash check(s) queued or running.';
  const run = async () => {
    clear(errorBox);
    button.disabled = true;
    try {
      const ids = [];
      for (const on of [false, true]) {
        const r = await sendJson('POST', '/api/crash-checks', { scenario: scenarioId, optimizations: { [data.flag]: on }, params: { scale: CRASH_SCALE } });
        ids.push(r.body.id);
      }
      status.textContent = 'Crash checks ' + ids.join(' and ') + ' queued; the verdicts appear here when they end.';
      await awaitChecks(ids);
      renderCrashVerdicts(box, scenarioId, await loadCrashVerdicts(scenarioId), detail);
    } catch (e) {
      showProblem(null, errorBox, e);
      if (e.status === 401) tokenPrompt(errorBox, run);
      button.disabled = false;
    }
  };
  button.addEventListener('click', run);
  box.append(el('p', { class: 'crash-actions' }, button), status, errorBox);
}

async function awaitChecks(ids) {
  for (const id of ids) {
    for (;;) {
      const c = await getJson('/api/crash-checks/' + id);
      if (c.status !== 'QUEUED' && c.status !== 'RUNNING') break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
