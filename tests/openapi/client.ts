// client.ts - a client generated from api/openapi.json plays a match.
//
// test_client.py generates ./api.d.ts with openapi-typescript (default
// output), compiles this file with `tsc --strict` next to it, and runs it
// with WIBBELLD_URL pointing at a real daemon.  Every request and answer is
// typed by the document alone (openapi-fetch): the document's own create
// example, a seat's view, the seat's listed actions, one of them played
// with If-Match, the log, an unknown match's problem.  Exits non-zero, with
// the reason, on the first answer that is not what the document says.
import createClient from "openapi-fetch";
import type { components, paths } from "./api";

// Node's process, declared here rather than with @types/node.
declare const process: { env: Record<string, string | undefined>; exit(code: number): never };

type CreateMatch = components["schemas"]["CreateMatch"];
type Action = components["schemas"]["Action"];

const base = process.env.WIBBELLD_URL;
if (!base) throw new Error("WIBBELLD_URL is not set");
const api = createClient<paths>({ baseUrl: base });

function check(cond: boolean, what: string): asserts cond {
  if (!cond) throw new Error(what);
}

async function main(): Promise<void> {
  const kinds = await api.GET("/v1/games");
  check(kinds.response.status === 200 && kinds.data !== undefined, "GET /v1/games");
  const wibbell = kinds.data.games.find((g) => g.name === "wibbell");
  check(wibbell !== undefined && "tie_window_ms" in wibbell.options, "wibbell and its options");

  // The document's create example, as it stands there (its options were
  // a bare object: not assignable under --strict before).
  const example: CreateMatch = {
    game: "wibbell",
    players: ["ann", "bob"],
    options: { mode: "standard", tie_window_ms: 400, forgive_typos: false },
    seed: 42,
  };
  const made = await api.POST("/v1/games", { body: example });
  check(made.response.status === 201 && made.data !== undefined, "POST /v1/games");
  check(made.response.headers.get("Location") === "/v1/games/" + made.data.id, "Location");

  // A game whose first action is concrete: Woodlouse Chaos.
  const created = await api.POST("/v1/games", {
    body: { game: "woodlouse-chaos", players: ["ann", "bob", "cy"], seed: 7 },
  });
  check(created.data !== undefined, "POST /v1/games woodlouse-chaos: " + created.response.status);
  const id: string = created.data.id;
  const tokens = new Map<number, string>();
  for (const p of created.data.players) if (p.token !== undefined) tokens.set(p.seat, p.token);

  const host = await api.GET("/v1/games/{id}", {
    params: { path: { id } },
    headers: { Authorization: "Bearer " + created.data.host_token },
  });
  check(host.data !== undefined, "the host's view");
  const seat = host.data.to_act[0];
  check(seat !== undefined && tokens.has(seat), "a seat to act");
  const auth = { Authorization: "Bearer " + tokens.get(seat) };

  const view = await api.GET("/v1/games/{id}", { params: { path: { id } }, headers: auth });
  check(view.data !== undefined, "the seat's view");
  const version: number = view.data.version;
  check(view.response.headers.get("ETag") === `"${version}"`, "ETag is the version");

  const listed = await api.GET("/v1/games/{id}/actions", { params: { path: { id } }, headers: auth });
  check(listed.data !== undefined, "the seat's actions");
  const action: Action | undefined = listed.data.actions.find((a) => a.$params === undefined);
  check(action !== undefined, "a concrete listed action");

  const played = await api.POST("/v1/games/{id}/actions", {
    params: { path: { id }, header: { "If-Match": `"${version}"` } },
    headers: auth,
    body: action,
  });
  check(played.data !== undefined, "POST the listed action: " + played.response.status);
  check(played.data.version === version + 1, "the version moved on by one");

  const stale = await api.POST("/v1/games/{id}/actions", {
    params: { path: { id }, header: { "If-Match": `"${version}"` } },
    headers: auth,
    body: action,
  });
  check(stale.response.status === 412 && stale.error?.code === "stale_version", "412 stale_version");

  const log = await api.GET("/v1/games/{id}/log", { params: { path: { id } }, headers: auth });
  check(log.data !== undefined && log.data.entries.length >= 1, "the log");

  const unknown = await api.GET("/v1/games/{id}", {
    params: { path: { id: "0".repeat(32) } },
  });
  check(unknown.response.status === 404 && unknown.error?.code === "unknown_match", "404");
  console.log(`played ${action.type} in ${id}: version ${version} -> ${played.data.version}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
