// table.js - companion mode: one phone referees a physical Wibbell table
// (#g=<match>&t=<host token>); the daemon judges and keeps the centre,
// each player's cards, handicaps, scores and used words.  Other phones
// open the same page without a token (by the link or QR code shown here)
// and watch the table live.  Without #g it starts a new table.  The
// referee sees the latest word that counted with its definition (and its
// translation into the class's language, in a match with a
// learner_language).
import {api, params, live, act, link} from './api.js';
import {h, $, fill, redraw, say, fail, copyButton} from './ui.js';
import {playerBox, usedList, describe, entry, meaning, learnerSelect, reasonText} from './words.js';
import {qrSvg} from './qr.js';
import {listed, drawn} from './board.js';
import {MODES, startTable, banner, flipForm, centreCards, keepBox, undoButton} from './round.js';

const p = params();
const id = p.g, token = p.t || '';
const ctx = {id, token, names: [], actions: [], send: null, session: null};
// The result shows in the board's "Last:" box; the status line (a live
// region) still tells a screen reader, out of sight.
// explain(e): the refusal in the table's words, or null for the daemon's.
const send = async (body, explain) => {
  say('');
  try {
    const r = await act(id, token, body, ctx.session);
    say(describe(r, ctx)); $('#status').className = 'sr'; entry(r, ctx); noteVerdict(r); return r;
  } catch (e) { const why = explain?.(e); if (why) say(why, true); else fail(e); return null; }
};
ctx.send = send;

// The verdict on the last entry's shouts (none when the last entry shouted
// nothing: the next action makes it the past), as the judge shows one: a
// full-width panel, green or red, the mark and the words, the word large.
function noteVerdict(e) {
  if (e.version !== undefined && e.version < (ctx.verdictAt || 0)) return; // an older entry, heard late
  ctx.verdictAt = e.version || ctx.verdictAt;
  const evs = e.events || [], won = evs.find(x => x.type === 'card_won');
  const shouts = evs.filter(x => x.type === 'claim_accepted' || x.type === 'claim_refused');
  ctx.verdict = shouts.length ? shouts.map(x => ({seat: x.seat, word: x.word, ok: x.type === 'claim_accepted',
    reasons: x.reasons, forgiven: x.forgiven, won: won && won.seat === x.seat, winner: won && won.seat})) : null;
}
function verdictPanels(vs) {
  const n = s => ctx.names[s] || 'seat ' + s;
  const says = x => x.won ? n(x.seat) + ' wins the card'
    : x.winner !== undefined ? n(x.winner) + ' wins the card (the tie-break)' : 'Every card has its own letter';
  return h('div', {id: 'tverdict', 'aria-live': 'polite'}, vs.map(x => h('div',
    {class: 'verdict-panel ' + (x.ok ? 'ok' : 'no'), 'data-seat': x.seat},
    h('div', {class: 'row'},
      h('span', {class: 'verdict ' + (x.ok ? 'ok' : 'no'), role: 'img', 'aria-label': x.ok ? 'valid' : 'not valid'},
        x.ok ? '✓' : '✗'),
      h('span', {class: 'verdict-says'}, n(x.seat) + ': ' + (x.ok ? 'counts' : 'does not count'))),
    h('div', {class: 'word'}, x.word),
    x.ok ? h('p', {class: 'reasons'}, says(x))
      : h('ul', {class: 'reasons'}, (x.reasons || []).map(r => h('li', {}, reasonText(r, x.word))),
        x.forgiven ? h('li', {}, 'a typo: try again') : null))));
}
// The shout box: the word, then a tap on who shouted (nobody is chosen
// beforehand: a shout is never credited by default).  "Several at once"
// (nobody can tell who finished first): a word box per player; the daemon
// judges them as one event and applies the rules' tie-break (shortest
// word, then a-z; identical words redeal).
function shoutForm(v) {
  const seats = v.awaiting || [];
  const field = (id, label) => h('input', {id, 'aria-label': label, placeholder: 'word', autocapitalize: 'none',
    spellcheck: 'false', autocomplete: 'off'});
  const w1 = field('w1', 'Shouted word');
  const judge = async shouts => {
    if (!shouts.length) return;
    ctx.verdict = null; // the last verdict goes the moment a new shout starts
    $('#tverdict')?.remove();
    if (!await send(shouts.length > 1 ? {type: 'simultaneous', shouts} : {type: 'claim', ...shouts[0]})) return;
    for (const f of document.querySelectorAll('#w1, [id^="sw"]')) f.value = '';
    if ($('#both')?.checked) $('#both').click(); // back to one shout at a time
  };
  const who = h('div', {class: 'row shouters', role: 'group', 'aria-label': 'Who shouted'}, seats.map(s =>
    h('button', {type: 'button', class: 'pri', 'data-seat': s, onclick: () => {
      const word = ($('#w1')?.value || '').trim();
      if (!word) { say('Type the shouted word first', true); $('#w1')?.focus(); return; }
      judge([{seat: s, word}]);
    }}, ctx.names[s])));
  w1.addEventListener('keydown', e => { if (e.key === 'Enter') { e.preventDefault(); say('Tap who shouted');
    who.querySelector('button')?.focus(); } });
  const one = h('div', {}, h('div', {class: 'row'}, w1), h('div', {class: 'hint'}, 'Then tap who shouted:'), who);
  const many = h('div', {hidden: true}, seats.map(s => h('div', {class: 'row'},
    h('span', {class: 'grow'}, ctx.names[s]), field('sw' + s, ctx.names[s] + "'s word"))),
    h('button', {class: 'pri'}, 'Judge'));
  const both = h('input', {type: 'checkbox', id: 'both', onchange: e => { many.hidden = !e.target.checked;
    one.hidden = e.target.checked; }});
  return h('form', {class: 'box', onsubmit: ev => {
    ev.preventDefault();
    if (both.checked) judge(seats.map(seat => ({seat, word: $('#sw' + seat).value.trim()})).filter(x => x.word));
    else { say('Tap who shouted'); who.querySelector('button')?.focus(); } // Enter never guesses the shouter
  }}, h('strong', {}, 'A shout'), one,
  h('label', {for: 'both', class: 'row'}, both, 'Several at once (nobody can tell who finished first)'), many);
}

// The table counted a different number of cards left in its deck.
function recount(v) {
  const n = h('input', {id: 'count', name: 'count', type: 'number', min: 0, inputmode: 'numeric',
    'aria-label': 'Cards left in the deck, counted', value: v.deck});
  return h('details', {class: 'box', id: 'recount'}, h('summary', {}, 'Deck count wrong?'),
    h('form', {class: 'row', onsubmit: ev => { ev.preventDefault(); send({type: 'deck', count: Number(n.value)}); }},
      h('span', {class: 'grow'}, 'Cards left, counted:'), n, h('button', {}, 'Correct')));
}

function render(v) {
  ctx.view = v;
  ctx.names = v.players.map(x => x.name);
  const host = !!token && v.seat === undefined;
  $('#who').textContent = host ? 'Referee' : 'Watching';
  const acts = listed(ctx, v);
  const round = {names: ctx.names, actions: acts, send};
  const flip = host && v.phase === 'flip' ? flipForm(round, v) : null;
  const watch = link('table.html', {g: id});
  const said = (v.vocabulary || []).slice().reverse().find(r => r.accepted); // the host's view only
  drawn($('#board'), v, ctx);
  redraw($('#board'),
    h('p', {class: 'reasons', 'aria-live': 'polite'}, h('strong', {}, banner(v, ctx.names))),
    h('div', {class: 'hint'}, 'Round ' + v.round + ' · turn ' + v.turn + ' · about ' + v.deck +
      ' cards left in the deck'),
    h('div', {class: 'cards big', role: 'group', 'aria-label': 'Centre cards'}, centreCards(round, v)),
    flip,
    host && v.phase === 'play' ? shoutForm(v) : null,
    keepBox(round, v),
    ctx.verdict ? verdictPanels(ctx.verdict) : null,
    ctx.last ? h('p', {class: 'box'}, h('strong', {}, 'Last: '), ctx.last) : null,
    said ? h('div', {class: 'box', id: 'meaning'}, h('strong', {}, said.word),
      said.pos ? h('span', {class: 'hint'}, ' · ' + said.pos) : null, meaning(said, v)) : null,
    h('div', {class: 'players'}, v.players.map(x => playerBox(x, v))),
    h('h2', {}, 'Used words'), usedList(v, ctx),
    host ? h('h2', {}, 'Referee') : null,
    host ? h('div', {class: 'row'}, undoButton(round, ctx.last),
      acts.some(a => a.type === 'redeal') ? h('button', {type: 'button',
        onclick: () => confirm('Put both centre cards back and flip two new ones?') && send({type: 'redeal'})},
        'Redeal') : null,
      acts.some(a => a.type === 'end') ? h('button', {type: 'button',
        onclick: () => confirm('End the game now?') && send({type: 'end'})}, 'End the game') : null,
      h('a', {class: 'btn', href: link('projector.html', {g: id, t: token})}, 'Projector view')) : null,
    host && acts.some(a => a.type === 'deck') ? recount(v) : null,
    host ? h('details', {class: 'box', id: 'share'}, h('summary', {}, 'Let the others watch'),
      qrSvg(watch, 'QR code of the link to watch this table'), h('div', {class: 'row'}, copyButton(watch))) : null);
}

async function refreshActions(v) {
  if (!token) { render(v); return; }
  try { ctx.actions = (await api('GET', `/v1/games/${encodeURIComponent(id)}/actions`, undefined, token)).actions;
    ctx.actionsFor = v.version; } catch (e) { fail(e); }
  if (!ctx.view || ctx.view.version <= v.version) render(v);
}

function newTable() {
  $('#log').closest('details').hidden = true;
  const names = h('textarea', {id: 'names', rows: 4, 'aria-describedby': 'nh'}, 'Ann\nBob\nCy');
  fill($('#board'), h('form', {class: 'box', onsubmit: async ev => {
    ev.preventDefault();
    const players = names.value.split('\n').map(s => s.trim()).filter(Boolean);
    try {
      const options = {mode: $('#mode').value, learning_aid: $('#la').checked, forgive_typos: $('#ft').checked,
        classroom: $('#cls').checked,
        compounds: $('#cmp').checked ? 'derivative' : 'separate'};
      if ($('#ll').value) options.learner_language = $('#ll').value;
      const m = await startTable(players, options);
      location.hash = new URLSearchParams({g: m.id, t: m.host_token});
      location.reload();
    } catch (e) { fail(e); }
  }}, h('label', {for: 'names'}, 'Players at the table'), names,
    h('div', {class: 'hint', id: 'nh'}, 'One name a line, in seat order (2 to 7).'),
  h('label', {for: 'mode'}, 'Rounds'), h('select', {id: 'mode'}, MODES.map(([v, t]) => h('option', {value: v}, t))),
  h('label', {for: 'la', class: 'row'}, h('input', {type: 'checkbox', id: 'la'}),
    'Learning aid (the round winner sits out the next round)'),
  h('label', {for: 'ft', class: 'row'}, h('input', {type: 'checkbox', id: 'ft'}),
    'Forgive typos (a non-word is not a mistake)'),
  h('label', {for: 'cls', class: 'row'}, h('input', {type: 'checkbox', id: 'cls'}),
    'Class setting (definitions without vulgar or offensive senses)'),
  h('label', {for: 'cmp', class: 'row'}, h('input', {type: 'checkbox', id: 'cmp'}),
    'Compounds are derivatives (German, Dutch: Haustür after Haus does not count)'),
  h('label', {for: 'll'}, 'The class’s language (a translation beside each definition)'), learnerSelect({id: 'll'}),
  h('p', {}, h('button', {class: 'pri'}, 'Start the table'))));
}

if (!id) newTable();
else ctx.session = live(id, token, {
  view: refreshActions,
  entry: e => { entry(e, ctx); noteVerdict(e); $('#log').prepend(h('li', {}, describe(e, ctx))); },
  status: s => { $('#conn').textContent = s === 'live' ? '● live' : s; },
  error: fail,
});
