#!/usr/bin/env python3
"""test_first_start_kill.py - a first start killed with SIGKILL while it
builds its dictionaries leaves no build running, and a start after it
serves every dictionary whole.

On a fresh data directory of its own, the real daemon is started with its
default dictionaries (en, en_GB, en_US, built in that order by a child
process each) and killed with SIGKILL at a fixed list of moments across
the whole build, one kill a start, in a row on the same directory; a
moment is a progress line the daemon prints on stderr (a builder just
forked, a dictionary a third built, between two dictionaries, two builds
begun, a dictionary half written), read as
it comes, so the moments do not depend on the machine's speed.

Each kill: the daemon's process group (the daemon and its builder, in a
session of their own) is stopped with SIGSTOP, and what is building then
is read (a stopped builder, not one that had exited); the daemon is
killed with SIGKILL, the group continued.  Every builder is found by what
this program owns (it is the child subreaper of its daemons, so their
orphans become its children; its daemons' process group), waited for, and
one that was building must have died of SIGKILL, taken with its daemon (a
builder that went on alone would finish its build and exit 0 here); and
no process naming this program's data directory is left.  Then a last
start (which builds en_US again: its half is not taken as built) serves
every dictionary whole: the same numbers of words, proper nouns and lemmas
as the prebuilt test dictionaries (the same builder, the same sources),
and words of each looked up; the dictionary folder holds the three
dictionaries and their lock files, no build's leftovers.

Needs: WIBBELLD, WIBBELLD_TEST_DATA (the prebuilt en, en_GB, en_US).
"""
import ctypes
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402

DICTS = ["en", "en_GB", "en_US"]  # the default set, in the order it is built

# The kill moments: a stderr line's beginning, one kill a start (the
# first start that prints it), across the whole build of the three; each
# is reached whatever the one before it left.
MOMENTS = [
    "wibbelld: building dictionary en in",            # en's builder just forked
    "wibbelld: building en: relating forms...",       # en a third done
    "wibbelld: built dictionary en in",               # between en and en_GB
    "wibbelld: building en_GB: reading sources 20%",  # en_GB begun
    "wibbelld: building en_US: reading sources...",   # en_GB built, en_US begun
    "wibbelld: building en_US: writing LMDB 50%",     # en_US half written
]

PR_SET_CHILD_SUBREAPER = 36


def become_subreaper():
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")


def processes_naming(text):
    """{pid: parent pid} of the live processes (not zombies) whose command
    line holds `text`."""
    out = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % name, "rb") as f:
                cmd = f.read()
            with open("/proc/%s/stat" % name) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if text.encode() in cmd and fields[0] != "Z":
            out[int(name)] = int(fields[1])
    return out


def stat_of(pid):
    """(state, parent pid, process group) of `pid`, or None once gone."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[1]), int(fields[2])


def pids():
    return [int(n) for n in os.listdir("/proc") if n.isdigit()]


def children_of(ppid):
    """The pids whose parent is `ppid`, zombies too (a zombie's command
    line is empty: its parent is what names it)."""
    return [pid for pid in pids() if (stat_of(pid) or (None, None))[1] == ppid]


def stopped_group(pgid):
    """SIGSTOP process group `pgid` and wait until each of its processes
    has stopped (or is a zombie); {pid: state}."""
    os.killpg(pgid, signal.SIGSTOP)
    while True:
        group = {pid: st[0] for pid in pids() for st in [stat_of(pid)] if st and st[2] == pgid}
        if all(state in ("T", "Z") for state in group.values()):
            return group
        time.sleep(0.01)  # a stop not delivered yet: read again


class FirstStartKilled(unittest.TestCase):
    def setUp(self):
        become_subreaper()
        self.data = tempfile.mkdtemp(prefix="wibbelld-e2e-firstkill-")
        self.addCleanup(shutil.rmtree, self.data, ignore_errors=True)
        self.procs = []
        self.addCleanup(self.kill_all)

    def kill_all(self):
        for p in self.procs:
            if p.poll() is None:
                p.kill()
                p.wait()
        for pid in processes_naming(self.data):
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except OSError:
                pass

    def start_and_kill(self, moment, jobs=1):
        """Start the daemon building `jobs` dictionaries at once (one: the
        moments follow one order of the builds), read its stderr until a
        line begins with `moment`, SIGKILL it; the lines read.  A daemon
        that serves (a line on stdout) or exits first fails the test."""
        p = subprocess.Popen([wbtest.env_path("WIBBELLD"), "--listen", "127.0.0.1:0",
                              "--data-dir", self.data, "--build-jobs", str(jobs)],
                             stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             start_new_session=True)
        self.procs.append(p)
        err, out, buf = [], b"", b""
        while not out and not any(l.startswith(moment) for l in err):
            r, _, _ = select.select([p.stdout, p.stderr], [], [])
            if p.stdout in r:
                out = os.read(p.stdout.fileno(), 4096) or b"(closed)"
            if p.stderr in r:
                chunk = os.read(p.stderr.fileno(), 65536)
                if not chunk:
                    break
                buf += chunk
                *lines, buf = buf.split(b"\n")
                err += [l.decode("utf-8", "replace") for l in lines]
        if not any(l.startswith(moment) for l in err):
            p.kill()
            p.wait()
            self.fail("wibbelld did not say %r (stdout %r, exit %r); stderr:\n%s"
                      % (moment, out, p.returncode, "\n".join(err)))
        # Frozen first (the daemon and its builder: the daemon's process
        # group), so that what was building when the daemon died is known:
        # a builder stopped then, not one that had exited.
        group = stopped_group(p.pid)
        self.building = [pid for pid, state in group.items() if pid != p.pid and state == "T"]
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
        try:
            os.killpg(p.pid, signal.SIGCONT)  # a builder left goes on
        except ProcessLookupError:
            pass  # nothing left in the group
        # (a builder that outlived it would write to these pipes: closed,
        # its writes fail and it goes on; the daemon ignores SIGPIPE)
        p.stdout.close()
        p.stderr.close()
        return err

    def assert_no_builder_left(self, moment):
        """Every builder that was building when its daemon was killed (its
        orphan, adopted by this program, the subreaper) died of SIGKILL;
        no process names the data directory.  The number of those."""
        orphans = [pid for pid in children_of(os.getpid())
                   if pid not in [p.pid for p in self.procs]]
        for pid in orphans:
            _, st = os.waitpid(pid, 0)
            if pid not in self.building:
                continue  # it had exited before the kill
            self.assertTrue(os.WIFSIGNALED(st) and os.WTERMSIG(st) == signal.SIGKILL,
                            "after the kill at %r, builder pid %d %s: it outlived its daemon"
                            % (moment, pid, "exited %d" % os.WEXITSTATUS(st)
                               if os.WIFEXITED(st) else "died of signal %d" % os.WTERMSIG(st)))
        self.assertEqual(sorted(self.building), sorted(set(self.building) & set(orphans)),
                         "a builder not adopted by this program")
        self.assertEqual(processes_naming(self.data), {},
                         "processes left naming the data directory after the kill at %r" % moment)
        return len(self.building)

    def test_builds_at_once_die_with_their_daemon(self):
        # two builds at once (en and en_GB), the daemon killed while both
        # run: both builders are taken with it, none goes on alone
        self.start_and_kill("wibbelld: building en_GB: reading sources 20%", jobs=2)
        self.assertEqual(self.assert_no_builder_left("two builds at once"), 2)

    def test_kills_across_the_build(self):
        t0 = time.monotonic()
        builders = 0
        for moment in MOMENTS:
            self.start_and_kill(moment)
            builders += self.assert_no_builder_left(moment)
            print("# killed at %r (%.1f s)" % (moment, time.monotonic() - t0))
        # the kills during a build found its builder (the kill between en
        # and en_GB may find en_GB's just forked, or none)
        self.assertGreaterEqual(builders, len(MOMENTS) - 1)

        # The next start builds en_US alone (en and en_GB were whole
        # before the last two kills; en_US's half is not taken as built)
        # and serves the three whole.
        d = wbtest.Daemon(data_dir=self.data)
        self.addCleanup(wbtest.stop_checked, d)
        d.start()
        built = re.findall(r"^wibbelld: building dictionary (\S+) ", d.stderr_text(), re.M)
        self.assertEqual(built, ["en_US"], d.stderr_text())
        st, _, doc = d.json("GET", "/v1/dictionaries")
        self.assertEqual(st, 200, doc)
        served = {x["id"]: x for x in doc["dictionaries"]}
        self.assertEqual(sorted(served), sorted(DICTS))

        ref = wbtest.Daemon()  # the prebuilt test dictionaries
        self.addCleanup(wbtest.stop_checked, ref)
        ref.start()
        st, _, rdoc = ref.json("GET", "/v1/dictionaries")
        self.assertEqual(st, 200, rdoc)
        prebuilt = {x["id"]: x for x in rdoc["dictionaries"]}
        for i in DICTS:
            for k in ("words", "proper_nouns", "lemmas"):
                self.assertEqual(served[i][k], prebuilt[i][k], "%s's %s" % (i, k))
        words = {"en": ["aardvark", "colour", "color", "zymurgy"],
                 "en_GB": ["aardvark", "colour", "zymurgy"],
                 "en_US": ["aardvark", "color", "zymurgy"]}
        for i, ws in words.items():
            for w in ws:
                st, _, e = d.json("GET", "/v1/dictionaries/%s/words/%s" % (i, w))
                self.assertEqual(st, 200, (i, w, e))
                self.assertTrue(e["valid"], (i, w, e))
        self.assertEqual(sorted(os.listdir(os.path.join(self.data, "dict"))),
                         sorted(DICTS + [i + ".lock" for i in DICTS]),
                         "the dictionaries and their locks, no build's leftovers")
        print("# %d kills, %d builders taken with their daemon, %.1f s"
              % (len(MOMENTS), builders, time.monotonic() - t0))


if __name__ == "__main__":
    wbtest.main()
