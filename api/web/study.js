// study.js - a student's study list after a class session (#g=<match>&t=
// <member token>): the student's own words with their verdicts, and the
// words that would have worked on the turns the student played
// (commonest first), each with its definition and translation; and a
// review: flash cards (the word, its meaning on a tap, "knew it" / "not
// yet"), the "not yet" cards first next time.  The list and the review
// are kept in this browser, so the page works offline once loaded (the
// page's own files kept by a service worker, sw.js).
import {api, params} from './api.js';
import {h, $, fill, say} from './ui.js';
import {languageName} from './words.js';
import {places, translation, langOf, verdictOf} from './classes.js';

const p = params();
const id = p.g || places.latest()?.id, token = p.t || places.place(id)?.token;
const LIST = 'wibbell-study-' + id, REVIEW = 'wibbell-review-' + id;
const load = k => { try { return JSON.parse(localStorage.getItem(k)); } catch { return null; } };
const save = (k, v) => { try { localStorage.setItem(k, JSON.stringify(v)); } catch { /* private mode */ } };
let data = null, deck = [], at = 0, open = false;

// Every word worth reviewing once: the student's accepted words, then the
// words that would have worked, each once, with its meaning.
function cardsOf(d) {
  const seen = new Set(), out = [];
  const add = (r, mine) => {
    const w = r.word.toLowerCase();
    if (seen.has(w) || !(r.definition || translation(r, d.lang))) return;
    seen.add(w);
    out.push({word: r.word, pos: r.pos || '', definition: r.definition || '', tr: translation(r, d.lang), mine});
  };
  d.study.words.filter(r => r.accepted).forEach(r => add(r, true));
  d.study.turns.forEach(t => t.worked.forEach(r => add(r, false)));
  return out;
}

// The review's order: the "not yet" cards (latest first), the unseen, then the known.
function order(cards) {
  const rv = load(REVIEW) || {notyet: [], knew: []};
  const rank = c => { const i = rv.notyet.indexOf(c.word); return i >= 0 ? i : rv.knew.includes(c.word) ? 1e6 : 1e3; };
  return cards.map((c, i) => [rank(c), i, c]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(x => x[2]);
}

function mark(word, knew) {
  const rv = load(REVIEW) || {notyet: [], knew: []};
  rv.notyet = rv.notyet.filter(w => w !== word);
  rv.knew = rv.knew.filter(w => w !== word);
  if (knew) rv.knew.push(word); else rv.notyet.unshift(word);
  save(REVIEW, rv);
}

const meaningOf = (c, lang) => [c.definition ? h('div', {class: 'def'},
  (c.pos ? c.pos + ': ' : '') + c.definition) : null,
  c.tr ? h('div', {class: 'tr'}, (lang ? languageName(lang) + ': ' : '') + c.tr) : null];

function review() {
  const c = deck[at];
  if (!c) {
    return fill($('#board'), h('div', {class: 'box flash', id: 'flash'}, h('p', {class: 'word'}, 'Done!'),
      h('p', {}, 'The “not yet” cards come first next time.')),
    h('div', {class: 'review-answer'}, h('button', {type: 'button', id: 'again', onclick: startReview}, 'Review again'),
      h('button', {type: 'button', id: 'back', onclick: list}, 'Back to the list')));
  }
  fill($('#board'),
    h('p', {class: 'hint', id: 'progress'}, 'Card ' + (at + 1) + ' of ' + deck.length),
    h('div', {class: 'box flash', id: 'flash', 'data-word': c.word},
      h('p', {class: 'word', id: 'flashword'}, c.word),
      open ? h('div', {id: 'flashmeaning'}, meaningOf(c, data.lang))
        : h('button', {type: 'button', class: 'reveal', id: 'reveal', onclick: () => { open = true; review(); }},
          'What does it mean? Tap to see')),
    open ? h('div', {class: 'review-answer'},
      h('button', {type: 'button', id: 'notyet', onclick: () => next(c, false)}, 'Not yet'),
      h('button', {type: 'button', class: 'pri', id: 'knew', onclick: () => next(c, true)}, 'Knew it')) : null,
    h('p', {}, h('button', {type: 'button', id: 'back', onclick: list}, 'Back to the list')));
}
function next(c, knew) { mark(c.word, knew); at++; open = false; review(); }
function startReview() { deck = order(cardsOf(data)); at = 0; open = false; review(); }

function list() {
  const d = data, lang = d.lang;
  const words = d.study.words;
  fill($('#board'),
    d.offline ? h('p', {class: 'box', id: 'offline'}, 'Offline: the list as it was last loaded.') : null,
    h('p', {}, h('button', {type: 'button', class: 'pri', id: 'review', onclick: startReview,
      disabled: !cardsOf(d).length},
      'Review: flash cards')),
    h('h2', {}, 'Your words'),
    words.length ? h('ul', {id: 'mywords'}, words.map(r => h('li', {'data-word': r.word},
      h('strong', {}, r.word), ' ', h('span', {class: r.accepted ? 'ok' : 'err'},
        (r.accepted ? '✓ ' : '✗ ') + verdictOf(r)),
      meaningOf({pos: r.pos, definition: r.definition, tr: translation(r, lang)}, lang))))
      : h('p', {class: 'hint'}, 'You shouted no words this game.'),
    h('h2', {}, 'Words that would have worked'),
    d.study.turns.length ? d.study.turns.map(t => h('section', {class: 'box', 'data-turn': t.turn}, h('strong', {},
      'Turn ' + t.turn),
      h('ul', {class: 'worked'}, t.worked.map(r => h('li', {}, h('strong', {}, r.word), ' ',
        meaningOf({pos: r.pos, definition: r.definition, tr: translation(r, lang)}, lang))))))
      : h('p', {class: 'hint'}, 'Words show here for the turns you shouted on.'));
}

async function init() {
  if (!id || !token) { fill($('#board'), h('p', {}, 'Open your study list from the link on your game page.')); return; }
  try {
    const path = '/v1/games/' + encodeURIComponent(id);
    const [study, v] = await Promise.all([api('GET', path + '/query/study', undefined, token), api('GET', path,
      undefined, token)]);
    data = {study, lang: v.learner_language || langOf(study.words), nickname: v.class?.you?.nickname || '',
      team: v.class?.you?.team || '', at: Date.now()};
    save(LIST, data);
  } catch (e) {
    data = load(LIST);
    if (!data) { say('The study list could not be loaded: ' + e.message, true); return; }
    data.offline = true;
  }
  $('#title').textContent = 'Study list' + (data.nickname ? ' · ' + data.nickname : '');
  $('#conn').textContent = data.team || '';
  list();
}
// the page itself offline too: a service worker keeps its files (sw.js)
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/web/sw.js').catch(() => { /* the list still works without */ });
}
init();
