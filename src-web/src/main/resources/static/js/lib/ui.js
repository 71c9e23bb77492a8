// Page parts shared by several pages: verdict rows, problem+json errors next to form fields, the API token prompt.

import { el, clear, badge } from './dom.js';
import { setToken } from './api.js';
import { verdictLabel } from './format.js';

export function verdictBadge(verdict) {
  return badge(verdict, verdictLabel(verdict));
}

/**
 * Shows an ApiError: each {field, message} next to the element with the matching {@code data-field} (the field
 * name without its [index]: params.segs_per_sec[1] → params.segs_per_sec), the rest in {@code generalBox}.
 */
export function showProblem(form, generalBox, error) {
  clearProblems(form, generalBox);
  const leftover = [];
  for (const e of error.errors || []) {
    const name = String(e.field || '').replace(/\[\d+\]$/, '');
    const field = form && findField(form, name);
    if (field) {
      const slot = field.querySelector('.field-error');
      field.classList.add('has-error');
      if (slot) slot.textContent = e.message;
      const input = field.querySelector('input, select');
      if (input) input.setAttribute('aria-invalid', 'true');
    } else {
      leftover.push((e.field ? e.field + ': ' : '') + e.message);
    }
  }
  if (generalBox) {
    const title = error.status === 422 ? 'Over a limit' + (error.problem.limit ? ' (' + error.problem.limit + ')' : '')
      : error.status === 401 ? 'This server needs an API token' : 'The server refused the request';
    generalBox.append(el('p', { class: 'problem-title' }, title + ': ' + (error.problem.detail || error.message)));
    if (leftover.length) generalBox.append(el('ul', {}, leftover.map((t) => el('li', {}, t))));
  }
  if (error.status === 401 && form) {
    const tokenField = form.querySelector('.token-field');
    if (tokenField) tokenField.hidden = false;
  }
}

function findField(form, name) {
  let node = null;
  form.querySelectorAll('[data-field]').forEach((f) => {
    if (f.dataset.field === name) node = f;
  });
  return node;
}

export function clearProblems(form, generalBox) {
  if (generalBox) clear(generalBox);
  if (!form) return;
  form.querySelectorAll('.has-error').forEach((f) => f.classList.remove('has-error'));
  form.querySelectorAll('.field-error').forEach((s) => { s.textContent = ''; });
  form.querySelectorAll('[aria-invalid]').forEach((i) => i.removeAttribute('aria-invalid'));
}

/** Reads the token field of a form (if shown and filled) into the session, for the next POST/DELETE. */
export function takeToken(form) {
  const input = form && form.querySelector('.token-field input');
  if (input && input.value) setToken(input.value);
}

/** A small token prompt inside {@code box}, for pages whose forms have no token field. */
export function tokenPrompt(box, retry) {
  const id = 'token-' + Math.random().toString(36).slice(2);
  const input = el('input', { id, type: 'password', autocomplete: 'off' });
  const button = el('button', { type: 'button' }, 'Save the token and retry');
  button.addEventListener('click', () => {
    setToken(input.value);
    retry();
  });
  box.append(el('p', { class: 'token-prompt' }, el('label', { for: id }, 'API token '), input, ' ', button));
}

/**
 * What a scenario knows drifts at the scale its comparisons ran at (comparison.scale_note, set below scale 1), once
 * per distinct note: shown beside the figures it qualifies. Empty text when there is none.
 */
export function scaleNotes(comparisons) {
  const notes = [...new Set((comparisons || []).map((c) => c.scale_note).filter(Boolean))];
  const p = document.createElement('p');
  p.className = 'scale-note';
  p.dataset.slot = 'scale-note';
  p.hidden = notes.length === 0;
  p.textContent = notes.length ? 'Note on scale — ' + notes.join(' · ') : '';
  return p;
}
