// play.js - the player of any match: #g=<match id>&t=<seat or host token>
// (no token: watch).  Games with a board of their own draw it; every game
// gets the generic panel of its listed actions, so a new game is playable
// the day it lands.
import {api, params, live, act} from './api.js';
import {h, $, fill, say, fail} from './ui.js';
import {actionsPanel, viewPanel, entryText} from './generic.js';
import {drawn, nameOf, seatChangeText} from './board.js';

const BOARDS = {'wibbell': './wibbell.js', 'whirlpool-pond': './whirlpool.js', 'woodlouse-chaos': './woodlouse.js',
  'woobieworld': './woobie.js', 'world-dumbination': './dumb.js'};
const p = params();
const id = p.g, token = p.t || '';
const ctx = {id, token, view: null, actions: [], names: [], board: null, session: null, send: null, entries: []};
let actionsAt = -1;
let gone = false; // the token was handed on

async function send(body) {
  say('');
  try {
    await act(id, token, body, ctx.session);
    return true;
  } catch (e) { fail(e); return false; }
}
ctx.send = send;

async function loadActions(v) {
  if (!token || v.version === actionsAt) return;
  actionsAt = v.version;
  try {
    const list = (await api('GET', `/v1/games/${encodeURIComponent(id)}/actions`, undefined, token)).actions;
    if (ctx.actionsFor > v.version) return; // a newer view's list came first
    ctx.actions = list;
    ctx.actionsFor = v.version; // the view these actions were listed for
  } catch (e) { fail(e); return; }
  if (ctx.view && ctx.view.version === v.version) {
    actionsPanel($('#actions'), ctx.actions, send);
    if (ctx.board) ctx.board.render($('#board'), ctx.view, ctx);
    else drawn($('#board'), v, ctx); // the generic panel
  }
}

async function onView(nv) {
  const first = !ctx.view;
  ctx.view = nv;
  if (first) await start(nv);
  const v = ctx.view; // the newest, if more came meanwhile
  ctx.names = v.players.map(nameOf); // "Robo (bot)" wherever a board names a seat
  // every view says who is looking (role, seat) and names the seats
  const me = v.role === 'seat' ? 'You are ' + v.players[v.seat].name : v.role === 'host' ? 'Host' : 'Watching';
  $('#who').textContent = me;
  viewPanel($('#view'), v);
  ctx.board?.render($('#board'), v, ctx);
  if (!ctx.board) {
    fill($('#board'), h('p', {}, v.status === 'finished' ? 'Finished. Winners: ' + (v.winners || []).join(', ')
      : 'To act: ' + (v.to_act || []).join(', ')));
    drawn($('#board'), v, ctx);
  }
  loadActions(v);
  if (v.role === 'host') hostSeats(v);
}

// The host hands seats to bots and back (seats.js, loaded for the host alone).
async function hostSeats(v) {
  $('#seatsbox').hidden = false;
  try { await (await import('./seats.js')).seatsPanel($('#seats'), v, ctx); } catch (e) { fail(e); }
}

async function start(v) {
  document.title = v.game + ' · wibbelld';
  $('#title').textContent = v.game.replace(/-/g, ' ').replace(/\b\w/g, c => c.toUpperCase());
  // the game's rules in short, on rules.html (a tab of its own: the match goes on here)
  $('#howto').href = '/web/rules.html#' + encodeURIComponent(v.game);
  $('#howto').setAttribute('aria-label', 'How to play ' + $('#title').textContent + ' (opens a new tab)');
  const mod = BOARDS[v.game];
  if (mod) {
    try { ctx.board = await import(mod); } catch (e) { fail(e); }
  } else {
    $('#allbox').open = true;
  }
  try {
    const log = await api('GET', `/v1/games/${encodeURIComponent(id)}/log`, undefined, token);
    log.entries.forEach(onEntry);
  } catch { /* the log is a nicety */ }
}

function onEntry(e) {
  if (ctx.entries.some(x => x.version === e.version)) return;
  ctx.entries.push(e);
  const text = seatChangeText(e) || ctx.board?.describe?.(e, ctx) || entryText(e, ctx.names);
  $('#log').prepend(h('li', {}, text));
  if (e.action?.type !== 'seat_change') ctx.board?.entry?.(e, ctx);
}

if (!id) {
  fill($('#board'), h('p', {}, 'No match here: open a link from the ',
    h('a', {href: '/web/lobby.html'}, 'lobby'), '.'));
} else {
  ctx.session = live(id, token, {
    view: onView, entry: onEntry,
    status: s => { if (!gone) $('#conn').textContent = s === 'live' ? '● live' : s; },
    error: e => {
      if (e.status !== 403 || !token) return fail(e);
      // the host handed this seat to someone else (a bot or a person): the token is spent
      gone = true;
      ctx.session?.close();
      $('#conn').textContent = '';
      say('This link no longer plays a seat of this match: the host handed the seat on. Ask the host for a new ' +
        'link.', true);
    },
  });
}
