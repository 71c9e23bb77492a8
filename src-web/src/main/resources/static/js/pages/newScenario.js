// "/scenarios/new": paste a patch mail → POST /api/scenarios/import (the draft: docs/mail-import.md §3) → the mail with
// the parts the draft was read from marked, its script, figures and the scenario file (editable) → POST /api/scenarios
// (store) → POST /api/matrices → the matrix page.

import { sendJson } from '../lib/api.js';
import { el, clear, setStatus, pageReady } from '../lib/dom.js';
import { defaultMatrix } from '../charts/series.js';
import { tokenPrompt } from '../lib/ui.js';

const form = document.getElementById('mail-form');
const runForm = document.getElementById('run-form');
let current = null;           // { draft, mail }

/** A problem document as a title and its named errors (every one: what is missing, which field). */
function problemBox(box, title, e) {
  clear(box);
  box.append(el('p', { class: 'problem-title' }, title + ': ' + ((e.problem && e.problem.detail) || e.message)));
  const errors = e.errors || [];
  if (errors.length) box.append(el('ul', {}, errors.map((x) => el('li', { 'data-field': x.field }, (x.field ? x.field + ': ' : '') + x.message))));
}

/** The spans of the draft, as [start, end, kind, title], non-overlapping (the first of two overlapping ones wins). */
function spansOf(d) {
  const out = [];
  const add = (span, kind, title) => { if (Array.isArray(span) && span[1] > span[0]) out.push([span[0], span[1], kind, title]); };
  const m = d.mail || {};
  for (const k of ['subject', 'author', 'date', 'message_id']) if (m[k]) add(m[k].span, 'meta', k.replace('_', '-') + ': ' + m[k].value);
  for (const l of (d.test && d.test.lines) || []) add(l.span, 'test', l.known ? 'Test line' : 'Test line the model does not run');
  for (const c of (d.test && d.test.cases) || []) add(c.span, 'meta', 'case: ' + c.label);
  for (const e of (d.test && d.test.environment) || []) add(e.span, 'env', 'machine (' + e.kind + ')');
  for (const f of d.figures || []) add(f.span, 'figure', (f.side || 'no side') + ' · ' + (f.metric || 'not compared'));
  for (const f of (d.diff && d.diff.functions) || []) add(f.span, 'diff', 'changed: ' + f.name + (f.file ? ' (' + f.file + ')' : ''));
  out.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const kept = [];
  let end = -1;
  for (const s of out) {
    if (s[0] < end) continue;
    kept.push(s);
    end = s[1];
  }
  return kept;
}

function renderMarked(pre, mail, d) {
  clear(pre);
  let at = 0;
  for (const [a, b, kind, title] of spansOf(d)) {
    if (a > at) pre.append(document.createTextNode(mail.slice(at, a)));
    pre.append(el('mark', { class: 'k-' + kind, 'data-kind': kind, title }, mail.slice(a, b)));
    at = b;
  }
  if (at < mail.length) pre.append(document.createTextNode(mail.slice(at)));
}

function fact(dl, term, ...value) {
  dl.append(el('dt', {}, term), el('dd', {}, ...value));
}

function renderFacts(d) {
  const dl = document.getElementById('draft-facts');
  clear(dl);
  const m = d.mail || {};
  fact(dl, 'Id', el('code', {}, d.id));
  fact(dl, 'Subject', m.subject ? m.subject.value : '(none in the paste)');
  fact(dl, 'Message-ID', m.message_id ? el('code', {}, m.message_id.value) : '(none in the paste)');
  fact(dl, 'Day', m.day || '(not shown)');
  const sides = d.sides || {};
  if (sides.differ_in === 'parameter') {
    fact(dl, 'Sides', 'two values of ', el('code', {}, sides.parameter.name), ': ', String(sides.parameter.before), ' vs ', String(sides.parameter.after));
  } else {
    const f = sides.flag || {};
    fact(dl, 'Sides', 'the kernel before vs after the patch: ', f.name ? el('code', { id: 'draft-flag' }, f.name) : el('strong', { id: 'draft-flag' }, 'no switch yet'),
      f.see ? el('span', { class: 'muted' }, ' (', f.see, ')') : '');
  }
  fact(dl, 'Measured command', el('code', {}, d.command.line), d.command.inferred ? el('span', { class: 'muted' }, ' inferred: ' + d.command.reasoning) : '');
  fact(dl, 'Profile', el('code', {}, d.profile.name), el('span', { class: 'muted' }, ' — ' + d.profile.reason));
  fact(dl, 'Runnable', el('strong', { id: 'draft-runnable' }, d.runnable ? 'yes' : 'not as it stands'));
  const box = document.getElementById('draft-problems');
  clear(box);
  if ((d.problems || []).length) box.append(el('ul', {}, d.problems.map((p) => el('li', { 'data-field': p.field }, p.field + ': ' + p.message))));
  for (const n of d.notes || []) box.append(el('p', { class: 'notes' }, 'Note: ' + n));
}

function renderScript(d) {
  const ol = document.getElementById('draft-script');
  clear(ol);
  for (const s of d.script || []) {
    const origin = s.from_mail ? 'from the mail' : String(s.why).split(':')[0];
    ol.append(el('li', { class: s.headline ? 'headline' : null, 'data-origin': s.from_mail ? 'mail' : origin },
      el('code', {}, s.line), s.when ? el('span', { class: 'muted' }, ' when ' + JSON.stringify(s.when)) : '',
      el('span', { class: 'muted' }, ' — ' + (s.headline ? 'measured; ' : '') + origin)));
  }
}

function renderFigures(d) {
  const body = document.querySelector('#draft-figures tbody');
  clear(body);
  for (const f of d.figures || []) {
    body.append(el('tr', {}, el('td', {}, f.side || '–'), el('td', {}, el('code', {}, f.printed)), el('td', {}, f.label),
      el('td', {}, f.metric || 'not compared')));
  }
}

function render(d, mail) {
  current = { draft: d, mail };
  renderFacts(d);
  renderMarked(document.getElementById('mail-marked'), mail, d);
  renderScript(d);
  renderFigures(d);
  const text = document.getElementById('scenario-json');
  text.value = d.scenario ? JSON.stringify(d.scenario, null, 2) : '';
  document.getElementById('run-draft').disabled = !d.scenario;
  const section = document.getElementById('draft');
  section.hidden = false;
  document.body.dataset.draft = d.id;
}

async function readMail() {
  const box = document.getElementById('import-error');
  clear(box);
  const mail = document.getElementById('mail').value;
  const button = document.getElementById('read-mail');
  button.disabled = true;
  setStatus('Reading the mail…');
  try {
    const r = await sendJson('POST', '/api/scenarios/import', { mail });
    render(r.body, mail);
    setStatus('');
  } catch (e) {
    document.getElementById('draft').hidden = true;
    problemBox(box, e.status === 422 ? 'The mail cannot be made an experiment' : 'The server refused the mail', e);
    setStatus('');
  } finally {
    button.disabled = false;
  }
}

async function storeAndRun() {
  const box = document.getElementById('run-error');
  clear(box);
  let scenario;
  try {
    scenario = JSON.parse(document.getElementById('scenario-json').value);
  } catch (e) {
    box.append(el('p', {}, 'scenario: not JSON: ' + e.message));
    return;
  }
  const button = document.getElementById('run-draft');
  button.disabled = true;
  try {
    const stored = await sendJson('POST', '/api/scenarios', { scenario, mail: current ? current.mail : null });
    const scale = document.getElementById('run-scale').value;
    const repetitions = Number(document.getElementById('run-repetitions').value);
    const m = await sendJson('POST', '/api/matrices', defaultMatrix(stored.body, scale, repetitions));
    window.location.assign('/matrices/' + m.body.id);
  } catch (e) {
    problemBox(box, e.status === 409 ? 'Already stored' : 'Not stored or not started', e);
    if (e.status === 401) tokenPrompt(box, storeAndRun);
  } finally {
    button.disabled = false;
  }
}

form.addEventListener('submit', (ev) => {
  ev.preventDefault();
  readMail();
});
runForm.addEventListener('submit', (ev) => {
  ev.preventDefault();
  storeAndRun();
});
pageReady(true);
