// projector.js - the classroom screen of a Wibbell match (#g=<match>&t=<host
// token>): big centre cards, the scores, each judged word with its
// definition as it happens, the learning-aid rule; at the end the
// vocabulary list, the words that would have worked on each turn, and a
// CSV download, laid out for the wall: the winners first, then the
// vocabulary a screen at a time, paged by the teacher (buttons, or the
// arrow and page keys of a keyboard or a presenter's remote).  A seat out
// for the card after a mistake is marked ("Ben: out for this card").  With the host's token, the teacher's controls:
// new cards
// when nobody finds a word, the end of the game, and the rules' exercise
// "define it first" (a setting of this screen, kept in this browser: the
// shouted word shows at once, its meaning when the teacher reveals it).
// In a match with a learner_language, each meaning comes with the word's
// translation into the class's language.
import {api, params, live, link, act} from './api.js';
import {h, $, fill, say, fail, card, download} from './ui.js';
import {drawn, nameOf} from './board.js';
import {translationOf, languageName, meaning} from './words.js';

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
    acts.some(a => a.type === 'redeal') ? h('button', {type: 'button', id: 'redeal',
      onclick: () => confirm('Nobody can find a word? These two cards go under the deck and two new ones are turned ' +
      'up.') && send({type: 'redeal'})}, 'New cards') : null,
    h('button', {type: 'button', id: 'definefirst', 'aria-pressed': String(!!prefs.defineFirst),
      title: 'The shouted word shows at once, its meaning when you reveal it',
      onclick: () => { prefs.defineFirst = !prefs.defineFirst; setting.put(prefs); revealed = rowKey(latest(v));
        redraw(); }}, prefs.defineFirst ? '✓ Define it first' : 'Define it first'),
    prefs.defineFirst && latest(v) && revealed !== rowKey(latest(v))
      ? h('button', {type: 'button', id: 'reveal', class: 'pri', onclick: () => { revealed = rowKey(latest(v));
      redraw(); }}, 'Reveal') : null,
    h('button', {type: 'button', id: 'endgame', onclick: endGame}, 'End the game'));
}

// The host's listed actions for this view, then the view.
async function update(v) {
  shown = v;
  let fresh = true;
  if (token && v.role === 'host' && v.status !== 'finished') {
    try { acts = (await api('GET', path + '/actions', undefined, token)).actions; } catch (e) { fail(e);
      fresh = false; }
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
  const sits = out.length ? 'Round ' + v.round + ': ' + and(out) + (out.length > 1 ? ' sit' : ' sits') +
    ' out (learning aid)' : '';
  const chooser = v.pending ? names[v.pending.seat] : names[v.turn_winner];
  if (v.phase === 'take') return [(chooser || 'The winner') + ' is choosing a card', sits];
  if (v.phase === 'keep') return [(chooser || 'The winner') + ' is choosing a card to keep', sits];
  if ((v.claims || []).length) return ['Shout! ' + and(v.claims.map(c => names[c.seat])) +
    ' called a word: anyone else, quick!', sits];
  return ['Shout!', sits];
}

// A judged word that took no card: accepted, not won, and no longer
// waiting in an open tie window (it lost the tie-break, or the same word
// twice sent both cards under the deck).
const tookNone = (r, v) => r.accepted && !r.won &&
  !(r.turn === v.turn && (v.claims || []).some(c => c.seat === r.seat));
const latest = v => (v.vocabulary || []).slice().reverse().find(r => r.accepted);

// The end, on the wall: the winners, then the vocabulary, each a screen.
function winners(v, names) {
  const w = v.winners || [], top = w.length ? v.players[w[0]].score : 0;
  const ranked = v.players.slice().sort((a, b) => b.score - a.score || a.seat - b.seat);
  return [h('div', {id: 'winners'}, h('p', {class: 'hint'}, w.length > 1 ? 'The winners' : 'The winner'),
    h('p', {class: 'names'}, and(w.map(s => names[s]))), h('p', {}, top + ' card' + (top === 1 ? '' : 's'))),
  h('table', {id: 'scores', 'aria-label': 'Scores'}, h('tr', {}, h('th', {}, 'Player'), h('th', {}, 'Cards'),
    h('th', {}, 'Handicaps')),
    ranked.map(x => h('tr', {class: w.includes(x.seat) ? 'won' : ''}, h('td', {}, nameOf(x)),
      h('td', {}, String(x.score)),
      h('td', {}, x.handicaps.map(c => c.letters).join(' ')))))];
}

function render(v) {
  const names = v.players.map(nameOf);
  if (v.status === 'finished') {
    document.body.classList.add('over');
    fill($('#board'), h('div', {id: 'phase', class: 'phase'}, h('strong', {}, phaseText(v, names)[0]),
      h('span', {class: 'hint'}, v.round + ' round' + (v.round === 1 ? '' : 's') + ' · ' + v.turn + ' turns')),
        winners(v, names));
    if (!ended) { ended = true; finish(v); }
    return;
  }
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
      lastAccepted ? h('div', {class: 'box', id: 'latest', 'data-hidden': hide(lastAccepted) ? '1' : null},
        h('div', {class: 'word'}, lastAccepted.word, ' ', h('span', {class: 'ok'}, '✓')),
        h('div', {}, lastAccepted.player + (lastAccepted.pos && !hide(lastAccepted) ? ' · ' + lastAccepted.pos : '')),
        hide(lastAccepted) ? h('div', {class: 'hint'}, 'What does it mean?') : meaning(lastAccepted, v)) : null,
      v.learning_aid ? h('p', {class: 'hint', id: 'aid'},
        'Learning aid: the winner of a round sits out the next round. Say what your word means!') : null),
    h('table', {id: 'scores', 'aria-label': 'Scores'}, h('tr', {}, h('th', {}, 'Player'), h('th', {}, 'Cards'),
      h('th', {}, 'Handicaps')),
      v.players.map(x => h('tr', {class: x.barred ? 'out' : x.out ? 'mistake' : '', 'data-out': x.out ? '1' : null},
        h('td', {}, x.out ? '✗ ' : '', nameOf(x), x.barred ? ' (sits out)' : x.out ? ': out for this card' : ''),
          h('td', {}, String(x.score)), h('td', {}, x.handicaps.map(c => c.letters).join(' '))))),
    h('section', {id: 'wordsbox', 'aria-label': 'Words so far'}, h('h2', {}, 'Words so far'),
      h('ul', {id: 'words'}, rows.filter(r => r.accepted).map(r => tookNone(r, v)
        ? h('li', {class: 'none', 'data-none': '1'}, h('s', {}, r.word), ' (' + r.player + ') ',
          h('em', {}, '✗ took no card: lost the tie-break'))
        : h('li', {}, h('strong', {}, r.word), ' (' + r.player + ')', hide(r) ? null : meaning(r, v, 'span'))))),
    teacher(v),
    v.companion ? h('p', {id: 'referee'}, h('a', {href: link('table.html', {g: id, t: token})},
      'Referee controls')) : null);
}

// The end's screens: 0 the winners, then the vocabulary's pages, as many
// rows a page as the screen holds (measured: rows differ in height; again
// when the window changes size, from the row the page started with).
const pager = {at: 0, pages: [], rows: []};
function paginate() {
  const tbl = $('#vocab');
  if (!tbl) return;
  const first = pager.pages[pager.at - 1]?.[0] ?? 0;
  const body = [...tbl.querySelectorAll('tr.vrow')];
  document.body.dataset.screen = 'vocab'; // measure the vocabulary's screen
  body.forEach(r => { r.hidden = false; });
  const room = innerHeight - $('#pager').getBoundingClientRect().height -
    tbl.querySelector('tr').getBoundingClientRect().bottom - innerHeight * 0.03;
  pager.pages = [];
  let start = 0, top = body.length ? body[0].getBoundingClientRect().top : 0;
  body.forEach((r, i) => {
    const b = r.getBoundingClientRect();
    if (i > start && b.bottom - top > room) { pager.pages.push([start, i]); start = i; top = b.top; }
  });
  if (body.length) pager.pages.push([start, body.length]);
  pager.rows = body;
  if (pager.at) pager.at = 1 + Math.max(0, pager.pages.findIndex(([a, b]) => first >= a && first < b));
  show();
}
function show() {
  const n = pager.pages.length;
  pager.at = Math.max(0, Math.min(pager.at, n));
  document.body.dataset.screen = pager.at ? 'vocab' : 'winners';
  const [a, b] = pager.pages[pager.at - 1] || [0, 0];
  pager.rows.forEach((r, i) => { r.hidden = !(i >= a && i < b); });
  $('#pageno').textContent = pager.at ? 'Vocabulary ' + pager.at + ' of ' + n
    : 'The winners · then the vocabulary (' + n + ' screen' + (n === 1 ? '' : 's') + ')';
  $('#prevpage').disabled = !pager.at;
  $('#nextpage').disabled = pager.at >= n;
}
const turnPage = d => { pager.at += d; show(); };
addEventListener('keydown', e => {
  if (!ended || e.altKey || e.ctrlKey || e.metaKey) return;
  const d = {ArrowRight: 1, PageDown: 1, ' ': 1, ArrowLeft: -1, PageUp: -1}[e.key];
  if (e.key === 'Home') { e.preventDefault(); pager.at = 0; show(); } else if (d) { e.preventDefault(); turnPage(d); }
});
addEventListener('resize', () => { if (ended) paginate(); });

async function finish(v) {
  const rows = v.vocabulary || [];
  const turns = [...new Set(rows.map(r => r.turn))];
  const hints = {};
  await Promise.all(turns.map(async t => {
    try { hints[t] = (await api('GET', path + '/query/hints?turn=' + t + '&limit=5&sort=common', undefined,
      token)).words; } catch { hints[t] = []; }
  }));
  const clamp = t => h('div', {class: 'clamp'}, t);
  fill($('#end'), h('h2', {id: 'vocabh'}, 'Vocabulary'),
    h('div', {class: 'scroll'}, h('table', {id: 'vocab', 'aria-labelledby': 'vocabh'},
      h('tr', {}, ['Turn', 'Word', 'Player', '', 'Meaning', v.learner_language ? languageName(v.learner_language)
      : null, 'Would have worked'].filter(x => x !== null).map(x => h('th', {}, x))),
      rows.map(r => h('tr', {class: 'vrow', 'data-word': r.word}, h('td', {}, String(r.turn)),
        h('td', {}, h('strong', {}, r.word)), h('td', {}, r.player),
        h('td', {}, clamp(r.accepted ? '✓' : '✗ ' + r.reasons)),
          h('td', {}, clamp((r.pos ? r.pos + ': ' : '') + (r.definition || ''))),
        v.learner_language ? h('td', {class: 'tr'}, clamp(translationOf(r, v))) : null,
        h('td', {}, clamp((hints[r.turn] || []).join(', '))))))));
  // the teacher's pages, in a corner of their own (as the controls of play)
  fill($('#pager'), h('span', {id: 'pageno', class: 'hint', 'aria-live': 'polite'}),
    h('button', {type: 'button', id: 'prevpage', onclick: () => turnPage(-1)}, '◀ Back'),
    h('button', {type: 'button', id: 'nextpage', class: 'pri', onclick: () => turnPage(1)}, 'Next ▶'),
    h('button', {type: 'button', id: 'csv', onclick: async () => {
      try { download('wibbell-vocabulary.csv', await api('GET', path + '/query/vocabulary?format=csv', undefined,
        token), 'text/csv'); } catch (e) { fail(e); }
    }}, 'Download CSV'));
  paginate();
}

if (!id || !token) fill($('#board'),
  h('p', {}, 'Open this page from the lobby’s projector link (it carries the host’s key).'));
else session = live(id, token, {
  view: update,
  status: s => { $('#conn').textContent = s === 'live' ? '● live' : s; },
  error: fail,
});
say('');
