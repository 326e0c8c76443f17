// seats.js - who plays each seat, on the host's play page: a seat handed
// to a bot of the daemon's (its kind and level, as GET /v1/games lists
// them for the game) and back to a person (PUT /v1/games/{id}/seats/{n}),
// whose fresh link is shown then; and a seat's link as the lobby shows it.
import {api, link} from './api.js';
import {h, redraw, say, fail, copyButton} from './ui.js';
import {nameOf} from './board.js';
import {qrSvg} from './qr.js';

// A seat's link to hand over: who, what, a QR code, Open and Copy.
export const linkCard = (who, what, url) => h('div', {class: 'box', 'data-seat-link': who},
  h('strong', {}, who), ' ', h('span', {class: 'hint'}, what),
  h('div', {}, qrSvg(url, 'QR code of the link for ' + who)),
  h('div', {class: 'row'}, h('a', {class: 'btn', href: url}, 'Open'), copyButton(url)));

// The selects of a bot for game kind g (its bots and levels, as the
// lobby lists them): [kind, level], ids id + '-bot' and id + '-level'.
function botPicker(g, id, who) {
  const lv = g.levels || {min: 1, max: 5, default: 3}, levels = [];
  for (let i = lv.min; i <= lv.max; i++) levels.push(h('option', {value: i, selected: i === lv.default}, 'level ' + i));
  return [h('select', {id: id + '-bot', 'aria-label': 'The bot that plays ' + who},
    (g.bots || []).map(b => h('option', {value: b}, b + ' bot'))),
    h('select', {id: id + '-level', 'aria-label': 'Level of the bot that plays ' + who}, levels)];
}

let kindOf = null; // the match's game as GET /v1/games describes it, asked once
let fresh = null; // the last seat handed to a person: {seat, name, url}

// The host's panel of the seats in `el` for view v (kept as typed across
// redraws); a seat changes hands with one tap.
export async function seatsPanel(el, v, ctx) {
  kindOf = kindOf || api('GET', '/v1/games').then(d => d.games.find(g => g.name === v.game));
  let g;
  try { g = await kindOf; } catch (e) { kindOf = null; fail(e); return; }
  if (!g || ctx.view !== v) return; // a newer view draws it
  const put = async (s, body) => {
    say('');
    try {
      const out = await api('PUT', `/v1/games/${encodeURIComponent(ctx.id)}/seats/${s}`, body, ctx.token);
      fresh = out.token ? {seat: s, name: out.name, url: link('play.html', {g: ctx.id, t: out.token})} : null;
      say(out.token ? out.name + ' plays seat ' + s + ' now: give them the link below.'
        : nameOf(out) + ' plays seat ' + s + ' now.');
      ctx.session?.shown({...out.state, id: ctx.id, version: out.version, game: v.game});
    } catch (e) { fail(e); }
  };
  const open = v.status !== 'finished' && !v.ended;
  const rows = v.players.map((p, s) => {
    const id = 'seat' + s;
    let hand = null;
    if (open && p.bot) {
      const name = h('input', {id: id + '-name', 'aria-label': 'Name of the person who takes seat ' + s,
        placeholder: 'name', maxlength: 40, autocomplete: 'off'});
      hand = h('form', {class: 'row', onsubmit: ev => { ev.preventDefault();
        put(s, {bot: null, name: name.value.trim() || p.name}); }},
        name, h('button', {'data-hand': 'person'}, 'Hand to a person'));
    } else if (open && (g.bots || []).length) {
      const [kind, level] = botPicker(g, id, p.name);
      hand = h('form', {class: 'row', onsubmit: ev => { ev.preventDefault();
        put(s, {bot: kind.value, level: Number(level.value)}); }},
        kind, level, h('button', {'data-hand': 'bot'}, 'Hand to a bot'));
    }
    const bot = (v.bots || []).find(b => b.seat === s);
    return h('div', {class: 'box', 'data-seat': s},
      h('strong', {}, nameOf(p)), ' ', h('span', {class: 'hint'},
        'seat ' + s + (bot ? ' · ' + bot.bot + ', level ' + bot.level : ' · a person')), hand);
  });
  const f = fresh && !v.players[fresh.seat].bot ? linkCard(fresh.name,
    'seat ' + fresh.seat + ': a fresh link (the old one no longer works)', fresh.url) : null;
  redraw(el, f, h('div', {class: 'players'}, rows));
}
