// woodlouse.js - Woodlouse Chaos: the sequence cards, the trainer's card
// (in the trainer's view only), big bang and clap buttons, the signals as
// they come, and the guesses as a grid of buttons.
import {h, fill} from './ui.js';
import {listed, drawn, seatName} from './board.js';

const plural = (n, w) => n + ' ' + w + (n === 1 ? '' : 's');

// The sequence each turn was played with, by turn: the end of a round may
// reshuffle it, so the view after a round's last turn shows the new one.
const seqs = {};
function remember(v) {
  if (v.status !== 'finished' && v.sequence) seqs[v.turn] = v.sequence;
  const t = v.last_turn, n = (v.seats || []).length;
  if (t && !seqs[t.turn] && (!v.reshuffle || (n && t.turn % n))) seqs[t.turn] = v.sequence;
}

// What a card's code is, in words: "2 bangs (spider is at place 2 in the
// sequence) and 3 claps".
function codeOf(card, turn) {
  const at = (seqs[turn] || []).indexOf(card.species) + 1;
  return (at ? plural(at, 'bang') + ' (' + card.species + ' is at place ' + at + ' in the sequence)'
    : 'as many bangs as ' + card.species + '’s place in the sequence') + ' and ' + plural(card.count, 'clap');
}

// The turn that just ended, in words: who won the card, or why nobody did.
function lastTurn(t, ctx) {
  const who = seatName(ctx, t.trainer), card = t.card.count + ' × ' + t.card.species;
  if (t.outcome === 'mistake')
    return who + '’s code was wrong. The card was ' + card + ': its code is ' + codeOf(t.card, t.turn) +
      '. The card went under the draw pile.';
  if (t.outcome === 'guessed') return who + '’s card was ' + card + ', guessed by ' + seatName(ctx, t.winner) + '.';
  return who + '’s card was ' + card + ': nobody guessed it, so ' + who + ' keeps it.';
}

export function describe(e, ctx) {
  const n = s => seatName(ctx, s);
  return (e.events || []).map(x => {
    switch (x.type) {
    case 'draw': return n(x.trainer) + ' draws a card';
    case 'card': return 'Your card: ' + x.count + ' × ' + x.species;
    case 'bang': return 'BANG';
    case 'clap': return 'CLAP';
    case 'code_complete': return 'Code complete: guess!';
    case 'guess': return n(x.seat) + ' guesses ' + x.count + ' × ' + x.species + (x.correct ? ' ✓' : ' ✗');
    case 'pass': return n(x.seat) + ' passes';
    case 'turn_end': {
      const made = x.signals || [], bangs = made.filter(y => y === 'bang').length;
      return 'Turn over: ' + (x.outcome === 'mistake' ? n(x.trainer) + '’s code was wrong: ' + plural(bangs, 'bang') +
        ' and ' + plural(made.length - bangs, 'clap') +
        ' made, where ' + x.card.count + ' × ' + x.card.species + ' needs ' + codeOf(x.card, x.turn)
        : x.outcome === 'guessed' ? n(x.winner) + ' guessed it, the card was ' + x.card.count + ' × ' + x.card.species
          : 'nobody guessed it, the card was ' + x.card.count + ' × ' + x.card.species);
    }
    case 'round': return 'Round ' + x.round + (x.reshuffled ? ': sequence reshuffled' : '');
    case 'game_over': return 'Game over: ' + x.winners.map(n).join(', ') + ' wins';
    default: return x.type;
    }
  }).join('. ');
}

export function render(root, v, ctx) {
  remember(v);
  drawn(root, v, ctx);
  const acts = listed(ctx, v);
  const find = t => acts.find(a => a.type === t);
  const trainer = v.trainer === v.seat;
  const big = (t, text) => { const a = find(t) || (trainer && v.phase === 'code' && (t === 'bang' || t === 'clap')
    ? {type: t} : null); return h('button', {type: 'button', class: t === 'done' || t === 'draw' ? 'pri' : '',
    disabled: !a, 'data-action': t, onclick: () => a && ctx.send(a)}, text); };
  const guesses = acts.filter(a => a.type === 'guess');
  const code = v.card ? v.sequence.indexOf(v.card.species) + 1 : 0;
  const top = Math.max(...(v.scores || [])), tied = (v.scores || []).filter(x => x === top).length > 1;
  const status = v.status === 'finished' ? 'Game over: ' + (v.winners || []).map(s => ctx.names[s]).join(', ') +
    ' wins' + (tied ? ' (a tie on cards goes to the higher sum of values)' : '')
    : trainer ? {draw: 'You are the trainer: draw a card', code: 'Perform the code, then Done',
      guess: 'The others are guessing'}[v.phase]
      : ctx.names[v.trainer] + ' is the trainer · ' + {draw: 'drawing', code: 'performing the code',
        guess: 'guess now!'}[v.phase];
  fill(root,
    h('p', {class: 'reasons'}, h('strong', {}, status || v.phase)),
    h('h2', {}, 'Sequence'),
    h('ol', {class: 'cards', 'aria-label': 'Sequence cards, position 1 first'},
      v.sequence.map((s, i) => h('li', {class: 'card', style: 'list-style:none;font-size:1em'}, h('span', {}, s),
      h('small', {}, (i + 1) + ' bang' + (i ? 's' : ''))))),
    v.card ? h('div', {class: 'box', 'data-secret': '1'}, h('strong', {},
      'Your card: ' + v.card.count + ' × ' + v.card.species),
      h('div', {class: 'hint'}, 'Code: ' + code + ' bang' + (code > 1 ? 's' : '') + ' and ' + v.card.count + ' clap' +
        (v.card.count > 1 ? 's' : ''), ' in any order')) : null,
    v.status === 'finished' ? null : h('div', {class: 'sig', 'aria-label': 'Signals so far', role: 'status'},
      v.signals.map(s => s === 'bang' ? 'BANG ' : 'clap ').join('') || '…'),
    trainer && v.phase !== 'guess' && v.status !== 'finished'
      ? h('div', {class: 'pad'}, v.phase === 'draw' ? big('draw', 'Draw')
      : [big('bang', 'BANG'), big('clap', 'CLAP'), big('done', 'Done')]) : null,
    guesses.length ? h('div', {class: 'box'}, h('strong', {}, 'Your guess'),
      // a species a line, its five counts in as many columns as fit a phone (no sideways scroll)
      v.species.map(sp => h('div', {class: 'guess', role: 'group', 'aria-label': sp}, h('strong', {}, sp),
        h('div', {class: 'five'}, [1, 2, 3, 4, 5].map(k => {
          const a = guesses.find(g => g.species === sp && g.count === k);
          return a ? h('button', {type: 'button', 'aria-label': 'guess ' + k + ' ' + sp,
            'data-guess': sp + ':' + k, onclick: () => ctx.send(a)}, String(k)) : h('span');
        })))),
      find('pass') ? h('button', {type: 'button', onclick: () => ctx.send(find('pass'))}, 'Pass') : null) : null,
    find('close') ? h('button', {type: 'button', onclick: () => ctx.send(find('close'))}, 'Close the guessing') : null,
    v.last_turn ? h('p', {class: 'box', id: 'lastturn'}, 'Last turn: ' + lastTurn(v.last_turn, ctx)) : null,
    h('div', {class: 'players'}, v.seats.map(s => h('div', {class: 'box' + (s.seat === v.seat ? ' me' : '') +
      (s.seat === v.trainer ? ' turn' : '')},
      h('strong', {}, ctx.names[s.seat]), s.seat === v.trainer ? ' · trainer' : '',
      h('div', {}, s.score_pile + ' cards' + (v.values ? ' · values ' + v.values[s.seat] : '') +
        (s.passed ? ' · passed' : '') + (s.wrong_guesses ? ' · ' + s.wrong_guesses + ' wrong' : ''))))),
    h('p', {class: 'hint'}, v.draw_pile + ' cards in the draw pile · round ' + v.round));
}
