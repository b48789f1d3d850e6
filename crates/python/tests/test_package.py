"""The package itself: its public names, stubs, docstrings and examples."""

import ast
import doctest
import pathlib

import terrace
import terrace._terrace

STUBS = pathlib.Path(terrace.__file__).with_name("_terrace.pyi")


def test_stubs_cover_the_public_api():
    tree = ast.parse(STUBS.read_text())
    stubbed = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            stubbed.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            stubbed.add(node.target.id)
    assert set(terrace.__all__) <= stubbed
    for name in terrace.__all__:
        assert hasattr(terrace._terrace, name), name


def test_marker_for_type_checkers():
    assert STUBS.with_name("py.typed").exists()


def test_docstrings():
    for name in ["evaluate", "type_of", "format", "format_value", "Module", "Unknown", "Sensitive"]:
        assert getattr(terrace, name).__doc__, name
    assert terrace.Module.evaluate.__doc__
    assert terrace.__version__


def test_module_docstring_examples_run():
    failures, tried = doctest.testmod(terrace, verbose=False)
    assert tried >= 3
    assert failures == 0
