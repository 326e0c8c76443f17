// board.js - what every board page shares, so that a board module is its
// drawing and its taps: the actions listed for the view being drawn (an
// older list is never drawn: its taps would be refused), the mark a board
// leaves once drawn with them (#board[data-version], what the tests wait
// for), a seat's name, and the log told again once a board's own names (of
// cards, of places) have come; and the kit of the boards drawn on a map
// (Woobieworld, World Dumbination): an action's button, the map's data
// loaded once, the zoom toggle, the pan to the seat's place, a card's box.
import {h, fill, keepPan} from './ui.js';
import {api} from './api.js';

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
  return a.bot ? 'The host hands seat ' + a.seat + ' to a bot: ' + nameOf(a) + ', ' + a.bot +
    (a.level ? ' level ' + a.level : '')
    : 'The host hands seat ' + a.seat + ' to ' + a.name;
}

// The page's log, read before the board's names came, in words again.
export function relog(ctx, describe) {
  const log = document.getElementById('log');
  if (log && ctx.entries) fill(log, ctx.entries.slice().reverse().map(e =>
    h('li', {}, seatChangeText(e) || describe(e, ctx))));
}

// A button that sends action a (marked with it for the tests); `cls` its
// class, `extra` more attributes.
export const btn = (text, a, ctx, cls, extra) =>
  h('button', {type: 'button', class: cls || '', 'data-action': JSON.stringify(a), onclick: () => ctx.send(a),
    ...extra}, text);

// A loader of a board's own data, its match's queries `names` (GET
// /v1/games/ID/query/NAME), fetched once, "Loading the map…" in the
// board's place meanwhile: got(...answers) keeps them, then the board is
// drawn again (render) and the log told again in its names (describe); a
// failure is said under the board ("The map did not load: ...") and the
// next render tries again.
export function loader(names, what, got, render, describe) {
  let loading = false;
  return async (ctx, root) => {
    fill(root, h('p', {}, 'Loading ' + what.toLowerCase() + '…'));
    if (loading) return;
    loading = true;
    const q = n => api('GET', `/v1/games/${encodeURIComponent(ctx.id)}/query/${n}`, undefined, ctx.token);
    try {
      got(...await Promise.all(names.map(q)));
      render(root, ctx.view, ctx);
      relog(ctx, describe);
    } catch (e) { loading = false; root.append(h('p', {class: 'err'}, what + ' did not load: ' + e.message)); }
  };
}

// A map's box (.mapbox, panned by keepPan; `.zoom` when zoomed in) and
// the toggle under it: pressed while `on`, its words what it shows
// ([pressed, not pressed]); a tap calls flip.
export const mapBox = (cls, zoomed, map) => h('div', {class: 'mapbox' + (cls ? ' ' + cls : '') +
  (zoomed ? ' zoom' : '')}, map);
export const toggle = (on, [yes, no], flip, attrs) =>
  h('button', {type: 'button', 'aria-pressed': String(on), ...attrs, onclick: flip}, on ? yes : no);

// Draw a board (draw()), its map kept where the player panned it; drawn
// the first time, the map is panned to node n of nodes (the seat's home,
// its first unit), or to the middle without one; `pad` is the map's margin
// each side of the outer nodes, in the nodes' units.
export function pannedTo(root, draw, nodes, n, pad) {
  keepPan(root, draw, b => {
    const xs = nodes.map(q => q.x), lo = Math.min(...xs) - pad, f = n ? (n.x - lo) / (Math.max(...xs) + pad - lo) : .5;
    b.scrollLeft = f * b.scrollWidth - b.clientWidth / 2;
  });
}

// A card as a box (.wcard[data-card]): its name, the hint after it, what
// else it says (`body`), and a button for each listed action on the card
// (taken into `used`), named by words(a), of class cls(a).
export function cardBox({id, name, hint, body, style}, acts, ctx, used, words, cls) {
  const mine = acts.filter(a => a.card === id);
  mine.forEach(a => used.add(a));
  return h('div', {class: 'box wcard', 'data-card': id, style}, h('strong', {}, name),
    h('span', {class: 'hint'}, ' · ' + hint), body,
    mine.length ? h('div', {class: 'row'}, mine.map(a => btn(words(a), a, ctx, cls(a)))) : null);
}
