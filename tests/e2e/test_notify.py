#!/usr/bin/env python3
"""test_notify.py - readiness for systemd's Type=notify (daemon/notify.h).

A unix datagram socket of the test's own stands for systemd: the daemon
started with $NOTIFY_SOCKET naming it sends READY=1, and at that moment
/healthz already answers (asked once, no retry); after SIGTERM it sends
STOPPING=1 and exits 0.  Both a socket path and an abstract "@name".
A first start says what it builds in STATUS= before READY=1.  Without
$NOTIFY_SOCKET the daemon runs as before (every other test).
"""
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402


class Notify(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="wibbelld-e2e-notify-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def receive(self, sock, timeout=wbtest.START_TIMEOUT):
        sock.settimeout(timeout)
        return sock.recv(4096).decode()

    def run_daemon(self, addr, env_value, args=(), data_dir=None):
        """Start with NOTIFY_SOCKET=env_value (bound at addr), expect
        READY=1 with /healthz answering, then SIGTERM and STOPPING=1.
        Returns the datagrams before READY=1."""
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(addr)
        env = dict(os.environ, NOTIFY_SOCKET=env_value)
        d = wbtest.Daemon(args=list(args), env=env, data_dir=data_dir)
        d.proc = subprocess.Popen([d.exe] + d.args, stdout=subprocess.PIPE, stderr=d.stderr,
                                  stdin=subprocess.DEVNULL, env=env)
        before = []
        try:
            while True:
                msg = self.receive(sock)
                lines = msg.split("\n")
                if "READY=1" in lines:
                    break
                before.append(msg)
            # ready means serving: one request, no retry
            m = wbtest.LISTEN_RE.match(d._read_line(10))
            self.assertIsNotNone(m, "no listening line")
            d.host, d.port = m.group(1).strip("[]"), int(m.group(2))
            st, _, body = d.request("GET", "/healthz")
            self.assertEqual(st, 200, body)
            os.kill(d.proc.pid, signal.SIGTERM)
            self.assertIn("STOPPING=1", self.receive(sock, 30).split("\n"))
            self.assertEqual(d.stop(), 0, d.stderr_text())
        finally:
            d.kill()
            sock.close()
        return before

    def test_ready_and_stopping_on_a_socket_path(self):
        path = os.path.join(self.tmp, "notify.sock")
        self.run_daemon(path, path)

    def test_abstract_socket(self):
        name = "wibbelld-e2e-%d" % os.getpid()
        self.run_daemon("\0" + name, "@" + name)

    def test_first_start_status_before_ready(self):
        path = os.path.join(self.tmp, "notify.sock")
        data = os.path.join(self.tmp, "data")  # empty: en_US is built
        before = self.run_daemon(path, path, args=["--dictionaries", "en_US"], data_dir=data)
        self.assertIn("STATUS=building dictionary en_US (first start)", before)

    def test_no_socket_to_send_to(self):
        """A NOTIFY_SOCKET nobody listens on: a message on stderr, and
        the daemon serves all the same."""
        env = dict(os.environ, NOTIFY_SOCKET=os.path.join(self.tmp, "nobody"))
        d = wbtest.Daemon(env=env).start()
        try:
            st, _, _ = d.request("GET", "/healthz")
            self.assertEqual(st, 200)
        finally:
            self.assertEqual(d.stop(), 0)
        self.assertIn("cannot notify $NOTIFY_SOCKET", d.stderr_text())


if __name__ == "__main__":
    wbtest.main()
