"""The pg backend over TLS, beyond the recorded values (cases.jsonl, fixture pg-tls): the connection really is
encrypted where lib/pq's sslmode says so (the TLS cluster's own log says "SSL enabled"), and each refused
connection says why in lib/pq's or Go's words, the password never shown."""
import os

import pytest

import harness

CASES = [c for c in harness.load_cases() if c["module"] == "pg-tls"]


def by_note(note):
    found = [c for c in CASES if c.get("note") == note]
    assert len(found) == 1, note
    return found[0]


def ssl_lines(env, mark):
    """The TLS cluster's "connection authorized" log lines since the log offset `mark`."""
    with open(env.pgtls.srv.info["pg"]["log"], encoding="utf-8", errors="replace") as f:
        f.seek(mark)
        return [line for line in f if "connection authorized: user=terraform" in line
                or "connection authorized: user=certuser" in line]


def run(env, case):
    fx = os.path.join(env.fixtures, case["module"])
    before = harness.tree_digest(fx)
    mark, tmark = env.srv.mark(), env.tfc_mark()
    log_mark = os.path.getsize(env.pgtls.srv.info["pg"]["log"])
    r = harness.run_terrace(env.binary, fx, case, env.ph, env.home)
    harness.assert_safe(env, "pg", mark, tmark, [r], fx, before)
    return r, ssl_lines(env, log_mark)


@pytest.mark.parametrize("note, encrypted", [
    (None, True),  # conn_str without sslmode: lib/pq's default `require`
    ("encrypted, certificate not checked", True),
    ("the right root, the right name", True),
    ("verify-ca checks no name", True),
    ("plain: the server also takes plain connections", False),
    ("a client certificate (sslcert, sslkey), no password", True),
])
def test_encrypted_as_sslmode_says(rs_env, gate, note, encrypted):
    case = next(c for c in CASES if not c["error"] and c["expr"] == "terraform_data.vpc.output.name"
                and not c.get("workspace") and not c.get("backend_config")) if note is None else by_note(note)
    r, lines = run(rs_env, case)
    assert r["rc"] == 0, r
    assert r["out"].strip() == case["out"], r
    assert lines, "the TLS cluster saw no connection"
    assert all(("SSL enabled" in line) == encrypted for line in lines), lines


@pytest.mark.parametrize("note, words", [
    ("a server without SSL, no sslmode: lib/pq requires TLS", "pq: SSL is not enabled on the server"),
    ("lib/pq 1.10 knows no sslmode prefer", 'pq: unsupported sslmode "prefer"'),
    ("verify-full, a root that did not sign the server's certificate", "certificate signed by unknown authority"),
    ("require with an existing root file checks the chain (as verify-ca)", "certificate signed by unknown authority"),
    ("verify-full, the system roots do not hold the test CA", "certificate signed by unknown authority"),
    ("PGSSLROOTCERT, the wrong root", "certificate signed by unknown authority"),
    ("verify-full: the certificate is for 127.0.0.1, not localhost", 'not valid for name "localhost"'),
    ("a role that logs in with a client certificate only, none given", "connection requires a valid client certificate"),
    ("a client key others may read", "pq: Private key file has group or world access"),
])
def test_refusals_say_why(rs_env, gate, note, words):
    case = by_note(note)
    r, _ = run(rs_env, case)
    assert r["rc"] == 1, r
    assert words in r["err"], r["err"]
    assert "pg" in r["err"] and r["secs"] < 10, r
    for secret in harness.secrets():
        assert secret not in r["err"] and secret not in r["out"]
