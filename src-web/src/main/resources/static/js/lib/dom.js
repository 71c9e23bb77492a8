// Small DOM helpers shared by the pages. Text is always set as text (never as HTML); attributes as attributes.

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

export function $all(selector, root = document) {
  return Array.from(root.querySelectorAll(selector));
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export function setStatus(text, kind = 'info') {
  const s = document.getElementById('page-status');
  if (!s) return;
  s.textContent = text;
  s.dataset.kind = kind;
  s.hidden = !text;
}

/** A verdict badge: symbol and words, coloured by class (never by colour alone). */
export function badge(verdict, label) {
  return el('span', { class: 'badge', 'data-verdict': verdict }, label);
}

export function statusBadge(node, status) {
  node.textContent = status;
  node.dataset.status = status;
}

export function link(href, text) {
  return el('a', { href }, text);
}

/** Marks the page as drawn (or failed) for readers and for the browser tests. */
export function pageReady(ok = true, message) {
  document.body.dataset.pageReady = ok ? 'true' : 'error';
  if (!ok && message) document.body.dataset.pageError = message;
}

export function showError(box, message) {
  if (!box) return;
  box.hidden = false;
  box.textContent = message;
}
