// dumb.js - World Dumbination drawn: the 253-hex board wrapping east-west
// (from the match's board graph) with owners, cubes, bases, units,
// radioactive tokens and Dumbness cards; the leaderboard (Ego, Popularity,
// VP, resources, income, the two card spaces, targets), the peace track,
// the order; the seat's own hand, First Goal, face-down cards and target.
// Taps: a unit's space, then a highlighted space to move or attack; build,
// upgrade, recruit on a space; cards onto the card spaces; targets; bids.
// Every listed action the board does not place is a plain button.
import {h, fill, svgEl as el} from './ui.js';
import {label as plain} from './generic.js';
import {listed, drawn, seatName, btn, loader, mapBox, toggle, pannedTo, cardBox as box} from './board.js';

const NATION = {usa: '#3b6fd8', russia: '#d83b3b', 'north-korea': '#8a3bd8', venezuela: '#e0c020', turkey: '#2fa84f'};
const TITLE = {usa: 'USA', russia: 'Russia', 'north-korea': 'North Korea', venezuela: 'Venezuela', turkey: 'Turkey',
  peace: 'Peace'};
const PHASE = {first_goal: 'choose your First Goal', draw: '1 draw', plan: '2 plan (face down)',
  auction: '3 Dumbness auction', bomb: '4 the Nuclear Bomb', move: '5 move and attack', buy: '6 buy and upgrade',
  over: 'game over'};
const S = 40, R = S / Math.sqrt(3);
let board = null, cards = {}, sel = null, unitSel = null, zoom = null; // zoomed in at first on a phone

// "h6-3" -> "D7": the row letter (A at the north) and the column.
export const spaceName = id => { const m = /^h(\d+)-(\d+)$/.exec(id);
  return m ? String.fromCharCode(65 + Number(m[2]) % 26) + (Number(m[1]) + 1) : id; };
const nationOf = (v, s) => v.seats[s]?.nation;
const who = (v, ctx, s) => TITLE[nationOf(v, s)] + (ctx.names?.[s] ? ' (' + seatName(ctx, s) + ')' : '');
const cardName = id => cards[id]?.name || id;

const load = loader(['board', 'cards'], 'The board', (b, c) => {
  c.cards.forEach(x => { cards[x.id] = x; });
  b.byId = Object.fromEntries(b.nodes.map(n => [n.id, n]));
  board = b;
}, render, describe);

const spaceOf = a => a.to || a.space || null;

function hexes(v, ctx, acts) {
  const cells = Object.fromEntries(v.board.map(c => [c.space, c]));
  const xs = board.nodes.map(n => n.x), ys = board.nodes.map(n => n.y);
  const W = (Math.max(...xs) + 1) * S + 10, H = (Math.max(...ys)) * S + 2 * R + 10;
  const svg = el('svg', {viewBox: `-5 -5 ${W} ${H}`, role: 'group',
    'aria-label': 'The world: ' + board.nodes.length + ' spaces, wrapping east-west', class: 'world'});
  const here = unitSel !== null ? acts.filter(a => a.unit === unitSel || (a.units && a.units.includes(unitSel))) : acts;
  const targets = new Set(here.map(spaceOf).filter(Boolean));
  const mine = new Set((v.seats[v.seat]?.units || []).map(u => u.space));
  for (const n of board.nodes) {
    const cx = n.x * S + S / 2, cy = n.y * S + R, t = n.tags, c = cells[n.id] || {}, sea = t.includes('sea');
    const owner = c.owner !== undefined ? NATION[nationOf(v, c.owner)] : null;
    const pts = [0, 1, 2, 3, 4, 5].map(k => { const a = Math.PI / 3 * k - Math.PI / 2;
      return (cx + Math.cos(a) * (R - .5)).toFixed(1) + ',' + (cy + Math.sin(a) * (R - .5)).toFixed(1); }).join(' ');
    const act = targets.has(n.id), pick = mine.has(n.id) && v.phase === 'move';
    const bits = [sea ? 'sea' : 'land', t.includes('resource') && 'resource', t.includes('war') && 'war zone',
      owner && 'owned by ' + who(v, ctx, c.owner),
      c.cube && 'cube', c.base && 'base ' + c.base,
      c.units && c.units.count + ' unit' + (c.units.count > 1 ? 's' : '') + ' of ' + who(v, ctx, c.units.seat),
      c.radioactive !== undefined && 'radioactive',
      c.dumbness && 'Dumbness card ' + (c.dumbness === 'face_down' ? 'face down' : cardName(c.dumbness)),
    ].filter(Boolean);
    const g = el('g', {'data-space': n.id, class: act ? 'target' : ''});
    if (act || pick || c.base || c.units) {
      g.setAttribute('role', 'button'); g.setAttribute('tabindex', act || pick ? 0 : -1);
      g.setAttribute('aria-label', spaceName(n.id) + ': ' + bits.join(', ') + (act ? ' (you can act here)' : ''));
      const go = () => { sel = n.id; if (pick && unitSel === null) { const u = v.seats[v.seat].units.find(x =>
        x.space === n.id); unitSel = u ? u.unit : null; } render(ctx.root, ctx.view, ctx); };
      g.addEventListener('click', go);
      g.addEventListener('keydown', e => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); go(); } });
    }
    g.append(el('polygon', {points: pts, fill: sea ? '#cfe8f3' : t.includes('war') ? '#b59a76' : '#e8e0b4',
      stroke: t.includes('resource') ? '#c8940a' : '#7a7a7a', 'stroke-width': t.includes('resource') ? 3 : 1}));
    if (owner) g.append(el('polygon', {points: pts, fill: owner, 'fill-opacity': .6, stroke: 'none'}));
    if (act) g.append(el('polygon', {points: pts, fill: 'none', stroke: '#ff1744', 'stroke-width': 3.5}));
    if (sel === n.id) g.append(el('polygon', {points: pts, fill: 'none', stroke: '#ff00c8', 'stroke-width': 4.5}));
    const txt = (x, y, s, size, fillc) => el('text', {x, y, 'text-anchor': 'middle', 'font-size': size || 11,
      'font-weight': 700, fill: fillc || '#111'}, s);
    if (t.includes('ussr-flag') || t.includes('eu-flag')) g.append(txt(cx, cy - 11,
      t.includes('eu-flag') ? 'EU' : 'SU', 8));
    if (c.dumbness) g.append(el('rect', {x: cx - 7, y: cy - 9, width: 14, height: 18, rx: 2,
      fill: c.dumbness === 'face_down' ? '#444' : '#ffd54f', stroke: '#000'}),
      txt(cx, cy + 4, c.dumbness === 'face_down' ? '?' : '!', 12, c.dumbness === 'face_down' ? '#fff' : '#000'));
    if (c.radioactive !== undefined) g.append(el('circle', {cx, cy, r: 10, fill: '#ffeb3b', stroke: '#000'}),
      txt(cx, cy + 4, '☢', 13));
    if (c.cube) g.append(el('rect', {x: cx + 4, y: cy - 16, width: 8, height: 8, fill: owner || '#666',
      stroke: '#000'}));
    if (c.base) g.append(el('rect', {x: cx - 15, y: cy - 8, width: 14, height: 14, fill: '#fff',
      stroke: owner || '#000', 'stroke-width': 2.5}), txt(cx - 8, cy + 3, String(c.base), 10));
    if (c.units) {
      const col = NATION[nationOf(v, c.units.seat)];
      g.append(el('circle', {cx: cx + 7, cy: cy + 4, r: 8, fill: col, stroke: '#000'}),
        txt(cx + 7, cy + 8, String(c.units.count), 11, nationOf(v, c.units.seat) === 'venezuela' ? '#000' : '#fff'));
    }
    svg.append(g);
  }
  return svg;
}


function spacePanel(v, ctx, acts, used) {
  const c = v.board.find(x => x.space === sel) || {};
  const n = board.byId[sel];
  const list = acts.filter(a => spaceOf(a) === sel && (unitSel === null || a.type !== 'move' || a.unit === unitSel));
  list.forEach(a => used.add(a));
  const words = a => a.type === 'move' ? 'Move unit ' + a.unit + ' here' + (a.mark === false ? ' (no cube)' : '')
    : a.type === 'attack' ? 'Attack with unit' + (a.units.length > 1 ? 's ' : ' ') + a.units.join(', ')
      : {build: 'Build a 4-base', upgrade: 'Upgrade the base', recruit: 'Recruit a unit',
        bomb: 'Drop the Nuclear Bomb here'}[a.type] || plain(a);
  return h('div', {class: 'box', id: 'spacebox'}, h('strong', {}, 'Space ' + spaceName(sel)),
    ' · ' + n.tags.filter(x => !/edge$/.test(x)).join(', '),
    h('div', {}, [c.owner !== undefined && 'owner ' + who(v, ctx, c.owner), c.cube && 'cube',
      c.base && 'base ' + c.base,
      c.units && c.units.count + ' unit(s) of ' + who(v, ctx, c.units.seat),
        c.radioactive !== undefined && 'radioactive (' + who(v, ctx, c.radioactive) + ')',
      c.dumbness && 'Dumbness card: ' + (c.dumbness === 'face_down' ? 'face down'
        : cardName(c.dumbness))].filter(Boolean).join(' · ') || 'Empty.'),
    list.length ? h('div', {class: 'row'}, list.map(a => btn(words(a), a, ctx, 'pri'))) : null);
}

function unitPicker(v, ctx, acts) {
  const me = v.seats[v.seat];
  const moves = acts.filter(a => a.type === 'move');
  if (!me || !moves.length) return null;
  const units = me.units.filter(u => moves.some(a => a.unit === u.unit));
  const u = unitSel !== null && units.some(x => x.unit === unitSel) ? unitSel : null;
  const dests = u === null ? [] : moves.filter(a => a.unit === u);
  return h('div', {class: 'box', id: 'mover'}, h('strong', {}, 'Move a unit'),
    h('div', {class: 'row'}, units.map(x => h('button', {type: 'button', 'aria-pressed': String(x.unit === u),
      class: x.unit === u ? 'pri' : '', 'data-unit': x.unit,
      onclick: () => { unitSel = x.unit === u ? null : x.unit; sel = x.space; render(ctx.root, ctx.view, ctx); }},
        'Unit ' + x.unit + ' · ' + spaceName(x.space) + ' · str ' + x.strength))),
    u !== null ? h('div', {class: 'row'}, h('label', {for: 'dmto', class: 'sr'}, 'Destination'),
      h('select', {id: 'dmto'}, dests.map((a, i) => h('option', {value: i}, spaceName(a.to)))),
      h('button', {type: 'button', class: 'pri', id: 'dmgo',
        onclick: () => { const a = dests[Number(document.getElementById('dmto').value)];
        if (a) ctx.send(a); }}, 'Move'),
      h('span', {class: 'hint'}, 'or tap a red space')) : h('p', {class: 'hint'},
        'Choose a unit (or tap its space), then where it goes.'));
}

const placed = a => a.type === 'pick_goal' ? 'Take this goal'
  : a.type === 'place' ? (a.slot === 'left' ? 'Left space' : 'Right space') +
    (a.choice === 'second' ? ', 2nd choice' : '') +
    (a.corrupt ? ', by corruption' : '')
    : plain(a);
function cardBox(id, acts, ctx, used, note) {
  const c = cards[id] || {id, name: id};
  const needs = Object.entries(c.needs || {}).map(([k, x]) => k + ' ' + x).join(', ');
  const hint = [c.type, c.level ? 'level ' + c.level : '', '#' + c.priority, 'cost ' + c.cost, c.vp ? c.vp + ' VP' : '',
    needs && 'needs ' + needs, note].filter(Boolean).join(' · ');
  return box({id, name: c.name, hint, body: c.text ? h('div', {class: 'hint'}, c.text) : null},
    acts, ctx, used, placed, () => 'pri');
}

const slotText = s => s === null ? 'empty' : s === 'face_down' ? 'face down' : cardName(s.card);

function seatBox(v, ctx, s) {
  const row = (k, x) => h('span', {class: 'stat'}, k + ' ', h('strong', {}, String(x)));
  return h('div', {class: 'box' + (s.seat === v.seat ? ' me' : '') + (v.to_act.includes(s.seat) ? ' turn' : ''),
    'data-seat': s.seat},
    h('strong', {style: 'color:' + NATION[s.nation]}, '■ '), h('strong', {}, who(v, ctx, s.seat)),
      s.out ? ' · out of office' : '', s.on_vacation ? ' · on vacation' : '',
    h('div', {class: 'row'}, row('Ego', s.ego), row('Popularity', s.popularity), row('VP', s.vp),
      row('resources', s.resources), row('income', s.income), row('cubes', s.cubes), row('hand', s.hand)),
    h('div', {}, 'Cards: left ' + slotText(s.slots[0]) + ' · right ' + slotText(s.slots[1]) + ' · target ' +
      (s.target === null ? '—' : s.target === 'face_down' ? 'face down' : TITLE[s.target] || s.target) +
      (v.phase === 'plan' ? (s.ready ? ' · ready' : ' · planning') : '')),
    h('div', {class: 'hint'}, s.units.length + ' units on the board · moves ' + s.moves +
      (s.first_goal_done ? ' · First Goal done' : '') + (s.projects.length
      ? ' · projects: ' + s.projects.map(cardName).join(', ') : '') + (s.sabotaged_until_round ? ' · sabotaged' : '')));
}

export function describe(e, ctx) {
  const v = ctx.view, n = s => v ? who(v, ctx, s) : 'seat ' + s;
  return (e.events || []).map(x => {
    const by = x.seat !== undefined && x.seat >= 0 ? n(x.seat) + ' ' : '';
    switch (x.type) {
    case 'phase': return 'Round ' + x.round + ': ' + (PHASE[x.phase] || x.phase);
    case 'goal_picked': return by + 'picked a First Goal' + (x.card ? ': ' + cardName(x.card) : '');
    case 'placed': return by + 'placed a card on the ' + x.slot + ' space' + (x.card ? ': ' + cardName(x.card) : '');
    case 'target_placed': return by + 'placed a target token' + (x.target ? ': ' + TITLE[x.target] : '');
    case 'flipped': return by + 'flipped ' + (x.cards.filter(Boolean).map(cardName).join(' and ') || 'no card') +
      (x.target ? ', target ' + TITLE[x.target] : '');
    case 'player_order': return 'order: ' + x.order.map(n).join(' → ');
    case 'card_played': return by + 'plays ' + cardName(x.card);
    case 'track': return by + x.track + ' ' + x.from + ' → ' + x.to;
    case 'moved': case 'conquered': return by + (x.type === 'moved' ? 'moved' : 'conquered') + ' ' + spaceName(x.from) +
      ' → ' + spaceName(x.to);
    case 'built': case 'upgraded': case 'recruited': return by + x.type + ' on ' + spaceName(x.space);
    case 'vp': return by + '+' + x.gain + ' VP (' + x.why + ')';
    case 'drew': return by + 'drew ' + (x.card ? cardName(x.card) : 'a card');
    case 'dumbness_revealed': return 'Dumbness card ' + x.name + ' on ' + spaceName(x.space);
    case 'game_over': return 'Game over' + (x.why ? ': ' + x.why : '');
    default: return by + x.type.replace(/_/g, ' ') + (x.space ? ' ' + spaceName(x.space) : '');
    }
  }).join('. ');
}

export function render(root, v, ctx) {
  ctx.root = root;
  if (!board) return load(ctx, root);
  // the actions listed for this view (none until they come: older ones would be refused)
  if (zoom === null) zoom = root.clientWidth < 600;
  const acts = listed(ctx, v), used = new Set();
  const me = v.seat !== undefined ? v.seats[v.seat] : null;
  if (unitSel !== null && !(me?.units || []).some(u => u.unit === unitSel)) unitSel = null;
  if (v.phase !== 'move') unitSel = null;
  const status = v.status === 'finished'
    ? 'Game over: ' + (v.winners || []).map(s => who(v, ctx, s)).join(', ') + ' wins'
    : 'Round ' + v.round + ' · phase ' + (PHASE[v.phase] || v.phase) + ' · to act: ' +
      v.to_act.map(s => who(v, ctx, s)).join(', ');
  const auc = v.auction;
  const bids = acts.filter(a => a.type === 'bid' || (auc && a.type === 'pass'));
  bids.forEach(a => used.add(a));
  const targets = acts.filter(a => a.type === 'target'), draws = acts.filter(a => a.type === 'draw'),
    backs = acts.filter(a => a.type === 'take_back');
  [...targets, ...draws, ...backs].forEach(a => used.add(a));
  const mover = unitPicker(v, ctx, acts);
  const panel = sel ? spacePanel(v, ctx, acts, used) : null;
  const goalIds = acts.filter(a => a.type === 'pick_goal').map(a => a.card);
  const handBox = me ? h('section', {'aria-label': 'Your hand', 'data-secret': '1'},
    h('h2', {}, 'Your hand (' + (me.hand_cards || []).length + ')'),
    h('p', {class: 'box', id: 'plan'}, h('strong', {}, 'Your card spaces'),
      v.phase === 'plan' ? ' (face down to the others)' : '',
      ': left ' + slotText(me.slots[0]) + ' · right ' + (me.slots[1] === null && me.first_goal && !me.first_goal_done
      ? 'your First Goal' : slotText(me.slots[1])) +
      ' · target ' + (me.target ? TITLE[me.target] || me.target : 'none')),
    goalIds.map(id => cardBox(id, acts, ctx, used, 'a First Goal')),
    me.first_goal ? cardBox(me.first_goal.id, acts, ctx, used,
      'your First Goal' + (me.first_goal_done ? ', done' : '')) : null,
    (me.hand_cards || []).map(c => cardBox(c.id, acts, ctx, used))) : null;
  const rest = acts.filter(a => !used.has(a) && !(a.type === 'move' || a.type === 'attack' || spaceOf(a)));
  const spaced = acts.filter(a => spaceOf(a) && !used.has(a));
  drawn(root, v, ctx);
  pannedTo(root, () => fill(root,
    h('p', {class: 'reasons'}, h('strong', {}, status)),
    h('p', {class: 'hint'}, 'Player order: ' + v.order.map(s => TITLE[nationOf(v, s)]).join(' → ') +
      ' · piles: level 1 ' + v.level1_pile + ', level 2 ' + v.level2_pile + ' · game ends one round after ' + v.end_vp +
      ' VP' + (v.max_rounds ? ' or after round ' + v.max_rounds : '')),
    auc ? h('div', {class: 'box turn', id: 'auction'}, h('strong', {},
      /^auction/i.test(auc.name) ? auc.name : 'Auction: ' + auc.name),
      h('div', {}, 'High bid ' + auc.high_bid + (auc.high_bidder !== null ? ' by ' + who(v, ctx, auc.high_bidder)
      : '') + ' · bidding: ' + who(v, ctx, auc.bidder)),
      bids.length ? h('div', {class: 'row'}, bids.map(a => btn(a.type === 'bid' ? 'Bid ' + a.amount : 'Pass', a, ctx,
        a.type === 'bid' ? 'pri' : ''))) : null) : null,
    v.bomb ? h('div', {class: 'box turn', id: 'bomb'}, h('strong', {},
      who(v, ctx, v.bomb.seat) + '’s ' + cardName(v.bomb.card) + ' on ' +
      (typeof v.bomb.target === 'number' ? who(v, ctx, v.bomb.target) : TITLE[v.bomb.target] || v.bomb.target)),
      acts.some(a => a.type === 'bomb') ? h('div', {class: 'hint'}, 'Tap a red space to drop it there.')
        : h('div', {class: 'hint'}, 'Choosing the space.')) : null,
    draws.length ? h('div', {class: 'row'}, h('span', {}, 'Draw a card from:'),
      draws.map(a => btn('Level ' + a.level, a, ctx, 'pri'))) : null,
    mapBox('dm', zoom, hexes(v, ctx, acts)),
    h('div', {class: 'row'}, toggle(zoom, ['Fit the board', 'Zoom the board'], () => { zoom = !zoom;
      render(root, v, ctx); }),
      spaced.length ? h('span', {class: 'hint'}, 'Red spaces: where you can act.') : null),
    h('p', {class: 'hint'},
      'Key: tint = owner · small square = cube · square with a number = base · disc with a number = units · ☢ ' +
      'radioactive · ? Dumbness card · gold rim = resource · brown = war zone · rows A–K, the world wraps east–west.'),
    mover, panel,
    targets.length ? h('div', {class: 'box', id: 'targets'},
      h('strong', {}, 'Target token (face down): ' + (me?.target && me.target !== 'face_down' ? TITLE[me.target]
      : 'none yet')),
      h('div', {class: 'row'}, targets.map(a => btn(TITLE[a.nation] || a.nation, a, ctx,
        a.nation === me?.target ? 'pri' : '')))) : null,
    backs.length ? h('div', {class: 'row'}, backs.map(a => btn('Take back the ' + a.slot + ' card', a, ctx))) : null,
    rest.length ? h('div', {class: 'row'}, rest.map(a => btn(a.type === 'ready'
      ? 'Ready' + (a.corrupt ? ', buying the First Goal by corruption' : a.fund_goal ? ', funding the First Goal' : '')
      : a.type === 'done' ? 'Done' : plain(a), a, ctx, 'pri'))) : null,
    handBox,
    h('h2', {}, 'Leaderboard'),
    h('div', {class: 'players'}, v.order.map(s => seatBox(v, ctx, v.seats[s]))),
    h('div', {class: 'box', id: 'peace'}, h('strong', {}, 'Peace track: '),
      [4, 6, 8, 10].map((x, i) => h('span', {class: 'stat'},
      x + ': ' + (v.peace_track[i] === null ? '○' : TITLE[nationOf(v, v.peace_track[i])]) + ' '))),
    v.scores ? h('p', {class: 'box'}, 'Scores: ' + v.scores.map((x, i) => who(v, ctx, i) + ' ' +
      x).join(' · ')) : null),
  board.nodes, board.byId[me?.units[0]?.space], .5); // panned to the seat's first unit (or the middle)
}
