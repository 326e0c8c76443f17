#!/usr/bin/env python3
"""test_browser_woobie.py - Woobieworld's board (api/web/woobie.js) played
by tapping in headless Chromium at 360 px, two phones, a seeded match with a
short deck (cards of the default deck, four Mount Saint Woobie cards) to
the end: homes chosen by tapping an area of the drawn island, support and
industries placed, cards played from the hand, the cards' decisions
answered (areas on the map, colours, OR sides, which pieces to lose).  Every five actions each
phone's board shows what its view holds (each area's pieces and home, the
scores, the table) and no phone's page holds the other seat's hand.  Then
the speed variant: the cards chosen face down stay sealed on the other
phone until both have chosen.  Screenshots light and dark, no sideways
scroll.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbbrowser as W  # noqa: E402

unittest = W.wbtest.unittest
D = None
DECK_CARDS = ("Quicksand", "Boom Town", "Clean Sweep", "Trade Winds", "Parade", "Rabble Rousers",
              "Rumour Mill", "Mob Rule", "Pirate Raid", "Smuggler's Run", "Forge Ahead", "Burning Ambition",
              "Rally", "Tough Choices", "Baby Boom", "Mount Saint Woobie")


# the map's box and picture, as a test reads them
FIT = """
  const box = document.querySelector('.mapbox'), r = box.querySelector('svg').getBoundingClientRect();
  return {sw: box.scrollWidth, cw: box.clientWidth, sh: box.scrollHeight, ch: box.clientHeight,
          left: r.left, right: r.right, h: r.height, iw: innerWidth, ih: innerHeight,
          zoom: box.classList.contains('zoom')};"""


def setUpModule():
    global D
    D = W.start_daemon()


def short_deck():
    """The default deck's lines for DECK_CARDS (its four volcanoes)."""
    path = os.path.join(os.environ.get("WIBBELLD_TEST_SRC", os.path.join(os.path.dirname(__file__), "..")),
                        "..", "games", "woobieworld", "deck.txt")
    out = []
    for line in open(path, encoding="utf-8"):
        f = [x.strip() for x in line.split("|")]
        if len(f) >= 5 and f[2] in DECK_CARDS and not line.startswith("#"):
            out.append(line.rstrip("\n"))
    assert len(out) == len(DECK_CARDS) + 3, out
    return out


def view(m, who=None):
    tok = m["host_token"] if who is None else m["players"][who]["token"]
    st, _, v = D.json("GET", "/v1/games/" + m["id"], headers=W.wbgames.bearer(tok))
    assert st == 200, v
    return v


def tap_step(b, v):
    """One action on phone b by tapping what the board offers."""
    def go(sel, text=None):
        b.click(sel, text=text)
    if b.css("svg.map g.area.target") and (v["phase"] != "support" or v["version"] % 2 or not b.css("#board button.colour")):
        b.retry(lambda: b.css("svg.map g.area.target")[(v["version"] * 7) % len(b.css("svg.map g.area.target"))].click(), "an area")
        b.wait(lambda d: b.css("#areabox button[data-action]"), "the area's actions")
        return go("#areabox button[data-action]")
    if b.css("#pending button[data-action]"):
        k = v["version"] % len(b.css("#pending button[data-action]"))  # not always the first side or colour
        return b.retry(lambda: b.css("#pending button[data-action]")[k].click(), "a choice")
    if b.css("#board .wcard button.pri"):
        # the cards that ask something first: OR cards, a loss its owner chooses
        cards = b.retry(lambda: b.d.execute_script(
            "return [...document.querySelectorAll('#board .wcard')].filter(c => c.querySelector('button.pri'))"
            ".map(c => [c.dataset.card, c.textContent])"), "the hand")
        best = sorted(cards, key=lambda c: (" OR " not in c[1], "owner chooses" not in c[1]))[0]
        return go("#board .wcard[data-card='%s'] button.pri" % best[0])
    return go("#board button[data-action]")


class Woobie(unittest.TestCase):
    def check_board(self, b, v, seat, names):
        """The phone of `seat` shows its view `v`: every area's pieces and
        home, each seat's score, the volcanoes, its own hand only."""
        labels = dict(zip(b.attr("svg.map g[data-area]", "data-area"), b.attr("svg.map g[data-area]", "aria-label")))
        self.assertEqual(len(labels), len(v["areas"]))
        for a in v["areas"]:
            lab = labels[a["id"]]
            for k, n in a["support"].items():
                if n:
                    self.assertIn("%d %s" % (n, "Anarch" if k == "anarch" else k + " support"), lab)
            for k, n in a["industries"].items():
                if n:
                    self.assertIn("%d %s industr" % (n, k), lab)
            if a["home_of"] is not None:
                self.assertIn("home of " + names[a["home_of"]], lab)
        players = b.text("#board .players")
        for s in v["seats"]:
            self.assertIn("score %d" % s["score"], players)
        self.assertIn("%d/4" % v["volcanoes"], b.text("#table"))
        shown = sorted(int(x) for x in b.attr("#board [data-secret] .wcard[data-card]", "data-card"))
        mine = v["seats"][seat]["cards"] + ([v["seats"][seat]["chosen"]["card"]] if v["seats"][seat].get("chosen", {}).get("card") else [])
        self.assertEqual(shown, sorted(c["id"] for c in mine))

    def check_secret(self, pages, m, names):
        """No phone's page (its whole document, the raw view panel too)
        holds a card of the other seat's hand that it could not know."""
        host = view(m)
        for s, b in enumerate(pages):
            v = view(m, s)
            known = {c["name"] for c in v["seats"][s]["cards"]} | {e["card"]["name"] for e in v["environments"]}
            if v.get("discard_top"):
                known.add(v["discard_top"]["name"])
            if v.get("playing"):
                known.add(v["playing"]["card"]["name"])
            doc = b.content("html")
            for o in range(len(pages)):
                if o == s:
                    continue
                for c in host["seats"][o]["cards"]:
                    if c["name"] not in known:
                        self.assertNotIn(c["text"], doc, "%s's phone shows %s's card %s" % (names[s], names[o], c["name"]))

    def test_short_game_to_the_end(self):
        names = ["Ann", "Bob"]
        st, _, m = D.json("POST", "/v1/games", {"game": "woobieworld", "players": names, "seed": 3,
                                                "options": {"deck": short_deck()}})
        self.assertEqual(st, 201, m)
        phones = [W.Browser(), W.Browser()]
        for s, b in enumerate(phones):
            b.open(W.play_link(D, m, s))
            b.wait(lambda d: b.css("svg.map g[data-area]"), "the island")
        phases = set()
        for step in range(400):
            v = view(m)
            if v["status"] == "finished":
                break
            phases.add(v["phase"] + ("/" + v["pending"]["ask"] if v.get("pending") else ""))
            s = v["to_act"][0]
            b = phones[s]
            b.wait(lambda d: b.css("#board[data-version='%d'] [data-action], #board[data-version='%d'] svg.map g.area.target" % (v["version"], v["version"])), "something to tap")
            if step % 5 == 0:
                for o, ob in enumerate(phones):
                    ov = view(m, o)
                    ob.wait(lambda d: ob.css("#board[data-version='%d']" % ov["version"]), "version %d on %s's phone" % (ov["version"], names[o]))
                    self.check_board(ob, ov, o, names)
                self.check_secret(phones, m, names)
            self.assertEqual(b.retry(b.bad_targets, "the board"), [], "small or unnamed targets")
            if step == 12:
                b.shot("woobie-play-%d" % step)
            tap_step(b, v)
            b.wait(lambda d: view(m)["version"] > v["version"], "the action taken (step %d, %s)" % (step, v["phase"]))
        else:
            self.fail("not finished")
        v = view(m)
        print("# %d actions by tapping, %d turns; phases and decisions: %s" % (step, v["turn"], sorted(phases)))
        self.assertEqual(v["volcanoes"], 4)
        self.assertGreaterEqual(v["turn"], 4, "several rounds")
        for want in ("setup", "support", "play"):
            self.assertIn(want, phases)
        # seed 3 also asks which pieces a home loses (effect/lose), printed above
        for want in ("effect/area", "effect/side"):
            self.assertIn(want, phases, "an area chosen on the map and an OR side")
        winners = ", ".join(names[s] for s in v["winners"])
        for s, b in enumerate(phones):
            b.wait_text("Game over: " + winners + " wins")
            b.wait_version(v["version"])
            self.check_board(b, view(m, s), s, names)
            self.assertLessEqual(*b.overflow())
            self.assertFalse(b.js_errors())
        for scheme in ("light", "dark"):
            b = phones[0]
            b.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            b.d.refresh()
            b.wait_text("Game over")
            b.wait_version(v["version"])
            b.shot("woobie-over-" + scheme)
            sw, cw = b.overflow()
            self.assertEqual((sw, cw), (360, 360), scheme)
        for b in phones:
            b.quit()

    def test_setup_banner_and_whole_map(self):
        """The set-up banner says the move is to choose a home; the map
        opens at a size whose names read (on a phone it pans in its box, the
        page does not scroll sideways, its height fits the screen), and the
        whole island, fitted to the phone (nothing cut, no panning), is
        one tap away."""
        names = ["Ann", "Bob"]
        st, _, m = D.json("POST", "/v1/games", {"game": "woobieworld", "players": names, "seed": 5})
        self.assertEqual(st, 201, m)
        v = view(m)
        self.assertEqual(v["phase"], "setup")
        mover = v["to_act"][0]
        b = W.Browser()
        for s in (mover, 1 - mover):
            b.open(W.play_link(D, m, s))
            b.wait_version(v["version"])
            banner = b.text("#board .reasons")
            if s == mover:
                self.assertIn("Your move: choose a home", banner)
            else:
                self.assertEqual(banner, names[mover] + "’s turn: choose a home")
            first = b.d.execute_script(FIT)
            self.assertTrue(first["zoom"], first)
            self.assertGreater(first["sw"], first["cw"], "a phone pans the readable map: %r" % first)
            self.assertLessEqual(first["sh"], first["ch"], "the map not cut below: %r" % first)
            self.assertLessEqual(first["h"], first["ih"], "the map fits the screen's height: %r" % first)
            self.assertLessEqual(*b.overflow())
        b.shot("woobie-setup")
        b.click("#board button[data-whole]", text="Whole island")
        b.wait(lambda d: b.css(".mapbox:not(.zoom)"), "the whole island")
        fit = b.d.execute_script(FIT)
        self.assertLessEqual(fit["sw"], fit["cw"], "the map not cut at the sides: %r" % fit)
        self.assertLessEqual(fit["sh"], fit["ch"], "the map not cut below: %r" % fit)
        self.assertGreaterEqual(fit["left"], 0, fit)
        self.assertLessEqual(fit["right"], fit["iw"], fit)
        self.assertLessEqual(fit["h"], fit["ih"], "the whole map fits the screen's height: %r" % fit)
        self.assertFalse(b.js_errors())
        b.quit()

    def test_speed_cycle_sealed(self):
        names = ["Ann", "Bob"]
        st, _, m = D.json("POST", "/v1/games", {"game": "woobieworld", "players": names, "seed": 8,
                                                "options": {"speed": True, "deck": short_deck()}})
        self.assertEqual(st, 201, m)
        phones = [W.Browser(), W.Browser()]
        for s, b in enumerate(phones):
            b.open(W.play_link(D, m, s))
            b.wait(lambda d: b.css("svg.map g[data-area]"), "the island")
        while view(m)["phase"] == "setup":
            v = view(m)
            b = phones[v["to_act"][0]]
            b.wait(lambda d: b.css("#board[data-version='%d'] svg.map g.area.target" % v["version"]), "the areas for a home")
            tap_step(b, v)
            phones[0].wait(lambda d: view(m)["version"] > v["version"], "a home")
        v = view(m)
        self.assertEqual(v["phase"], "choose")
        b = phones[0]
        b.wait_text("Everyone chooses a card face down")
        b.click("#board .wcard button", text="Choose face down")
        phones[1].wait(lambda d: view(m)["version"] > v["version"], "Ann's choice")
        chosen = view(m)["seats"][0]["chosen"]["card"]
        b.wait_text("your face-down choice")
        phones[1].wait(lambda d: "chose face down" in phones[1].text("#board .players"), "Ann's sealed choice on Bob's phone")
        phones[1].wait_version(view(m)["version"], "Ann's choice on Bob's phone")
        self.assertNotIn(chosen["text"], phones[1].content("html"), "Bob's phone shows Ann's face-down card")
        b.shot("woobie-speed-chosen")
        phones[1].click("#board .wcard button", text="Choose face down")
        for ph in phones:
            ph.wait(lambda d: "chose " + chosen["name"] in ph.text("#board .players"), "the reveal")
            self.assertFalse(ph.js_errors())
        for b in phones:
            b.quit()


if __name__ == "__main__":
    W.main()
