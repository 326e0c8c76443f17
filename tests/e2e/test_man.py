#!/usr/bin/env python3
"""test_man.py - the man pages wibbelld(8) and wibbell-dict(1) (man/).

Every option that a program's --help names, and every command of
wibbell-dict, appears in its page; each page is clean roff (groff -man
-ww prints no warning) with the NAME and SYNOPSIS a man page needs;
`meson install` puts them in PREFIX/share/man/man8 and man1.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402

MAN = wbtest.env_path("WIBBELLD_MAN")
BUILD = wbtest.env_path("WIBBELLD_BUILD_ROOT")
PROGRAMS = {
    "wibbelld": (wbtest.env_path("WIBBELLD"), "wibbelld.8", "man8"),
    "wibbell-dict": (wbtest.env_path("WIBBELL_DICT"), "wibbell-dict.1", "man1"),
}


def page_text(name):
    """The page's roff with its escapes undone: \\- is -, fonts dropped."""
    text = open(os.path.join(MAN, PROGRAMS[name][1]), encoding="utf-8").read()
    text = re.sub(r"\\f(\[[^\]]*\]|\(..|.)", "", text)
    text = text.replace("\\,", "").replace("\\/", "")  # italic corrections
    return text.replace("\\-", "-").replace("\\e", "\\")


def help_text(name):
    r = subprocess.run([PROGRAMS[name][0], "--help"], stdout=subprocess.PIPE, timeout=30)
    if r.returncode != 0:
        raise AssertionError("%s --help exited %d" % (name, r.returncode))
    return r.stdout.decode()


def options_of(help_):
    """Every long option anywhere in the help, and the short options that
    begin its option lines."""
    longs = set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", help_))
    shorts = set(re.findall(r"(?m)^\s+(-[A-Za-z]),", help_))
    return longs | shorts


class ManPages(unittest.TestCase):
    def check_options(self, name, at_least):
        help_, page = help_text(name), page_text(name)
        opts = options_of(help_)
        self.assertGreaterEqual(len(opts), at_least, sorted(opts))
        missing = sorted(o for o in opts if not re.search(r"(?<![\w-])%s(?![\w-])"
                                                          % re.escape(o), page))
        self.assertEqual(missing, [], "options of %s --help missing from its man page" % name)

    def test_wibbelld_options(self):
        self.check_options("wibbelld", 18)

    def test_wibbell_dict_options_and_commands(self):
        self.check_options("wibbell-dict", 8)
        help_, page = help_text("wibbell-dict"), page_text("wibbell-dict")
        block = help_.split("Commands:", 1)[1]
        cmds = re.findall(r"(?m)^  ([a-z]+)\b", block)
        self.assertGreaterEqual(len(cmds), 9, cmds)
        for c in cmds:  # each an item of the page: .TP, then the command
            self.assertRegex(page, r"(?m)^\.TP\n%s\b" % c)

    def test_clean_roff_with_name_and_synopsis(self):
        groff = shutil.which("groff")
        self.assertIsNotNone(groff, "groff is not installed (deploy/debian-packages.txt)")
        for name, (_, page, _) in PROGRAMS.items():
            path = os.path.join(MAN, page)
            r = subprocess.run([groff, "-man", "-ww", "-z", path], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, timeout=30)
            self.assertEqual((r.returncode, r.stdout.decode()), (0, ""), page)
            text = page_text(name)
            self.assertRegex(text, r'(?m)^\.TH "?%s"? "?%s' % (name.upper(), page[-1]))
            self.assertRegex(text, r"(?m)^\.SH NAME\n%s - \S" % re.escape(name))
            self.assertRegex(text, r"(?m)^\.SH SYNOPSIS$")

    def test_installed_by_meson_install(self):
        with open(os.path.join(BUILD, "meson-info", "intro-installed.json")) as f:
            installed = json.load(f)
        dests = {os.path.basename(k): v for k, v in installed.items()}
        for name, (_, page, section) in PROGRAMS.items():
            self.assertIn(page, dests)
            self.assertTrue(dests[page].endswith("/share/man/%s/%s" % (section, page)),
                            dests[page])


if __name__ == "__main__":
    wbtest.main()
