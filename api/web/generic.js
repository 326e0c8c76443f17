// generic.js - any game, from its view and its listed actions: each action
// is a button, an action with free arguments ($params) a small form whose
// fields are the parameters, with their descriptions.
import {h, fill} from './ui.js';

// "take card 1" for {"type":"take","card":1}
export function label(a) {
  const rest = Object.entries(a).filter(([k]) => k !== 'type' && k !== '$params')
    .map(([k, v]) => k + ' ' + (typeof v === 'object' ? JSON.stringify(v) : v));
  return [a.type.replace(/_/g, ' '), ...rest].join(' · ');
}

// A typed value from what a player typed: numbers, true/false, JSON
// arrays and objects as such; anything else a string.
export function parse(s) {
  const t = s.trim();
  if (/^-?\d+(\.\d+)?$/.test(t) || /^(true|false|null)$/.test(t) || /^[[{"]/.test(t)) {
    try { return JSON.parse(t); } catch { /* a string after all */ }
  }
  return t;
}

let nform = 0;
export function actionsPanel(el, actions, send) {
  if (!actions.length) { fill(el, h('p', {class: 'hint'}, 'Nothing for you to do right now.')); return; }
  fill(el, h('div', {class: 'row'}, actions.filter(a => !a.$params).map(a =>
    h('button', {type: 'button', 'data-action': JSON.stringify(a), onclick: () => send(a)}, label(a)))),
  actions.filter(a => a.$params).map(a => {
    const n = ++nform;
    const fields = Object.entries(a.$params).map(([k, desc], i) => h('div', {},
      h('label', {for: `p${n}-${i}`}, k), h('input', {id: `p${n}-${i}`, name: k, 'aria-describedby': `p${n}-${i}d`,
        autocapitalize: 'none', spellcheck: 'false', required: true}),
      h('div', {class: 'hint', id: `p${n}-${i}d`}, typeof desc === 'string' ? desc : JSON.stringify(desc))));
    return h('form', {class: 'box', 'data-template': a.type, onsubmit: ev => {
      ev.preventDefault();
      const body = Object.fromEntries(Object.entries(a).filter(([k]) => k !== '$params'));
      for (const inp of ev.target.querySelectorAll('input')) body[inp.name] = parse(inp.value);
      send(body).then(ok => { if (ok) ev.target.reset(); });
    }}, h('strong', {}, label(a)), fields, h('button', {class: 'pri'}, a.type.replace(/_/g, ' ')));
  }));
}

// The view as a readable list: values inline, structures as JSON.
export function viewPanel(el, view) {
  fill(el, h('dl', {}, Object.entries(view).map(([k, v]) => [h('dt', {}, h('strong', {}, k)),
    h('dd', {}, v !== null && typeof v === 'object' ? h('pre', {}, JSON.stringify(v, null, 1)) : String(v))])));
}

// One log entry in words: "seat 1: guess (2 events: guess, turn_end)".
export function entryText(e, names) {
  const who = e.seat === -1 || e.seat === undefined ? 'host' : (names[e.seat] || 'seat ' + e.seat);
  const evs = (e.events || []).map(x => x.type).join(', ');
  return who + ': ' + (e.action && e.action.type) + (evs ? ' → ' + evs : '');
}
