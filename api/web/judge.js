// judge.js - the word judge (/) at a physical table: the centre cards,
// each player's own face-up cards and handicaps (kept in this browser), a
// shout judged by typing the word and tapping who shouted; the verdict as
// a panel readable across the table, the letters drawn on the cards, the
// definition; a won card moved to its winner in one tap (its word then
// used); the game's used words and words that would have worked.  For a
// class learning the dictionary's language, a choice of the class's own
// language (kept in this browser) puts the word's translation beside its
// definition (?translate=, from the dictionary's FreeDict translations).
// Following the round (the rounds chosen once, kept in this browser): the
// table becomes a companion match, whose rules the referee page's round
// module (round.js) follows: who is out for the card, a 3rd card of the
// round taking both centre cards and a permanent handicap, undo.
import {api} from './api.js';
import {h, $, fill, say, fail, card, COLORS} from './ui.js';
import {reasonText, languageName, playerBox as seatBox, describe} from './words.js';
import {drawn} from './board.js';
import {MODES, modeName, startTable, banner, flipForm, centreCards, keepBox, undoButton} from './round.js';

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
const player = name => st.players.find(p => p.name === name);
// Following the round: st.match {id, token} (the match and its host key)
// kept in this browser; fol the match's host view, the actions listed for
// it, and the last step's events and words.
const fol = {view: null, actions: [], events: [], last: ''};
const following = () => !!st.match;
const lettersOf = cs => cs.map(c => c.letters);
const centre = () => following() ? (fol.view ? lettersOf(fol.view.centre) : []).concat('', '').slice(0, 2)
  : [clean($('#c1').value), clean($('#c2').value)];

function chips(ul, list, label) {
  fill(ul, list.map((w, i) => h('li', {}, w,
    h('button', {type: 'button', 'aria-label': 'Remove ' + label + ' ' + w, onclick: () => { list.splice(i, 1); save();
      render(); }}, '✕'))));
}

// A player's set: the cards (a tap on one makes it a permanent handicap or
// a card of this round again), a box to add a card, and the player's end.
function playerBox(p) {
  const inp = h('input', {placeholder: 'SG', maxlength: 26, autocapitalize: 'characters', spellcheck: 'false',
    'aria-label': 'A card of ' + p.name});
  const add = () => { const c = clean(inp.value); if (c) { p.cards.push({letters: c, perm: false}); save();
    render(); } };
  inp.addEventListener('keydown', e => { if (e.key === 'Enter') { e.preventDefault(); add(); } });
  return h('div', {class: 'box', 'data-player': p.name},
    h('div', {class: 'row'}, h('strong', {class: 'grow'}, p.name),
      h('span', {class: 'hint'}, p.cards.length + ' card' + (p.cards.length === 1 ? '' : 's')),
      h('button', {type: 'button', 'aria-label': 'Remove ' + p.name + ' from the table', onclick: () => {
        if (!p.cards.length || confirm('Remove ' + p.name + ' and their cards?')) {
          st.players.splice(st.players.indexOf(p), 1); save(); render();
        }
      }}, '✕')),
    h('ul', {class: 'chips', 'aria-label': p.name + "'s cards"},
      p.cards.map((c, i) => h('li', {'data-card': c.letters, class: c.perm ? 'perm' : ''},
      h('button', {type: 'button', class: 'link', 'aria-pressed': String(c.perm),
        'aria-label': c.letters + (c.perm ? ', a permanent handicap' : ', won this round') + ': tap to change',
        onclick: () => { c.perm = !c.perm; save(); render(); }}, c.letters, c.perm ? ' ★' : ''),
      h('button', {type: 'button', 'aria-label': 'Remove card ' + c.letters + ' of ' + p.name,
        onclick: () => { p.cards.splice(i, 1); save(); render(); }}, '✕')))),
    h('div', {class: 'row'}, inp, h('button', {type: 'button', onclick: add}, 'Add card')));
}

function render() {
  // the match's view first: the round goes above the form, which would jump
  if (following() && !fol.view) { $('#judge').hidden = true; return; }
  $('#judge').hidden = false;
  const v = fol.view, seats = following() ? v.players.map(x => ({name: x.name, seat: x.seat})) : st.players;
  fill($('#shouters'), following() && v.phase !== 'play' ? null
    : seats.map(p => h('button', {type: 'button', class: 'pri', 'data-shouter': p.name,
    'aria-disabled': following() && v.players[p.seat].out ? 'true' : null, onclick: () => check(p)}, p.name)),
    h('button', {type: 'button', id: 'check', class: seats.length ? '' : 'pri', onclick: () => check(null)},
      seats.length ? 'Centre only' : 'Check'));
  $('#whohint').textContent = !seats.length ? '(add the players below to judge their own cards)'
    : following() && v.phase !== 'play' ? '(a shout once two cards are up)' : 'then tap who shouted';
  $('#centrebox').hidden = following();
  $('#round').hidden = !following();
  $('#seatrow').hidden = following();
  $('#followbox').hidden = following() || st.players.length < 2;
  $('#useword').hidden = $('#adduse').hidden = following(); // the match keeps its used words
  if (following()) {
    fill($('#players'), v.players.map(x => { const b = seatBox(x, v); b.dataset.player = x.name; return b; }));
    fill($('#used'), v.used.map(w => h('li', {}, w)));
    drawRound();
  } else {
    fill($('#players'), st.players.map(playerBox));
    chips($('#used'), st.used, 'used word');
  }
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
  const v = fol.view, seat = following() && who ? v.players[who.seat] : null;
  const mine = seat ? lettersOf([...seat.handicaps, ...seat.face_up]) : who ? who.cards.map(c => c.letters) : [];
  const cs = [...centre(), ...mine].filter(Boolean);
  const used = following() ? v.used : st.used;
  pending('wait', 'Checking “' + word + '”' + (who ? ' for ' + who.name : '') + '…');
  let res;
  try {
    // following the round, the shout is recorded: the daemon judges it
    // against the same cards, and a refused one puts its player out for the card
    if (seat) await followAct({type: 'claim', seat: who.seat, word});
    res = await api('POST', '/v1/wibbell/check', {word, cards: cs, used, dictionary: st.dict || undefined,
      compounds: st.comp ? 'derivative' : undefined});
  } catch (e) { if (seq === asked) pending('err', e.round ? e.message : why(e)); if (e.round) render(); return; }
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
  const drawn = byCard.map(({c, a, col}, i) => card(c, a ? {use: a.letter.normalize('NFD')[0], color: col,
    tag: 'letter ' + (a.position + 1)}
    : {tag: lack.has(c) ? 'no letter' : i < 2 && centre()[i] === c ? 'centre' : '', cls: lack.has(c) ? 'down' : ''}));
  const defBox = h('div', {class: 'def'});
  const take = following() ? h('div', {class: 'row take', id: 'takerow'}) : ok ? takeRow(res.word, who) : null;
  fill($('#result'), h('div', {class: 'verdict-panel ' + (ok ? 'ok' : 'no')},
    h('div', {class: 'row'}, h('span', {class: 'verdict ' + (ok ? 'ok' : 'no'), role: 'img',
      'aria-label': ok ? 'valid' : 'not valid'}, ok ? '✓' : '✗'),
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
  if (following()) { render(); followRow(); }
  keepWordInSight();
  const lang = (langs[res.dictionary] || []).includes(st.lang) ? st.lang : '';
  try {
    const w = await api('GET', '/v1/dictionaries/' + encodeURIComponent(res.dictionary) + '/words/' +
      encodeURIComponent(res.word) +
      (lang ? '?translate=' + encodeURIComponent(lang) : '') + (st.cls ? (lang ? '&' : '?') + 'class=1' : ''));
    const d = (w.definitions || []).slice(0, 3);
    const tr = lang ? (w.translations || {})[lang] || [] : null, from = lang && (w.translated_from || {})[lang];
    fill(defBox, d.length ? h('ol', {}, d.map(x => h('li', {}, h('i', {}, x.pos), ' ',
      x.of ? h('span', {class: 'of'}, x.of + ': ') : null, x.text)))
      : h('p', {class: 'hint'}, w.proper_noun ? 'A name (proper noun).' : w.hidden_word
        ? 'No definition shown in the class setting.' : 'No definition in the dictionary.'),
    tr ? h('p', {class: 'tr', id: 'translation', 'data-lang': lang}, languageName(lang) + ': ',
      tr.length ? h('strong', {}, tr.join(', ')) : h('span', {class: 'hint'}, 'no translation in the dictionary'),
        from ? ' (' + from + ')' : '') : null);
  } catch { /* the verdict stands without it */ }
}

// Under a valid word: the winner takes a centre card in one tap (it moves
// to their cards, the word is used, the emptied centre place waits for the
// card turned up next); without a player, the word alone is marked used.
function takeRow(word, who) {
  const use = () => { if (!st.used.includes(word)) st.used.push(word); };
  const row = h('div', {class: 'row take'});
  const done = msg => { save(); render(); fill(row, h('p', {class: 'ok'}, msg)); say(msg); };
  if (!who) return fill(row, h('button', {type: 'button', class: 'pri', onclick: () => { use();
    done('“' + word + '” is now used this game'); }}, 'It won a card: mark as used'));
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

// Following the round: the match's actions, as the referee page sends
// them (round.js).  followAct posts one and loads the view and actions it
// leads to; a refusal comes back in words (e.round: the daemon's, not the
// network's).
const matchPath = () => '/v1/games/' + encodeURIComponent(st.match.id);
async function followLoad() {
  const [v, a] = await Promise.all([api('GET', matchPath(), undefined, st.match.token),
    api('GET', matchPath() + '/actions', undefined, st.match.token)]);
  fol.view = v;
  fol.actions = a.actions;
}
async function followAct(body) {
  let r;
  try { r = await api('POST', matchPath() + '/actions', body, st.match.token); } catch (e) {
    const who = body.seat !== undefined && fol.view.players[body.seat];
    const err = new Error(e.status ? (who ? who.name + ': ' : '') + e.message : why(e));
    err.round = !!e.status; err.status = e.status;
    throw err;
  }
  fol.events = r.events || [];
  fol.last = describe(r, {names: fol.view.players.map(x => x.name)});
  await followLoad();
  return r;
}
const roundCtx = () => ({names: fol.view.players.map(x => x.name), actions: fol.actions, send: followSend});
// A step of the round from its controls (a take, a keep, a flip, undo).
async function followSend(body, explain) {
  say('');
  try {
    const r = await followAct(body);
    if (body.type === 'undo') fill($('#result')); // the verdict shown may be the step undone
    render();
    say(fol.last);
    followRow();
    if (body.type === 'flip') $('#flip')?.focus();
    return r;
  } catch (e) { say(explain?.(e) || e.message, true); render(); return null; }
}

// What the round does after a shout, under its verdict: the winner's take
// (a tap), the end of the round (a 3rd card: both centre cards, and the
// card to keep as a permanent handicap, a tap), or the step in words and
// who is out for the card.
function followRow() {
  const row = $('#takerow');
  if (!row) return;
  const v = fol.view, rc = roundCtx(), w = v.turn_winner, wn = rc.names[w];
  row.className = v.phase === 'take' ? 'row take' : ''; // the take's big buttons; the keep's cards as cards
  if (v.phase === 'take') {
    fill(row, rc.actions.filter(a => a.type === 'take').map(a => v.centre[a.card]).filter(Boolean).map(c =>
      h('button', {type: 'button', class: 'pri', 'data-take': c.letters,
        onclick: () => followSend({type: 'take', seat: w, letters: c.letters})}, wn + ' takes ' + c.letters)));
  } else if (v.phase === 'keep') {
    const taken = fol.events.filter(e => e.type === 'card_taken').map(e => e.card.letters);
    fill(row, h('p', {class: 'ok', id: 'roundend'}, wn + ' wins the round: ' + wn + ' takes ' +
      (taken.length > 1 ? 'both centre cards, ' + taken.join(' and ') : taken.join('')) +
        ', then keeps one card as a permanent handicap'), keepBox(rc, v));
  } else {
    fill(row, h('p', {}, fol.last), v.players.filter(x => x.out).map(x =>
      h('p', {class: 'err', 'data-out': x.name}, x.name + ': out for this card')));
  }
}

// The round above the word box: what it waits for, the mode (chosen once),
// the centre (a tap takes a card), the flip of the card turned up, undo.
function drawRound() {
  const v = fol.view, rc = roundCtx();
  drawn($('#round'), v, null, true); // the version drawn, with its actions (what the tests wait for)
  fill($('#round'), h('p', {class: 'reasons'}, h('strong', {id: 'roundsays'}, banner(v, rc.names))),
    h('div', {class: 'hint', id: 'roundinfo'}, modeName(v.mode) + ' rounds · round ' + v.round + ' · turn ' + v.turn +
      ' · about ' + v.deck + ' cards left in the deck'),
    h('div', {class: 'cards big', role: 'group', 'aria-label': 'Centre cards'}, centreCards(rc, v)),
    v.phase === 'flip' && v.status !== 'finished' ? flipForm(rc, v) : null,
    $('#takerow') ? null : keepBox(rc, v),
    h('div', {class: 'row'}, undoButton(rc, fol.last)));
}

// Follow the round from a new game: a companion match of the players at
// the table, the rounds as chosen (once: they hold for the whole game).
async function follow() {
  const names = st.players.map(p => p.name);
  if ((st.used.length || st.players.some(p => p.cards.length)) &&
      !confirm('Follow the round from a new game? The cards and used words noted here are forgotten (the players ' +
        'stay).')) return;
  try {
    const m = await startTable(names, {mode: $('#mode').value, dictionary: st.dict || undefined, classroom: !!st.cls,
      compounds: st.comp ? 'derivative' : 'separate'});
    st.match = {id: m.id, token: m.host_token};
    st.used = []; st.players.forEach(p => { p.cards = []; });
    save();
    fill($('#result')); lastWord('');
    await followLoad();
    render();
    say('Following the round: flip two cards');
    $('#flip')?.focus();
  } catch (e) { say(why(e), true); }
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
      h('ul', {class: 'chips', id: 'hintwords'}, r.words.map(w =>
        h('li', {}, h('button', {type: 'button', class: 'link', onclick: () => { $('#word').value = w;
        check(null); }}, w)))));
  } catch (e) { fail(e); }
}

async function dicts() {
  try {
    const r = await api('GET', '/v1/dictionaries');
    fill($('#dict'), r.dictionaries.map(d => h('option', {value: d.id,
      selected: d.id === st.dict || (!st.dict && d.default)}, d.id + ' · ' + d.language)));
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
$('#adduse').onclick = () => { const w = $('#useword').value.trim().toLowerCase();
  if (w) { st.used.push(w); save(); render(); } $('#useword').value = ''; };
$('#newgame').onclick = () => {
  if (following() ? confirm('Stop following this game and start a new one (the players stay)?')
    : !st.used.length && !st.players.some(p => p.cards.length) ||
      confirm('Forget the used words and everyone\'s cards (the players stay)?')) {
    delete st.match; fol.view = null;
    st.used = []; st.players.forEach(p => { p.cards = []; }); save(); render(); fill($('#result'));
      fill($('#hintlist'));
  }
};
$('#follow').onclick = follow;
fill($('#mode'), MODES.map(([v, t]) => h('option', {value: v}, t)));
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
    rec.onresult = e => { $('#word').value = e.results[0][0].transcript.split(/\s+/)[0];
      if (!st.players.length) check(null); };
    rec.onerror = e => say('Dictation: ' + e.error, true);
    rec.start();
  };
}
render();
dicts();
if (following()) {
  followLoad().then(render, e => {
    if (e.status === 404 || e.status === 403) { delete st.match; save(); render();
      say('The game followed here is gone: a new one starts', true); }
    else say(why(e), true);
  });
}
