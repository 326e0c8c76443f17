// sw.js - the study list offline: a service worker that keeps the study
// page's own files (the page, its scripts, the stylesheet) and serves
// them when the daemon cannot be reached; the network first, so a page is
// never older than the daemon's while it answers.  The list itself is in
// localStorage (study.js).  Nothing else is touched.
const CACHE = 'wibbelld-study-2';
const FILES = ['study.html', 'study.js', 'api.js', 'ui.js', 'words.js', 'board.js', 'classes.js',
  'style.css', 'icon.svg']
  .map(f => '/web/' + f);

self.addEventListener('install', e => {
  e.waitUntil(caches.open(CACHE).then(c => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', e => { e.waitUntil(self.clients.claim()); });
self.addEventListener('fetch', e => {
  const u = new URL(e.request.url);
  if (e.request.method !== 'GET' || u.origin !== location.origin || !FILES.includes(u.pathname)) return;
  e.respondWith(fetch(e.request).then(r => {
    if (r.ok) { const copy = r.clone(); caches.open(CACHE).then(c => c.put(u.pathname, copy)); }
    return r;
  }).catch(() => caches.match(u.pathname).then(r => r || Response.error())));
});
