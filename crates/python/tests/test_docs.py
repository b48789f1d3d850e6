"""The guide's Python examples, run as doctests.

Every ```pycon block of ``docs/src/*.md`` and ``README.md`` is one doctest, run in a
copy of ``docs/examples`` (the directories the guide's examples use), so the Python
page cannot drift from the package. The shell examples are run by the Rust tests
(``crates/repl/tests/it/docs.rs``).
"""

import doctest
import os
import re
import shutil

import pytest

import terrace
from conftest import REPO

BLOCK = re.compile(r"^```pycon\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks():
    pages = sorted((REPO / "docs" / "src").glob("*.md")) + [REPO / "README.md"]
    for page in pages:
        text = page.read_text()
        for match in BLOCK.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            yield pytest.param(match.group(1), id=f"{page.name}:{line}")


@pytest.mark.parametrize("source", list(blocks()))
def test_example(source, tmp_path):
    shutil.copytree(REPO / "docs" / "examples", tmp_path / "examples")
    cwd = os.getcwd()
    os.chdir(tmp_path / "examples")
    try:
        test = doctest.DocTestParser().get_doctest(source, {"terrace": terrace}, "docs", None, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0, "see the doctest report above"
    finally:
        os.chdir(cwd)


def test_the_guide_has_python_examples():
    assert len(list(blocks())) >= 3
