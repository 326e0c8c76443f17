// wibbell.js - Wibbell drawn for a player: the cards to cover, marked;
// permanent handicaps apart from the cards won this round; the claim box;
// take and keep by tapping the cards; used words and who used them; the
// last turn's result.  Its words and seat boxes are words.js's, shared
// with the judge, the referee's table and the projector.
import {h, redraw, card} from './ui.js';
import {listed, drawn} from './board.js';
import {playerBox, usedList} from './words.js';

// the log in words, and who used each word (play.js asks the board)
export {describe, entry} from './words.js';

const PHASE = {play: 'Shout a word!', take: 'choose a card', keep: 'keeps a permanent handicap', flip: 'flip two cards',
  over: 'Game over'};

export function render(root, v, ctx) {
  drawn(root, v, ctx);
  const me = v.seat !== undefined ? v.players[v.seat] : null;
  const acts = listed(ctx, v);
  const can = t => acts.filter(a => a.type === t);
  const names = ctx.names;
  let banner = PHASE[v.phase] || v.phase;
  if (v.phase === 'take' || v.phase === 'keep') banner = (v.turn_winner === v.seat ? 'You '
    : (names[v.turn_winner] || 'The winner') + ' ') + (v.phase === 'take'
    ? 'won: ' + (v.turn_winner === v.seat ? 'tap the card you take' : 'choosing a card')
    : 'keeps a permanent handicap');
  if (v.status === 'finished') banner = 'Game over · winners: ' + (v.winners || []).map(s => names[s]).join(', ');
  if (me && me.out && v.phase === 'play') banner = 'You made a mistake: you cannot win this card';
  if (me && me.barred && v.phase === 'play') banner = 'Learning aid: you won the last round, so you sit this one out';
  const takes = can('take');
  const centre = v.centre.map((c, i) => {
    const t = takes.find(a => a.card === i);
    return card(c, {tag: 'centre', click: t ? () => ctx.send({type: 'take', letters: c.letters}) : null});
  });
  let claimBox = null;
  // the claim box from the view, not the list: a word is free, and a box
  // that waited for the list would drop what the player is typing when
  // another seat's claim brings a new view before its list
  if (v.phase === 'play' && me && (v.to_act || []).includes(v.seat)) {
    const inp = h('input', {id: 'claimword', 'aria-label': 'Your word', placeholder: 'your word',
      autocapitalize: 'none', autocomplete: 'off', spellcheck: 'false', enterkeyhint: 'send'});
    claimBox = h('form', {class: 'row', onsubmit: async ev => { ev.preventDefault(); const w = inp.value.trim();
      if (w && await ctx.send({type: 'claim', word: w})) { inp.value = '';
      const f = document.getElementById('claimword'); if (f) f.value = ''; } }},
      inp, h('button', {class: 'pri'}, 'Shout'));
  }
  let keepBox = null;
  const keeps = can('keep');
  if (keeps.length) {
    const all = v.players.flatMap(p => p.face_up).concat(v.centre, v.bonus ? [v.bonus] : []);
    keepBox = h('div', {class: 'box'}, h('strong', {}, 'Keep one as a permanent handicap:'),
      h('div', {class: 'cards'}, keeps.map(a => all.find(c => c.id === a.card)).filter(Boolean).map(c =>
        card(c, {click: () => ctx.send({type: 'keep', letters: c.letters}), label: 'keep'}))));
  }
  const cover = me ? [...v.centre, ...me.handicaps, ...me.face_up] : [];
  redraw(root,
    h('p', {class: 'reasons', 'aria-live': 'polite'}, h('strong', {}, banner)),
    h('div', {class: 'row hint'}, 'Round ' + v.round + ' · turn ' + v.turn + ' · ' + v.deck + ' cards in the deck' +
      (v.learning_aid ? ' · learning aid' : '') + (v.forgive_typos ? ' · typos forgiven' : '')),
    h('div', {class: 'cards big', role: 'group', 'aria-label': 'Centre cards'}, centre),
    v.claims && v.claims.length ? h('p', {}, 'Waiting for the tie window: ',
      v.claims.map(c => names[c.seat] + (c.sealed ? ' (sealed)' : ' “' + c.word + '”')).join(', ')) : null,
    claimBox, keepBox,
    me && v.status !== 'finished' ? h('div', {class: 'box'},
      h('strong', {}, 'You must cover ' + cover.length + ' cards:'),
      h('div', {class: 'cards'}, cover.map((c, i) => card(c,
      {tag: i < v.centre.length ? 'centre' : me.handicaps.includes(c) ? 'perm' : 'round',
      cls: i >= v.centre.length && me.handicaps.includes(c) ? 'perm' : ''})))) : null,
    ctx.last ? h('p', {class: 'box', 'data-last': '1'}, h('strong', {}, 'Last: '), ctx.last) : null,
    h('h2', {}, 'Players'), h('div', {class: 'players'}, v.players.map(p => playerBox(p, v))),
    h('h2', {}, 'Used words'), usedList(v, ctx));
}
