// whirlpool.js - Whirlpool Pond drawn: the pond's rings, the docks, the
// whirlpool, the corner coins, the two ropes, the tubes; the throws in
// range are marked on their targets, and a tap on a target throws.
import {h, fill, svgEl as el} from './ui.js';
import {actionsPanel} from './generic.js';
import {listed, drawn, marks} from './board.js';

const SUIT = {suns: '#d89b00', crowns: '#c0392b', moons: '#6a5acd', arms: '#2e8b57'};
const RING = {1: '#2b6cb0', 2: '#4a90d9', 3: '#8fc1ee'};
const S = 40;
const mid = ([x, y]) => [x * S + S / 2, y * S + S / 2];

function board(v, ctx, throws) {
  const mark = marks(ctx.names), b = v.board, W = b.width * S, H = b.height * S;
  const svg = el('svg', {viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'The pond', class: 'pond'});
  b.rows.forEach((row, y) => [...row].forEach((c, x) => {
    if (c === '.') return;
    const fill = c === 'x' ? '#a08a6a' : c === 'O' ? '#0b2545' : RING[c] || '#999';
    svg.append(el('rect', {x: x * S + 1, y: y * S + 1, width: S - 2, height: S - 2, rx: 4, fill}));
    if (c === 'O') svg.append(el('text', {x: x * S + S / 2, y: y * S + S / 2 + 6, 'text-anchor': 'middle', fill: '#fff',
      'font-size': 18}, '@'));
  }));
  for (const [a, c] of b.ropes) {
    const ca = b.coins.filter(k => k.suit === a).sort((p, q) => q.value - p.value)[0];
    const cc = b.coins.filter(k => k.suit === c).sort((p, q) => q.value - p.value)[0];
    if (ca && cc) {
      const [x1, y1] = mid(ca.at), [x2, y2] = mid(cc.at);
      svg.append(el('line', {x1, y1, x2, y2, stroke: '#6b4f2a', 'stroke-width': 3, 'stroke-dasharray': '8 5'}));
    }
  }
  for (const k of b.coins) {
    const [x, y] = mid(k.at);
    svg.append(el('circle', {cx: x + 11, cy: y - 11, r: 8, fill: SUIT[k.suit] || '#777', stroke: '#fff'}),
      el('text', {x: x + 11, y: y - 7, 'text-anchor': 'middle', 'font-size': 11, fill: '#fff'},
        k.value === 1 ? 'A' : String(k.value)));
  }
  for (const p of v.players) {
    if (!p.at) continue;
    const [x, y] = mid(p.at), t = throws.filter(a => a.target === p.seat);
    const g = el('g', t.length ? {role: 'button', tabindex: 0, 'aria-label': 'Throw at ' + ctx.names[p.seat],
      class: 'target', 'data-target': p.seat,
      onclick: () => ctx.send(t[0]), onkeydown: e => { if (e.key === 'Enter') ctx.send(t[0]); }}
        : {'aria-label': ctx.names[p.seat]});
    if (t.length) g.append(el('circle', {cx: x, cy: y, r: 19, fill: 'none', stroke: '#ff2d2d', 'stroke-width': 4,
      'stroke-dasharray': '5 3'}));
    g.append(el('circle', {cx: x, cy: y, r: 14, fill: SUIT[p.suit] || '#555',
      stroke: p.seat === v.seat ? '#000' : '#fff', 'stroke-width': 3}),
      el('text', {x, y: y + 5, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 700, fill: '#fff'},
        mark[p.seat]));
    svg.append(g);
  }
  return svg;
}

const DIR = {n: 'north', ne: 'north-east', e: 'east', se: 'south-east', s: 'south', sw: 'south-west', w: 'west',
  nw: 'north-west'};
const LABEL = {roll: 'Roll the die', end_turn: 'End the turn', pull: 'Rope pull', accept: 'Accept the offer',
  call_off: 'Call it off', pay: 'Pay the demand', refuse: 'Refuse'};
function label(a, names) {
  if (a.type === 'throw') return 'Throw #' + a.balloon + ' ' + (DIR[a.direction] || a.direction) + ' at ' +
    names[a.target];
  if (a.type === 'toss') return 'Friend toss: a friend on shore throws you balloon #' + a.balloon +
    ' from the stash (it flies up to ' + a.balloon + ' spaces)';
  return LABEL[a.type] || a.type;
}

// The demands and offers (templates: a selection of balloons) as taps on
// the balloons: each tap picks or unpicks one, the button sends the pick.
// Picks survive redraws while the same template is offered.
let picks = {};
function balloonPicker(a, v, ctx) {
  const of = a.type === 'extort' ? a.target : a.type === 'demand' ? v.deal?.target : v.seat;
  const key = a.type + ':' + of, balloons = v.players[of]?.balloons || [];
  const sel = picks[key] || (picks[key] = []);
  const who = of === v.seat ? 'your' : ctx.names[of] + '’s';
  const say = {extort: 'Extort ' + ctx.names[of] + ': tap the balloons you demand',
    demand: 'A new demand: tap ' + who + ' balloons',
    offer: 'A counter-offer: tap your balloons to offer'}[a.type];
  const verb = {extort: 'Demand', demand: 'Demand', offer: 'Offer'}[a.type];
  const chosen = sel.map(i => balloons[i]);
  return h('div', {class: 'box', 'data-pick': a.type, 'data-of': of, role: 'group', 'aria-label': say},
    h('strong', {}, say),
    h('div', {class: 'row'}, balloons.map((b, i) => h('button',
      {type: 'button', class: 'balloon', 'data-balloon': b, 'aria-pressed': String(sel.includes(i)),
      'aria-label': who + ' balloon #' + b, onclick: () => { const k = sel.indexOf(i); if (k < 0) sel.push(i);
        else sel.splice(k, 1); render(ctx.root, ctx.view, ctx); }}, '#' + b))),
    h('button', {type: 'button', class: 'pri', 'data-send': a.type, disabled: !chosen.length,
      onclick: () => { const body = {type: a.type}; if (a.target !== undefined) body.target = a.target;
        body[a.type === 'extort' ? 'demand' : 'balloons'] = chosen; picks = {}; ctx.send(body); }},
    chosen.length ? verb + ' #' + chosen.join(', #') : verb + '…'));
}

export function describe(e, ctx) {
  const n = s => ctx.names[s] || 'seat ' + s;
  return (e.events || []).map(x => {
    switch (x.type) {
    case 'rolled': return n(x.seat) + ' rolled ' + x.value;
    case 'moved': return n(x.seat) + ' moved ' + x.spaces;
    case 'bumped': return n(x.seat) + ' bumped by ' + n(x.by) + (x.lost ? ', lost #' + x.lost : '');
    case 'thrown': return n(x.seat) + ' hit ' + n(x.target) + ' with #' + x.balloon;
    case 'extortion': return n(x.seat) + ' extorts: demands #' + x.demand.join(', #') + ' of ' + n(x.target);
    case 'demanded': return n(x.seat) + ' now demands #' + x.balloons.join(', #') + ' of ' + n(x.target);
    case 'offered': return n(x.seat) + ' offers #' + x.balloons.join(', #') + ' to ' + n(x.to);
    case 'refused': return n(x.seat) + ' refuses ' + n(x.to);
    case 'paid': return n(x.seat) + ' pays #' + x.balloons.join(', #') + ' to ' + n(x.to);
    case 'called_off': return n(x.seat) + ' calls off the deal with ' + n(x.target);
    case 'tossed': return 'A friend on shore tosses ' + n(x.seat) + ' balloon #' + x.balloon + ' from the stash';
    case 'pulled': return n(x.seat) + ' pulls the rope';
    case 'eliminated': return n(x.seat) + ' went down the whirlpool';
    case 'turn_ended': return 'turn to ' + n(x.next);
    case 'first_player': return n(x.seat) + ' goes first';
    case 'game_over': return 'Game over: ' + x.winners.map(n).join(', ') + ' wins';
    default: return x.type.replace(/_/g, ' ');
    }
  }).join('. ');
}

export function render(root, v, ctx) {
  // only the actions listed for this view: an older list would offer refused taps
  const acts = listed(ctx, v);
  drawn(root, v, ctx);
  const throws = acts.filter(a => a.type === 'throw');
  ctx.root = root;
  const plain = acts.filter(a => !a.$params), PICK = ['extort', 'demand', 'offer'];
  const pickers = acts.filter(a => a.$params && PICK.includes(a.type)),
    templates = acts.filter(a => a.$params && !PICK.includes(a.type));
  const keys = new Set(pickers.map(a => a.type + ':' + (a.type === 'extort' ? a.target : a.type === 'demand'
    ? v.deal?.target : v.seat)));
  for (const k of Object.keys(picks)) if (!keys.has(k)) delete picks[k];
  const tp = h('div'), mark = marks(ctx.names); // as on the tubes
  actionsPanel(tp, templates, ctx.send);
  // the roll in the header is this turn's: none yet while the mover is still to roll
  const turn = v.status === 'finished' ? 'Game over: ' + (v.winners || []).map(s => ctx.names[s]).join(', ') + ' wins'
    : v.phase === 'roll_off' ? 'Roll-off for the first player'
      : (ctx.names[v.turn] || '') + '’s turn · ' + v.phase.replace(/_/g, ' ') +
      (v.last_roll && v.phase !== 'roll' ? ' · rolled ' + v.last_roll : '');
  fill(root,
    h('p', {class: 'reasons'}, h('strong', {}, turn)),
    board(v, ctx, throws),
    plain.length ? h('div', {class: 'row'}, plain.map(a => h('button',
      {type: 'button', class: a.type === 'roll' ? 'pri' : '', 'data-action': JSON.stringify(a),
      onclick: () => ctx.send(a)}, label(a, ctx.names)))) : h('p', {class: 'hint'},
      v.seat === undefined ? 'Watching.' : 'Waiting for the others.'),
    pickers.map(a => balloonPicker(a, v, ctx)),
    templates.length ? tp : null,
    v.deal ? h('p', {class: 'box'}, 'Extortion: ' + ctx.names[v.deal.thrower] + ' demands #' +
      v.deal.demand.join(', #') + ' of ' + ctx.names[v.deal.target] +
      (v.deal.offer ? '; offer #' + v.deal.offer.join(', #') : '') + ' · waiting for the ' + v.deal.waiting_for) : null,
    h('div', {class: 'players'}, v.players.map(p => h('div',
      {class: 'box' + (p.seat === v.seat ? ' me' : '') + (p.seat === v.turn ? ' turn' : ''), 'data-seat': p.seat},
      h('span', {class: 'tok', style: 'border-color:' + (SUIT[p.suit] || '#555'),
        title: 'the tube marked ' + mark[p.seat]}, mark[p.seat]), ' ', h('strong', {}, ctx.names[p.seat]),
        ' · ' + p.suit,
      h('div', {}, p.in_game ? 'ring ' + p.ring + ' · balloons ' +
        (p.balloons.length ? '#' + p.balloons.join(' #') : 'none') : 'in the whirlpool')))),
    h('p', {class: 'hint'}, 'Stash: ' + (v.stash.length ? '#' + v.stash.join(' #') : 'empty')));
}
