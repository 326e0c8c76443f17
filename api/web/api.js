// api.js - talking to wibbelld: JSON requests with problem+json errors,
// and following a match live over Server-Sent Events.  A seat or host
// token never goes into a URL: the stream is opened with a one-use
// ticket (POST /v1/games/{id}/tickets), and tokens travel in the page's
// #fragment, which browsers never send to the server.

export async function api(method, path, body, token, extra) {
  const headers = {...extra};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = 'Bearer ' + token;
  const r = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  const ct = r.headers.get('Content-Type') || '';
  const data = ct.includes('json') ? await r.json() : await r.text();
  if (!r.ok) {
    const e = new Error((data && data.detail) || r.statusText || String(r.status));
    e.problem = data; e.status = r.status;
    throw e;
  }
  return data;
}

// The page's #a=1&b=2 parameters (where tokens live).
export const params = () => Object.fromEntries(new URLSearchParams(location.hash.slice(1)));

export const link = (page, p) => new URL('/web/' + page + '#' + new URLSearchParams(p), location.href).href;

// Follow match `id` as `token` (or the public): cb.view(view) with each
// fresh view, cb.entry(logEntry) with each action as it happens, cb.status
// ('live' | 'reconnecting').  Resumes after a drop with last_event_id.
export function live(id, token, cb) {
  let last = null, es = null, stopped = false, retry = 500, shown = 0;
  const path = '/v1/games/' + encodeURIComponent(id);
  const show = v => { if (v.version >= shown) { shown = v.version; cb.view(v); } };
  const refresh = async () => { try { show(await api('GET', path, undefined, token)); } catch (e) { cb.error?.(e); } };
  async function open() {
    if (stopped) return;
    let url = path + '/events';
    try {
      if (token) url = (await api('POST', path + '/tickets', undefined, token)).events;
    } catch (e) {
      // no such match, or a token that is not (or no longer) one of its: no retry mends that
      if (e.status === 404 || e.status === 403) { cb.error?.(e); return; }
      cb.status?.('reconnecting'); return later();
    }
    if (last !== null) url += (url.includes('?') ? '&' : '?') + 'last_event_id=' + last;
    es = new EventSource(url);
    es.addEventListener('view', m => { last = m.lastEventId; retry = 500; show(JSON.parse(m.data)); });
    es.addEventListener('action', m => { last = m.lastEventId; retry = 500; cb.entry?.(JSON.parse(m.data));
      refresh(); });
    es.addEventListener('end', () => { stopped = true; es.close(); cb.status?.('finished'); refresh(); });
    es.onopen = () => cb.status?.('live');
    es.onerror = () => { es.close(); if (!stopped) { cb.status?.('reconnecting'); later(); } };
  }
  function later() { setTimeout(open, retry); retry = Math.min(retry * 2, 8000); }
  open();
  return {close() { stopped = true; es?.close(); }, refresh, shown: v => show(v)};
}

// Post an action; the answer's state is shown at once (before the stream
// brings it).
export async function act(id, token, body, session) {
  const out = await api('POST', '/v1/games/' + encodeURIComponent(id) + '/actions', body, token);
  if (session && out.state) session.shown({...out.state, id, version: out.version, game: session.game});
  return out;
}
