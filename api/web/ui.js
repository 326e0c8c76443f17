// ui.js - small DOM helpers shared by the pages.
export function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'text') e.textContent = v;
    else if (k === 'class') e.className = v;
    else if (k === 'style') e.style.cssText = v; // CSSOM: allowed by the pages' CSP
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const k of kids.flat(9)) if (k !== null && k !== undefined && k !== false) e.append(k instanceof Node ? k
    : String(k));
  return e;
}
// An SVG element (h makes HTML ones): attributes as given, on* as listeners.
export function svgEl(tag, attrs, ...kids) {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs)) if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  kids.forEach(k => e.append(k));
  return e;
}
export const $ = s => document.querySelector(s);
export function fill(el, ...kids) {
  el.replaceChildren();
  for (const k of kids.flat(9)) {
    if (k !== null && k !== undefined && k !== false) el.append(k instanceof Node ? k : String(k));
  }
  return el;
}

// fill(), keeping what the player was typing: the values of fields with an
// id (a field still at its default value takes the new one), open <details>
// with an id, and the focus, survive a redraw of the match.
export function redraw(el, ...kids) {
  const keep = {}, act = document.activeElement, focus = el.contains(act) ? act.id : null;
  for (const f of el.querySelectorAll('input[id], select[id], textarea[id]')) {
    if (f.type === 'checkbox' || f.value !== f.defaultValue) keep[f.id] = f.type === 'checkbox' ? f.checked : f.value;
  }
  const open = [...el.querySelectorAll('details[id][open]')].map(d => d.id);
  fill(el, ...kids);
  for (const d of open) { const n = el.querySelector('#' + CSS.escape(d)); if (n) n.open = true; }
  for (const [id, v] of Object.entries(keep)) {
    const f = el.querySelector('#' + CSS.escape(id));
    if (!f) continue;
    if (f.type === 'checkbox') { if (f.checked !== v) f.click();
      } else if (f.tagName !== 'SELECT' || [...f.options].some(o => o.value === v)) f.value = v;
  }
  if (focus) document.getElementById(focus)?.focus();
  return el;
}

// Say `msg` in the page's status line (an aria-live region).
export function say(msg, bad) {
  const s = $('#status');
  if (!s) return;
  s.textContent = msg || '';
  s.className = bad ? 'err' : 'live';
}
export const fail = e => say(e && e.message ? e.message : String(e), true);

export const COLORS = ['var(--c0)', 'var(--c1)', 'var(--c2)', 'var(--c3)', 'var(--c4)', 'var(--c5)', 'var(--c6)'];

// A Wibbell card: `c` is {letters, value, border} or a letter string.
// opts.use: the letter given to this card (highlighted in colour opts.color),
// opts.tag: a small note under the letters, opts.click: makes it a button.
export function card(c, opts = {}) {
  const letters = typeof c === 'string' ? c.toUpperCase() : c.letters;
  const kids = [];
  let used = false;
  for (const ch of letters) {
    if (!used && opts.use && ch.toLowerCase() === opts.use.toLowerCase()) {
      used = true;
      kids.push(h('span', {class: 'use', style: 'background:' + opts.color}, ch));
    } else kids.push(ch);
  }
  const cls = 'card ' + (c.border || '') + (opts.cls ? ' ' + opts.cls : '');
  const label = 'card ' + letters.split('').join(' ') + (opts.label ? ', ' + opts.label : '') +
    (opts.use ? ', letter ' + opts.use + ' used' : '');
  const inner = [h('span', {'aria-hidden': 'true'}, kids), opts.tag
    ? h('small', {'aria-hidden': 'true'}, opts.tag) : null];
  return opts.click
    ? h('button', {class: cls, type: 'button', 'aria-label': label, onclick: opts.click, 'data-card': letters}, inner)
    : h('span', {class: cls, role: 'img', 'aria-label': label, 'data-card': letters}, inner);
}

export function copyButton(text, label = 'Copy link') {
  return h('button', {type: 'button', onclick: async e => {
    try { await navigator.clipboard.writeText(text); e.target.textContent = 'Copied';
      } catch { prompt('Copy this link', text); }
  }}, label);
}

export function download(name, text, type) {
  const a = h('a', {href: URL.createObjectURL(new Blob([text], {type})), download: name});
  document.body.append(a); a.click(); a.remove();
}

// Redraw a board (draw()) keeping where its .mapbox was panned; the first
// time, centre(box) pans it.
export function keepPan(root, draw, centre) {
  const o = root.querySelector('.mapbox'), k = o && [o.scrollLeft, o.scrollTop];
  draw();
  const n = root.querySelector('.mapbox');
  if (n && k) [n.scrollLeft, n.scrollTop] = k;
  else if (n && centre) centre(n);
}
