#!/usr/bin/env python3
"""test_browser_readable.py - boards anyone can read, in headless Chromium:
Whirlpool Pond's tubes told apart with the lobby's default names ("Player
1", "Player 2": not all "P") and the friend toss in words; Woodlouse
Chaos's guess grid whole on a phone (390x844: every count of every species
on screen, nothing in a sideways scroll) and a wrong code saying what the
code should have been; Woobieworld's area names readable at the map's
first view on a phone and on a desktop, and each home marked for its
player; every board's link to its game's "how to play".  The matches are
moved on over HTTP where the page is not what is being tried.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbbrowser as W  # noqa: E402

unittest = W.wbtest.unittest
D = None
DEFAULT_NAMES = ["Player 1", "Player 2", "Player 3"]  # the lobby's, as it offers them
MIN_PX = 12  # the smallest area name a phone or a desktop shows at the map's first view


def setUpModule():
    global D
    D = W.start_daemon()


def create(game, players, seed, options=None):
    body = {"game": game, "players": players, "seed": seed}
    if options:
        body["options"] = options
    st, _, m = D.json("POST", "/v1/games", body)
    assert st == 201, m
    return W.wbgames.Match(D, m), m


def screen(b, name, sel=None):
    """Save what the screen shows (not the whole page) as SHOTS/name.png,
    `sel` scrolled to the top: the pictures of docs/pages.md."""
    if sel:
        b.d.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'start'})", sel)
    os.makedirs(W.SHOTS, exist_ok=True)
    b.d.save_screenshot(os.path.join(W.SHOTS, name + ".png"))


def quit(*browsers):
    for b in browsers:
        b.quit()


class Whirlpool(unittest.TestCase):
    def test_tubes_marked_apart_with_default_names(self):
        """Three seats named as the lobby names them: each tube on the pond
        carries a mark of its own (the seat's number: the initials are all
        "P"), and the players' list shows each seat's mark by its name."""
        g, m = create("whirlpool-pond", DEFAULT_NAMES, 2)
        b = W.Browser(390, 844)
        b.inner_size(390, 844)
        b.open(W.play_link(D, m, 0))
        b.wait_version(g.view()["version"])
        tubes = b.d.execute_script("""
          return [...document.querySelectorAll('svg.pond g[aria-label] text')].map(t =>
            [t.closest('g').getAttribute('aria-label'), t.textContent]);""")
        self.assertEqual(len(tubes), 3, tubes)
        marks = [t for _, t in tubes]
        self.assertEqual(len(set(marks)), 3, "every tube its own mark: %r" % tubes)
        listed = {int(s): t for s, t in b.d.execute_script("""
          return [...document.querySelectorAll('#board .players [data-seat]')].map(p =>
            [p.dataset.seat, p.querySelector('.tok').textContent]);""")}
        self.assertEqual(sorted(listed.values()), sorted(marks), "the list shows the pond's marks")
        self.assertEqual(listed, {0: "1", 1: "2", 2: "3"})
        screen(b, "whirlpool-marks-390")
        self.assertLessEqual(*b.overflow())
        self.assertFalse(b.js_errors())
        quit(b)

    def test_initials_where_they_differ(self):
        """Names whose first letters differ keep them as marks."""
        g, m = create("whirlpool-pond", ["Ann", "bob"], 1)
        b = W.Browser()
        b.open(W.play_link(D, m, 1))
        b.wait_version(g.view()["version"])
        self.assertEqual(sorted(b.d.execute_script(
            "return [...document.querySelectorAll('svg.pond g[aria-label] text')].map(t => t.textContent)")), ["A", "B"])
        self.assertFalse(b.js_errors())
        quit(b)

    def test_friend_toss_in_words(self):
        """The friend toss offered in words: a friend on shore throws the
        balloon from the stash, and how far it flies (not "take #4")."""
        g, m = create("whirlpool-pond", ["Ann", "Bob"], 3)
        for _ in range(200):  # rolls and ends of turns until a tube lands by a rope
            v = g.view()
            mover = v["to_act"][0]
            acts = g.actions(mover)
            if any(a["type"] == "toss" for a in acts):
                break
            pick = next((a for a in acts if a["type"] == "roll"), None) or \
                next((a for a in acts if a["type"] == "end_turn"), None) or acts[0]
            g.ok(mover, pick)
        else:
            self.fail("no friend toss came up")
        tosses = [a for a in acts if a["type"] == "toss"]
        b = W.Browser(390, 844)
        b.open(W.play_link(D, m, mover))
        b.wait_version(g.view()["version"])
        texts = b.retry(lambda: {e.get_attribute("data-action"): e.text for e in b.css("#board button[data-action]")
                                 if '"toss"' in e.get_attribute("data-action")}, "the toss buttons")
        self.assertEqual(len(texts), len(tosses), texts)
        for key, text in texts.items():
            n = int(re.search(r'"balloon":(\d+)', key).group(1))
            self.assertIn("a friend on shore throws you balloon #%d from the stash" % n, text)
            self.assertIn("flies up to %d spaces" % n, text)
        toss = tosses[0]
        b.shot("whirlpool-toss-390")
        b.click("#board button[data-action='%s']" % next(k for k in texts if '"balloon":%d' % toss["balloon"] in k))
        b.wait(lambda d: "A friend on shore tosses " + ["Ann", "Bob"][mover] + " balloon #%d from the stash" % toss["balloon"]
               in b.content("#log"), "the toss in words in the log")
        self.assertFalse(b.js_errors())
        quit(b)


class Woodlouse(unittest.TestCase):
    def code(self, g, v):
        """The trainer's card's code: (bangs, claps)."""
        card = g.view(v["trainer"])["card"]
        return v["sequence"].index(card["species"]) + 1, card["count"], card

    def test_guess_grid_fits_a_phone(self):
        """Every count (1 to 5) of every species of the harder variant (five
        species) is on a 390x844 screen, none in a sideways scroll."""
        g, m = create("woodlouse-chaos", ["Ann", "Bob", "Cy"], 4, {"variant": "harder"})
        v = g.view()
        tr = v["trainer"]
        g.ok(tr, {"type": "draw"})
        bangs, claps, _ = self.code(g, g.view())
        for _ in range(bangs):
            g.ok(tr, {"type": "bang"})
        for _ in range(claps):
            g.ok(tr, {"type": "clap"})
        g.ok(tr, {"type": "done"})
        guesser = (tr + 1) % 3
        b = W.Browser(390, 844)
        b.inner_size(390, 844)
        b.open(W.play_link(D, m, guesser))
        b.wait_version(g.view()["version"])
        grid = b.d.execute_script("""
          const out = {buttons: [], scrolls: []};
          for (const e of document.querySelectorAll('#board [data-guess]')) {
            const r = e.getBoundingClientRect();
            out.buttons.push([e.dataset.guess, r.left, r.right, r.width, r.height]);
          }
          for (let e = document.querySelector('#board [data-guess]'); e; e = e.parentElement)
            if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible') out.scrolls.push(e.className || e.tagName);
          out.iw = innerWidth;
          return out;""")
        self.assertEqual(len(grid["buttons"]), 5 * 5, grid)
        for name, left, right, w, h in grid["buttons"]:
            self.assertGreaterEqual(left, 0, name)
            self.assertLessEqual(right, grid["iw"], "%s cut at the screen's edge: %r" % (name, grid))
            self.assertGreaterEqual(h, 44, name)
            self.assertGreaterEqual(w, 44, name)
        self.assertEqual(grid["scrolls"], [], "no sideways scroll around the guesses")
        self.assertLessEqual(*b.overflow())
        self.assertEqual(b.retry(b.bad_targets, "the board"), [])
        screen(b, "woodlouse-guess-390", "#board .sig")
        self.assertFalse(b.js_errors())
        quit(b)

    def test_a_wrong_code_says_what_it_should_have_been(self):
        """Three turns, each ended by a signal too many: every phone says the
        code was wrong and what it was (the bangs from the species' place in
        the sequence of that turn, the claps from the count), the last at
        the end of a round, where the sequence is shuffled again."""
        names = ["Ann", "Bob", "Cy"]
        g, m = create("woodlouse-chaos", names, 6)
        phones = [W.Browser(390, 844) for _ in names]
        phones[0].inner_size(390, 844)  # its screen is the pages guide's picture
        for s, b in enumerate(phones):
            b.open(W.play_link(D, m, s))
            b.wait_version(g.view()["version"])
        for turn in range(3):
            v = g.view()
            tr = v["trainer"]
            g.ok(tr, {"type": "draw"})
            drawn = g.view()
            for b in phones:
                b.wait_version(drawn["version"], "the draw")
            bangs, claps, card = self.code(g, drawn)
            for _ in range(bangs + 1):  # one bang too many
                g.ok(tr, {"type": "bang"})
            after = g.view()
            self.assertEqual(after["last_turn"]["outcome"], "mistake")
            if turn == 2:
                self.assertEqual(after["round"], 2, "the round's last turn")
            want = "%s’s code was wrong. The card was %d × %s: its code is %d bang%s (%s is at place %d in the sequence) and %d clap%s." % (
                names[tr], claps, card["species"], bangs, "" if bangs == 1 else "s", card["species"], bangs, claps, "" if claps == 1 else "s")
            for b in phones:
                b.wait_version(after["version"], "the mistake")
                self.assertIn(want, b.text("#lastturn"))
                b.wait(lambda d: "%s’s code was wrong: %d bangs and 0 claps made, where %d × %s needs %d bang" % (
                    names[tr], bangs + 1, claps, card["species"], bangs) in b.content("#log"), "the mistake in words in the log")
        screen(phones[0], "woodlouse-mistake-390", "#board .reasons")
        for b in phones:
            self.assertLessEqual(*b.overflow())
            self.assertFalse(b.js_errors())
        quit(*phones)


class Woobie(unittest.TestCase):
    FONTS = """return [...document.querySelectorAll('svg.map g[data-area] text')].filter(t => /[a-z]/i.test(t.textContent))
      .map(t => [t.textContent, parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a])"""

    def test_names_readable_and_homes_marked(self):
        """The lobby's default names: the map's first view shows every area's
        name at 12 px or more on a phone (the map pans in its box, the page
        does not scroll sideways) and on a desktop (the island whole); each
        home carries its seat's mark, as the players' list shows it, not
        "P" for all; "Whole island" fits the phone's map whole."""
        g, m = create("woobieworld", DEFAULT_NAMES[:2], 5)
        for _ in range(2):
            v = g.view()
            s = v["to_act"][0]
            g.ok(s, next(a for a in g.actions(s) if a["type"] == "home"))
        v = g.view()
        homes = {a["home_of"]: a["id"] for a in v["areas"] if a["home_of"] is not None}
        self.assertEqual(sorted(homes), [0, 1])
        for w, hgt, whole in ((390, 844, False), (1280, 720, True), (1366, 768, True)):
            b = W.Browser(w, hgt)
            b.inner_size(w, hgt)
            b.open(W.play_link(D, m, 0))
            b.wait_version(v["version"])
            fonts = b.d.execute_script(self.FONTS)
            self.assertGreaterEqual(len(fonts), len(v["areas"]), fonts)
            small = [(t, round(px, 1)) for t, px in fonts if px < MIN_PX]
            self.assertEqual(small, [], "%dx%d: names under %d px" % (w, hgt, MIN_PX))
            self.assertLessEqual(*b.overflow())
            box = b.d.execute_script("const x = document.querySelector('.mapbox'); return [x.scrollWidth, x.clientWidth, x.scrollHeight, x.clientHeight]")
            self.assertEqual(box[0] <= box[1], whole, "%dx%d: the map whole across (%r)" % (w, hgt, box))
            self.assertLessEqual(box[2], box[3], "the map's height fits its box")
            badges = {a: t for a, t in b.d.execute_script("""
              return [...document.querySelectorAll('svg.map g[data-area]')].filter(g => g.querySelectorAll('text').length)
                .map(g => [g.dataset.area, [...g.querySelectorAll('text')].map(t => t.textContent)]);""")}
            listed = {int(s): t for s, t in b.d.execute_script("""
              return [...document.querySelectorAll('#board .players [data-seat]')].map(p => [p.dataset.seat, p.querySelector('.tok').textContent]);""")}
            self.assertEqual(listed, {0: "1", 1: "2"})
            for seat, area in homes.items():
                self.assertIn(listed[seat], badges[area], "the home of seat %d marked %r" % (seat, listed[seat]))
            self.assertEqual(b.retry(b.bad_targets, "the board"), [])
            screen(b, "woobie-read-%d" % w, "#board .reasons")
            if not whole:
                b.click("#board button[data-whole]", text="Whole island")
                b.wait(lambda d: b.css(".mapbox:not(.zoom)"), "the whole island")
                box = b.d.execute_script("const x = document.querySelector('.mapbox'); return [x.scrollWidth, x.clientWidth]")
                self.assertLessEqual(box[0], box[1], "the whole island fits across")
                b.click("#board button[data-whole]", text="Names readable")
                b.wait(lambda d: b.css(".mapbox.zoom"), "the readable map again")
            else:
                self.assertFalse(b.one("#board button[data-whole]").is_displayed(), "no Whole island where it is whole")
            self.assertFalse(b.js_errors())
            quit(b)


class HowToPlay(unittest.TestCase):
    def test_every_board_links_its_how_to_play(self):
        """Each game's board links to its section of the rules page, which
        says in short how it is played (steps, and how its board is
        tapped), on a phone without sideways scrolling."""
        st, _, doc = D.json("GET", "/v1/games")
        self.assertEqual(st, 200)
        b = W.Browser(390, 844)
        b.inner_size(390, 844)
        for gm in doc["games"]:
            n = max(gm["min_players"], min(3, gm["max_players"]))
            g, m = create(gm["name"], ["Ann", "Bob", "Cy"][:n], 4)
            b.open(W.play_link(D, m, 0))
            b.wait_version(g.view()["version"])
            link = b.one("header a#howto")
            self.assertEqual(link.text, "How to play")
            href = link.get_attribute("href")
            self.assertTrue(href.endswith("/web/rules.html#" + gm["name"]), href)
            self.assertRegex(link.get_attribute("aria-label"), r"^How to play \S")
            self.assertLess(b.layout_shift(), 0.01, gm["name"])
            b.open(href)
            sec = b.one("section#" + gm["name"])
            self.assertTrue(sec.find_element(W.By.CSS_SELECTOR, "h2").is_displayed())
            steps = b.texts("section#%s ol > li" % gm["name"])
            self.assertGreaterEqual(len(steps), 2, gm["name"])
            self.assertRegex(b.text("section#" + gm["name"]), r"The aim:.*\n(.|\n)*On the board:", gm["name"])
            self.assertLessEqual(*b.overflow())
            self.assertFalse(b.js_errors(), gm["name"])
        b.open(W.url(D, "/web/rules.html#woodlouse-chaos"))
        screen(b, "rules-390", "#woodlouse-chaos")
        quit(b)


if __name__ == "__main__":
    W.main()
