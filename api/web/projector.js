// projector.js - the classroom screen of a Wibbell match (#g=<match>&t=<host
// token>): big centre cards, the scores, each judged word with its
// definition as it happens, the learning-aid rule; at the end the
// vocabulary list, the words that would have worked on each turn, and a
// CSV download.  With the host's token, the teacher's controls: new cards
// when nobody finds a word, the end of the game, and the rules' exercise
// "define it first" (a setting of this screen, kept in this browser: the
// shouted word shows at once, its meaning when the teacher reveals it).
// In a match with a learner_language, each meaning comes with the word's
// translation into the class's language.
import {api, params, live, link, act} from './api.js';
import {h, $, fill, say, fail, card, download} from './ui.js';
import {drawn, nameOf} from './board.js';
import {translationOf, languageName, meaning} from './wibbell.js';

const p = params();
const id = p.g, token = p.t || '';
const path = '/v1/games/' + encodeURIComponent(id);
let ended = false, session = null, acts = [], shown = null;
// define it first: a page setting, not a match option (it changes what this
// screen shows, not the game, and a teacher may switch it mid-lesson)
const setting = {
  get: () => { try { return JSON.parse(localStorage.getItem('wibbell-projector')) || {}; } catch { return {}; } },
  put: s => { try { localStorage.setItem('wibbell-projector', JSON.stringify(s)); } catch { /* private mode */ } },
};
const prefs = setting.get();
let revealed = null; // the key of the latest word the teacher revealed
const rowKey = r => r ? [r.turn, r.seat, r.at, r.word].join('|') : '';
const redraw = () => { if (shown) render(shown); };

const send = async body => { say(''); try { await act(id, token, body, session); } catch (e) { fail(e); } };

// The game's end when it is offered (scored); while a player is choosing a
// card it is not: then the match can only be stopped, without winners.
async function endGame() {
  if (acts.some(a => a.type === 'end')) {
    if (confirm('End the game now? The cards won so far decide the winners.')) send({type: 'end'});
  } else if (confirm('A player is choosing a card. Stop the match now, without winners?')) {
    try { await api('POST', path + '/end', undefined, token); session.refresh(); } catch (e) { fail(e); }
  }
}

// The teacher's controls: a corner of their own, away from the cards (a
// tap meant for the cards must not end the lesson), each with its
// confirmation.
function teacher(v) {
  if (!token || v.role !== 'host' || v.status === 'finished') return null;
  return h('div', {class: 'row', id: 'teacher', role: 'group', 'aria-label': 'Teacher'},
    h('span', {class: 'hint'}, 'Teacher:'),
    acts.some(a => a.type === 'redeal') ? h('button', {type: 'button', id: 'redeal', onclick: () => confirm('Nobody can find a word? These two cards go under the deck and two new ones are turned up.') && send({type: 'redeal'})}, 'New cards') : null,
    h('button', {type: 'button', id: 'definefirst', 'aria-pressed': String(!!prefs.defineFirst), title: 'The shouted word shows at once, its meaning when you reveal it',
      onclick: () => { prefs.defineFirst = !prefs.defineFirst; setting.put(prefs); revealed = rowKey(latest(v)); redraw(); }}, prefs.defineFirst ? '✓ Define it first' : 'Define it first'),
    prefs.defineFirst && latest(v) && revealed !== rowKey(latest(v)) ? h('button', {type: 'button', id: 'reveal', class: 'pri', onclick: () => { revealed = rowKey(latest(v)); redraw(); }}, 'Reveal') : null,
    h('button', {type: 'button', id: 'endgame', onclick: endGame}, 'End the game'));
}

// The host's listed actions for this view, then the view.
async function update(v) {
  shown = v;
  let fresh = true;
  if (token && v.role === 'host' && v.status !== 'finished') {
    try { acts = (await api('GET', path + '/actions', undefined, token)).actions; } catch (e) { fail(e); fresh = false; }
    if (shown !== v) return; // a newer view came meanwhile
  }
  render(v);
  drawn($('#board'), v, null, fresh);
}

const and = list => list.length > 1 ? list.slice(0, -1).join(', ') + ' & ' + list[list.length - 1] : list.join('');

// What the room is waiting for, in words: [the phase, a second line].
export function phaseText(v, names) {
  if (v.ended) return ['The match was stopped', ''];
  if (v.status === 'finished') {
    const w = (v.winners || []).map(s => names[s]);
    return ['Game over · ' + and(w) + ' win' + (w.length > 1 ? '' : 's') + '!', ''];
  }
  const out = v.players.filter(x => x.barred).map(nameOf);
  const sits = out.length ? 'Round ' + v.round + ': ' + and(out) + (out.length > 1 ? ' sit' : ' sits') + ' out (learning aid)' : '';
  const chooser = v.pending ? names[v.pending.seat] : names[v.turn_winner];
  if (v.phase === 'take') return [(chooser || 'The winner') + ' is choosing a card', sits];
  if (v.phase === 'keep') return [(chooser || 'The winner') + ' is choosing a card to keep', sits];
  if ((v.claims || []).length) return ['Shout! ' + and(v.claims.map(c => names[c.seat])) + ' called a word: anyone else, quick!', sits];
  return ['Shout!', sits];
}

// A judged word that took no card: accepted, not won, and no longer
// waiting in an open tie window (it lost the tie-break, or the same word
// twice sent both cards under the deck).
const tookNone = (r, v) => r.accepted && !r.won && !(r.turn === v.turn && (v.claims || []).some(c => c.seat === r.seat));
const latest = v => (v.vocabulary || []).slice().reverse().find(r => r.accepted);

function render(v) {
  const names = v.players.map(nameOf);
  const rows = (v.vocabulary || []).slice().reverse();
  const lastAccepted = rows.find(r => r.accepted);
  // define it first: the latest word's meaning waits for the teacher's Reveal
  const hide = r => prefs.defineFirst && v.status !== 'finished' && r === lastAccepted && revealed !== rowKey(r);
  const [phase, aside] = phaseText(v, names);
  document.body.classList.toggle('over', v.status === 'finished');
  fill($('#board'),
    h('div', {id: 'phase', class: 'phase'}, h('strong', {}, phase), aside ? h('span', {id: 'sitsout'}, aside) : null,
      h('span', {class: 'hint'}, 'Round ' + v.round + ' · turn ' + v.turn + ' · ' + v.deck + ' cards left')),
    h('div', {id: 'play'},
      h('div', {class: 'cards big', role: 'group', 'aria-label': 'Centre cards'}, v.centre.map(c => card(c))),
      lastAccepted ? h('div', {class: 'box', id: 'latest', 'data-hidden': hide(lastAccepted) ? '1' : null}, h('div', {class: 'word'}, lastAccepted.word, ' ', h('span', {class: 'ok'}, '✓')),
        h('div', {}, lastAccepted.player + (lastAccepted.pos && !hide(lastAccepted) ? ' · ' + lastAccepted.pos : '')),
        hide(lastAccepted) ? h('div', {class: 'hint'}, 'What does it mean?') : meaning(lastAccepted, v)) : null,
      v.learning_aid ? h('p', {class: 'hint', id: 'aid'}, 'Learning aid: the winner of a round sits out the next round. Say what your word means!') : null),
    h('table', {id: 'scores', 'aria-label': 'Scores'}, h('tr', {}, h('th', {}, 'Player'), h('th', {}, 'Cards'), h('th', {}, 'Handicaps')),
      v.players.map(x => h('tr', {class: x.barred ? 'out' : ''}, h('td', {}, nameOf(x), x.barred ? ' (sits out)' : ''), h('td', {}, String(x.score)), h('td', {}, x.handicaps.map(c => c.letters).join(' '))))),
    h('section', {id: 'wordsbox', 'aria-label': 'Words so far'}, h('h2', {}, 'Words so far'),
      h('ul', {id: 'words'}, rows.filter(r => r.accepted).map(r => tookNone(r, v)
        ? h('li', {class: 'none', 'data-none': '1'}, h('s', {}, r.word), ' (' + r.player + ') ', h('em', {}, '✗ took no card: lost the tie-break'))
        : h('li', {}, h('strong', {}, r.word), ' (' + r.player + ')', hide(r) ? null : meaning(r, v, 'span'))))),
    teacher(v),
    v.companion ? h('p', {id: 'referee'}, h('a', {href: link('table.html', {g: id, t: token})}, 'Referee controls')) : null);
  if (v.status === 'finished' && !ended) { ended = true; finish(v); }
}

async function finish(v) {
  const rows = v.vocabulary || [];
  const turns = [...new Set(rows.map(r => r.turn))];
  const hints = {};
  await Promise.all(turns.map(async t => {
    try { hints[t] = (await api('GET', path + '/query/hints?turn=' + t + '&limit=5&sort=common', undefined,
      token)).words; } catch { hints[t] = []; }
  }));
  fill($('#end'), h('h2', {}, 'Vocabulary'),
    h('button', {type: 'button', class: 'pri', id: 'csv', onclick: async () => {
      try { download('wibbell-vocabulary.csv', await api('GET', path + '/query/vocabulary?format=csv', undefined, token), 'text/csv'); } catch (e) { fail(e); }
    }}, 'Download CSV'),
    h('div', {class: 'scroll'}, h('table', {id: 'vocab'}, h('tr', {}, ['Turn', 'Word', 'Player', '', 'Meaning', v.learner_language ? languageName(v.learner_language) : null, 'Would have worked'].filter(x => x !== null).map(x => h('th', {}, x))),
      rows.map(r => h('tr', {}, h('td', {}, String(r.turn)), h('td', {}, h('strong', {}, r.word)), h('td', {}, r.player),
        h('td', {}, r.accepted ? '✓' : '✗ ' + r.reasons), h('td', {}, (r.pos ? r.pos + ': ' : '') + (r.definition || '')),
        v.learner_language ? h('td', {class: 'tr'}, translationOf(r, v)) : null,
        h('td', {}, (hints[r.turn] || []).join(', ')))))));
}

if (!id || !token) fill($('#board'), h('p', {}, 'Open this page from the lobby’s projector link (it carries the host’s key).'));
else session = live(id, token, {
  view: update,
  status: s => { $('#conn').textContent = s === 'live' ? '● live' : s; },
  error: fail,
});
say('');
