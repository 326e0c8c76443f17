// report.js - the teacher's page of a class session (#g=<match>&t=<host
// token>): the class (its join code, joining locked or open, each member
// renamed, moved to another team, removed, or readmitted with a new link
// when a phone died), and the report (GET .../query/report): per student
// every word tried, accepted or refused with its reason, its definition and
// translation; per team its cards; the vocabulary as CSV; a printable layout
// (style.css's @media print leaves the controls out).
import {api, params, live, link} from './api.js';
import {h, $, fill, redraw, say, fail, download} from './ui.js';
import {drawn} from './board.js';
import {qrSvg} from './qr.js';
import {teamTag, translation, joinUrl} from './classes.js';
import {languageName} from './words.js';

const p = params();
const id = p.g, token = p.t || '';
const path = '/v1/games/' + encodeURIComponent(id);
let session = null, shown = null, fresh = null; // fresh: {nickname, url} of the last readmitted member

async function change(method, sub, body, done) {
  say('');
  try {
    const out = await api(method, path + sub, body, token);
    if (done) say(done(out));
    session.refresh();
    return out;
  } catch (e) { fail(e); return null; }
}

function classBox(v) {
  const c = v.class;
  const rows = c.roster.map(m => {
    const k = 'm' + m.member;
    const name = h('input', {id: k + '-name', 'aria-label': 'Nickname of ' + m.nickname, value: m.nickname,
      maxlength: 24});
    const team = h('select', {id: k + '-team', 'aria-label': 'Team of ' + m.nickname,
      onchange: () => change('PUT', '/members/' + m.member, {seat: Number(team.value)}, () => m.nickname + ' moved')},
    v.players.map((t, s) => h('option', {value: s, selected: s === m.seat}, t.name)));
    return h('tr', {'data-member': m.member},
      h('td', {}, h('form', {class: 'row', onsubmit: ev => { ev.preventDefault();
        change('PUT', '/members/' + m.member, {nickname: name.value.trim()},
          o => 'Renamed ' + (o.events?.[0]?.nickname || ''));
      }}, name, h('button', {'aria-label': 'Rename ' + m.nickname}, 'Rename'))),
      h('td', {}, team),
      h('td', {}, h('button', {type: 'button', 'data-readmit': m.member, onclick: async () => {
        const out = await change('POST', '/members/' + m.member + '/token', undefined,
          () => 'A new link for ' + m.nickname + ': the old one no longer works.');
        if (out) { fresh = {nickname: m.nickname, url: link('join.html', {g: id, t: out.token})}; render(shown); }
      }}, 'New link'), ' ', h('button', {type: 'button', 'data-remove': m.member,
        onclick: () => confirm('Remove ' + m.nickname + ' from the class? Their words stay in the report.') &&
          change('DELETE', '/members/' + m.member, undefined, () => m.nickname + ' was removed')}, 'Remove')));
  });
  return [
    h('h2', {}, 'The class · ' + v.players.map(t => t.name).join(', ')),
    h('p', {class: 'row'}, 'Join code ', h('strong', {id: 'joincode', class: 'sig'}, c.code || ''),
      h('span', {id: 'lockstate'}, c.locked ? 'Joining is locked.' : 'Students can join.'),
      h('button', {type: 'button', id: 'locktoggle', onclick: () => change('PUT', '/class', {locked: !c.locked})},
        c.locked ? 'Let students join' : 'Lock joining'),
      h('a', {href: link('classroom.html', {g: id, t: token}), target: '_blank'}, 'Classroom screen'),
      h('a', {href: joinUrl(c.code || '')}, 'Join page')),
    fresh ? h('div', {class: 'box', id: 'freshlink'}, h('strong', {}, 'New link for ' + fresh.nickname + ': '),
      h('a', {href: fresh.url}, 'open on their phone'), h('div', {}, qrSvg(fresh.url,
        'QR code of the new link for ' + fresh.nickname))) : null,
    c.roster.length ? h('div', {class: 'scroll'}, h('table', {id: 'roster'}, h('tr', {}, h('th', {}, 'Student'),
      h('th', {}, 'Team'),
      h('th', {}, '')), rows)) : h('p', {class: 'hint'}, 'Nobody has joined yet.'),
  ];
}

// A student as the class calls them now, and the nickname the words were shouted under when it differs
// (the daemon gives both: "nickname", "shouted_as").
function nowCalled(v, s) {
  return s.shouted_as ? s.nickname + ' (shouted as ' + s.shouted_as + ')' : s.nickname;
}

const verdict = r => r.won ? h('td', {class: 'yes'}, '✓ won the card') : r.accepted ? h('td', {class: 'yes'},
  '✓ accepted')
  : h('td', {class: 'no'}, '✗ ' + (r.reasons || 'refused'));

function reportBox(v, rep) {
  const lang = v.learner_language;
  const head = ['Turn', 'Word', 'Verdict', 'Meaning'].concat(lang ? [languageName(lang)] : []);
  return [
    h('div', {class: 'row noprint'},
      h('button', {type: 'button', class: 'pri', id: 'csv', onclick: async () => {
        try { download('class-vocabulary.csv', await api('GET', path + '/query/vocabulary?format=csv', undefined,
          token), 'text/csv'); }
        catch (e) { fail(e); }
      }}, 'Download CSV'),
      h('button', {type: 'button', id: 'print', onclick: () => print()}, 'Print')),
    h('p', {class: 'hint'},
      v.status === 'finished' ? 'The game is over.' : 'The game is on: the report fills in as students shout.'),
    h('h2', {}, 'Teams'),
    h('table', {id: 'teamreport'}, h('tr', {}, h('th', {}, 'Team'), h('th', {}, 'Cards won'), h('th', {}, 'Cards')),
      rep.teams.map(t => h('tr', {'data-team': t.seat}, h('td', {}, teamTag(v, t.seat)), h('td', {}, String(t.score)),
        h('td', {}, t.cards.map(c => h('span', {class: 'mini ' + (c.border || '')}, c.letters)))))),
    h('h2', {}, 'Students'),
    rep.students.length ? rep.students.map(s => h('section', {class: 'student', 'data-member': s.member},
      h('h3', {}, nowCalled(v, s), ' · ', teamTag(v, s.seat), h('span', {class: 'hint'},
        ' ' + s.tried + ' tried · ' + s.accepted + ' accepted · ' + s.won + ' won')),
      s.words.length ? h('div', {class: 'scroll'}, h('table', {class: 'words'}, h('tr', {}, head.map(x => h('th', {},
        x))),
        s.words.map(r => h('tr', {'data-word': r.word}, h('td', {}, String(r.turn)), h('td', {}, h('strong', {},
          r.word)), verdict(r),
          h('td', {}, (r.pos ? r.pos + ': ' : '') + (r.definition || '')), lang ? h('td', {class: 'tr'}, translation(r,
            lang)) : null))))
        : h('p', {class: 'hint'}, 'No words tried.'))) : h('p', {class: 'hint'}, 'Nobody has joined yet.'),
  ];
}

let asked = 0;
async function update(v) {
  shown = v;
  const n = ++asked;
  let rep;
  try { rep = await api('GET', path + '/query/report', undefined, token); } catch (e) { fail(e); return; }
  if (n !== asked) return; // a newer view asks again
  render(v, rep);
}

let lastRep = null;
function render(v, rep = lastRep) {
  lastRep = rep;
  if (!v.class) { fill($('#board'), h('p', {}, 'This match is not a class session.')); return; }
  // the teams in the tab's title and the class's heading, not the page's: a longer h1 wraps on a phone
  // and moves the whole page down once the view comes (a layout shift)
  document.title = 'Class report · ' + v.players.map(t => t.name).join(', ') + ' · wibbelld';
  redraw($('#classbox'), classBox(v));
  if (rep) fill($('#board'), reportBox(v, rep));
  drawn($('#board'), v, null, !!rep);
}

if (!id || !token) fill($('#board'), h('p', {},
  'Open this page from the lobby’s class links (it carries the teacher’s key).'));
else session = live(id, token, {
  view: update,
  status: s => { $('#conn').textContent = s === 'live' ? '● live' : s === 'finished' ? '' : s; },
  error: fail,
});
