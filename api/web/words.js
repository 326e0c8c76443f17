// words.js - Wibbell's words as every page of it says them: a verdict's
// reasons, a language's name, a row's meaning and translation, the log's
// events, the used words and who used them, a seat's cards and score.
// The judge, the referee's table, the projector, the lobby, the class
// pages and the player's board (wibbell.js) share them.
import {h, card} from './ui.js';
import {api} from './api.js';
import {nameOf} from './board.js';

// A reason as a player says it; a card short of a letter is named (the
// reason's `cards`): none of its letters in the word, or cards competing
// for too few letters.
const and = xs => xs.length > 1 ? xs.slice(0, -1).join(', ') + ' and ' + xs[xs.length - 1] : xs[0];
export function reasonText(r, word = '') {
  switch (r.code) {
  case 'derivative': return 'derivative of “' + r.of + '”';
  case 'proper_noun': return 'proper noun';
  case 'not_a_word': return 'not a word';
  case 'already_used': return 'already used this game';
  case 'cards_not_covered': {
    const cs = r.cards || [];
    if (!cs.length) return 'needs a separate letter for each card';
    const none = cs.every(c => ![...c.toLowerCase()].some(l => word.toLowerCase().includes(l)));
    return none ? 'no letter for card' + (cs.length > 1 ? 's ' : ' ') + and(cs) : and(cs) + ' need a letter each';
  }
  default: return r.detail;
  }
}
// A language's name in English ("fr": "French"), or its code.
export function languageName(code) {
  try { return new Intl.DisplayNames(['en'], {type: 'language'}).of(code) || code; } catch { return code; }
}
// A vocabulary row's translation into the match's learner_language (the
// row's member named for it, "translation_fr"), or ''.
export const translationOf = (r, v) => (v && v.learner_language && r['translation_' + v.learner_language]) || '';
// A choice of learner_language (a new match's option): none, or one of
// the languages the dictionary (the daemon's default) translates into.
export function learnerSelect(attrs) {
  const sel = h('select', attrs, h('option', {value: ''}, 'None'));
  api('GET', '/v1/dictionaries').then(r => {
    const d = r.dictionaries.find(x => x.default) || r.dictionaries[0];
    for (const l of ((d && d.translations) || '').split(',').filter(Boolean)) sel.append(h('option', {value: l},
      languageName(l) + ' (' + l + ')'));
  }).catch(() => { /* none offered: the match is made without */ });
  return sel;
}
// A vocabulary row's meaning: its definition, then its translation (a
// line each; in a line of text with tag 'span').
export function meaning(r, v, tag = 'div') {
  const tr = translationOf(r, v), inline = tag === 'span';
  return [h(tag, {class: 'def'}, (inline && r.definition ? ' — ' : '') + (r.definition || '')),
    tr ? h(tag, {class: 'tr', 'data-lang': v.learner_language},
      (inline ? ' · ' : '') + languageName(v.learner_language) + ': ' + tr) : null];
}

export const reasons = (rs, word) => (rs || []).map(r => reasonText(r, word)).join('; ');

export function eventText(e, names) {
  const n = s => names[s] || 'seat ' + s, c = x => x ? x.letters : '?';
  switch (e.type) {
  case 'card_flipped': return 'Flipped ' + c(e.card) + ' (' + e.deck + ' left)';
  case 'claim_accepted': return n(e.seat) + (e.sealed ? ' shouted (the word shows when the tie window closes)'
    : ' shouted “' + e.word + '” ✓');
  case 'claims_revealed': return 'Shouts compared: ' + e.claims.map(c => n(c.seat) + ' “' + c.word + '”').join(', ');
  case 'claim_refused': return n(e.seat) + ' shouted “' + e.word + '” ✗ ' + reasons(e.reasons, e.word) +
    (e.forgiven ? ' (a typo: try again)' : '');
  case 'deck_corrected': return 'Deck recounted: ' + e.deck + ' cards (not ' + e.was + ')';
  case 'card_won': return n(e.seat) + ' wins the card' + (e.word ? ' with “' + e.word + '”' : ' (everyone else erred)');
  case 'card_taken': return n(e.seat) + ' takes ' + c(e.card) + (e.bonus ? ' (bonus)' : '') +
    (e.final ? ' (final card)' : '');
  case 'round_won': return n(e.seat) + ' wins round ' + e.round + '!';
  case 'handicap_kept': return n(e.seat) + ' keeps ' + c(e.card) + ' as a permanent handicap';
  case 'round_started': return 'Round ' + e.round + ' starts';
  case 'redeal': return 'Redeal (' + (e.reason || '').replace(/_/g, ' ') + '): ' +
    (e.cards || []).map(c).join(' and ') + ' go under the deck';
  case 'undone': return 'Undone: ' + (e.action ? describeAction(e.action, n) : 'the last entry');
  case 'game_over': return 'Game over';
  default: return e.type.replace(/_/g, ' ');
  }
}
// An action the referee recorded, in words (what an undo took back).
function describeAction(a, n) {
  const what = {claim: () => n(a.seat) + ' “' + a.word + '”',
    simultaneous: () => (a.shouts || []).map(x => n(x.seat) + ' “' + x.word + '”').join(', '),
    flip: () => 'the flip of ' + String(a.card).toUpperCase(),
      take: () => 'the take of ' + (a.letters || 'card ' + a.card),
      keep: () => 'the keep of ' + (a.letters || 'card ' + a.card),
    deck: () => 'the recount (' + a.count + ')', redeal: () => 'the redeal'}[a.type];
  return what ? what() : a.type;
}
export const describe = (e, ctx) => (e.events || []).map(x => eventText(x, ctx.names)).join('. ') ||
  (e.action && e.action.type);

// who used each used word, from card_won events
export function entry(e, ctx) {
  ctx.usedBy = ctx.usedBy || {};
  for (const x of e.events || []) if (x.type === 'card_won' && x.word) ctx.usedBy[x.word] = x.seat;
  ctx.last = describe(e, ctx);
}

export function playerBox(p, v, opts = {}) {
  const acting = (v.awaiting || v.to_act || []).includes(p.seat) && v.phase === 'play';
  const cls = 'box' + (p.seat === v.seat ? ' me' : '') + (acting ? '' : '');
  const flags = [p.out ? 'out for this card' : '', p.barred ? 'barred this round (learning aid)' : '',
    v.turn_winner === p.seat ? 'won this card' : ''].filter(Boolean);
  return h('div', {class: cls, 'data-seat': p.seat},
    h('div', {class: 'row'}, h('strong', {class: 'grow'}, nameOf(p), p.seat === v.seat ? ' (you)' : ''),
      h('span', {'aria-label': 'score ' + p.score}, '★ ' + p.score)),
    flags.length ? h('div', {class: 'hint'}, flags.join(' · ')) : null,
    h('div', {class: 'cards'},
      p.handicaps.map(c => card(c, {cls: 'perm', tag: c.starting ? 'start' : 'perm', label: 'permanent handicap',
        click: opts.click?.(c)})),
      p.face_up.map(c => card(c, {tag: 'round', label: 'won this round', click: opts.click?.(c)})),
      p.face_down ? h('span', {class: 'card down', role: 'img', 'aria-label': p.face_down + ' cards face down'},
        '×' + p.face_down, h('small', {}, 'down')) : null),
    h('div', {class: 'hint'}, p.cards_this_round + ' won this round · ' + p.rounds_won + ' round' +
      (p.rounds_won === 1 ? '' : 's') + ' won'));
}

export function usedList(v, ctx) {
  if (!(v.used || []).length) return h('p', {class: 'hint'},
    'None yet: a word that takes a card may not be said again, nor its derivatives.');
  return h('ul', {class: 'chips', 'aria-label': 'Used words'}, (v.used || []).map(w =>
    h('li', {}, w, ctx.usedBy && ctx.usedBy[w] !== undefined
      ? h('span', {class: 'hint'}, ' · ' + (ctx.names[ctx.usedBy[w]] || '')) : null)));
}
