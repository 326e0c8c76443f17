// woobie.js - Woobieworld drawn: the island from the match's map (areas at
// their coordinates, borders as lines), each area's support and industries
// by colour, the homes; the table (environments, Mount Saint Woobie cards,
// piles, the unused pile), the seats and scores, the seat's own hand.  A
// tap on a highlighted area chooses it (home, industry, Anarch, a card's
// choice); hand cards, colours and sides are buttons.  Every listed action
// the board does not place is a plain button at the bottom.
import {h, fill, COLORS, svgEl as el} from './ui.js';
import {label as plain} from './generic.js';
import {listed, drawn, seatName, marks, btn, loader, mapBox, toggle, pannedTo, cardBox as box} from './board.js';

const KIND = {red: '#d0342c', yellow: '#e8b400', green: '#2e9b48', blue: '#2f6bd6', anarch: '#111'};
const INK = {yellow: '#000'};
// The map opens at a size where every area's name reads (READ: its 15-unit
// labels at 12 px or more), fitted to the screen where that fits (a
// desktop), else panned in its box to the seat's home (a phone); "Whole
// island" fits it all at any size.
const READ = 12 / 15;
let map = null, sel = null, whole = false;

const WHAT = {setup: 'choose a home', choose: 'choose a card face down', support: 'add support',
  industry: 'place an industry',
  play: 'play a card', effect: 'decide for the card'};
const areaName = id => map?.byId[id]?.name || id;
const pieces = a => [...Object.entries(a.support).filter(([, n]) => n).map(([k, n]) => n + ' ' +
  (k === 'anarch' ? 'Anarch' + (n > 1 ? 's' : '') : k + ' support')),
  ...Object.entries(a.industries).filter(([, n]) => n).map(([k, n]) => n + ' ' + k + ' industr' +
    (n > 1 ? 'ies' : 'y'))];

const loadMap = loader(['map'], 'The map', ({map: m}) => {
  m.byId = Object.fromEntries(m.nodes.map(n => [n.id, n]));
  map = m;
}, render, describe);

// The area an action is about, for a tap on the map.
function areaOf(a) {
  if (a.area) return a.area;
  if (a.type === 'move_anarch') return a.from;
  if (a.type === 'decide' && map?.byId[a.choice.split(':')[0]]) return a.choice.split(':')[0];
  return null;
}

function chips(a, x, y) {
  const list = [...Object.entries(a.support).filter(([, n]) => n).map(([k, n]) => [k, n, 0]),
    ...Object.entries(a.industries).filter(([, n]) => n).map(([k, n]) => [k, n, 1])];
  return list.map(([k, n, ind], i) => {
    const cx = x + (i % 3 - 1) * 27, cy = y + Math.floor(i / 3) * 26;
    const shape = ind ? el('rect', {x: cx - 11, y: cy - 11, width: 22, height: 22, rx: 3, fill: KIND[k],
      stroke: '#fff'})
      : el('circle', {cx, cy, r: 12, fill: KIND[k], stroke: '#fff', 'stroke-width': 1.5});
    return el('g', {}, shape, el('text', {x: cx, y: cy + 5, 'text-anchor': 'middle', 'font-size': 14,
      'font-weight': 700, fill: INK[k] || '#fff'}, String(n)));
  });
}

function island(v, ctx, targets) {
  const xs = map.nodes.map(n => n.x), ys = map.nodes.map(n => n.y);
  const x0 = Math.min(...xs) - 75, y0 = Math.min(...ys) - 75, W = Math.max(...xs) - x0 + 75,
    H = Math.max(...ys) - y0 + 75;
  const svg = el('svg', {viewBox: `${x0} ${y0} ${W} ${H}`, role: 'group', 'aria-label': 'The island of Woobieworld',
    class: 'map'});
  // readable: as wide as fits the screen, never under READ (CSSOM: allowed by the pages' CSP)
  const wide = `max(min(100%, calc((100vh - 9em) * ${(W / H).toFixed(4)})), ${Math.ceil(W * READ)}px)`;
  if (!whole) svg.style.cssText = `width:${wide};max-width:none;max-height:none`;
  const mark = marks(v.seats.map(s => seatName(ctx, s.seat)));
  const water = id => map.byId[id]?.tags.includes('water');
  for (const [a, b] of map.edges) {
    const p = map.byId[a], q = map.byId[b];
    svg.append(el('line', {x1: p.x, y1: p.y, x2: q.x, y2: q.y, stroke: water(a) || water(b) ? '#5b9bd5' : '#8a8270',
      'stroke-width': 4, 'stroke-dasharray': water(a) || water(b) ? '6 6' : ''}));
  }
  const byId = Object.fromEntries(v.areas.map(a => [a.id, a]));
  for (const n of map.nodes) {
    const a = byId[n.id], t = n.tags, wet = t.includes('water'), home = a?.home_of;
    const act = targets.has(n.id), mine = home !== null && home !== undefined && home === v.seat;
    const desc = n.name + (wet ? ', water' : '') + (t.includes('mountain') ? ', mountain' : '') +
      (t.includes('coastal') ? ', coastal' : '') +
      (home !== null && home !== undefined ? ', home of ' + seatName(ctx, home) : '') +
        (a ? ': ' + (pieces(a).join(', ') || 'empty') : '');
    const g = el('g', {role: 'button', tabindex: 0, 'aria-label': desc + (act ? ' (you can act here)' : ''),
      'aria-pressed': sel === n.id ? 'true' : 'false',
      class: 'area' + (act ? ' target' : ''), 'data-area': n.id,
      onclick: () => { sel = n.id; render(ctx.root, ctx.view, ctx); },
        onkeydown: e => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sel = n.id;
        render(ctx.root, ctx.view, ctx); } }});
    const r = wet ? 60 : 50;
    if (act) g.append(el('circle', {cx: n.x, cy: n.y, r: r + 8, fill: 'none', stroke: '#ff2d2d', 'stroke-width': 5,
      'stroke-dasharray': '9 5'}));
    if (sel === n.id) g.append(el('circle', {cx: n.x, cy: n.y, r: r + 8, fill: 'none', stroke: '#ff00c8',
      'stroke-width': 6}));
    g.append(el('circle', {cx: n.x, cy: n.y, r, fill: wet ? '#9cc9ef' : t.includes('mountain') ? '#cdb79a' : '#cfe6b2',
      stroke: home !== null && home !== undefined ? COLORS[home % 7] : t.includes('coastal') ? '#d4a017' : '#6d6a5e',
        'stroke-width': home !== null && home !== undefined ? (mine ? 10 : 7) : 3}));
    const words = n.name.split(' '), lines = n.name.length > 11 && words.length > 1
      ? [words.slice(0, Math.ceil(words.length / 2)).join(' '),
      words.slice(Math.ceil(words.length / 2)).join(' ')] : [n.name];
    lines.forEach((l, i) => g.append(el('text', {x: n.x, y: n.y - 18 + i * 15 - (lines.length - 1) * 10,
      'text-anchor': 'middle', 'font-size': 15, 'font-weight': 600, fill: '#222'}, l)));
    if (t.includes('mountain')) g.append(el('text', {x: n.x - r + 4, y: n.y + 24, 'font-size': 16,
      fill: '#5a4630'}, '▲'));
    if (home !== null && home !== undefined) {
      g.append(el('circle', {cx: n.x + r - 8, cy: n.y - r + 10, r: 15, fill: COLORS[home % 7], stroke: '#fff',
        'stroke-width': 2}),
        el('text', {x: n.x + r - 8, y: n.y - r + 16, 'text-anchor': 'middle', 'font-size': 17, 'font-weight': 700,
          fill: '#fff'}, mark[home]));
    }
    if (a) chips(a, n.x, n.y + 12).forEach(c => g.append(c));
    svg.append(g);
  }
  return svg;
}

const colourBtn = (text, c, a, ctx) => btn(text, a, ctx, 'colour',
  {style: `border-left:12px solid ${KIND[c] || '#888'}`});

function areaPanel(v, ctx, acts, used) {
  const n = map.byId[sel], a = v.areas.find(x => x.id === sel);
  if (!n) return null;
  const mine = acts.filter(x => areaOf(x) === sel || (x.type === 'move_anarch' && x.to === sel));
  mine.forEach(x => used.add(x));
  const home = a?.home_of;
  return h('div', {class: 'box', id: 'areabox'},
    h('strong', {}, n.name), ' · ' + n.tags.filter(t => t !== 'land').join(', ') +
      (home !== null && home !== undefined ? ' · home of ' + seatName(ctx, home) : ''),
    h('div', {}, a ? pieces(a).join(', ') || 'Nothing here.' : ''),
    h('div', {class: 'row'}, mine.map(x => {
      if (x.type === 'home' || x.type === 'new_home') return colourBtn('Home here, ' + x.colour + ' support',
        x.colour, x, ctx);
      if (x.type === 'industry') return colourBtn('A ' + x.colour + ' industry here', x.colour, x, ctx);
      if (x.type === 'move_anarch') return btn(x.from === sel ? 'Anarch to ' + areaName(x.to)
        : `Anarch here from ${areaName(x.from)}`, x, ctx);
      if (x.type === 'decide') return x.choice.includes(':')
        ? colourBtn('Choose the ' + x.choice.split(':')[1] + ' industry', x.choice.split(':')[1], x, ctx)
        : btn('Choose ' + n.name, x, ctx, 'pri');
      return btn(plain(x), x, ctx);
    })));
}

const WORD = {play: 'Play', discard: 'Discard', choose_card: 'Choose face down', dispute: 'Dispute'};
function cardBox(c, acts, ctx, used, note) {
  return box({id: c.id, name: c.name, style: c.colour ? 'border-left:10px solid ' + KIND[c.colour] : '',
    hint: c.type + (c.number !== undefined ? ' · #' + c.number : '') + (note ? ' · ' + note : ''),
    body: [h('div', {}, c.text), c.quote ? h('div', {class: 'hint'}, c.quote) : null]},
  acts, ctx, used, x => WORD[x.type] || plain(x), x => x.type === 'play' ? 'pri' : '');
}

function decisions(v, ctx, acts, used) {
  const p = v.pending;
  if (!p) return null;
  const ds = acts.filter(x => x.type === 'decide' && !areaOf(x));
  ds.forEach(x => used.add(x));
  const onMap = acts.filter(x => x.type === 'decide' && areaOf(x));
  const env = id => v.environments.find(e => e.card.id === Number(id))?.card.name;
  const text = x => p.ask === 'side' ? (x.choice === 'first' ? 'The first side' : 'The second side')
    : p.ask === 'environment' ? 'Remove ' + (env(x.choice) || '#' + x.choice) : x.choice === 'anarch'
    ? 'an Anarch' : x.choice;
  return h('div', {class: 'box turn', id: 'pending'}, h('strong', {}, seatName(ctx, p.seat) + ': ' + p.prompt),
    h('div', {}, p.detail),
    v.playing ? h('div', {class: 'hint'}, v.playing.card.name + ': ' + v.playing.card.text) : null,
    ds.length ? h('div', {class: 'row'}, ds.map(x => KIND[x.choice] ? colourBtn(text(x), x.choice, x, ctx)
      : btn(text(x), x, ctx, 'pri'))) : null,
    onMap.length ? [h('p', {class: 'hint'}, 'Tap a highlighted area on the map, or its name:'),
      h('div', {class: 'row'}, onMap.map(x => btn(areaName(areaOf(x)) +
        (x.choice.includes(':') ? ', ' + x.choice.split(':')[1] + ' industry' : ''), x, ctx)))] : null);
}

// The host's dispute button: the card by name and whose it is.
function disputed(v, ctx, id) {
  for (const s of v.seats) {
    const c = [...(s.cards || []), s.chosen?.card].find(c => c && c.id === id);
    if (c) return 'Dispute ' + c.name + ' (' + seatName(ctx, s.seat) + ')';
  }
  return 'Dispute card ' + id;
}

export function describe(e, ctx) {
  const n = s => seatName(ctx, s), at = x => x.area ? ' in ' + areaName(x.area) : '';
  return (e.events || []).map(x => {
    switch (x.type) {
    case 'home': case 'new_home': return n(x.seat) + ' made ' + areaName(x.area) + ' home (' + x.colour + ')';
    case 'turn': return 'turn ' + x.turn + ': ' + n(x.seat);
    case 'gain': case 'lose': return areaName(x.area) + (x.type === 'gain' ? ' gains ' : ' loses ') + x.n +
      ' ' + x.kind;
    case 'card_played': return n(x.seat) + ' plays ' + x.card.name;
    case 'drew': return n(x.seat) + ' drew ' + x.card.name;
    case 'discarded': return n(x.seat) + ' discards ' + (x.card?.name || 'a card');
    case 'no_card': return n(x.seat) + ' has no card to play';
    case 'extra_play_void': return n(x.seat) + ' has no card for the extra play';
    case 'chosen': return 'chosen: ' + areaName(x.area || '') + (x.colour ? ' ' + x.colour : '');
    case 'side_chosen': return 'the ' + x.side + ' side';
    case 'industry_placed': return x.n + ' ' + x.colour + ' industry' + at(x);
    case 'industries_removed': return x.n + ' industr' + (x.n === 1 ? 'y' : 'ies') + ' removed';
    case 'anarchs_moved': return x.n + ' Anarch' + (x.n === 1 ? '' : 's') + ': ' + areaName(x.from) + ' → ' +
      areaName(x.to);
    case 'environment': return x.card.name + ' on the table';
    case 'environment_removed': return x.card.name + ' leaves the table';
    case 'volcano': return 'Mount Saint Woobie ' + x.count + '/4';
    case 'game_over': return 'Game over: ' + x.winners.map(n).join(', ') + ' wins';
    default: return x.type.replace(/_/g, ' ') + (x.seat !== undefined ? ' · ' + n(x.seat) : '');
    }
  }).join('. ');
}

export function render(root, v, ctx) {
  ctx.root = root;
  if (!map) return loadMap(ctx, root);
  // the actions listed for this view (none until they come: older ones would be refused)
  const acts = listed(ctx, v), used = new Set();
  const targets = new Set(acts.map(areaOf).filter(Boolean).concat(acts.filter(x =>
    x.type === 'move_anarch').map(x => x.to)));
  if (sel && !map.byId[sel]) sel = null;
  if (!sel && targets.size === 1) sel = [...targets][0];
  const me = v.seat !== undefined ? v.seats[v.seat] : null;
  // the banner says what the move is, and whose
  const what = WHAT[v.phase] || v.phase, mine = v.to_act.includes(v.seat);
  const turn = v.status === 'finished'
    ? 'Game over: ' + (v.winners || []).map(s => seatName(ctx, s)).join(', ') + ' wins'
    : v.speed && v.phase === 'choose' ? 'Everyone chooses a card face down' + (mine ? ' · your move: choose yours' : '')
      : mine ? 'Your move: ' + what + (targets.size ? ' (tap a highlighted area)' : '')
        : seatName(ctx, v.player) + '’s turn: ' + what;
  const hand = me?.cards || [];
  const supports = acts.filter(x => x.type === 'support');
  supports.forEach(x => used.add(x));
  const panel = sel ? areaPanel(v, ctx, acts, used) : null;
  const pend = decisions(v, ctx, acts, used);
  const handBox = me ? h('section', {'aria-label': 'Your hand', 'data-secret': '1'},
    h('h2', {}, 'Your hand (' + hand.length + ')'),
    me.chosen?.card ? cardBox(me.chosen.card, acts, ctx, used, 'your face-down choice') : null,
    hand.map(c => cardBox(c, acts, ctx, used))) : null;
  const rest = acts.filter(x => !used.has(x) && !areaOf(x) && x.type !== 'move_anarch');
  const mark = marks(v.seats.map(s => seatName(ctx, s.seat))); // as on the homes
  drawn(root, v, ctx);
  pannedTo(root, () => fill(root,
    h('p', {class: 'reasons'}, h('strong', {}, turn)),
    pend,
    mapBox('', !whole, island(v, ctx, targets)),
    h('div', {class: 'row'}, toggle(whole, ['Names readable', 'Whole island'], () => { whole = !whole;
      render(root, v, ctx); }, {'data-whole': '1'}),
      targets.size ? h('span', {class: 'hint'}, 'Tap a highlighted area to act there.') : null),
    h('p', {class: 'hint'},
      'Key: discs = support (black: Anarchs) · squares = industries · thick ring and mark (below: each player’s) = a ' +
      'home · gold rim = coastal · ▲ mountain · dashed lines touch water.'),
    panel,
    supports.length ? h('div', {class: 'row'}, supports.map(x =>
      colourBtn('+1 ' + x.colour + ' support on your home', x.colour, x, ctx))) : null,
    rest.length ? h('div', {class: 'row'}, rest.map(x => btn(x.type === 'skip' ? 'Skip' : x.type === 'take_back'
      ? 'Take the card back' : x.type === 'dispute' ? disputed(v, ctx, x.card) : plain(x), x, ctx,
      x.type === 'skip' ? '' : 'pri'))) : null,
    handBox,
    h('h2', {}, 'Players'),
    h('div', {class: 'players'}, v.seats.map(s => h('div', {class: 'box' + (s.seat === v.seat ? ' me' : '') +
      (v.to_act.includes(s.seat) ? ' turn' : ''), 'data-seat': s.seat},
      h('span', {class: 'tok', style: 'border-color:' + COLORS[s.seat % 7], title: 'the home marked ' + mark[s.seat]},
        mark[s.seat]), ' ', h('strong', {}, seatName(ctx, s.seat)),
      h('div', {}, 'home ' + (s.home ? areaName(s.home) : '—') + ' · score ' + s.score + ' · ' + s.hand + ' card' +
        (s.hand === 1 ? '' : 's') +
        (s.chosen ? ' · ' + (s.chosen.card ? 'chose ' + s.chosen.card.name : 'chose face down') : ''))))),
    h('h2', {}, 'The table'),
    h('div', {class: 'box', id: 'table'},
      h('div', {}, 'Mount Saint Woobie: ', h('strong', {'aria-label': v.volcanoes + ' of 4 on the table'},
        '▲'.repeat(v.volcanoes) + '△'.repeat(Math.max(0, 4 - v.volcanoes))), ' ' + v.volcanoes + '/4'),
      h('div', {}, 'Draw pile ' + v.draw_pile + ' · discards ' + v.discard_pile +
        (v.discard_top ? ' (top: ' + v.discard_top.name + ')' : '')),
      h('div', {}, 'Unused pile: ', Object.entries(v.supply.support).map(([k, n]) => k + ' ' + n).join(', '),
        ' · industries ', Object.entries(v.supply.industries).map(([k, n]) => k + ' ' + n).join(', ')),
      v.environments.length ? h('ul', {}, v.environments.map(e =>
        h('li', {'data-env': e.card.id}, h('strong', {}, e.card.name),
        ' (cared for by ' + seatName(ctx, e.caretaker) + '): ' + e.card.text)))
        : h('div', {class: 'hint'}, 'No environment on the table.')),
    v.status === 'finished' && v.scores ? h('p', {class: 'box'},
      'Scores: ' + v.scores.map((x, i) => seatName(ctx, i) + ' ' + x).join(' · ')) : null),
  map.nodes, map.byId[me?.home], 75); // panned to the seat's home (or the middle)
  // no "Whole island" where the readable map is whole already (a desktop)
  const box = root.querySelector('.mapbox'), t = root.querySelector('[data-whole]');
  if (box && t) t.hidden = !whole && box.scrollWidth <= box.clientWidth + 1;
}
