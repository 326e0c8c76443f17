// projector.js - the classroom screen of a Wibbell match (#g=<match>&t=<host
// token>): big centre cards, the scores, each judged word with its
// definition as it happens, the learning-aid rule; at the end the
// vocabulary list, the words that would have worked on each turn, and a
// CSV download.
import {api, params, live, link} from './api.js';
import {h, $, fill, say, fail, card, download} from './ui.js';

const p = params();
const id = p.g, token = p.t || '';
const path = '/v1/games/' + encodeURIComponent(id);
let ended = false;

function render(v) {
  const names = v.players.map(x => x.name);
  const rows = (v.vocabulary || []).slice().reverse();
  const lastAccepted = rows.find(r => r.accepted);
  fill($('#board'),
    h('div', {class: 'row'}, h('strong', {class: 'grow'}, v.status === 'finished' ? 'Game over · ' + (v.winners || []).map(s => names[s]).join(' & ') + ' win' + ((v.winners || []).length > 1 ? '' : 's') + '!' : 'Round ' + v.round + ' · turn ' + v.turn),
      h('span', {class: 'hint'}, v.deck + ' cards left')),
    v.learning_aid ? h('p', {class: 'box'}, 'Learning aid: the winner of a round sits out the next round. Say what your word means!') : null,
    h('div', {class: 'cards big', 'aria-label': 'Centre cards'}, v.centre.map(c => card(c))),
    lastAccepted ? h('div', {class: 'box', id: 'latest'}, h('div', {class: 'word'}, lastAccepted.word, ' ', h('span', {class: 'ok'}, '✓')),
      h('div', {}, lastAccepted.player + (lastAccepted.pos ? ' · ' + lastAccepted.pos : '')), h('div', {}, lastAccepted.definition || '')) : null,
    h('div', {class: 'scroll'}, h('table', {'aria-label': 'Scores'}, h('tr', {}, h('th', {}, 'Player'), h('th', {}, 'Cards'), h('th', {}, 'Handicaps')),
      v.players.map(x => h('tr', {}, h('td', {}, x.name, x.barred ? ' (sits out)' : ''), h('td', {}, String(x.score)), h('td', {}, x.handicaps.map(c => c.letters).join(' ')))))),
    h('h2', {}, 'Words so far'),
    h('ul', {id: 'words'}, rows.filter(r => r.accepted).map(r => h('li', {}, h('strong', {}, r.word), ' (' + r.player + ')', r.definition ? ' — ' + r.definition : ''))),
    v.companion ? h('p', {}, h('a', {href: link('table.html', {g: id, t: token})}, 'Referee controls')) : null);
  if (v.status === 'finished' && !ended) { ended = true; finish(v); }
}

async function finish(v) {
  const rows = v.vocabulary || [];
  const turns = [...new Set(rows.map(r => r.turn))];
  const hints = {};
  await Promise.all(turns.map(async t => {
    try { hints[t] = (await api('GET', path + '/query/hints?turn=' + t + '&limit=5', undefined, token)).words; } catch { hints[t] = []; }
  }));
  fill($('#end'), h('h2', {}, 'Vocabulary'),
    h('button', {type: 'button', class: 'pri', id: 'csv', onclick: async () => {
      try { download('wibbell-vocabulary.csv', await api('GET', path + '/query/vocabulary?format=csv', undefined, token), 'text/csv'); } catch (e) { fail(e); }
    }}, 'Download CSV'),
    h('div', {class: 'scroll'}, h('table', {id: 'vocab'}, h('tr', {}, ['Turn', 'Word', 'Player', '', 'Meaning', 'Would have worked'].map(x => h('th', {}, x))),
      rows.map(r => h('tr', {}, h('td', {}, String(r.turn)), h('td', {}, h('strong', {}, r.word)), h('td', {}, r.player),
        h('td', {}, r.accepted ? '✓' : '✗ ' + r.reasons), h('td', {}, (r.pos ? r.pos + ': ' : '') + (r.definition || '')),
        h('td', {}, (hints[r.turn] || []).join(', ')))))));
}

if (!id || !token) fill($('#board'), h('p', {}, 'Open this page from the lobby’s projector link (it carries the host’s key).'));
else live(id, token, {
  view: render,
  status: s => { $('#conn').textContent = s === 'live' ? '● live' : s; },
  error: fail,
});
say('');
