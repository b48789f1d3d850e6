"""The interactive console over a remote backend, driven through a pseudo-terminal: a backend error is a
diagnostic and the session goes on; Ctrl-C cancels a fetch that hangs and keeps the session; a
backend that answers slowly still gives an error within 10 s. The state is fetched when the console
starts, as `terraform console` reads it before its prompt."""
import fcntl, os, pty, select, signal, socket, subprocess, termios, time

import pytest

import harness


def controlling_terminal():
    """In the child: a session of its own with the pseudo-terminal as its controlling terminal, so that
    Ctrl-C typed while the terminal is not in raw mode is a SIGINT, as in a real terminal."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Console:
    """terrace's interactive console in a pseudo-terminal."""

    def __init__(self, binary, cwd, env):
        self.master, slave = pty.openpty()
        env = dict(env, TERM="xterm")
        self.p = subprocess.Popen([binary, "--no-history", "--dir", cwd], cwd=cwd, env=env, stdin=slave,
                                  stdout=slave, stderr=slave, preexec_fn=controlling_terminal, close_fds=True)
        os.close(slave)
        self.seen = ""

    def read_until(self, needle, timeout=30.0):
        """Read output until needle appears after what was already consumed; returns the new text."""
        start = len(self.seen)
        end = time.time() + timeout
        while needle not in self.seen[start:]:
            left = end - time.time()
            if left <= 0:
                raise AssertionError(f"no {needle!r} within {timeout} s; got {self.seen[start:][-800:]!r}")
            r, _, _ = select.select([self.master], [], [], min(left, 0.2))
            if r:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    data = b""
                if not data:
                    raise AssertionError(f"console closed while waiting for {needle!r}: {self.seen[start:][-800:]!r}")
                self.seen += data.decode("utf-8", "replace")
        return self.seen[start:]

    def type(self, text):
        os.write(self.master, text.encode())

    def close(self):
        try:
            self.type("\x04")
            self.p.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            os.killpg(self.p.pid, signal.SIGKILL)
            self.p.wait()
        os.close(self.master)


def case_env(rs_env, env):
    return harness.case_env({"env": env}, rs_env.ph, rs_env.home)


def test_backend_error_keeps_the_session(rs_env, gate):
    """Wrong credentials: the expression that needs the state is an error, then `1 + 1` is `2`."""
    fx = os.path.join(rs_env.fixtures, "s3-env-lock")
    before = harness.tree_digest(fx)
    mark, tmark = rs_env.srv.mark(), rs_env.tfc_mark()
    env = {c: v for c, v in next(c for c in harness.load_cases() if c["module"] == "s3-env-lock")["env"].items()}
    env["AWS_SECRET_ACCESS_KEY"] = harness.servers.WRONG[0]
    con = Console(rs_env.binary, fx, case_env(rs_env, env))
    try:
        con.read_until("> ")
        con.type("terraform_data.vpc.id\r")
        err = con.read_until("> ")
        assert "rror" in err, err
        con.type("1 + 1\r")
        assert "\n2\r\n" in con.read_until("> ")
    finally:
        con.close()
    harness.assert_safe(rs_env, "s3", mark, tmark, [{"out": con.seen, "err": ""}], fx, before)


@pytest.fixture
def blackhole():
    """A port that accepts connections and never answers (a hung server)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(64)
    yield s.getsockname()[1]
    s.close()


def http_env(port):
    return {"TF_HTTP_ADDRESS": f"http://127.0.0.1:{port}/teams/core/state", "TF_HTTP_USERNAME": "{{HTTP_USER}}",
            "TF_HTTP_PASSWORD": "{{HTTP_PASSWORD}}"}


def test_ctrl_c_cancels_a_hung_fetch(rs_env, gate, blackhole):
    """The fetch at start-up hangs; Ctrl-C cancels it at once: an error, then the prompt, and the
    session works (a resource from the unread state is an error, not `(known after apply)`)."""
    fx = os.path.join(rs_env.fixtures, "http-env")
    con = Console(rs_env.binary, fx, case_env(rs_env, http_env(blackhole)))
    try:
        time.sleep(1.0)
        con.type("\x03")
        t0 = time.time()
        start = con.read_until("> ", timeout=5)
        assert time.time() - t0 < 2, start
        assert "cancel" in start.lower(), start
        con.type("1 + 1\r")
        assert "\n2\r\n" in con.read_until("> ")
        con.type("terraform_data.vpc.id\r")
        assert "State not read" in con.read_until("> ")
    finally:
        con.close()
    assert harness.servers.HTTP_PASSWORD not in con.seen


def test_hung_server_is_an_error_within_10_s(rs_env, gate, blackhole):
    fx = os.path.join(rs_env.fixtures, "http-env")
    r = harness.run_terrace(rs_env.binary, fx, {"expr": "terraform_data.vpc.id", "env": http_env(blackhole)},
                            rs_env.ph, rs_env.home, timeout=20)
    assert r["rc"] not in (0, 101, "timeout") and r["err"].strip(), r
    assert r["secs"] < 10, r
    assert not harness.leaked([r])
