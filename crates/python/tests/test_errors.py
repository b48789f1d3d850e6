"""Errors: classes, diagnostics objects, console-like messages."""

import pytest

import terrace


def test_error_classes():
    assert issubclass(terrace.SyntaxError, terrace.Error)
    assert issubclass(terrace.EvaluationError, terrace.Error)
    assert issubclass(terrace.ConfigurationError, terrace.Error)
    assert issubclass(terrace.Error, Exception)


def test_syntax_error():
    with pytest.raises(terrace.SyntaxError) as raised:
        terrace.evaluate("upper(1")
    [diagnostic] = raised.value.diagnostics
    assert diagnostic.severity == "error"
    assert diagnostic.summary == "Unterminated function call"
    assert diagnostic.file == "<console-input>"
    assert (diagnostic.line, diagnostic.column) == (1, 8)
    assert str(raised.value).startswith("Error: Unterminated function call\n\n  on <console-input> line 1:")


def test_evaluation_error():
    with pytest.raises(terrace.EvaluationError) as raised:
        terrace.evaluate('[1,\n  upper([])]')
    [diagnostic] = raised.value.diagnostics
    assert diagnostic.summary == "Invalid function argument"
    assert diagnostic.detail == 'Invalid value for "str" parameter: string required, but have tuple.'
    assert (diagnostic.line, diagnostic.column) == (2, 9)
    assert str(raised.value) == (
        "Error: Invalid function argument\n\n"
        "  on <console-input> line 2:\n"
        "   2:   upper([])]\n\n"
        'Invalid value for "str" parameter: string required, but have tuple.'
    )
    assert "Invalid function argument" in repr(diagnostic)
    assert str(diagnostic) == str(raised.value)


def test_unknown_name_is_a_resource_reference_as_in_terraform():
    with pytest.raises(terrace.EvaluationError) as raised:
        terrace.evaluate("nmae", {"name": "x"})
    assert raised.value.diagnostics[0].summary == "Invalid reference"


def test_errors_are_catchable_as_the_base_class():
    for expr in ["1 +", "1 + true", 'tonumber("x")', "local.missing"]:
        with pytest.raises(terrace.Error):
            terrace.evaluate(expr)


def test_type_of_raises_too():
    with pytest.raises(terrace.EvaluationError):
        terrace.type_of("nope")
