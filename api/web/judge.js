// judge.js - the word judge (/) at a physical table: the centre cards,
// each player's own face-up cards and handicaps (kept in this browser), a
// shout judged by typing the word and tapping who shouted; the verdict as
// a panel readable across the table, the letters drawn on the cards, the
// definition; a won card moved to its winner in one tap (its word then
// used); the game's used words and words that would have worked.  For a
// class learning the dictionary's language, a choice of the class's own
// language (kept in this browser) puts the word's translation beside its
// definition (?translate=, from the dictionary's FreeDict translations).
import {api} from './api.js';
import {h, $, fill, say, fail, card, COLORS} from './ui.js';
import {reasonText, languageName} from './wibbell.js';

const store = {
  get: () => { try { return JSON.parse(localStorage.getItem('wibbell-judge')) || {}; } catch { return {}; } },
  put: s => { try { localStorage.setItem('wibbell-judge', JSON.stringify(s)); } catch { /* private mode */ } },
};
// players: [{name, cards: [{letters, perm}]}]; perm: a permanent handicap
const st = Object.assign({used: [], players: [], dict: '', lang: ''}, store.get());
const langs = {}; // the languages each dictionary translates into, by its id
delete st.mine; // the one "shouter's cards" list of before
const save = () => store.put(st);
const clean = s => s.trim().toUpperCase().replace(/[^A-Z]/g, '');
const centre = () => [clean($('#c1').value), clean($('#c2').value)];
const player = name => st.players.find(p => p.name === name);

function chips(ul, list, label) {
  fill(ul, list.map((w, i) => h('li', {}, w,
    h('button', {type: 'button', 'aria-label': 'Remove ' + label + ' ' + w, onclick: () => { list.splice(i, 1); save(); render(); }}, '✕'))));
}

// A player's set: the cards (a tap on one makes it a permanent handicap or
// a card of this round again), a box to add a card, and the player's end.
function playerBox(p) {
  const inp = h('input', {placeholder: 'SG', maxlength: 26, autocapitalize: 'characters', spellcheck: 'false', 'aria-label': 'A card of ' + p.name});
  const add = () => { const c = clean(inp.value); if (c) { p.cards.push({letters: c, perm: false}); save(); render(); } };
  inp.addEventListener('keydown', e => { if (e.key === 'Enter') { e.preventDefault(); add(); } });
  return h('div', {class: 'box', 'data-player': p.name},
    h('div', {class: 'row'}, h('strong', {class: 'grow'}, p.name), h('span', {class: 'hint'}, p.cards.length + ' card' + (p.cards.length === 1 ? '' : 's')),
      h('button', {type: 'button', 'aria-label': 'Remove ' + p.name + ' from the table', onclick: () => {
        if (!p.cards.length || confirm('Remove ' + p.name + ' and their cards?')) { st.players.splice(st.players.indexOf(p), 1); save(); render(); }
      }}, '✕')),
    h('ul', {class: 'chips', 'aria-label': p.name + "'s cards"}, p.cards.map((c, i) => h('li', {'data-card': c.letters, class: c.perm ? 'perm' : ''},
      h('button', {type: 'button', class: 'link', 'aria-pressed': String(c.perm), 'aria-label': c.letters + (c.perm ? ', a permanent handicap' : ', won this round') + ': tap to change',
        onclick: () => { c.perm = !c.perm; save(); render(); }}, c.letters, c.perm ? ' ★' : ''),
      h('button', {type: 'button', 'aria-label': 'Remove card ' + c.letters + ' of ' + p.name, onclick: () => { p.cards.splice(i, 1); save(); render(); }}, '✕')))),
    h('div', {class: 'row'}, inp, h('button', {type: 'button', onclick: add}, 'Add card')));
}

function render() {
  fill($('#shouters'), st.players.map(p => h('button', {type: 'button', class: 'pri', 'data-shouter': p.name, onclick: () => check(p)}, p.name)),
    h('button', {type: 'button', id: 'check', class: st.players.length ? '' : 'pri', onclick: () => check(null)}, st.players.length ? 'Centre only' : 'Check'));
  $('#whohint').textContent = st.players.length ? 'then tap who shouted' : '(add the players below to judge their own cards)';
  fill($('#players'), st.players.map(playerBox));
  chips($('#used'), st.used, 'used word');
  // the sections under the form wait for this first drawing, hidden: shown
  // with the players' buttons above them, they do not jump down (layout shift)
  for (const sec of document.querySelectorAll('main > section[hidden]')) sec.hidden = false;
}

// The word box stays in sight after a verdict: the next shout needs it.
function keepWordInSight() {
  const r = $('#word').getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) $('#word').scrollIntoView({block: 'start'});
}

// The verdict panel's place while there is no verdict to show: a check
// under way, or why there is none (kind 'wait' or 'err'); the last verdict
// goes the moment a new shout starts, so it can never pass for the new one.
function pending(kind, msg) {
  fill($('#result'), h('div', {class: 'verdict-panel ' + kind, id: 'pending', role: kind === 'err' ? 'alert' : null},
    h('p', {class: 'verdict-says'}, msg)));
  keepWordInSight();
}
// What went wrong with a check, in words: no answer at all is the network.
const why = e => e && e.status ? e.message : 'no connection to the judge: try again';

// The last word refused, one tap away (the box is cleared for the next shout).
function lastWord(word) {
  const b = $('#lastword');
  b.hidden = !word;
  b.textContent = word ? 'last: ' + word : '';
  if (word) b.setAttribute('aria-label', 'Type the last word again: ' + word); else b.removeAttribute('aria-label');
}
$('#lastword').onclick = () => { $('#word').value = $('#lastword').dataset.word || ''; $('#word').focus(); };

let asked = 0; // checks sent: only the latest one's verdict is shown
// Judge the word for `who` (a player, or null: the centre cards alone).
async function check(who) {
  const word = $('#word').value.trim();
  const seq = ++asked; // an earlier check still on its way is no longer shown
  say('');
  if (!word) { pending('err', 'Type the shouted word first'); $('#word').focus(); return; }
  const mine = who ? who.cards.map(c => c.letters) : [];
  const cs = [...centre(), ...mine].filter(Boolean);
  pending('wait', 'Checking “' + word + '”' + (who ? ' for ' + who.name : '') + '…');
  let res;
  try {
    res = await api('POST', '/v1/wibbell/check', {word, cards: cs, used: st.used, dictionary: st.dict || undefined,
      compounds: st.comp ? 'derivative' : undefined});
  } catch (e) { if (seq === asked) pending('err', why(e)); return; }
  if (seq !== asked) return; // a later tap's verdict is the one to show
  const ok = res.valid;
  const colour = {};
  (res.assignment || []).forEach((a, i) => { colour[a.position] = COLORS[i % COLORS.length]; });
  const letters = [...res.word].map((ch, i) => h('span', colour[i] ? {style: 'border-color:' + colour[i]} : {}, ch));
  const byCard = cs.map(c => ({c, a: null}));
  (res.assignment || []).forEach((a, i) => {
    const slot = byCard.find(x => !x.a && x.c === a.card.toUpperCase());
    if (slot) { slot.a = a; slot.col = COLORS[i % COLORS.length]; }
  });
  const lack = new Set(res.reasons.flatMap(r => r.cards || []).map(c => c.toUpperCase()));
  const drawn = byCard.map(({c, a, col}, i) => card(c, a ? {use: a.letter.normalize('NFD')[0], color: col, tag: 'letter ' + (a.position + 1)}
    : {tag: lack.has(c) ? 'no letter' : i < 2 && centre()[i] === c ? 'centre' : '', cls: lack.has(c) ? 'down' : ''}));
  const defBox = h('div', {class: 'def'});
  const take = ok ? takeRow(res.word, who) : null;
  fill($('#result'), h('div', {class: 'verdict-panel ' + (ok ? 'ok' : 'no')},
    h('div', {class: 'row'}, h('span', {class: 'verdict ' + (ok ? 'ok' : 'no'), role: 'img', 'aria-label': ok ? 'valid' : 'not valid'}, ok ? '✓' : '✗'),
      h('span', {class: 'verdict-says'}, (who ? who.name + ': ' : '') + (ok ? 'counts' : 'does not count'))),
    h('div', {class: 'word', 'aria-label': res.word}, letters),
    ok ? h('p', {class: 'reasons'}, cs.length ? 'Every card has its own letter' : 'A word')
      : h('ul', {class: 'reasons'}, res.reasons.map(r => h('li', {}, reasonText(r, res.word))))),
  take,
  h('div', {class: 'cards', role: 'group', 'aria-label': 'The cards'}, drawn),
  defBox);
  if (!ok) { // the next shout starts from an empty box; the refused word is a tap away
    $('#word').value = '';
    $('#lastword').dataset.word = word;
    lastWord(word);
  } else lastWord('');
  keepWordInSight();
  const lang = (langs[res.dictionary] || []).includes(st.lang) ? st.lang : '';
  try {
    const w = await api('GET', '/v1/dictionaries/' + encodeURIComponent(res.dictionary) + '/words/' + encodeURIComponent(res.word) +
      (lang ? '?translate=' + encodeURIComponent(lang) : '') + (st.cls ? (lang ? '&' : '?') + 'class=1' : ''));
    const d = (w.definitions || []).slice(0, 3);
    const tr = lang ? (w.translations || {})[lang] || [] : null, from = lang && (w.translated_from || {})[lang];
    fill(defBox, d.length ? h('ol', {}, d.map(x => h('li', {}, h('i', {}, x.pos), ' ', x.of ? h('span', {class: 'of'}, x.of + ': ') : null, x.text)))
      : h('p', {class: 'hint'}, w.proper_noun ? 'A name (proper noun).' : w.hidden_word ? 'No definition shown in the class setting.' : 'No definition in the dictionary.'),
    tr ? h('p', {class: 'tr', id: 'translation', 'data-lang': lang}, languageName(lang) + ': ',
      tr.length ? h('strong', {}, tr.join(', ')) : h('span', {class: 'hint'}, 'no translation in the dictionary'), from ? ' (' + from + ')' : '') : null);
  } catch { /* the verdict stands without it */ }
}

// Under a valid word: the winner takes a centre card in one tap (it moves
// to their cards, the word is used, the emptied centre place waits for the
// card turned up next); without a player, the word alone is marked used.
function takeRow(word, who) {
  const use = () => { if (!st.used.includes(word)) st.used.push(word); };
  const row = h('div', {class: 'row take'});
  const done = msg => { save(); render(); fill(row, h('p', {class: 'ok'}, msg)); say(msg); };
  if (!who) return fill(row, h('button', {type: 'button', class: 'pri', onclick: () => { use(); done('“' + word + '” is now used this game'); }}, 'It won a card: mark as used'));
  const slots = [$('#c1'), $('#c2')].filter(i => clean(i.value));
  return fill(row, slots.map(i => {
    const c = clean(i.value);
    return h('button', {type: 'button', class: 'pri', 'data-take': c, onclick: () => {
      use();
      who.cards.push({letters: c, perm: false});
      i.value = '';
      $('#word').value = '';
      done(who.name + ' takes ' + c + ': type the card turned up');
      i.focus();
    }}, who.name + ' takes ' + c);
  }));
}

async function hints() {
  const cs = centre().filter(Boolean);
  if (!cs.length) { say('Enter the cards first', true); return; }
  const q = new URLSearchParams({cards: cs.join(','), limit: '40', sort: 'common'});
  if (st.used.length) q.set('used', st.used.join(','));
  if (st.cls) q.set('class', '1');
  if (st.comp) q.set('compounds', 'derivative');
  try {
    const r = await api('GET', '/v1/dictionaries/' + encodeURIComponent(st.dict || 'default') + '/match?' + q);
    fill($('#hintlist'), h('p', {}, r.total + ' words fit ' + cs.join(' + ') + '. The commonest:'),
      h('ul', {class: 'chips', id: 'hintwords'}, r.words.map(w => h('li', {}, h('button', {type: 'button', class: 'link', onclick: () => { $('#word').value = w; check(null); }}, w)))));
  } catch (e) { fail(e); }
}

async function dicts() {
  try {
    const r = await api('GET', '/v1/dictionaries');
    fill($('#dict'), r.dictionaries.map(d => h('option', {value: d.id, selected: d.id === st.dict || (!st.dict && d.default)}, d.id + ' · ' + d.language)));
    for (const d of r.dictionaries) langs[d.id] = (d.translations || '').split(',').filter(Boolean);
    if (!st.dict) st.dict = $('#dict').value;
    languages();
  } catch (e) { fail(e); }
}

// The class's language: those the chosen dictionary translates into.
function languages() {
  const ls = langs[st.dict] || [];
  fill($('#lang'), h('option', {value: ''}, 'No translation'),
    ls.map(l => h('option', {value: l, selected: l === st.lang}, languageName(l) + ' (' + l + ')')));
  $('#lang').hidden = !ls.length;
}

function addPlayer() {
  const n = $('#newplayer').value.trim();
  if (n && !player(n)) { st.players.push({name: n, cards: []}); save(); render(); }
  else if (n) say(n + ' is already at the table', true);
  $('#newplayer').value = '';
  $('#newplayer').focus();
}

// Enter in the word box: with players, the tap on who shouted is still to
// come (the page never guesses the shouter); without, the centre alone.
const enter = ev => {
  ev.preventDefault();
  if (!st.players.length) check(null);
  else { say('Tap who shouted'); $('#shouters button').focus(); }
};
$('#judge').addEventListener('submit', enter);
$('#word').addEventListener('keydown', e => { if (e.key === 'Enter') enter(e); });
$('#addplayer').onclick = addPlayer;
$('#newplayer').addEventListener('keydown', e => { if (e.key === 'Enter') { e.preventDefault(); addPlayer(); } });
$('#endround').onclick = () => {
  if (!confirm('End of the round: everyone turns their cards of this round face down (handicaps ★ stay)?')) return;
  for (const p of st.players) p.cards = p.cards.filter(c => c.perm);
  save(); render(); say('A new round: turn up two cards');
};
$('#adduse').onclick = () => { const w = $('#useword').value.trim().toLowerCase(); if (w) { st.used.push(w); save(); render(); } $('#useword').value = ''; };
$('#newgame').onclick = () => {
  if (!st.used.length && !st.players.some(p => p.cards.length) || confirm('Forget the used words and everyone\'s cards (the players stay)?')) {
    st.used = []; st.players.forEach(p => { p.cards = []; }); save(); render(); fill($('#result')); fill($('#hintlist'));
  }
};
$('#hints').onclick = hints;
$('#dict').onchange = e => { st.dict = e.target.value; save(); languages(); };
$('#lang').onchange = e => { st.lang = e.target.value; save(); };
// the class setting: definitions as a class may see them
const classSet = () => $('#classset').setAttribute('aria-pressed', String(!!st.cls));
$('#classset').onclick = () => { st.cls = !st.cls; save(); classSet(); };
classSet();
// compounds (dict/COMPOUNDS.md): a German or Dutch compound of a used word is a derivative
const compSet = () => $('#compset').setAttribute('aria-pressed', String(!!st.comp));
$('#compset').onclick = () => { st.comp = !st.comp; save(); compSet(); };
compSet();
const Speech = window.SpeechRecognition || window.webkitSpeechRecognition;
if (Speech) {
  $('#mic').hidden = false;
  $('#mic').onclick = () => {
    const rec = new Speech();
    rec.lang = (st.dict || 'en_US').replace('_', '-');
    rec.onresult = e => { $('#word').value = e.results[0][0].transcript.split(/\s+/)[0]; if (!st.players.length) check(null); };
    rec.onerror = e => say('Dictation: ' + e.error, true);
    rec.start();
  };
}
render();
dicts();
