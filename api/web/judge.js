// judge.js - the word judge (/): cards in, word in, a verdict with its
// reasons, the letters drawn on the cards, the definition, the game's
// used words (kept in this browser) and words that would have worked.
import {api} from './api.js';
import {h, $, fill, say, fail, card, COLORS} from './ui.js';

const store = {
  get: () => { try { return JSON.parse(localStorage.getItem('wibbell-judge')) || {}; } catch { return {}; } },
  put: s => { try { localStorage.setItem('wibbell-judge', JSON.stringify(s)); } catch { /* private mode */ } },
};
const st = Object.assign({used: [], mine: [], dict: ''}, store.get());
const save = () => store.put(st);
const clean = s => s.trim().toUpperCase().replace(/[^A-Z]/g, '');

function chips(ul, list, label, fmt) {
  fill(ul, list.map((w, i) => h('li', {}, fmt ? fmt(w) : w,
    h('button', {type: 'button', 'aria-label': 'Remove ' + label + ' ' + w, onclick: () => { list.splice(i, 1); save(); render(); }}, '✕'))));
}
function render() {
  chips($('#minelist'), st.mine, 'card');
  chips($('#used'), st.used, 'used word');
}
function cards() {
  return [clean($('#c1').value), clean($('#c2').value), ...st.mine].filter(Boolean);
}

// A reason as a player says it.
function reasonText(r) {
  switch (r.code) {
  case 'derivative': return 'derivative of “' + r.of + '”';
  case 'proper_noun': return 'proper noun';
  case 'not_a_word': return 'not a word';
  case 'already_used': return 'already used this game';
  case 'cards_not_covered': {
    const m = /no letter of card (\w+)/.exec(r.detail);
    return m ? 'needs its own letter for card ' + m[1] : 'needs a separate letter for each card';
  }
  default: return r.detail;
  }
}

async function check(ev) {
  ev.preventDefault();
  const word = $('#word').value.trim();
  const cs = cards();
  if (!word) return;
  say('Checking…');
  let res;
  try {
    res = await api('POST', '/v1/wibbell/check', {word, cards: cs, used: st.used, dictionary: st.dict || undefined});
  } catch (e) { fail(e); return; }
  say('');
  const ok = res.valid;
  const colour = {};
  (res.assignment || []).forEach((a, i) => { colour[a.position] = COLORS[i % COLORS.length]; });
  const letters = [...res.word].map((ch, i) => h('span', colour[i] ? {style: 'border-color:' + colour[i]} : {}, ch));
  const byCard = cs.map(c => ({c, a: null}));
  (res.assignment || []).forEach((a, i) => {
    const slot = byCard.find(x => !x.a && x.c === a.card.toUpperCase());
    if (slot) { slot.a = a; slot.col = COLORS[i % COLORS.length]; }
  });
  const drawn = byCard.map(({c, a, col}) => {
    const has = [...c.toLowerCase()].some(l => res.word.includes(l));
    return card(c, a ? {use: a.letter.normalize('NFD')[0], color: col, tag: 'letter ' + (a.position + 1)}
      : {tag: has ? '' : 'no letter', cls: has ? '' : 'down'});
  });
  const defBox = h('div', {class: 'def'});
  const won = ok ? h('button', {type: 'button', class: 'pri', onclick: () => {
    if (!st.used.includes(res.word)) st.used.push(res.word);
    save(); render(); say('“' + res.word + '” is now used this game');
    won.disabled = true;
  }}, 'It won a card: mark as used') : null;
  fill($('#result'), h('div', {class: 'box'},
    h('div', {class: 'verdict ' + (ok ? 'ok' : 'no'), role: 'img', 'aria-label': ok ? 'valid' : 'not valid'}, ok ? '✓' : '✗'),
    h('div', {class: 'word', 'aria-label': res.word}, letters),
    ok ? h('p', {class: 'reasons ok'}, 'Counts' + (cs.length ? ': every card has its own letter' : ''))
      : h('ul', {class: 'reasons err'}, res.reasons.map(r => h('li', {}, reasonText(r)))),
    h('div', {class: 'cards', 'aria-label': 'The cards'}, drawn),
    defBox, won));
  $('#result').scrollIntoView({block: 'start', behavior: 'smooth'});
  try {
    const w = await api('GET', '/v1/dictionaries/' + encodeURIComponent(res.dictionary) + '/words/' + encodeURIComponent(res.word));
    const d = (w.definitions || []).slice(0, 3);
    fill(defBox, d.length ? h('ol', {}, d.map(x => h('li', {}, h('i', {}, x.pos), ' ', x.text)))
      : h('p', {class: 'hint'}, w.proper_noun ? 'A name (proper noun).' : 'No definition in the dictionary.'));
  } catch { /* the verdict stands without it */ }
}

async function hints() {
  const cs = cards();
  if (!cs.length) { say('Enter the cards first', true); return; }
  const q = new URLSearchParams({cards: cs.join(','), limit: '40'});
  if (st.used.length) q.set('used', st.used.join(','));
  try {
    const r = await api('GET', '/v1/dictionaries/' + encodeURIComponent(st.dict || 'default') + '/match?' + q);
    fill($('#hintlist'), h('p', {}, r.total + ' words fit ' + cs.join(' + ') + '. The shortest:'),
      h('ul', {class: 'chips', id: 'hintwords'}, r.words.map(w => h('li', {}, h('button', {type: 'button', class: 'link', onclick: () => { $('#word').value = w; $('#check').click(); }}, w)))));
  } catch (e) { fail(e); }
}

function addMine() {
  const c = clean($('#mine').value);
  if (c) { st.mine.push(c); save(); render(); }
  $('#mine').value = '';
  $('#mine').focus();
}

async function dicts() {
  try {
    const r = await api('GET', '/v1/dictionaries');
    fill($('#dict'), r.dictionaries.map(d => h('option', {value: d.id, selected: d.id === st.dict || (!st.dict && d.default)}, d.id + ' · ' + d.language)));
    if (!st.dict) st.dict = $('#dict').value;
  } catch (e) { fail(e); }
}

$('#judge').addEventListener('submit', check);
$('#addmine').onclick = addMine;
$('#mine').addEventListener('keydown', e => { if (e.key === 'Enter') { e.preventDefault(); addMine(); } });
$('#adduse').onclick = () => { const w = $('#useword').value.trim().toLowerCase(); if (w) { st.used.push(w); save(); render(); } $('#useword').value = ''; };
$('#newgame').onclick = () => { if (!st.used.length || confirm('Forget the used words and your cards?')) { st.used = []; st.mine = []; save(); render(); fill($('#result')); fill($('#hintlist')); } };
$('#hints').onclick = hints;
$('#dict').onchange = e => { st.dict = e.target.value; save(); };
const Speech = window.SpeechRecognition || window.webkitSpeechRecognition;
if (Speech) {
  $('#mic').hidden = false;
  $('#mic').onclick = () => {
    const rec = new Speech();
    rec.lang = (st.dict || 'en_US').replace('_', '-');
    rec.onresult = e => { $('#word').value = e.results[0][0].transcript.split(/\s+/)[0]; $('#check').click(); };
    rec.onerror = e => say('Dictation: ' + e.error, true);
    rec.start();
  };
}
render();
dicts();
