// join.js - a student's phone in a class session: the join code (from
// ?code=, as the projector's QR code carries it) and a nickname, then the
// student's own play view: the centre cards and the team's cards, a large
// word box, the verdict of the student's own shouts in words, the team's
// score; the token kept in this browser per match (places in classes.js),
// so a reload or a locked phone puts the student back; after the game a
// link to the study list.  #g=<match>&t=<member token> (a teacher's
// readmit link) takes that place.
import {api, live, act, link} from './api.js';
import {h, $, fill, redraw, say, card} from './ui.js';
import {drawn} from './board.js';
import {reasonText} from './words.js';
import {places, teamTag, teamName, started} from './classes.js';

let place = null, session = null, acts = [], shown = null;
let mine = []; // the student's own shouts, newest first: {word, ok, why, turn, won, lost}

// Errors of the join, each next to its field.
const FIELD = {unknown_join_code: 'code', too_many_attempts: 'code', class_locked: 'code', class_full: 'code',
  class_over: 'code', team_full: 'code', bad_nickname: 'nick', nickname_taken: 'nick'};

function showForm(code, msg) {
  session?.close(); session = null;
  fill($('#board'));
  $('#joinform').hidden = false;
  $('#title').textContent = 'Join the class';
  $('#who').textContent = '';
  if (code) $('#code').value = code;
  (code ? $('#nick') : $('#code')).focus();
  say(msg || '', !!msg);
}

// One Idempotency-Key a join (random, 128 bits): a retry after a lost
// answer (a phone between Wi-Fi and mobile data) gets the same place
// back, with its token, instead of finding its own nickname taken.
const joinKey = () => 'join-' + Array.from(crypto.getRandomValues(new Uint8Array(16)),
  b => b.toString(16).padStart(2, '0')).join('');

async function joinOnce(body) {
  const key = {'Idempotency-Key': joinKey()};
  for (let attempt = 0; ; attempt++) {
    try {
      return await api('POST', '/v1/join', body, undefined, key);
    } catch (e) {
      // no answer (a TypeError from fetch) or the server busy: ask again
      if (attempt >= 3 || !(e instanceof TypeError || e.status === 503)) throw e;
      await new Promise(r => setTimeout(r, 500 * 2 ** attempt));
    }
  }
}

async function join(ev) {
  ev.preventDefault();
  const code = $('#code').value.trim().toUpperCase(), nickname = $('#nick').value.trim().replace(/\s+/g, ' ');
  $('#code-err').textContent = ''; $('#nick-err').textContent = '';
  if (!code) {
    $('#code-err').textContent = 'Type the join code shown on the class screen.'; $('#code').focus(); return;
  }
  if (!nickname) { $('#nick-err').textContent = 'Choose a nickname for the class.'; $('#nick').focus(); return; }
  say('Joining…');
  $('#joinbtn').disabled = true;
  try {
    const j = await joinOnce({code, nickname});
    start({id: j.id, token: j.token, member: j.member, nickname: j.nickname, seat: j.seat, team: j.team, code});
  } catch (e) {
    const f = FIELD[e.problem?.code] || (e.status === 400 ? 'nick' : 'code');
    $('#' + f + '-err').textContent = e.message;
    $('#' + f).focus();
    say('');
  } finally { $('#joinbtn').disabled = false; }
}

function start(p) {
  place = p;
  places.keep(p);
  $('#joinform').hidden = true;
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  say('');
  loadMine();
  session = live(p.id, p.token, {
    view: update, entry: onEntry,
    status: s => { $('#conn').textContent = s === 'live' ? '● live' : s === 'finished' ? '' : s; },
    error: e => {
      if (e.status === 403 || e.status === 404 || e.status === 401) {
        places.forget(p.id);
        showForm(p.code, 'Your place in this class is gone (the teacher removed you, gave you a new link, or ' +
          'ended the class). Join again, or ask your teacher.');
      } else say(e.message, true);
    },
  });
}

// The student's own shouts so far (after a reload): the study list.
async function loadMine() {
  try {
    const s = await api('GET', '/v1/games/' + encodeURIComponent(place.id) + '/query/study', undefined, place.token);
    if (mine.length) return; // shouts of this visit came first
    mine = s.words.slice().reverse().map(r => ({word: r.word, ok: r.accepted, won: r.won, turn: r.turn,
      why: r.reasons}));
    if (shown) render(shown);
  } catch { /* shown as they come */ }
}

async function update(v) {
  shown = v;
  let fresh = true;
  if (v.status !== 'finished') {
    try { acts = (await api('GET', '/v1/games/' + encodeURIComponent(place.id) + '/actions', undefined,
      place.token)).actions; }
    catch { fresh = false; }
    if (shown !== v) return;
  }
  const you = v.class && v.class.you;
  if (you) {
    place = {...place, seat: you.seat, team: you.team, nickname: you.nickname, member: you.member,
      code: v.class.code || place.code};
    places.keep(place);
  }
  render(v);
  drawn($('#board'), v, null, fresh);
}

// A card won or a tie-break lost: what became of the student's accepted word.
function onEntry(e) {
  for (const x of e.events || []) {
    if (x.type !== 'card_won') continue;
    const m = mine.find(s => s.ok && s.turn === x.turn && !s.won && !s.lost);
    if (!m) continue;
    if (x.member === place.member) m.won = true;
    else m.lost = x.seat === place.seat ? 'a teammate’s word won the card'
      : (x.nickname || 'another team') + '’s word won the card';
  }
  if (shown) render(shown);
}

async function shout(word) {
  say('');
  const turn = shown.turn;
  try {
    const out = await act(place.id, place.token, {type: 'claim', word}, session);
    const ev = (out.events || []).find(x => x.type === 'claim_refused' || x.type === 'claim_accepted');
    if (ev && ev.type === 'claim_refused') {
      const why = (ev.reasons || []).map(r => reasonText(r, word)).join('; ');
      mine.unshift({word, ok: false, turn, why: why + (ev.forgiven ? ' (a typo: you may try again)' : '')});
    } else mine.unshift({word, ok: true, turn});
    if (shown) render(shown);
    return true;
  } catch (e) {
    mine.unshift({word, ok: false, turn, why: e.message});
    if (shown) render(shown);
    return false;
  }
}

function verdict(s) {
  if (!s) return h('div', {id: 'verdict', class: 'box hint'},
    'Find a word with a letter from every card, then shout it!');
  const state = s.ok ? (s.won ? 'won' : s.lost ? 'lost' : 'ok') : 'no';
  const says = {won: 'Your word won the card!', lost: 'Accepted, but ' + s.lost, ok: 'Accepted!',
    no: 'Not accepted'}[state];
  return h('div', {id: 'verdict', class: 'verdict-panel' + (s.ok ? ' ok' : ''), 'data-verdict': state},
    h('div', {class: 'row'}, h('span', {class: 'verdict-mark', 'aria-hidden': 'true'}, s.ok ? '✓' : '✗'),
      h('span', {class: 'word'}, s.word)),
    h('div', {class: 'verdict-says'}, says),
    s.why ? h('p', {class: 'reasons', id: 'why'}, s.why) : null);
}

function banner(v, me, can) {
  const out = (v.out_members || []).includes(place.member);
  if (v.status === 'finished') return 'Game over · ' + ((v.winners || []).map(s => teamName(v,
    s)).join(' & ') || 'nobody') + ' won';
  if (!started(v)) return 'Waiting for your teacher to start…';
  if (v.phase === 'take' || v.phase === 'keep') {
    if (v.turn_winner === v.seat) return can ? 'Your team won! Tap the card your team takes'
      : 'Your team won the card!';
    return teamName(v, v.turn_winner) + ' won the card';
  }
  if (me.barred) return 'Learning aid: your team won the last round, so it sits this one out';
  if (me.out) return 'Your team made a mistake: it cannot win this card';
  if (out) return 'You made a mistake: you cannot win this card (your team still can)';
  return 'Shout a word!';
}

function render(v) {
  const me = v.players[v.seat];
  const takes = acts.filter(a => a.type === 'take'), keeps = acts.filter(a => a.type === 'keep');
  const names = v.players.map(p => p.name);
  $('#title').textContent = place.nickname;
  fill($('#who'), teamTag(v, v.seat, ' ★ ' + me.score));
  const canShout = v.phase === 'play' && started(v) && (v.to_act || []).includes(v.seat) &&
    !(v.out_members || []).includes(place.member) && v.status !== 'finished';
  const centre = v.centre.map((c, i) => {
    const t = takes.find(a => a.card === i);
    return card(c, {tag: 'centre', click: t ? () => send({type: 'take', letters: c.letters}) : null});
  });
  const inp = h('input', {id: 'word', 'aria-label': 'Your word', placeholder: 'your word', autocapitalize: 'none',
    autocomplete: 'off',
    spellcheck: 'false', enterkeyhint: 'send', disabled: !canShout});
  const form = h('form', {id: 'shout', class: 'row', onsubmit: async ev => {
    ev.preventDefault();
    const f = $('#word'), w = f.value.trim();
    if (w && await shout(w)) { const g = $('#word'); if (g) { g.value = ''; g.focus(); } }
  }}, inp, h('button', {class: 'pri', id: 'shoutbtn', disabled: !canShout}, 'Shout'));
  const all = v.players.flatMap(p => p.face_up).concat(v.centre, v.bonus ? [v.bonus] : []);
  redraw($('#board'),
    h('p', {class: 'reasons', id: 'banner', 'aria-live': 'polite'}, h('strong', {}, banner(v, me, takes.length > 0))),
    h('div', {class: 'cards big', role: 'group', 'aria-label': 'Centre cards'}, centre),
    v.status !== 'finished' ? form : null,
    keeps.length ? h('div', {class: 'box', id: 'keepbox'}, h('strong', {}, 'Keep one as a permanent handicap:'),
      h('div', {class: 'cards'}, keeps.map(a => all.find(c => c.id === a.card)).filter(Boolean)
        .map(c => card(c, {click: () => send({type: 'keep', letters: c.letters}), label: 'keep'})))) : null,
    v.status === 'finished' ? h('p', {class: 'box', id: 'studylink'}, h('a', {class: 'btn pri',
      href: link('study.html', {g: place.id, t: place.token})},
      'Your study list: your words and the words that would have worked')) : verdict(mine[0]),
    h('section', {class: 'box', id: 'teamcards', 'aria-label': 'Your team’s cards'},
      h('strong', {},
        me.handicaps.length + me.face_up.length ? 'Your word must also cover your team’s cards:'
          : 'Your team has no cards yet'),
      h('div', {class: 'cards'}, me.handicaps.map(c => card(c, {cls: 'perm', tag: 'perm',
        label: 'permanent handicap'})),
        me.face_up.map(c => card(c, {tag: 'round', label: 'won this round'})))),
    mine.length > 1 ? h('details', {class: 'box', id: 'mineall'}, h('summary', {}, 'Your shouts (' + mine.length + ')'),
      h('ul', {}, mine.map(s => h('li', {}, h('strong', {}, s.word), ' ', s.ok ? '✓' : '✗ ' + (s.why || ''))))) : null,
    h('table', {id: 'teams', 'aria-label': 'Scores'}, v.players.map((p, s) => h('tr', {class: s === v.seat ? 'me' : ''},
      h('td', {}, teamTag(v, s)), h('td', {}, '★ ' + p.score), h('td', {class: 'hint'},
        p.out ? 'out for this card' : '')))),
    h('p', {class: 'hint'},
      'Round ' + v.round + ' · turn ' + v.turn + ' · ' + v.deck + ' cards left · you are ' + place.nickname +
      ' in ' + names[v.seat]));
}

async function send(body) {
  say('');
  try { await act(place.id, place.token, body, session); } catch (e) { say(e.message, true); }
}

function init() {
  const hp = Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
  const code = new URLSearchParams(location.search).get('code');
  $('#joinform').addEventListener('submit', join);
  if (hp.g && hp.t) return start({...(places.place(hp.g) || {}), id: hp.g, token: hp.t});
  const kept = code ? places.byCode(code) : places.latest();
  if (kept) return start(kept);
  showForm(code ? code.toUpperCase() : '');
}
init();
