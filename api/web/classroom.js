// classroom.js - the classroom screen of a class session (#g=<match>&t=<host
// token>).  Before play the join screen: the join code in huge letters, a
// QR code of the join link, and the roster filling in by team as students
// join (live from the event stream), with the teacher's Start (which
// locks joining).  During play: the cards, each team's cards and score,
// the latest words with the student who shouted each, its meaning and
// translation (the rules' "define it first" with the student's name).  At
// the end each team's cards, the students with the most words found and
// the vocabulary.  One screen at 1280x720 and 1920x1080 for 7 teams of 6.
import {api, params, live, link, act} from './api.js';
import {h, $, fill, say, fail, card} from './ui.js';
import {drawn} from './board.js';
import {meaning} from './words.js';
import {qrSvg} from './qr.js';
import {joinUrl, teamTag, teamName, started, shouter} from './classes.js';

const p = params();
const id = p.g, token = p.t || '';
const path = '/v1/games/' + encodeURIComponent(id);
let session = null, acts = [], shown = null, ended = false;
// define it first: this screen's setting, as on the projector (kept in this browser)
const setting = {
  get: () => { try { return JSON.parse(localStorage.getItem('wibbell-projector')) || {}; } catch { return {}; } },
  put: s => { try { localStorage.setItem('wibbell-projector', JSON.stringify(s)); } catch { /* private mode */ } },
};
const prefs = setting.get();
let revealed = null;
const rowKey = r => r ? [r.turn, r.seat, r.at, r.word].join('|') : '';
const and = l => l.length > 1 ? l.slice(0, -1).join(', ') + ' & ' + l[l.length - 1] : l.join('');

const send = async body => { say(''); try { await act(id, token, body, session); } catch (e) { fail(e); } };
const lock = async locked => {
  say('');
  try { await api('PUT', path + '/class', {locked}, token); session.refresh(); } catch (e) { fail(e); }
};

async function update(v) {
  shown = v;
  let fresh = true;
  if (v.status !== 'finished') {
    try { acts = (await api('GET', path + '/actions', undefined,
      token)).actions; } catch (e) { fail(e); fresh = false; }
    if (shown !== v) return;
  }
  render(v);
  drawn($('#board'), v, null, fresh);
}

const rosterOf = (v, seat) => (v.class.roster || []).filter(m => m.seat === seat);

function joinScreen(v) {
  const code = v.class.code || '', url = joinUrl(code), n = v.class.members;
  return [
    h('div', {id: 'joinbox'},
      h('h1', {}, 'Join the class'),
      h('p', {class: 'howto'}, 'Scan the code, or open ', h('strong', {}, new URL('/web/join.html',
        location.href).href),
        ' and type'),
      h('div', {id: 'code', 'aria-label': 'Join code ' + code.split('').join(' ')}, code),
      qrSvg(url, 'QR code of the join link ' + url)),
    h('section', {id: 'roster', 'aria-label': 'Who has joined'},
      h('h2', {}, n ? n + (n === 1 ? ' student has' : ' students have') + ' joined' : 'Nobody has joined yet'),
      h('div', {class: 'teamcols'}, v.players.map((t, s) => {
        const ms = rosterOf(v, s);
        return h('div', {class: 'teamcol', 'data-team': s},
          h('h3', {}, teamTag(v, s), h('span', {class: 'hint'}, ' ' + ms.length)),
          h('ul', {}, ms.map(m => h('li', {'data-member': m.member}, m.nickname))));
      }))),
    h('div', {id: 'teacher', class: 'row', role: 'group', 'aria-label': 'Teacher'},
      h('a', {href: link('report.html', {g: id, t: token}), id: 'teacherpage', target: '_blank'}, 'Teacher’s page'),
      h('button', {type: 'button', class: 'pri', id: 'start', disabled: !n,
        onclick: () => confirm('Start the game? Nobody else can join (you can open the class again).') && lock(true)},
      'Start: lock joining')),
  ];
}

function phaseText(v) {
  if (v.status === 'finished') {
    const w = (v.winners || []).map(s => teamName(v, s));
    return ['Game over · ' + (and(w) || 'nobody') + (w.length > 1 ? ' win!' : ' wins!'), ''];
  }
  const out = v.players.filter(x => x.barred).map(x => x.name);
  const sits = out.length ? 'Round ' + v.round + ': ' + and(out) + (out.length > 1 ? ' sit' : ' sits') +
    ' out (learning aid)' : '';
  const chooser = teamName(v, v.pending ? v.pending.seat : v.turn_winner);
  if (v.phase === 'take') return [chooser + ' is choosing a card', sits];
  if (v.phase === 'keep') return [chooser + ' is choosing a card to keep', sits];
  if ((v.claims || []).length) return ['Shout! ' + and(v.claims.map(c => c.nickname || teamName(v,
    c.seat))) + ' called a word: quick!', sits];
  return ['Shout!', sits];
}

const mini = c => h('span', {class: 'mini ' + (c.border || ''), 'data-card': c.letters}, c.letters);

function teacher(v) {
  return h('div', {class: 'row', id: 'teacher', role: 'group', 'aria-label': 'Teacher'},
    h('a', {href: link('report.html', {g: id, t: token}), id: 'teacherpage', target: '_blank'}, 'Teacher’s page'),
    acts.some(a => a.type === 'redeal') ? h('button', {type: 'button', id: 'redeal',
      onclick: () => confirm('Nobody can find a word? These two cards go under the deck and two new ones are ' +
        'turned up.') &&
        send({type: 'redeal'})}, 'New cards') : null,
    h('button', {type: 'button', id: 'definefirst', 'aria-pressed': String(!!prefs.defineFirst),
      onclick: () => {
        prefs.defineFirst = !prefs.defineFirst; setting.put(prefs); revealed = rowKey(latest(v)); render(v);
      }},
    prefs.defineFirst ? '✓ Define it first' : 'Define it first'),
    prefs.defineFirst && latest(v) && revealed !== rowKey(latest(v)) ? h('button', {type: 'button', id: 'reveal',
      class: 'pri',
      onclick: () => { revealed = rowKey(latest(v)); render(v); }}, 'Reveal') : null,
    v.class.locked ? h('button', {type: 'button', id: 'openclass', onclick: () => lock(false)}, 'Let latecomers join')
      : h('button', {type: 'button', id: 'lockclass', onclick: () => lock(true)}, 'Lock joining'),
    h('button', {type: 'button', id: 'endgame', onclick: endGame}, 'End the game'));
}

async function endGame() {
  if (acts.some(a => a.type === 'end')) {
    if (confirm('End the game now? The cards won so far decide the winners.')) send({type: 'end'});
  } else if (confirm('A team is choosing a card. Stop the match now, without winners?')) {
    try { await api('POST', path + '/end', undefined, token); session.refresh(); } catch (e) { fail(e); }
  }
}

const latest = v => (v.vocabulary || []).slice().reverse().find(r => r.accepted);

function playScreen(v) {
  const rows = (v.vocabulary || []).filter(r => r.accepted).reverse();
  const last = rows[0];
  const hide = r => prefs.defineFirst && r === last && revealed !== rowKey(r);
  const [phase, aside] = phaseText(v);
  return [
    h('div', {id: 'phase', class: 'phase'}, h('strong', {}, phase), aside ? h('span', {id: 'sitsout'}, aside) : null,
      h('span', {class: 'hint'}, 'Round ' + v.round + ' · turn ' + v.turn + ' · ' + v.deck + ' cards left'),
      v.class.locked ? null : h('span', {id: 'latecode'}, 'Join: ', h('strong', {}, v.class.code))),
    h('div', {id: 'play'},
      h('div', {class: 'cards big', role: 'group', 'aria-label': 'Centre cards'}, v.centre.map(c => card(c))),
      last ? h('div', {class: 'box', id: 'latest', 'data-hidden': hide(last) ? '1' : null},
        h('div', {class: 'word'}, last.word, ' ', h('span', {class: 'ok'}, '✓')),
        h('div', {id: 'latestwho'}, h('strong', {}, last.nickname || last.player), ' · ', teamTag(v, last.seat),
          last.pos && !hide(last) ? ' · ' + last.pos : ''),
        hide(last) ? h('div', {class: 'hint', id: 'definewho'}, (last.nickname || last.player) + ', what does it mean?')
          : meaning(last, v)) : h('p', {class: 'hint'},
            'Find a word with a letter of every card, and of your team’s cards!'),
      v.learning_aid ? h('p', {class: 'hint', id: 'aid'},
        last ? (last.nickname || last.player) + ', say what “' + last.word + '” means!'
        : 'Learning aid: the team that wins a round sits out the next. Say what your word means!') : null),
    h('table', {id: 'teams', 'aria-label': 'Teams'}, h('tr', {}, h('th', {}, 'Team'), h('th', {}, '★'), h('th', {},
      'Cards'),
      h('th', {}, 'Students')),
    v.players.map((t, s) => h('tr', {class: t.barred || t.out ? 'out' : '', 'data-team': s},
      h('td', {}, teamTag(v, s), t.barred ? ' (sits out)' : t.out ? ' (out)' : ''), h('td', {class: 'score'},
        String(t.score)),
      h('td', {class: 'minis'}, t.handicaps.map(c => mini({...c, border: 'perm'})), t.face_up.map(mini)),
      h('td', {}, String(rosterOf(v, s).length))))),
    h('section', {id: 'wordsbox', 'aria-label': 'Words so far'}, h('h2', {}, 'Words so far'),
      h('ul', {id: 'words'}, rows.slice(0, 12).map(r => h('li', {},
        h('strong', {}, r.word), ' ', h('span', {class: 'who'}, shouter(r)), hide(r) ? null : meaning(r, v, 'span'))))),
    teacher(v),
  ];
}

function render(v) {
  if (!v.class) { fill($('#board'), h('p', {}, 'This match is not a class session: use the projector page.')); return; }
  const join = !started(v);
  document.body.classList.toggle('joining', join);
  document.body.classList.toggle('over', v.status === 'finished');
  fill($('#board'), join ? joinScreen(v) : v.status === 'finished' ? finalPhase(v) : playScreen(v));
  if (v.status === 'finished' && !ended) { ended = true; finish(v); }
}

const finalPhase = v => [h('div', {id: 'phase', class: 'phase'}, h('strong', {}, phaseText(v)[0])),
  h('a', {href: link('report.html', {g: id, t: token}), id: 'teacherpage', target: '_blank'},
    'Teacher’s page: the report')];

// The end: each team's cards, the students with the most words, the vocabulary.
async function finish(v) {
  let report = null;
  try { report = await api('GET', path + '/query/report', undefined, token); } catch (e) { fail(e); }
  const students = (report ? report.students : []).filter(s => s.accepted > 0)
    .sort((a, b) => b.won - a.won || b.accepted - a.accepted || a.nickname.localeCompare(b.nickname)).slice(0, 5);
  const rows = (v.vocabulary || []).filter(r => r.accepted);
  fill($('#end'),
    h('section', {id: 'finalteams'}, h('h2', {}, 'Each team’s cards'), h('div', {class: 'teamcols'}, v.players.map((t,
      s) => {
      const cards = (report ? report.teams[s].cards : t.face_up.concat(t.handicaps));
      return h('div', {class: 'teamcol', 'data-team': s}, h('h3', {}, teamTag(v, s), ' ★ ' + t.score),
        h('div', {class: 'minis'}, cards.map(mini)));
    }))),
    h('section', {id: 'top'}, h('h2', {}, 'Most words found'), students.length ? h('ol', {}, students.map(s => h('li',
      {},
      h('strong', {}, s.nickname), ' (' + s.team + '): ' + s.accepted + (s.accepted === 1 ? ' word' : ' words') +
      (s.won ? ', ' + s.won + (s.won === 1 ? ' card' : ' cards') : '')))) : h('p', {}, 'No words this time.')),
    h('section', {id: 'vocabbox'}, h('h2', {}, 'Vocabulary'),
      h('ul', {id: 'vocab'}, rows.map(r => h('li', {}, h('strong', {}, r.word), ' ', h('span', {class: 'who'},
        shouter(r)),
        meaning(r, v, 'span'))))));
}

if (!id || !token) fill($('#board'), h('p', {},
  'Open this page from the lobby’s “Start a class” (it carries the teacher’s key).'));
else session = live(id, token, {
  view: update,
  status: s => { $('#conn').textContent = s === 'live' ? '● live' : s; },
  error: fail,
});
