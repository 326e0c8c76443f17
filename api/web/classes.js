// classes.js - what the pages of a class session share: a student's place
// in a class kept in this browser (per match: the member's token, so a
// reload or a locked phone puts the student back), the join link the QR
// code carries, a team's name and colour, and a shout's verdict in words.
import {h, COLORS} from './ui.js';

const KEY = 'wibbell-class';
const read = () => { try { return JSON.parse(localStorage.getItem(KEY)) || {byId: {}}; } catch { return {byId: {}}; } };
const write = s => { try { localStorage.setItem(KEY, JSON.stringify(s)); } catch { /* private mode */ } };

// The places this browser holds: place(id) -> {id, token, member, nickname,
// code, seat, team} or null; keep(place) remembers it (and as the latest);
// forget(id) drops it; latest() the one kept last; byCode(code) the one of
// that join code.
export const places = {
  place: id => read().byId[id] || null,
  keep(p) { const s = read(); s.byId[p.id] = {...(s.byId[p.id] || {}), ...p}; s.last = p.id; write(s); },
  forget(id) { const s = read(); delete s.byId[id]; if (s.last === id) delete s.last; write(s); },
  latest: () => { const s = read(); return (s.last && s.byId[s.last]) || null; },
  byCode: code => Object.values(read().byId)
    .find(p => p.code && p.code.toUpperCase() === String(code).toUpperCase()) || null,
};

// The join page with the code filled in (what the projector's QR code holds).
export const joinUrl = code => new URL('/web/join.html?code=' + encodeURIComponent(code), location.href).href;

// A team's colour: the one its name says (the lobby's Red, Blue, ...), else the seat's.
const NAMED = {blue: 0, red: 1, green: 2, purple: 3, orange: 4, teal: 5, pink: 6};
export function teamColor(seat, name = '') {
  const n = name.trim().toLowerCase();
  if (n === 'yellow') return '#c9a400';
  return COLORS[n in NAMED ? NAMED[n] : seat % COLORS.length];
}
export const teamName = (v, seat) => (v.players[seat] || {}).name || 'team ' + seat;

// A team's badge: its colour and name.
export const teamTag = (v, seat, extra) => h('span', {class: 'team', 'data-team': seat,
  style: '--tc:' + teamColor(seat, teamName(v, seat))}, teamName(v, seat), extra || null);

// Whether the class has started: the teacher locked joining once (the
// daemon's class.started: members may shout only then; opening the class
// again for a latecomer does not stop the game), or the game is over.
export const started = v => !!(v.class && v.class.started) || v.status === 'finished';

// Who shouted a vocabulary row: the student (and the team), or the seat.
export const shouter = r => r.nickname ? r.nickname + ' (' + r.player + ')' : r.player;

// A row's translation when the class has a learner language: the row's
// "translation_xx" (study rows and report rows), or a worked word's list.
export function translation(r, lang) {
  if (Array.isArray(r.translations)) return r.translations.join(', ');
  if (lang) return r['translation_' + lang] || '';
  const k = Object.keys(r).find(x => x.startsWith('translation_'));
  return k ? r[k] : '';
}
export const langOf = rows => {
  for (const r of rows) { const k = Object.keys(r).find(x => x.startsWith('translation_')); if (k) return k.slice(12); }
  return '';
};

// A judged row's verdict in words: "won the card", "accepted", or why not.
export const verdictOf = r => r.won ? 'won the card' : r.accepted ? 'accepted'
  : 'refused: ' + (r.reasons || 'not accepted');
