"""`terrace lsp` in Neovim's built-in LSP client (Debian's `neovim`, headless): open a file,
hover two references, format the buffer (nvim/round_trip.lua does it and writes what it saw).
The hover values are what `tf-console --dir fixtures/nvim 'EXPR'` printed (Terraform 1.15.5),
the formatted text what `tf-fmt fixtures/nvim/main.tf` printed (fixtures/nvim.main.tf.fmt).
Skipped when `nvim` is not installed (.ci/run installs it)."""
from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

from test_lsp_e2e import FIXTURES, HERE, fenced, pos_of, terrace


def test_neovim_open_hover_format_round_trip():
    nvim = shutil.which("nvim")
    if nvim is None:
        pytest.skip("no nvim (apt-get install neovim)")
    exe = terrace()
    with tempfile.TemporaryDirectory(prefix="terrace-nvim-") as tmp:
        root = pathlib.Path(tmp) / "nvim"
        shutil.copytree(FIXTURES / "nvim", root)
        text = (root / "main.tf").read_text(encoding="utf-8")
        hovers = [pos_of(text, "var.region}", delta=5), pos_of(text, "local.name}:", delta=7)]
        out = pathlib.Path(tmp) / "out.json"
        env = dict(os.environ, TERRACE=exe, LSP_ROOT=str(root), LSP_FILE="main.tf", LSP_OUT=str(out),
                   LSP_HOVERS=json.dumps([[p.line, p.character] for p in hovers]),
                   XDG_STATE_HOME=tmp, XDG_CACHE_HOME=tmp, XDG_DATA_HOME=tmp, XDG_CONFIG_HOME=tmp)
        proc = subprocess.run([nvim, "--headless", "--clean", "-S", str(HERE / "nvim" / "round_trip.lua")],
                              env=env, cwd=tmp, stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
        assert out.exists(), f"nvim wrote nothing (status {proc.returncode}): {proc.stderr.decode()[-2000:]}"
        got = json.loads(out.read_text(encoding="utf-8"))
        assert got["error"] is None, got
        assert got["attached"] is True
        # tf-console --dir fixtures/nvim: var.region is "ap-south-1" (terraform.tfvars over the
        # default), local.name is "web-ap-south-1", both of type string.
        region, name = got["hovers"]
        assert '"ap-south-1"' in fenced(region) and "`string`" in region, region
        assert '"web-ap-south-1"' in fenced(name) and "`string`" in name, name
        want = (FIXTURES / "nvim.main.tf.fmt").read_text(encoding="utf-8")
        assert got["formatted"] == want
        assert got["formatted"] != text  # the fixture is not formatted: the edits did something
        # The server only returned edits: the file on disk is untouched.
        assert (root / "main.tf").read_text(encoding="utf-8") == text
