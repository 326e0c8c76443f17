// table.js - companion mode: one phone referees a physical Wibbell table
// (#g=<match>&t=<host token>); the daemon judges and keeps the centre,
// each player's cards, handicaps, scores and used words.  Other phones
// open the same page without a token (by the link or QR code shown here)
// and watch the table live.  Without #g it starts a new table.
import {api, params, live, act, link} from './api.js';
import {h, $, fill, redraw, say, fail, card, copyButton} from './ui.js';
import {playerBox, usedList, describe, entry} from './wibbell.js';
import {qrSvg} from './qr.js';

const p = params();
const id = p.g, token = p.t || '';
const ctx = {id, token, names: [], actions: [], send: null, session: null};
const send = async body => { say(''); try { const r = await act(id, token, body, ctx.session); say(describe(r, ctx)); entry(r, ctx); return r; } catch (e) { fail(e); return null; } };
ctx.send = send;

// Two shouts at once: the rules' tie-break ("the shortest word wins; if the
// words are the same length, the first alphabetically; identical words:
// redeal") decides who is judged first; a mistake lets the other be judged.
async function together(a, b) {
  const norm = s => s.word.trim().toLowerCase();
  if (norm(a) === norm(b)) {
    const v = ctx.view, pl = v.players[a.seat];
    const cards = [...v.centre, ...pl.handicaps, ...pl.face_up].map(c => c.letters);
    try {
      const chk = await api('POST', '/v1/wibbell/check', {word: a.word, cards, used: v.used, dictionary: v.dictionary});
      if (chk.valid) return send({type: 'redeal'});
    } catch (e) { fail(e); return; }
  }
  const [first, second] = [a, b].sort((x, y) => norm(x).length - norm(y).length || (norm(x) < norm(y) ? -1 : 1));
  const r = await send({type: 'claim', seat: first.seat, word: first.word});
  if (r && !r.events.some(e => e.type === 'card_won') && r.state.phase === 'play' && (r.state.awaiting || []).includes(second.seat))
    await send({type: 'claim', seat: second.seat, word: second.word});
}

function shoutForm(v) {
  const seats = v.awaiting || [];
  const opts = sel => seats.map(s => h('option', {value: s, selected: s === sel}, ctx.names[s]));
  const w1 = h('input', {id: 'w1', 'aria-label': 'Shouted word', placeholder: 'word', autocapitalize: 'none', spellcheck: 'false', autocomplete: 'off'});
  const s1 = h('select', {id: 's1', 'aria-label': 'Who shouted'}, opts(seats[0]));
  const w2 = h('input', {id: 'w2', 'aria-label': 'Second shouted word', placeholder: 'word', autocapitalize: 'none', spellcheck: 'false', autocomplete: 'off'});
  const s2 = h('select', {id: 's2', 'aria-label': 'Who shouted the second word'}, opts(seats[1]));
  const second = h('div', {class: 'row', hidden: true}, s2, w2);
  const both = h('input', {type: 'checkbox', id: 'both', onchange: e => { second.hidden = !e.target.checked; }});
  return h('form', {class: 'box', onsubmit: async ev => {
    ev.preventDefault();
    const a = {seat: Number(s1.value), word: w1.value.trim()};
    if (!a.word) return;
    if (both.checked && w2.value.trim()) {
      const b = {seat: Number(s2.value), word: w2.value.trim()};
      if (a.seat === b.seat) { say('Two shouts need two players', true); return; }
      await together(a, b);
      w2.value = '';
    } else await send({type: 'claim', seat: a.seat, word: a.word});
    w1.value = '';
    for (const id of ['w1', 'w2']) { const f = document.getElementById(id); if (f) f.value = ''; }
  }}, h('strong', {}, 'A shout'), h('div', {class: 'row'}, s1, w1),
  h('label', {for: 'both', class: 'row'}, both, 'Two at once (nobody can tell who finished first)'), second,
  h('button', {class: 'pri'}, 'Judge'));
}

function render(v) {
  ctx.view = v;
  ctx.names = v.players.map(x => x.name);
  const host = !!token && v.seat === undefined;
  $('#who').textContent = host ? 'Referee' : 'Watching';
  const acts = ctx.actions;
  const takes = acts.filter(a => a.type === 'take'), keeps = acts.filter(a => a.type === 'keep');
  const w = v.turn_winner, wn = ctx.names[w];
  let banner = {flip: 'Flip ' + (2 - v.centre.length) + ' card' + (v.centre.length ? '' : 's'), play: 'Shout!', take: wn + ' won: which card do they take?', keep: wn + ' keeps one card as a permanent handicap', over: 'Game over'}[v.phase];
  if (v.status === 'finished') banner = 'Game over · winners: ' + (v.winners || []).map(s => ctx.names[s]).join(', ');
  const centre = v.centre.map((c, i) => card(c, {tag: 'centre', click: takes.find(a => a.card === i) ? () => send(takes.find(a => a.card === i)) : null}));
  const flip = host && v.phase === 'flip' ? (() => {
    const inp = h('input', {id: 'flip', 'aria-label': 'Letters of the card turned up', placeholder: 'NZ', autocapitalize: 'characters', autocomplete: 'off', maxlength: 26});
    return h('form', {class: 'row', onsubmit: async ev => { ev.preventDefault(); if (inp.value.trim() && await send({type: 'flip', card: inp.value.trim()})) { inp.value = ''; const f = $('#flip'); if (f) f.value = ''; } }}, inp, h('button', {class: 'pri'}, 'Flip'));
  })() : null;
  const all = v.players.flatMap(x => x.face_up).concat(v.centre, v.bonus ? [v.bonus] : []);
  const watch = link('table.html', {g: id});
  redraw($('#board'),
    h('p', {class: 'reasons', 'aria-live': 'polite'}, h('strong', {}, banner)),
    h('div', {class: 'hint'}, 'Round ' + v.round + ' · turn ' + v.turn + ' · about ' + v.deck + ' cards left in the deck'),
    h('div', {class: 'cards big', 'aria-label': 'Centre cards'}, centre),
    flip,
    host && v.phase === 'play' ? shoutForm(v) : null,
    keeps.length ? h('div', {class: 'box'}, h('strong', {}, 'Tap the card ' + wn + ' keeps:'), h('div', {class: 'cards'}, keeps.map(a => card(all.find(c => c.id === a.card) || {letters: '#' + a.card}, {click: () => send(a), label: 'keep'})))) : null,
    ctx.last ? h('p', {class: 'box'}, h('strong', {}, 'Last: '), ctx.last) : null,
    h('div', {class: 'players'}, v.players.map(x => playerBox(x, v))),
    h('h2', {}, 'Used words'), usedList(v, ctx),
    host ? h('div', {class: 'row'}, acts.some(a => a.type === 'redeal') ? h('button', {type: 'button', onclick: () => confirm('Put both centre cards back and flip two new ones?') && send({type: 'redeal'})}, 'Redeal') : null,
      acts.some(a => a.type === 'end') ? h('button', {type: 'button', onclick: () => confirm('End the game now?') && send({type: 'end'})}, 'End the game') : null,
      h('a', {class: 'btn', href: link('projector.html', {g: id, t: token})}, 'Projector view')) : null,
    host ? h('details', {class: 'box'}, h('summary', {}, 'Let the others watch'), qrSvg(watch, 'QR code of the link to watch this table'), h('div', {class: 'row'}, copyButton(watch))) : null);
}

async function refreshActions(v) {
  if (!token) { render(v); return; }
  try { ctx.actions = (await api('GET', `/v1/games/${encodeURIComponent(id)}/actions`, undefined, token)).actions; } catch (e) { fail(e); }
  if (!ctx.view || ctx.view.version <= v.version) render(v);
}

function newTable() {
  const names = h('textarea', {id: 'names', rows: 4, 'aria-describedby': 'nh'}, 'Ann\nBob\nCy');
  fill($('#board'), h('form', {class: 'box', onsubmit: async ev => {
    ev.preventDefault();
    const players = names.value.split('\n').map(s => s.trim()).filter(Boolean);
    try {
      const m = await api('POST', '/v1/games', {game: 'wibbell', players, options: {companion: true, learning_aid: $('#la').checked}});
      location.hash = new URLSearchParams({g: m.id, t: m.host_token});
      location.reload();
    } catch (e) { fail(e); }
  }}, h('label', {for: 'names'}, 'Players at the table'), names, h('div', {class: 'hint', id: 'nh'}, 'One name a line, in seat order (2 to 7).'),
  h('label', {for: 'la', class: 'row'}, h('input', {type: 'checkbox', id: 'la'}), 'Learning aid (the round winner sits out the next round)'),
  h('p', {}, h('button', {class: 'pri'}, 'Start the table'))));
}

if (!id) newTable();
else ctx.session = live(id, token, {
  view: refreshActions,
  entry: e => { entry(e, ctx); $('#log').prepend(h('li', {}, describe(e, ctx))); },
  status: s => { $('#conn').textContent = s === 'live' ? '● live' : s; },
  error: fail,
});
