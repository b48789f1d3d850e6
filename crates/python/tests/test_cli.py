"""The ``terrace`` command the package installs: the Rust binary's command line.

Expected outputs are Terraform's (``terraform console`` and ``terraform fmt``
1.15.5); where the workspace's own build of the binary exists
(``target/debug/terrace``), every run is also compared with it byte for byte.
"""

import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
RUST_BINARY = ROOT / "target" / "debug" / "terrace"


def script() -> str:
    """The ``terrace`` script beside this interpreter (the venv's ``bin``)."""
    found = shutil.which("terrace", path=str(pathlib.Path(sys.executable).parent))
    assert found, "the package installs no `terrace` command next to the interpreter"
    return found


CASES = [
    (["-e", "1 + 1"], None, 0, "2\n"),
    (["-e", 'upper("a")', "--json"], None, 0, '"A"\n'),
    (["-r", "-e", 'join(",", ["a", "b"])'], None, 0, "a,b\n"),
    ([], "[for s in [\"a\"] :\n  upper(s)]\n", 0, '[\n  "A",\n]\n'),
    (["-e", "nope.x"], None, 1, ""),
    (["fmt", "-"], "a=1\nbb = 2\n", 0, "a  = 1\nbb = 2\n"),
    (["fmt", "-check", "-"], "a=1\n", 3, ""),
    (["check", "missing-file.tf"], None, 1, ""),
    (["--frobnicate"], None, 2, ""),
]


@pytest.mark.parametrize(("args", "stdin", "status", "stdout"), CASES)
def test_the_command_line(tmp_path, args, stdin, status, stdout):
    run = subprocess.run(
        [script(), *args], input=stdin, capture_output=True, text=True, cwd=tmp_path
    )
    assert (run.returncode, run.stdout) == (status, stdout), run.stderr
    if RUST_BINARY.exists():
        rust = subprocess.run(
            [str(RUST_BINARY), *args], input=stdin, capture_output=True, text=True, cwd=tmp_path
        )
        assert (run.returncode, run.stdout, run.stderr) == (
            rust.returncode,
            rust.stdout,
            rust.stderr,
        )


def test_version_names_the_languages():
    run = subprocess.run([script(), "--version"], capture_output=True, text=True)
    assert run.returncode == 0
    assert "Terraform 1.15.5" in run.stdout and "OpenTofu 1.12" in run.stdout


def test_fmt_rewrites_a_file(tmp_path):
    (tmp_path / "main.tf").write_text('variable "x" {\ntype="string"\n}\n')
    run = subprocess.run([script(), "fmt"], capture_output=True, text=True, cwd=tmp_path)
    assert (run.returncode, run.stdout) == (0, "main.tf\n")
    assert (tmp_path / "main.tf").read_text() == 'variable "x" {\n  type = string\n}\n'


def test_python_dash_m_is_the_same_command():
    run = subprocess.run(
        [sys.executable, "-m", "terrace", "-e", "2 * 21"], capture_output=True, text=True
    )
    assert (run.returncode, run.stdout) == (0, "42\n")
