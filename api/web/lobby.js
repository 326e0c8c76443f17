// lobby.js - create a match of any game with its options (as GET
// /v1/games describes them), each seat a person or a bot (its kind and
// level), then share a link (and QR code) per person's seat.
import {api, link} from './api.js';
import {h, $, fill, say, fail} from './ui.js';
import {linkCard} from './seats.js';
import {nameOf} from './board.js';
import {learnerSelect} from './wibbell.js';

let games = [];
const KEY = 'wibbelld-matches';
const remembered = () => { try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch { return []; } };

function optionField(name, o) {
  const id = 'opt-' + name;
  const desc = h('span', {class: 'hint', id: id + '-d'}, o.description || '');
  let input;
  if (name === 'learner_language') input = learnerSelect({id, 'data-opt': name}); // Wibbell: the class's language
  else if (o.enum) input = h('select', {id, 'data-opt': name}, o.enum.map(v => h('option', {value: v, selected: v === o.default}, v)));
  else if (o.type === 'boolean') input = h('input', {id, type: 'checkbox', 'data-opt': name, checked: !!o.default});
  else if (o.type === 'integer') input = h('input', {id, type: 'number', 'data-opt': name, value: o.default ?? '', inputmode: 'numeric'});
  else if (o.type === 'string') input = h('input', {id, 'data-opt': name, value: o.default ?? '', placeholder: o.default === null ? 'default' : ''});
  else input = h('textarea', {id, 'data-opt': name, rows: 2, 'data-json': '1', placeholder: JSON.stringify(o.default)});
  input.setAttribute('aria-describedby', id + '-d');
  return o.type === 'boolean'
    ? h('div', {}, h('label', {for: id, class: 'row'}, input, name), desc)
    : h('div', {}, h('label', {for: id}, name), input, h('br'), desc);
}

function pick() {
  const g = games.find(x => x.name === $('#game').value);
  if (!g) return;
  $('#range').textContent = '(' + g.min_players + ' to ' + g.max_players + ')';
  const box = $('#players');
  while (box.children.length < g.min_players) addPlayer();
  while (box.children.length > g.max_players) box.lastChild.remove();
  for (const row of box.children) botChoice(row, g);
  fill($('#options'), Object.entries(g.options || {}).map(([k, o]) => optionField(k, o)));
}

// Who plays a seat: a person, or one of the game's bots at a level.
function botChoice(row, g) {
  const n = row.dataset.seat, who = row.querySelector('[data-who]'), level = row.querySelector('[data-level]');
  const was = who.value;
  fill(who, [h('option', {value: ''}, 'a person')].concat((g.bots || []).map(b => h('option', {value: b}, b + ' bot'))));
  who.value = [...who.options].some(o => o.value === was) ? was : '';
  // each level as the game says what a bot knows at it (Wibbell: a vocabulary, for a teacher)
  const lv = g.levels || {min: 1, max: 5, default: 3}, at = level.value || String(lv.default), opts = [];
  for (let l = lv.min; l <= lv.max; l++) {
    const about = (lv.about || [])[l - lv.min];
    opts.push(h('option', {value: l, selected: String(l) === at}, 'level ' + l + (about ? ': ' + about : '')));
  }
  fill(level, opts);
  level.hidden = !who.value;
  level.setAttribute('aria-label', 'Level of player ' + n);
}

function addPlayer() {
  const box = $('#players'), n = box.children.length + 1;
  const g = games.find(x => x.name === $('#game').value);
  if (g && n > g.max_players) { say('At most ' + g.max_players + ' players', true); return; }
  const who = h('select', {'aria-label': 'Who plays player ' + n, 'data-who': '1'});
  const row = h('div', {class: 'row', 'data-seat': n},
    h('input', {'aria-label': 'Player ' + n, value: 'Player ' + n, required: true, maxlength: 40}), who,
    h('select', {'data-level': '1', hidden: true}));
  who.onchange = () => { row.querySelector('[data-level]').hidden = !who.value; };
  box.append(row);
  if (g) botChoice(row, g);
}

// The players of the create request: a name, or {name, bot, level}.
function players() {
  return [...$('#players').children].map(row => {
    const name = row.querySelector('input').value.trim(), bot = row.querySelector('[data-who]').value;
    return bot ? {name, bot, level: Number(row.querySelector('[data-level]').value)} : name;
  });
}

function options(g) {
  const out = {};
  for (const el of document.querySelectorAll('[data-opt]')) {
    const name = el.dataset.opt, o = g.options[name];
    let v;
    if (el.type === 'checkbox') v = el.checked;
    else if (el.dataset.json) { if (!el.value.trim()) continue; v = JSON.parse(el.value); }
    else if (o.type === 'integer') { if (el.value === '') continue; v = Number(el.value); }
    else { if (el.value === '' && o.default === null) continue; v = el.value; }
    if (JSON.stringify(v) !== JSON.stringify(o.default)) out[name] = v;
  }
  return out;
}

// The links of a match: one per seat, the host's, and the public's.
export function shareBox(m) {
  const game = m.game, id = m.id;
  // docs/pages.md's form: the views name the seats and say whose page it is
  // a bot's seat has no link: the daemon plays it
  const rows = m.players.filter(p => p.token).map(p => ({who: p.name, what: 'seat ' + p.seat, url: link('play.html', {g: id, t: p.token})}));
  const bots = m.players.filter(p => p.bot);
  if (game === 'wibbell') {
    if (m.companion) rows.unshift({who: 'Referee (host)', what: 'records the table', url: link('table.html', {g: id, t: m.host_token})});
    rows.push({who: 'Projector', what: 'classroom screen (host)', url: link('projector.html', {g: id, t: m.host_token})});
  }
  rows.push({who: 'Host', what: 'sees everything', url: link('play.html', {g: id, t: m.host_token})});
  rows.push({who: 'Watch', what: 'anyone, no secrets', url: link(game === 'wibbell' && m.companion ? 'table.html' : 'play.html', {g: id})});
  return h('div', {class: 'box'}, h('h2', {}, m.title || game, ' · match ', h('code', {}, id.slice(0, 8))),
    h('p', {class: 'hint'}, 'Each link is a seat’s key: give each player only their own.'),
    bots.length ? h('ul', {class: 'hint', id: 'botseats'}, bots.map(p => h('li', {'data-bot-seat': p.seat},
      p.name + ' (seat ' + p.seat + ') is played by the daemon: ' + p.bot + ' bot, level ' + p.level))) : null,
    h('div', {class: 'players'}, rows.map(r => linkCard(r.who, r.what, r.url))));
}

async function create(ev) {
  ev.preventDefault();
  const g = games.find(x => x.name === $('#game').value);
  const body = {game: g.name, players: players()};
  try { body.options = options(g); } catch (e) { say('An option is not valid JSON: ' + e.message, true); return; }
  if ($('#seed').value) body.seed = Number($('#seed').value);
  say('Creating…');
  try {
    const m = await api('POST', '/v1/games', body);
    m.title = g.title;
    m.companion = !!(m.state && m.state.companion);
    fill($('#made'), shareBox(m));
    const list = remembered().filter(x => x.id !== m.id);
    list.unshift({id: m.id, game: m.game, title: g.title, companion: m.companion, host_token: m.host_token, players: m.players.map(p => ({seat: p.seat, name: p.name, token: p.token, bot: p.bot, level: p.level})), at: Date.now()});
    try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, 20))); } catch { /* private mode */ }
    say('Match created: share the links below.');
    showMine();
    $('#made').scrollIntoView();
  } catch (e) { fail(e); }
}

// A class session: its screens, for the teacher who made it (the host's key is in each link).
export function classBox(m) {
  const id = m.id, code = m.code || '';
  return h('div', {class: 'box', id: 'classmade'}, h('h2', {}, 'Class ', h('code', {}, code), ' · ',
    m.players.map(p => p.name).join(', ')),
    h('p', {class: 'hint'},
      'These two links carry your teacher’s key: keep them to yourself. Students join with the code.'),
    h('div', {class: 'players'}, linkCard('Classroom screen', 'the join screen, then the game (for the projector)',
      link('classroom.html', {g: id, t: m.host_token})),
    linkCard('Teacher’s page', 'the students, their words, the report', link('report.html', {g: id,
      t: m.host_token}))));
}

const TEAMS = ['Red', 'Blue', 'Green', 'Yellow', 'Purple', 'Orange', 'Teal'];
function addTeam() {
  const box = $('#cteams'), n = box.children.length;
  if (n >= 7) { $('#class-err').textContent = 'At most 7 teams (the rules’ 7 players).'; return; }
  box.append(h('div', {class: 'row'}, h('input', {'aria-label': 'Team ' + (n + 1), value: TEAMS[n], required: true,
    maxlength: 40})));
}

async function startClass(ev) {
  ev.preventDefault();
  const err = $('#class-err');
  err.textContent = '';
  const teams = [...$('#cteams').querySelectorAll('input')].map(i => i.value.trim());
  if (teams.some(t => !t)) { err.textContent = 'Every team needs a name.'; return; }
  if (new Set(teams.map(t => t.toLowerCase())).size < teams.length) {
    err.textContent = 'Two teams have the same name.'; return;
  }
  const options = {class_session: true, classroom: $('#c-classroom').checked,
    member_mistake: document.querySelector('input[name=mistake]:checked').value, learning_aid: $('#c-aid').checked};
  if ($('#c-lang').value) options.learner_language = $('#c-lang').value;
  say('Starting the class…');
  try {
    const m = await api('POST', '/v1/games', {game: 'wibbell', players: teams, options});
    const list = remembered().filter(x => x.id !== m.id);
    list.unshift({id: m.id, game: m.game, title: 'Class', cls: true, code: m.state.class.code, host_token: m.host_token,
      players: m.players.map(p => ({seat: p.seat, name: p.name})), at: Date.now()});
    try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, 20))); } catch { /* private mode */ }
    location.assign(link('classroom.html', {g: m.id, t: m.host_token}));
  } catch (e) { err.textContent = e.message; say(''); }
}

function showMine() {
  const list = remembered();
  $('#minebox').hidden = !list.length;
  fill($('#mine'), list.map(m => h('li', {}, h('button', {type: 'button', onclick: () => fill($('#made'),
    m.cls ? classBox(m) : shareBox(m))},
    (m.title || m.game) + ' · ' + m.players.map(nameOf).join(', ') + ' · ' + new Date(m.at).toLocaleString()))));
}

async function init() {
  try { games = (await api('GET', '/v1/games')).games; } catch (e) { fail(e); return; }
  fill($('#game'), games.map(g => h('option', {value: g.name}, g.title)));
  const want = new URLSearchParams(location.search).get('game');
  if (want && games.some(g => g.name === want)) $('#game').value = want;
  pick();
  showMine();
}
$('#game').onchange = pick;
$('#addp').onclick = addPlayer;
$('#delp').onclick = () => { const g = games.find(x => x.name === $('#game').value), b = $('#players'); if (b.children.length > (g ? g.min_players : 1)) b.lastChild.remove(); };
$('#create').addEventListener('submit', create);
$('#classform').addEventListener('submit', startClass);
$('#addteam').onclick = addTeam;
$('#toclass').onclick = () => { $('#classform').scrollIntoView(); $('#cteams input').focus(); };
$('#delteam').onclick = () => { const b = $('#cteams'); if (b.children.length > 2) b.lastChild.remove(); };
for (let i = 0; i < 4; i++) addTeam();
$('#c-lang').replaceWith(learnerSelect({id: 'c-lang'}));
init();
