"""A throwaway PostgreSQL cluster with TLS (`ssl = on`) for the pg backend's sslmode tests.

The sample's servers.py (not changed) starts its cluster without SSL; this starts one more of the same
kind (`servers.Servers(run, ["pg"])`: initdb, password auth for user `terraform`, every statement
logged), then gives it a server certificate for IP 127.0.0.1 signed by a throwaway CA (openssl, the
sample's make_certs), turns `ssl = on` and reloads. A second CA, which signed nothing the server holds,
is there for the "wrong root" cases. Role `certuser` (a member of `terraform`) logs in with a client
certificate only (`hostssl ... cert`, the server trusting the CA in `ssl_ca_file`). Placeholders:
PGTLS_PORT, PGTLS_CA_FILE, PGTLS_OTHER_CA_FILE, PGTLS_CLIENT_CERT, PGTLS_CLIENT_KEY, PGTLS_CLIENT_KEY_OPEN
(the key again, mode 0644),
PGTLS_PGPASS_FILE (a password file for user terraform, mode 0600)."""
import os, pwd, shutil, subprocess, time

import servers  # the sample's (on sys.path through harness/record)

CERT_USER = "certuser"  # logs in with a client certificate only


class TlsPg:
    """The TLS cluster: `.srv` is a started `servers.Servers` (load, snapshot, mark, requests_since)."""

    def __init__(self, run_dir, python=None):
        self.run = run_dir
        self.srv = servers.Servers(run_dir, ["pg"], python=python)
        self.ca = self.other_ca = None

    def start(self):
        self.srv.start()
        try:
            self._enable_ssl()
        except Exception:
            self.srv.stop()
            raise
        return self

    def _enable_ssl(self):
        i = self.srv.info["pg"]
        certs = os.path.join(self.run, "pg-tls-ca")
        other = os.path.join(self.run, "pg-tls-other-ca")
        os.makedirs(certs, exist_ok=True)
        os.makedirs(other, exist_ok=True)
        self.ca, cert, key = servers.make_certs(certs)
        self.other_ca, _, _ = servers.make_certs(other)
        # The server reads its certificate and key as its own user, the key private (0600).
        own = os.path.join(i["dir"], "tls")
        os.makedirs(own, exist_ok=True)
        shutil.copyfile(cert, os.path.join(own, "server.crt"))
        shutil.copyfile(key, os.path.join(own, "server.key"))
        os.chmod(os.path.join(own, "server.key"), 0o600)
        if os.geteuid() == 0:
            pw = pwd.getpwnam("postgres")
            for p in (own, os.path.join(own, "server.crt"), os.path.join(own, "server.key")):
                os.chown(p, pw.pw_uid, pw.pw_gid)
        shutil.copyfile(self.ca, os.path.join(own, "ca.crt"))
        if os.geteuid() == 0:
            os.chown(os.path.join(own, "ca.crt"), pw.pw_uid, pw.pw_gid)
        # A client certificate for role `certuser`, which may log in with it only (hostssl ... cert).
        run = lambda *a: subprocess.run(["openssl"] + list(a), cwd=certs, check=True, capture_output=True)  # noqa: E731
        run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "client.key", "-out", "client.csr",
            "-subj", f"/CN={CERT_USER}")
        with open(os.path.join(certs, "client.cnf"), "w") as f:
            f.write("basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n")
        run("x509", "-req", "-in", "client.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "client.crt", "-days", "30", "-extfile", "client.cnf")
        os.chmod(os.path.join(certs, "client.key"), 0o600)  # lib/pq refuses a key others may read
        self.client_cert, self.client_key = os.path.join(certs, "client.crt"), os.path.join(certs, "client.key")
        self.client_key_open = os.path.join(certs, "client-open.key")  # the same key, readable by all
        shutil.copyfile(self.client_key, self.client_key_open)
        os.chmod(self.client_key_open, 0o644)
        # A password file (lib/pq reads PGPASSFILE when conn_str gives no password), private.
        self.pgpass = os.path.join(certs, "pgpass")
        with open(self.pgpass, "w") as f:
            f.write(f"# host:port:database:user:password\n127.0.0.1:{i['port']}:*:{servers.PG_USER}:"
                    f"{servers.PG_PASSWORD}\n")
        os.chmod(self.pgpass, 0o600)
        hba = os.path.join(i["data"], "pg_hba.conf")
        with open(hba) as f:
            rules = f.read()
        with open(hba, "w") as f:
            f.write(f"hostssl all {CERT_USER} 127.0.0.1/32 cert\n" + rules)
        self.srv.psql("postgres", f"CREATE ROLE {CERT_USER} LOGIN IN ROLE {servers.PG_USER};"
                                  f"GRANT ALL ON DATABASE {servers.PG_DB} TO {CERT_USER};")
        with open(os.path.join(i["data"], "postgresql.conf"), "a") as f:
            f.write(f"\nssl = on\nssl_cert_file = '{own}/server.crt'\nssl_key_file = '{own}/server.key'\n"
                    f"ssl_ca_file = '{own}/ca.crt'\n")
        r = subprocess.run([os.path.join(i["bindir"], "pg_ctl"), "-D", i["data"], "reload"],
                           capture_output=True, preexec_fn=servers._as_pg_user())
        if r.returncode:
            raise RuntimeError("pg_ctl reload failed: " + r.stdout.decode() + r.stderr.decode())
        t0 = time.time()
        while self.srv.psql("postgres", "SHOW ssl;").strip() != "on":
            if time.time() - t0 > 20:
                raise RuntimeError("ssl = on not taken after 20 s: " + open(i["log"]).read()[-2000:])
            time.sleep(0.1)
        # The statements of the set-up are not the tests': the request log starts here.
        i["log_offset"] = os.path.getsize(i["log"])

    def placeholders(self):
        return {"PGTLS_PORT": str(self.srv.info["pg"]["port"]), "PGTLS_CA_FILE": self.ca,
                "PGTLS_OTHER_CA_FILE": self.other_ca, "PGTLS_CLIENT_CERT": self.client_cert,
                "PGTLS_CLIENT_KEY": self.client_key, "PGTLS_CLIENT_KEY_OPEN": self.client_key_open,
                "PGTLS_PGPASS_FILE": self.pgpass}

    def stop(self):
        self.srv.stop()
