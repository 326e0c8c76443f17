#!/usr/bin/env python3
"""test_browser_bots.py - one person against the daemon's bots, in headless
Chromium at 360 px, for each of the five games: the match is made in the
lobby (each bot seat a kind and a level from the lists GET /v1/games
gives, the options that make it short typed into the lobby's fields), the
lobby makes links for the people alone, and the person plays to the end
on the play page by tapping what it offers, while the bots' moves reach
the page over its event stream (never reloaded): the log and the board
name each bot as "Robo (bot)".  Then the host's page hands a seat to a
bot and back to a person, whose fresh link opens that seat.

Words for Wibbell come from the daemon's match endpoint (the test plays a
person who knows words); everything else goes through the pages.  The
person acts only when the daemon lists an action for its seat (read over
HTTP, as a player reads the screen); a tap a bot's move overtook is
refused by the daemon, shown on the page, and the person taps again.
"""
import json
import os
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbbrowser as W  # noqa: E402
import test_browser_dumb  # noqa: E402
import test_browser_woobie  # noqa: E402

unittest = W.wbtest.unittest
D = None
KINDS = {}  # game -> GET /v1/games's entry
DECK = ["NZ", "IQ", "SG", "SH", "AR", "TE", "LO", "PU"]  # Wibbell's short deck, in this order


def setUpModule():
    global D
    D = W.start_daemon()
    st, _, doc = D.json("GET", "/v1/games")
    assert st == 200, doc
    KINDS.update({g["name"]: g for g in doc["games"]})


def fragment(href):
    return dict(urllib.parse.parse_qsl(urllib.parse.urlparse(href).fragment))


def get(path, token):
    st, _, doc = D.json("GET", path, headers=W.wbgames.bearer(token))
    assert st == 200, (path, doc)
    return doc


def real_errors(b):
    """The page's JavaScript errors, less the daemon's refusals of a tap a
    bot's move overtook (Chromium logs each 4xx answer as an error; the
    page says it in its status line)."""
    return [e for e in b.js_errors() if "the server responded with a status of 409" not in e
            and "status of 422" not in e]


class Match:
    """A match made in the lobby: the person's page and token, the host's."""

    def __init__(self, links, bots):
        self.person = links.pop("Ann")
        f = fragment(self.person)
        self.id, self.token = f["g"], f["t"]
        self.host = fragment(links["Host"])["t"]
        self.bots = bots
        self.path = "/v1/games/" + self.id

    def view(self, token=None):
        return get(self.path, token or self.host)

    def actions(self):
        return get(self.path + "/actions", self.token)["actions"]


class Bots(unittest.TestCase):
    def lobby(self, b, game, bots, options=None, levels=None):
        """Make a match of `game` in the lobby: Ann, then a bot per entry of
        `bots` (its kind: an index into the game's listed kinds), each at
        its level (`levels`, default the lowest); `options` typed into the
        lobby's fields (JSON for the structured ones)."""
        g = KINDS[game]
        b.open(W.url(D, "/web/lobby.html?game=" + game))
        b.wait(lambda d: b.css("#game option[value='%s']" % game) and
               b.one("#game").get_attribute("value") == game, "the game chosen")
        n = 1 + len(bots)
        while len(b.css("#players > div")) < n:
            b.click("#addp")
        while len(b.css("#players > div")) > n:
            b.click("#delp")
        row = "#players > div:nth-child(%d) "
        b.type(row % 1 + "input", "Ann")
        names = {}
        for i, k in enumerate(bots):
            seat, kind = i + 1, g["bots"][k % len(g["bots"])]
            level = (levels or {}).get(i, g["levels"]["min"])
            b.type(row % (seat + 1) + "input", "Robo %d" % seat)
            b.select(row % (seat + 1) + "[data-who]", kind + " bot")
            # the level by its value (its text is "level 2: secondary school: ..." where the game says)
            b.retry(lambda: W.Select(b.one(row % (seat + 1) + "[data-level]")).select_by_value(str(level)),
                    "the level")
            names[seat] = ("Robo %d" % seat, kind, level)
        self.assertFalse(b.one(row % 1 + "[data-level]").is_displayed(), "no level for a person")
        if options:
            b.click("#optbox summary")
            for k, v in options.items():
                el = b.one("#opt-" + k)
                if el.tag_name == "select":  # the choice's value (its text is in words)
                    b.retry(lambda: W.Select(b.one("#opt-" + k)).select_by_value(v), "#opt-" + k)
                elif el.get_attribute("type") == "checkbox":
                    if el.is_selected() != v:
                        el.click()
                else:
                    b.type("#opt-" + k, v if isinstance(v, str) and el.tag_name != "textarea" else
                           json.dumps(v) if el.tag_name == "textarea" else str(v))
        b.type("#seed", "7")
        b.shot("bots-lobby-" + game)
        b.click("#go")
        b.wait(lambda d: b.css("[data-seat-link]"), "the links")
        b.click("#showhost")  # the host's link, behind a tap
        b.wait(lambda d: b.css("[data-seat-link='Host']"), "the host's link")
        links = dict(zip(b.attr("[data-seat-link]", "data-seat-link"), b.attr("[data-seat-link] a.btn", "href")))
        # a link for each person's seat (Ann's alone), the host's and the watchers'
        self.assertEqual(sorted(k for k in links if k not in ("Host", "Watch", "Projector")), ["Ann"], links)
        said = b.text("#botseats")
        for s, (name, kind, level) in names.items():
            self.assertIn("%s (seat %d) is played by the daemon: %s bot, level %d" % (name, s, kind, level), said)
        m = Match(links, names)
        created = m.view()
        self.assertEqual([p.get("bot") for p in created["players"]], [None] + [names[s][1] for s in sorted(names)])
        self.assertEqual(created["bots"], [{"seat": s, "bot": names[s][1], "level": names[s][2]} for s in sorted(names)])
        b.open(m.person)
        b.wait_text("You are Ann", "#who")
        return m

    def play(self, b, m, step, limit=400):
        """Play Ann's seat to the end: step(b, v) taps one action on the page
        showing Ann's view v.  Answers the number of Ann's taps."""
        taps = 0
        for _ in range(limit * 4):
            hv = m.view()
            if hv["status"] == "finished":
                return taps
            if not m.actions():
                # the bots' turn (or a timer's): wait for the match to move
                b.wait(lambda d: m.view()["version"] != hv["version"] or m.actions(), "a bot's move", timeout=60)
                continue
            v = m.view(m.token)
            b.wait(lambda d: int(b.attr("#board", "data-version")[0] or 0) >= v["version"],
                   "version %d drawn with its actions" % v["version"])
            drawn = b.attr("#board", "data-version")[0]
            if drawn is None or int(drawn) > v["version"]:
                continue  # a bot moved meanwhile (the board is being drawn anew)
            step(b, v)
            taps += 1
            self.assertLess(taps, limit, "Ann's taps")
            b.wait(lambda d: m.view()["version"] > v["version"] or "err" in (b.attr("#status", "class")[0] or ""),
                   "Ann's tap applied (or overtaken by a bot's move)")
        self.fail("not finished")

    def bots_seen(self, b, m):
        """Every bot is named as such on the board and played in the log,
        which the page filled from its stream (it was never reloaded)."""
        hv = m.view()
        b.wait_version(hv["version"])
        log = b.content("#log")
        entries = get(m.path + "/log", m.token)["entries"]
        played = {e["seat"] for e in entries}
        # one line per action: those after the page's first load came by its stream
        b.wait(lambda d: len(b.css("#log li")) == len(entries), "every action in the page's log")
        for s, (name, _, _) in m.bots.items():
            self.assertIn(name + " (bot)", b.text("#board"), "the board names the bot")
            if s in played:
                self.assertIn(name + " (bot)", log, "a move of %s in the log" % name)
        self.assertTrue(played - {0, -1, -2, -3}, "a bot played")
        self.assertEqual(b.d.execute_script("return performance.getEntriesByType('navigation').length"), 1)
        self.assertEqual(real_errors(b), [])

    def test_whirlpool_pond(self):
        """Two bots (the second at the default level); Ann rolls, throws at a tube she taps on the pond, pays or
        refuses, ends her turns (the default pond: no option shortens it)."""
        b = W.Browser()
        m = self.lobby(b, "whirlpool-pond", [0, 1], levels={1: KINDS["whirlpool-pond"]["levels"]["default"]})

        def step(b, v):
            targets = b.css("svg.pond g.target")
            if targets and v["phase"] == "act":
                return b.retry(lambda: b.css("svg.pond g.target")[0].click(), "a target")
            acts = b.attr("#board button[data-action]", "data-action")
            pick = next((a for t in ("roll", "throw", "pay", "accept", "end_turn") for a in acts
                         if json.loads(a)["type"] == t), acts[0] if acts else None)
            if pick is None:  # a pick of balloons: the first, then send
                b.click("#board [data-pick] button[data-balloon]")
                return b.click("#board [data-pick] button[data-send]")
            b.click("#board button[data-action='%s']" % pick)

        taps = self.play(b, m, step)
        self.bots_seen(b, m)
        print("# whirlpool-pond: Ann's taps %d, version %d" % (taps, m.view()["version"]))

    def test_woodlouse_chaos(self):
        """Two bots of two kinds (the game's first and last listed); the
        easier variant (a 12-card draw pile).  Ann draws and performs her
        card's code when she trains, guesses the bots' codes or passes."""
        b = W.Browser()
        m = self.lobby(b, "woodlouse-chaos", [0, -1], {"variant": "easier"})

        def tap(b, sel, v):
            b.click(sel)
            b.wait(lambda d: m.view()["version"] > v, "the tap on " + sel)
            return m.view()["version"]

        def step(b, v):
            if v["phase"] == "draw":
                return b.click("#board button[data-action=draw]")
            if v["phase"] == "code":
                # the whole line read, on the board (the log says "Your
                # card:" too, of an earlier turn)
                card = b.wait_match(r"Your card: (\d) × (\S+)", "#board")
                at = v["version"]
                for _ in range(v["sequence"].index(card.group(2)) + 1):
                    at = tap(b, "#board button[data-action=bang]", at)
                for _ in range(int(card.group(1))):
                    at = tap(b, "#board button[data-action=clap]", at)
                return b.click("#board button[data-action=done]")
            guesses = b.css("#board button[data-guess]")
            if guesses and v["version"] % 3 == 0:
                return b.retry(lambda: b.css("#board button[data-guess]")[v["version"] % len(guesses)].click(), "a guess")
            b.click("#board button", text="Pass")

        taps = self.play(b, m, step)
        self.bots_seen(b, m)
        v = m.view()
        self.assertGreaterEqual(v["turn"], 12, "the easier game's draw pile is 12 cards")
        print("# woodlouse-chaos: Ann's taps %d, version %d, turns %d" % (taps, v["version"], v["turn"]))

    def test_woobieworld(self):
        """One bot; a short deck (16 cards of the default deck, four Mount
        Saint Woobie) typed into the lobby's deck field.  Ann taps the areas,
        her cards and their choices as test_browser_woobie does."""
        b = W.Browser()
        m = self.lobby(b, "woobieworld", [0], {"deck": test_browser_woobie.short_deck()})
        taps = self.play(b, m, lambda b, v: test_browser_woobie.tap_step(b, v))
        self.bots_seen(b, m)
        print("# woobieworld: Ann's taps %d, version %d" % (taps, m.view()["version"]))

    def test_world_dumbination(self):
        """One bot; at most 2 rounds and 6 VP (the options' house rules).
        Ann takes a First Goal, draws, plans, bids, moves and builds by
        tapping as test_browser_dumb does."""
        b = W.Browser()
        m = self.lobby(b, "world-dumbination", [0], {"max_rounds": 2, "end_vp": 6})
        done = set()
        taps = self.play(b, m, lambda b, v: test_browser_dumb.tap_step(b, v, 0, done))
        self.bots_seen(b, m)
        print("# world-dumbination: Ann's taps %d, version %d" % (taps, m.view()["version"]))

    def test_wibbell(self):
        """One bot at the lowest level (it shouts after a person's slow
        reaction, 6 to 10 s); an 8-card deck in order, no tie window.  Ann
        waits for the bot to win the first card (its word and its take reach
        her page), then shouts words (found by the daemon's match endpoint)
        in the claim box, takes and keeps cards by tapping them.  The
        projector names the bot as well."""
        b = W.Browser()
        m = self.lobby(b, "wibbell", [0], {"deck": DECK, "shuffle": False, "tie_window_ms": 0})
        robo = m.bots[1][0] + " (bot)"
        b.wait(lambda d: robo + " takes" in b.content("#log") or robo in b.text("#board [data-last]"),
               "the bot's first card on Ann's page", timeout=60)

        def step(b, v):
            if v["phase"] == "play":
                me = v["players"][0]
                cards = [c["letters"] for c in v["centre"] + me["handicaps"] + me["face_up"]]
                return b.type("#claimword", W.find_word(D, cards, v["used"]), submit=True)
            if b.css("#board .cards.big button.card"):
                return b.click("#board .cards.big button.card")
            b.click("#board .box button.card")

        taps = self.play(b, m, step)
        self.bots_seen(b, m)
        print("# wibbell: Ann's taps %d, version %d" % (taps, m.view()["version"]))
        # the classroom screen names the bot too
        b.open(W.url(D, "/web/projector.html#g=%s&t=%s" % (m.id, m.host)))
        b.wait(lambda d: robo in b.text("#scores"), "the bot named on the projector")
        self.assertEqual(real_errors(b), [])

    def test_host_hands_a_seat_to_a_person_and_back(self):
        """The host's page: seat 1's bot handed to Bea, whose fresh link the
        page shows and opens her seat; then back to a bot (Bea's link stops
        working, and her page, still open, says so); Ann's page logs both and
        names the seat anew."""
        b = W.Browser()
        m = self.lobby(b, "whirlpool-pond", [0])
        host = W.Browser()
        host.open(W.url(D, "/web/play.html#g=%s&t=%s" % (m.id, m.host)))
        host.wait_text("Host", "#who")
        host.one("#seatsbox:not([hidden])", "the seats")
        host.click("#seatsbox summary")
        self.assertIn(m.bots[1][0] + " (bot)", host.text("#seats [data-seat='1']"))
        host.type("#seat1-name", "Bea")
        host.click("#seats [data-seat='1'] button[data-hand=person]")
        card = host.one("#seats [data-seat-link='Bea']", "Bea's fresh link")
        href = host.attr("#seats [data-seat-link='Bea'] a.btn", "href")[0]
        self.assertIsNotNone(card)
        host.shot("bots-host-seats")
        p = m.view()["players"][1]
        self.assertEqual((p["name"], p.get("bot")), ("Bea", None))
        bea = W.Browser()
        bea.open(href)
        bea.wait_text("You are Bea", "#who")
        b.wait(lambda d: "The host hands seat 1 to Bea" in b.content("#log"), "the change in Ann's log")
        b.wait(lambda d: "Bea" in b.text("#board") and "(bot)" not in b.text("#board"), "Bea named on Ann's board")
        kind = KINDS["whirlpool-pond"]["bots"][-1]
        host.select("#seat1-bot", kind + " bot")
        host.select("#seat1-level", "level 2")
        host.click("#seats [data-seat='1'] button[data-hand=bot]")
        host.wait(lambda d: "Bea (bot)" in host.text("#seats [data-seat='1']"), "seat 1 a bot again")
        self.assertFalse(host.css("#seats [data-seat-link]"), "no link for a bot")
        st, _, _ = D.json("GET", m.path, headers=W.wbgames.bearer(fragment(href)["t"]))
        self.assertEqual(st, 403, "Bea's link no longer plays the seat")
        # Bea's page, open all along, says so (and stops following the match)
        bea.wait_text("This link no longer plays a seat of this match", "#status")
        self.assertEqual(bea.text("#conn"), "")
        b.wait(lambda d: "The host hands seat 1 to a bot: Bea (bot), %s level 2" % kind in b.content("#log"),
               "the change in Ann's log")
        self.assertEqual(m.view()["bots"], [{"seat": 1, "bot": kind, "level": 2}])
        for x in (b, host):
            self.assertEqual(real_errors(x), [])
        self.assertTrue(all("status of 403" in e for e in bea.js_errors()), "Bea's page: the 403s alone")


if __name__ == "__main__":
    W.main()
