// dredd_hooks.js - what the document can only give as an example, made
// real for Dredd (test_client.py): a match, its tokens, a legal action.
// Dredd requests each operation's success from the document (its
// examples); these hooks put a real match id, token or listed action in,
// and skip what Dredd cannot check: error answers (test_openapi.py asks
// for those and holds them to the document), 304s, a second content type
// of the same answer, and the event stream (it never ends).
//
// Dredd 14 reads OpenAPI 3 without its schemas: it would hold a JSON body
// to an example it makes up (every member required).  So each JSON answer
// is validated against the document's own schema for that status, its
// $refs resolved and `nullable` turned into a null type; and a media type
// is compared without the parameters the daemon adds (`; charset=utf-8`);
// a text answer (a page, the metrics) by its media type, not against the
// document's example text (test_openapi.py validates texts).
const hooks = require("hooks");
const fs = require("fs");
const path = require("path");

// the document Dredd reads (test_client.py names it; a broken copy too)
const doc = JSON.parse(fs.readFileSync(process.env.WIBBELLD_OPENAPI_DOC ||
                                       path.join(__dirname, "..", "..", "api", "openapi.json")));

function resolve(x, seen = []) {
  if (Array.isArray(x)) return x.map((v) => resolve(v, seen));
  if (x === null || typeof x !== "object") return x;
  if (x.$ref) {
    if (seen.includes(x.$ref)) return {}; // a recursive schema: not checked deeper
    const target = x.$ref.slice(2).split("/").reduce((o, k) => o[k], doc);
    return resolve(target, seen.concat([x.$ref]));
  }
  const out = {};
  for (const [k, v] of Object.entries(x)) if (k !== "example" && k !== "nullable") out[k] = resolve(v, seen);
  if (x.nullable) return out.type ? { ...out, type: [].concat(out.type, "null") } : { anyOf: [out, { type: "null" }] };
  return out;
}

const made = {}; // name -> {id, host, tokens}
let base = "";

async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = "Bearer " + token;
  const r = await fetch(base + path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function create(name, game, options) {
  const m = await api("POST", "/v1/games", { game, players: ["ann", "bob", "cy"], seed: 7, options });
  made[name] = { id: m.id, host: m.host_token, tokens: m.players.map((p) => p.token) };
  return m;
}

hooks.beforeAll((transactions, done) => {
  const t = transactions[0];
  base = `${t.protocol}//${t.host}:${t.port}`;
  (async () => {
    await create("play", "woodlouse-chaos"); // views, actions, log, tickets
    await create("words", "wibbell");        // query/vocabulary
    await create("end", "woodlouse-chaos");
    await create("delete", "woodlouse-chaos");
    await create("seats", "woodlouse-chaos"); // a seat handed to a bot
    // a class session with two members: 0 renamed and readmitted, 1 removed
    const c = await create("cls", "wibbell", { class_session: true });
    made.cls.code = c.state.class.code;
    for (const nickname of ["Zoe", "Yan"]) await api("POST", "/v1/join", { code: made.cls.code, nickname });
  })().then(() => done(), (e) => { console.error(e); process.exit(2); });
});

const seenOk = new Set(); // operations whose success is already requested

function setHeader(t, name, value) {
  for (const k of Object.keys(t.request.headers))
    if (k.toLowerCase() === name.toLowerCase()) delete t.request.headers[k];
  if (value !== undefined) t.request.headers[name] = value;
}

hooks.beforeEach((t, done) => {
  const status = Number(t.expected.statusCode);
  const op = t.request.method + " " + t.origin.resourceName;
  if (status < 200 || status >= 300 || seenOk.has(op) || /\/events$/.test(t.origin.resourceName)) {
    t.skip = true;
    return done();
  }
  seenOk.add(op);
  const media = t.origin.exampleName.split(" > ")[1];
  const resp = resolve(doc.paths[t.origin.resourceName][t.request.method.toLowerCase()]
    .responses[t.expected.statusCode]);
  if (media && /json$/.test(media)) t.expected.bodySchema = resp.content[media].schema;
  else delete t.expected.body; // a text (metrics, a page) is not its example
  const m = t.origin.resourceName.startsWith("/v1/games/{id}") ?
    /\/members\/|\/class$/.test(t.origin.resourceName) ? made.cls : t.request.method === "DELETE"
    ? made.delete : /\/end$/.test(t.origin.resourceName) ? made.end
    : /\/query\//.test(t.origin.resourceName) ? made.words
    : /\/seats\//.test(t.origin.resourceName) ? made.seats : made.play : null;
  // a request id of its own (Dredd sends the parameter's one made-up value
  // for all, which the class's four changes by its host would share: 422)
  if (t.request.headers && Object.keys(t.request.headers).some((k) => /^idempotency-key$/i.test(k)))
    setHeader(t, "Idempotency-Key", "dredd-request-id-" + seenOk.size); // a join's: 16 or more
  if (t.origin.resourceName === "/v1/join") {
    t.request.body = JSON.stringify({ code: made.cls.code, nickname: "Dredd" });
    return done();
  }
  if (!m) return done();
  if (m === made.cls && t.request.method === "DELETE") { // member 1 goes, 0 stays for the rest
    t.fullPath = t.fullPath.replace("/members/0", "/members/1");
    t.request.uri = t.request.uri.replace("/members/0", "/members/1");
  }
  const example = /\/v1\/games\/([^/?]+)/.exec(t.fullPath)[1];
  t.fullPath = t.fullPath.replace(example, m.id);
  t.request.uri = t.request.uri.replace(example, m.id);
  const hostOnly = /\/end$|\/query\/|\/seats\/|\/members\/|\/class$/.test(t.origin.resourceName) ||
    t.request.method === "DELETE";
  (async () => {
    let token = hostOnly ? m.host : m.tokens[0];
    if (t.request.method === "POST" && /\/actions$/.test(t.origin.resourceName)) {
      // the seat to act and one of its listed actions, at this version
      const v = await api("GET", `/v1/games/${m.id}`, undefined, m.host);
      token = m.tokens[v.to_act[0]];
      const listed = await api("GET", `/v1/games/${m.id}/actions`, undefined, token);
      t.request.body = JSON.stringify(listed.actions.find((a) => a.$params === undefined));
      setHeader(t, "If-Match", `"${v.version}"`);
    } else {
      setHeader(t, "If-Match", undefined);
    }
    setHeader(t, "If-None-Match", undefined);
    setHeader(t, "Authorization", "Bearer " + token);
  })().then(() => done(), (e) => { t.fail = String(e); done(); });
});

hooks.beforeEachValidation((t, done) => {
  const want = t.expected.headers && t.expected.headers["Content-Type"];
  const got = t.real && t.real.headers && t.real.headers["content-type"];
  if (want && got && got.split(";")[0].trim().toLowerCase() === want.toLowerCase())
    t.expected.headers["Content-Type"] = got;
  done();
});
