// board.js - what every board page shares, so that a board module is its
// drawing and its taps: the actions listed for the view being drawn (an
// older list is never drawn: its taps would be refused), the mark a board
// leaves once drawn with them (#board[data-version], what the tests wait
// for), a seat's name, and the log told again once a board's own names (of
// cards, of places) have come.
import {h, fill} from './ui.js';

// Whether the actions in ctx were listed for view v (a watcher has none
// to wait for).
export const fresh = (ctx, v) => !ctx.token || ctx.actionsFor === v.version;

// The actions to draw with view v: those listed for it, else none yet.
export const listed = (ctx, v) => fresh(ctx, v) ? ctx.actions || [] : [];

// Mark `root` as showing version v.version, drawn with its actions (or
// unmark it while they are still coming); `ok` overrides the test.
export function drawn(root, v, ctx, ok = fresh(ctx, v)) {
  if (ok) root.dataset.version = v.version; else delete root.dataset.version;
}

// A player's name as the pages show it: a seat the daemon plays says so
// ("Robo (bot)"), wherever names show.
export const nameOf = p => p.bot ? p.name + ' (bot)' : p.name;

// A seat's name, from the view's players (ctx.names).
export const seatName = (ctx, s) => ctx.names?.[s] || 'seat ' + s;

// Each seat's mark on a board's tokens, distinct at a glance: the names'
// first letters when they all differ ("A", "B"), else the seats' numbers
// from 1 (the lobby's default names "Player 1", "Player 2" would all be
// "P"; a repeated initial would leave two tokens alike).
export function marks(names) {
  const first = names.map(n => [...(n || '?').trim()][0]?.toUpperCase() || '?');
  return new Set(first).size === first.length ? first : names.map((_, s) => String(s + 1));
}

// The host's handing of a seat to a bot or a person, in words (the log's
// {"type":"seat_change"} entries); '' for any other entry.
export function seatChangeText(e) {
  const a = e.action || {};
  if (a.type !== 'seat_change') return '';
  return a.bot ? 'The host hands seat ' + a.seat + ' to a bot: ' + nameOf(a) + ', ' + a.bot + (a.level ? ' level ' + a.level : '')
    : 'The host hands seat ' + a.seat + ' to ' + a.name;
}

// The page's log, read before the board's names came, in words again.
export function relog(ctx, describe) {
  const log = document.getElementById('log');
  if (log && ctx.entries) fill(log, ctx.entries.slice().reverse().map(e => h('li', {}, seatChangeText(e) || describe(e, ctx))));
}
