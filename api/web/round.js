// round.js - following the round of a physical Wibbell table in a
// companion match (the daemon keeps the rules: who is out for the card, a
// player's 3rd card of the round taking both centre cards, the permanent
// handicap, the round's end, the end of the deck, one step of undo).  What
// the referee page (table.js) and the judge (judge.js) share of it: the
// modes to choose from, once, when the table starts; the table's start;
// what the round waits for, in words; the flip of the card turned up; the
// take and the keep by tapping the cards; the undo of the last step.
// `ctx` is the page's {names, actions, send(body, explain)}; the actions
// are those listed for the view drawn (board.js's listed()).
import {api} from './api.js';
import {h, card} from './ui.js';

// The rules' ways to end a round (the match's `mode`), chosen once.
export const MODES = [['standard', 'Standard'], ['simple', 'Simple: 4 cards a round'],
  ['simpler', 'Simpler: no handicaps']];
export const modeName = m => (MODES.find(x => x[0] === m) || [m, m])[1];

// A companion match for the players (names, in seat order) with `options`
// besides: the answer of POST /v1/games (its id and host_token).
export const startTable = (players, options) =>
  api('POST', '/v1/games', {game: 'wibbell', players, options: {companion: true, ...options}});

// What the round waits for, in words (the banner over the centre).
export function banner(v, names) {
  if (v.status === 'finished') return 'Game over · winners: ' + (v.winners || []).map(s => names[s]).join(', ');
  const wn = names[v.turn_winner];
  switch (v.phase) {
  case 'flip': return 'Flip ' + (2 - v.centre.length) + ' card' + (v.centre.length ? '' : 's');
  case 'take': return wn + ' won: tap the card ' + wn + ' takes';
  case 'keep': return wn + ' keeps one card as a permanent handicap';
  default: return 'Shout!';
  }
}

// Is a card of these letters on the table (the centre, anyone's cards,
// face up, face down or kept)?  Else a flip the daemon refuses is of a
// card the deck never had: in companion mode every card not on the table
// is still in the deck.
const cardKey = l => [...String(l).toUpperCase().replace(/[^A-Z]/g, '')].sort().join('');
function onTable(v, letters) {
  const k = cardKey(letters);
  const all = v.centre.concat(v.bonus ? [v.bonus] : [],
    ...v.players.map(p => [...p.face_up, ...p.handicaps, ...(p.face_down_cards || [])]));
  return all.some(c => cardKey(c.letters) === k);
}

// The box for the card turned up (phase flip); emptied for the next card,
// after a refusal too (the refused letters would start the next card).
export function flipForm(ctx, v, attrs = {}) {
  const inp = h('input', {id: 'flip', 'aria-label': 'Letters of the card turned up', placeholder: 'NZ',
    autocapitalize: 'characters',
    autocomplete: 'off', spellcheck: 'false', maxlength: 26, ...attrs});
  const flipped = async ev => {
    ev.preventDefault();
    const c = inp.value.trim();
    if (!c) return;
    const notOurs = e => e.status === 422 && !onTable(v, c) ? c.toUpperCase() + ' is not a card of this deck' : null;
    await ctx.send({type: 'flip', card: c}, notOurs);
    inp.value = '';
    const f = document.getElementById('flip');
    if (f) f.value = '';
  };
  return h('form', {class: 'row', onsubmit: flipped}, inp, h('button', {class: 'pri'}, 'Flip'));
}

// The centre cards; in phase take the winner's choices, a tap each.
export function centreCards(ctx, v) {
  const takes = ctx.actions.filter(a => a.type === 'take'), wn = ctx.names[v.turn_winner];
  return v.centre.map((c, i) => takes.find(a => a.card === i)
    ? card(c, {tag: 'take', cls: 'sel', label: wn + ' takes it',
      click: () => ctx.send({type: 'take', seat: v.turn_winner, letters: c.letters})})
    : card(c, {tag: 'centre'}));
}

// The winner's cards of the round to keep one of as a permanent handicap
// (phase keep), a tap each; null in any other phase.
export function keepBox(ctx, v) {
  const keeps = ctx.actions.filter(a => a.type === 'keep'), wn = ctx.names[v.turn_winner];
  if (!keeps.length) return null;
  const all = v.players.flatMap(x => x.face_up).concat(v.centre, v.bonus ? [v.bonus] : []);
  return h('div', {class: 'box', id: 'keep'}, h('strong', {}, 'Tap the card ' + wn + ' keeps:'),
    h('div', {class: 'cards'}, keeps.map(a => all.find(c => c.id === a.card)).filter(Boolean).map(c =>
      card(c, {click: () => ctx.send({type: 'keep', seat: v.turn_winner, letters: c.letters}),
        label: 'keep as a permanent handicap'}))));
}

// Undo of the last step (when there is one to undo: one level), after a
// confirmation naming it; null when there is none.
export function undoButton(ctx, what) {
  if (!ctx.actions.some(a => a.type === 'undo')) return null;
  return h('button', {type: 'button', id: 'undo', onclick: () =>
    confirm('Undo the last step' + (what ? ': ' + what : '') + '?') && ctx.send({type: 'undo'})},
    'Undo last step');
}
