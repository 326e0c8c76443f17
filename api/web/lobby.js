// lobby.js - create a match of any game with its options (as GET
// /v1/games describes them), each seat a person or a bot (its kind and
// level), then share a link (and QR code) per person's seat.
import {api, link} from './api.js';
import {h, $, fill, say, fail} from './ui.js';
import {linkCard} from './seats.js';
import {qrSvg} from './qr.js';
import {nameOf} from './board.js';
import {learnerSelect} from './words.js';

let games = [];
const KEY = 'wibbelld-matches';
const remembered = () => { try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch { return []; } };

// Each option as a player would say it: a label, help, and words for the
// values of a choice (GET /v1/games describes them for a program: the
// option's key, null, [] and API prose).  An option of a game not named
// here gets its key in words and its description.
const WORDS = {
  wibbell: {
    mode: ['Rounds', 'How a round ends.', {
      standard: 'Standard: a round ends when a player takes their 3rd card; ' +
        'they take both centre cards and keep one of their 4 as a permanent handicap',
      simple: 'Simple: a round ends on the 4th card; the 5th is a bonus, never a handicap',
      simpler: 'Simpler: a round ends on the 3rd card; the 4th is a bonus; no permanent handicaps'}],
    learning_aid: ['Learning aid', 'The winner of a round sits out the next round.'],
    tie_window_ms: ['Shouts at the same moment (milliseconds)', 'Good words shouted within this long of the first ' +
      'one compete: the shortest wins, then the first in alphabetical order; the same word twice brings new centre ' +
      'cards. 0: the first good word wins. 0 to 5000; 400 is under half a second.'],
    dictionary: ['Dictionary', 'The word list that judges the words.'],
    deck: ['Your own deck', 'Leave empty for the standard 48 cards. Or one card a line: its letters, then if you ' +
      'like its value 1 to 3 and its border (NZ 2 dots).', null, 'lines'],
    shuffle: ['Shuffle the deck', 'Off: the cards come up in the order of your own deck, the first line first.'],
    handicaps: ['Starting handicaps', 'Cards a player starts with as permanent handicaps (they do not score). One ' +
      'line a player, in seat order: how many to deal, 0 to 2, or the letters of up to 2 cards (NZ IQ). Leave ' +
      'empty for none.', null, 'seats'],
    companion: ['Referee a real table', 'Play with real cards: one phone records the flips, shouts, takes and ' +
      'keeps; the other phones only watch.'],
    forgive_typos: ['Forgive typos', 'A shout that is not a word is taken for a typo, not a mistake: that player ' +
      'may still win the card. Other wrong words are still mistakes.'],
    learner_language: ['Students’ own language', 'For learners of the dictionary’s language: each judged word is ' +
      'shown with its translation into this language.'],
    classroom: ['Class setting', 'Meanings leave out vulgar or offensive senses, the most common sense first; hints, ' +
      'bots and nicknames leave out offensive words. Such words still count.'],
    class_grade: ['Class setting: how much it hides', 'Which offensive words no list and no nickname shows.', {
      school: 'A school class: the likely profanities and the words two lists agree on',
      adult: 'An adult class: only the likely profanities',
      young: 'Young children: every word of both lists (god, drunk, murder too)'}],
    compounds: ['German and Dutch compounds', 'Whether a compound of a used word still counts.', {
      separate: 'A word of its own: Haustür counts after Haus',
      derivative: 'A derivative: Haustür does not count after Haus (Hausierer, which merely holds it, does)'}],
    class_session: ['A class session', 'The players are teams; students join a team from their phones with the ' +
      'match’s code and a nickname (“Start a class” below does this for you).'],
    member_mistake: ['In a class session, a student’s wrong word costs', '', {
      member: 'Only that student: they cannot win this card, their team still can',
      team: 'The whole team: it cannot win this card'}],
  },
  'whirlpool-pond': {
    suits: ['The seats’ suits', 'One suit a line, in seat order, all different: suns, crowns, moons or arms. Leave ' +
      'empty for suns, crowns, moons, arms.', null, 'lines'],
    board: ['Your own pond', 'Leave empty for the pond of the rules; or paste a pond drawn as in the game’s board ' +
      'file.'],
  },
  'woodlouse-chaos': {
    variant: ['Variant', '', {basic: 'Basic: 4 species (40 cards)', harder: 'Harder: all 5 species (50 cards)',
      easier: 'Easier: 3 species (30 cards)',
      'even-easier': 'Even easier: the basic game, the sequence cards never reshuffled'}],
    fixed_sequence: ['Never reshuffle the sequence cards', 'The even-easier rule, whatever the variant.'],
    species: ['Species in play', 'One a line (woodlouse, spider, fly, rat, snail), as many as the variant uses. ' +
      'Leave empty to have them chosen at random.', null, 'lines'],
    first_trainer: ['First animal trainer', 'The seat that starts, counting from 0 for the first player (the ' +
      'rules: the youngest player).'],
    guess_ms: ['Time to guess (milliseconds)', 'Once the code is complete, guessing closes after this long and the ' +
      'trainer keeps the card. 0: guessing stays open until everyone has passed or is out.'],
    deck: ['The animal cards', 'Leave empty for two cards of each count for every species. Or, for each species, ' +
      'how many cards show 1, 2, 3, 4 and 5 animals: {"fly": [2, 2, 2, 2, 2], ...}'],
  },
  woobieworld: {
    speed: ['Speed variant', 'Everyone picks a card face down at once, then the turns run in card order.'],
    support: ['Support of each colour', 'How many of each colour wait in the unused pile.'],
    anarchs: ['Anarchs', 'How many wait in the unused pile.'],
    industries: ['Industries of each colour', 'How many of each colour wait in the unused pile.'],
    map: ['Your own map', 'Leave empty for the island of the rules; or areas and their borders as JSON.'],
    deck: ['Your own deck', 'Leave empty for the deck of the rules; or one card a line: TYPE | NUMBER | NAME | ' +
      'TEXT | STEPS | QUOTE.', null, 'lines'],
  },
  'world-dumbination': {
    end_vp: ['Points to win', 'The game ends one round after a player has this many victory points (the rules: 15).'],
    short_game: ['The shorter game', 'No First Goals, 15 resources and 5 victory points each, Level 2 from the ' +
      'second round.'],
    max_rounds: ['At most this many rounds', 'A house rule: the game also ends after this round. 0: no limit.'],
    board: ['Your own board', 'Leave empty for the board of the rules; or a hex map as text.'],
    cards: ['Your own cards', 'Leave empty for the decks of the rules; or card kinds as JSON.'],
  },
};
// The option's words: [label, help, value words, how a text box is read].
function words(game, name, o) {
  const w = (WORDS[game] || {})[name];
  if (w) return w;
  const label = name.replace(/_ms$/, ' (milliseconds)').replace(/_/g, ' ');
  return [label[0].toUpperCase() + label.slice(1), (o.description || '').replace(/\bnull: /g, 'empty: ')];
}
// A level as a player says it: what the bot knows, not the word list's name.
const plainLevel = about => about.replace(/\s*\(SCOWL \d+\)/g, '');

// Where an error about field `name` goes: under the field, on screen.
const errBox = (id, name) => h('p', {class: 'err', id: id + '-err', 'data-err-for': name, 'aria-live': 'polite'});

function dictionarySelect(attrs) {
  const sel = h('select', attrs, h('option', {value: ''}, 'The server’s usual dictionary'));
  api('GET', '/v1/dictionaries').then(r => {
    // the language; its code only to tell two of one language apart
    const twice = l => r.dictionaries.filter(d => d.language === l).length > 1;
    for (const d of r.dictionaries) {
      sel.append(h('option', {value: d.id},
        d.language + (twice(d.language) ? ' · ' + d.id : '') + (d.default ? ' (the usual one)' : '')));
    }
  }).catch(() => { /* the usual one */ });
  return sel;
}

function optionField(game, name, o) {
  const id = 'opt-' + name, [label, help, vals, read] = words(game, name, o);
  const desc = h('span', {class: 'hint', id: id + '-d'}, help || '');
  let input;
  if (name === 'learner_language') input = learnerSelect({id, 'data-opt': name}); // Wibbell: the class's language
  else if (game === 'wibbell' && name === 'dictionary') input = dictionarySelect({id, 'data-opt': name});
  else if (o.enum) {
    input = h('select', {id, 'data-opt': name},
      o.enum.map(v => h('option', {value: v, selected: v === o.default}, (vals && vals[v]) || v)));
  }
  else if (o.type === 'boolean') input = h('input', {id, type: 'checkbox', 'data-opt': name, checked: !!o.default});
  else if (o.type === 'integer') {
    input = h('input', {id, type: 'number', 'data-opt': name, value: o.default ?? '', inputmode: 'numeric'});
  }
  else if (o.type === 'string') input = h('input', {id, 'data-opt': name, value: o.default ?? ''});
  else input = h('textarea', {id, 'data-opt': name, rows: 2, 'data-json': read || '1'});
  input.setAttribute('aria-describedby', id + '-d ' + id + '-err');
  return o.type === 'boolean'
    ? h('div', {'data-field': name}, h('label', {for: id, class: 'row'}, input, label), desc, errBox(id, name))
    : h('div', {'data-field': name}, h('label', {for: id}, label), input, h('br'), desc, errBox(id, name));
}

function pick() {
  const g = games.find(x => x.name === $('#game').value);
  if (!g) return;
  $('#range').textContent = '(' + g.min_players + ' to ' + g.max_players + ')';
  const box = $('#players');
  while (box.children.length < g.min_players) addPlayer();
  while (box.children.length > g.max_players) box.lastChild.remove();
  for (const row of box.children) botChoice(row, g);
  fill($('#options'), Object.entries(g.options || {}).map(([k, o]) => optionField(g.name, k, o)));
}

// Who plays a seat: a person, or one of the game's bots at a level.
function botChoice(row, g) {
  const n = row.dataset.seat, who = row.querySelector('[data-who]'), level = row.querySelector('[data-level]');
  const was = who.value;
  fill(who, [h('option', {value: ''}, 'a person')]
    .concat((g.bots || []).map(b => h('option', {value: b}, b + ' bot'))));
  who.value = [...who.options].some(o => o.value === was) ? was : '';
  // each level as the game says what a bot knows at it (Wibbell: a vocabulary, for a teacher)
  const lv = g.levels || {min: 1, max: 5, default: 3}, at = level.value || String(lv.default), opts = [];
  for (let l = lv.min; l <= lv.max; l++) {
    const about = (lv.about || [])[l - lv.min];
    opts.push(h('option', {value: l, selected: String(l) === at},
      'level ' + l + (about ? ': ' + plainLevel(about) : '')));
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
    h('input', {'aria-label': 'Player ' + n, value: 'Player ' + n, required: true, maxlength: 40, oninput: sameNames,
      'aria-describedby': 'player' + n + '-err'}), who,
    h('select', {'data-level': '1', hidden: true}), errBox('player' + n, 'players[' + (n - 1) + ']'));
  who.onchange = () => { row.querySelector('[data-level]').hidden = !who.value; };
  box.append(row);
  if (g) botChoice(row, g);
}

// Two seats with the same name: said under the second before creating.
function sameNames() {
  const seen = new Map();
  let twice = null;
  for (const row of $('#players').children) {
    const name = row.querySelector('input').value.trim(), key = name.toLowerCase(), err = row.querySelector('.err');
    const first = key && seen.get(key);
    err.textContent = first
      ? 'Two players are named ' + name + ': give each their own name (' + name + ' B., say).' : '';
    row.querySelector('input').toggleAttribute('aria-invalid', !!first);
    if (first && !twice) twice = row;
    if (key && !first) seen.set(key, row);
  }
  return twice;
}

// The players of the create request: a name, or {name, bot, level}.
function players() {
  return [...$('#players').children].map(row => {
    const name = row.querySelector('input').value.trim(), bot = row.querySelector('[data-who]').value;
    return bot ? {name, bot, level: Number(row.querySelector('[data-level]').value)} : name;
  });
}

// A text box's value as the option's JSON: JSON as typed, or (read
// 'lines') one item a line, or ('seats') a line a seat: a count or cards.
function parsed(el) {
  const t = el.value.trim(), read = el.dataset.json;
  if (read !== '1' && !/^[[{]/.test(t)) {
    const lines = el.value.split('\n').map(x => x.trim());
    if (read === 'lines') return lines.filter(Boolean);
    while (lines.length && !lines[lines.length - 1]) lines.pop();
    return lines.map(x => !x ? 0 : /^\d+$/.test(x) ? Number(x) : x.split(/[\s,]+/).map(c => c.toUpperCase()));
  }
  try { return JSON.parse(t); } catch {
    const e = new Error('this is not in the form the help says' + (read === '1' ? ' (JSON)' : '') +
      ': check the brackets and quotes');
    throw Object.assign(e, {field: el.dataset.opt});
  }
}

function options(g) {
  const out = {};
  for (const el of document.querySelectorAll('[data-opt]')) {
    const name = el.dataset.opt, o = g.options[name];
    let v;
    if (el.type === 'checkbox') v = el.checked;
    else if (el.dataset.json) { if (!el.value.trim()) continue; v = parsed(el); }
    else if (o.type === 'integer') { if (el.value === '') continue; v = Number(el.value); }
    else { if (el.value === '' && o.default === null) continue; v = el.value; }
    if (JSON.stringify(v) !== JSON.stringify(o.default)) out[name] = v;
  }
  return out;
}

// An error shown under the field it names (the daemon's message starts
// with the option's key, "handicaps[0]: ...", or players[1], seed), in
// the field's words; otherwise under the Create button.  On screen.
function showError(g, msg, field) {
  const names = Object.keys(g.options || {});
  let key = field, seat = null, rest = msg;
  const m = !key && /^([a-z_]+)(?:\[(\d+)\])?[:\s]\s*/.exec(msg);
  if (m && (names.includes(m[1]) || m[1] === 'players' || m[1] === 'seed')) {
    key = m[1]; seat = m[2] === undefined ? null : Number(m[2]); rest = msg.slice(m[0].length);
  }
  if (!key) key = names.find(n => new RegExp('\\b' + n + '\\b').test(msg)); // "unknown dictionary 'xx'"
  let at = $('#go-err'), input = null;
  const rows = [...$('#players').children];
  if (key === 'players' && rows[seat]) {
    at = rows[seat].querySelector('.err'); input = rows[seat].querySelector('input');
  }
  else if (key === 'seed') { at = $('#seed-err'); input = $('#seed'); }
  else if (key && $('#opt-' + key + '-err')) {
    at = $('#opt-' + key + '-err'); input = $('#opt-' + key);
    $('#optbox').open = true;
    const who = rows[seat] ? rows[seat].querySelector('input').value.trim() + ' (player ' + (seat + 1) + ')'
      : 'player ' + (seat + 1);
    if (seat !== null) rest = who + ': ' + rest;
  }
  at.textContent = at.id === 'go-err' || !rest ? msg : rest[0].toUpperCase() + rest.slice(1);
  input?.setAttribute('aria-invalid', 'true');
  (input || at).focus?.();
  at.scrollIntoView({block: 'center'});
}
function clearErrors() {
  for (const e of document.querySelectorAll('#create .err')) e.textContent = '';
  for (const e of document.querySelectorAll('#create [aria-invalid]')) e.removeAttribute('aria-invalid');
}

// The links of a match: one per seat, the public's, and the host's (the
// host's key: only behind a tap, "Show my host link", and never in the
// projector view, which shows the seats' codes alone for the students).
export function shareBox(m) {
  const game = m.game, id = m.id;
  // docs/pages.md's form: the views name the seats and say whose page it is
  // a bot's seat has no link: the daemon plays it
  const seats = m.players.filter(p => p.token)
    .map(p => ({who: p.name, what: 'seat ' + p.seat, url: link('play.html', {g: id, t: p.token})}));
  const bots = m.players.filter(p => p.bot);
  const host = [];
  if (game === 'wibbell') {
    const ht = {g: id, t: m.host_token};
    if (m.companion) host.push({who: 'Referee (host)', what: 'records the table', url: link('table.html', ht)});
    host.push({who: 'Projector', what: 'classroom screen (host)', url: link('projector.html', ht)});
  }
  host.push({who: 'Host', what: 'sees everything', url: link('play.html', {g: id, t: m.host_token})});
  const watch = {who: 'Watch', what: 'anyone, no secrets',
    url: link(game === 'wibbell' && m.companion ? 'table.html' : 'play.html', {g: id})};
  const hostBox = h('div', {id: 'hostlinks'});
  const toggle = () => {
    const open = showHost.getAttribute('aria-expanded') !== 'true';
    showHost.setAttribute('aria-expanded', String(open));
    showHost.textContent = open ? 'Hide my host link' : 'Show my host link';
    const keep = host.length > 1 ? 'these links' : 'this link';
    const note = 'Your host key: keep ' + keep + ' to yourself, never on a shared screen.';
    fill(hostBox, open ? [h('p', {class: 'hint'}, note),
      h('div', {class: 'players'}, host.map(r => linkCard(r.who, r.what, r.url)))] : null);
  };
  const showHost = h('button', {type: 'button', id: 'showhost', 'aria-expanded': 'false', 'aria-controls': 'hostlinks',
    onclick: toggle}, 'Show my host link');
  const title = () => [m.title || game, ' · match ', h('code', {}, id.slice(0, 8))]; // a node in one place at a time
  return h('div', {class: 'box', id: 'sharebox'}, h('h2', {}, title()),
    h('p', {class: 'hint'}, 'Each seat’s code is its player’s key: give each player only their own.'),
    bots.length ? h('ul', {class: 'hint', id: 'botseats'}, bots.map(p => h('li', {'data-bot-seat': p.seat},
      p.name + ' (seat ' + p.seat + ') is played by the daemon: ' + p.bot + ' bot, level ' + p.level))) : null,
    seats.length ? h('p', {},
      h('button', {type: 'button', id: 'projectseats', onclick: () => projectSeats(title, seats)},
        'Show on the projector'),
      ' ', h('span', {class: 'hint'}, 'the seats’ codes alone, large, for the players to scan')) : null,
    h('div', {class: 'players', id: 'seatlinks'}, seats.map(r => linkCard(r.who, r.what, r.url)),
      linkCard(watch.who, watch.what, watch.url)),
    h('p', {}, showHost), hostBox);
}

// The projector view: the seats' codes, nothing else of the page (no host
// link, no form), until "Back".
function projectSeats(title, seats) {
  fill($('#hostlinks')); // the host's links, if shown, go: they never reach a shared screen
  const b = $('#showhost');
  b.setAttribute('aria-expanded', 'false');
  b.textContent = 'Show my host link';
  const back = h('button', {type: 'button', id: 'unproject', onclick: () => {
    document.body.classList.remove('projecting'); view.remove(); $('#projectseats').focus();
  }}, 'Back');
  const view = h('section', {id: 'seatcodes', 'aria-label': 'The seats’ codes'},
    h('div', {class: 'row'}, h('h2', {class: 'grow'}, title(), ': scan your seat'), back),
    h('div', {class: 'codes'}, seats.map(r => h('div', {class: 'box', 'data-seat-code': r.who},
      h('strong', {}, r.who), qrSvg(r.url, 'QR code of ' + r.who + '’s seat')))));
  document.body.append(view);
  document.body.classList.add('projecting');
  back.focus();
}

async function create(ev) {
  ev.preventDefault();
  fill($('#made')); // the last match's links are not this one's
  clearErrors();
  const g = games.find(x => x.name === $('#game').value);
  const twice = sameNames();
  if (twice) { twice.querySelector('input').focus(); twice.scrollIntoView({block: 'center'}); say(''); return; }
  const body = {game: g.name, players: players()};
  try { body.options = options(g); } catch (e) { say(''); showError(g, e.message, e.field); return; }
  if ($('#seed').value) body.seed = Number($('#seed').value);
  say('Creating…');
  try {
    const m = await api('POST', '/v1/games', body);
    m.title = g.title;
    m.companion = !!(m.state && m.state.companion);
    fill($('#made'), shareBox(m));
    const list = remembered().filter(x => x.id !== m.id);
    list.unshift({id: m.id, game: m.game, title: g.title, companion: m.companion, host_token: m.host_token,
      players: m.players.map(p => ({seat: p.seat, name: p.name, token: p.token, bot: p.bot, level: p.level})),
      at: Date.now()});
    try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, 20))); } catch { /* private mode */ }
    say('Match created: share the links below.');
    showMine();
    $('#made').scrollIntoView();
  } catch (e) { say(''); showError(g, e.status ? e.message : 'no connection to the server: try again'); }
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
  const options = {class_session: true, classroom: $('#c-classroom').checked, class_grade: $('#c-grade').value,
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
$('#delp').onclick = () => { const g = games.find(x => x.name === $('#game').value), b = $('#players');
  if (b.children.length > (g ? g.min_players : 1)) b.lastChild.remove(); };
$('#create').addEventListener('submit', create);
$('#classform').addEventListener('submit', startClass);
$('#addteam').onclick = addTeam;
$('#toclass').onclick = () => { $('#classform').scrollIntoView(); $('#cteams input').focus(); };
$('#delteam').onclick = () => { const b = $('#cteams'); if (b.children.length > 2) b.lastChild.remove(); };
for (let i = 0; i < 4; i++) addTeam();
$('#c-lang').replaceWith(learnerSelect({id: 'c-lang'}));
init();
