"""Value mapping both ways, and precision."""

from decimal import Decimal

import pytest

import terrace


@pytest.mark.parametrize(
    ("expr", "want"),
    [
        ('"hello"', "hello"),
        ('"caf\\u00e9"', "café"),
        ("42", 42),
        ("-7", -7),
        ("2.5", Decimal("2.5")),
        ("true", True),
        ("false", False),
        ("null", None),
        ('["a", 1, true]', ["a", 1, True]),
        ('tolist(["b", "a"])', ["b", "a"]),
        ('{b = 1, a = "x"}', {"a": "x", "b": 1}),
        ('tomap({k = "v"})', {"k": "v"}),
        ("[]", []),
        ("{}", {}),
        ('{a = [{b = null}]}', {"a": [{"b": None}]}),
    ],
)
def test_terraform_to_python(expr, want):
    got = terrace.evaluate(expr)
    assert got == want
    assert type(got) is type(want)


def test_bool_is_not_int():
    assert terrace.evaluate("true") is True
    assert terrace.evaluate("1") == 1 and type(terrace.evaluate("1")) is int


def test_set_in_terraform_order():
    # cty orders string sets lexically, numbers numerically.
    assert terrace.evaluate('toset(["c", "a", "b", "a"])') == ["a", "b", "c"]
    assert terrace.evaluate("toset([10, 9, 100])") == [9, 10, 100]


def test_object_keys_in_terraform_order():
    assert list(terrace.evaluate("{z = 1, a = 2, m = 3}")) == ["a", "m", "z"]


def test_unknown_carries_its_type():
    value = terrace.evaluate("x", {"x": terrace.Unknown("list(string)")})
    assert isinstance(value, terrace.Unknown)
    assert value.type == "list(string)"
    assert value == terrace.Unknown("list(string)")
    assert repr(value) == 'Unknown("list(string)")'
    # Arithmetic on an unknown number is an unknown number.
    assert terrace.evaluate("n + 1", {"n": terrace.Unknown("number")}) == terrace.Unknown("number")
    # An unknown inside a known collection stays in place.
    assert terrace.evaluate("[1, n]", {"n": terrace.Unknown("string")}) == [1, terrace.Unknown("string")]


def test_unknown_rejects_a_bad_type():
    with pytest.raises(ValueError):
        terrace.Unknown("not a type(")


def test_sensitive_both_ways():
    value = terrace.evaluate('sensitive("s3cret")')
    assert isinstance(value, terrace.Sensitive)
    assert value.value == "s3cret"
    assert "s3cret" not in repr(value)
    # A sensitive input makes what is computed from it sensitive.
    got = terrace.evaluate("upper(p)", {"p": terrace.Sensitive("abc")})
    assert got == terrace.Sensitive("ABC")
    assert terrace.evaluate("nonsensitive(p)", {"p": terrace.Sensitive("abc")}) == "abc"
    # Only the marked element is wrapped.
    assert terrace.evaluate('["a", sensitive("b")]') == ["a", terrace.Sensitive("b")]
    assert terrace.evaluate("issensitive(p)", {"p": terrace.Sensitive(1)}) is True


def test_ephemeral_marks_are_dropped():
    assert terrace.evaluate("terraform.applying") is False


@pytest.mark.parametrize(
    ("value", "expr", "want"),
    [
        ("text", "v", "text"),
        (True, "v", True),
        (None, "v == null", True),
        (7, "v * 6", 42),
        (2**300, "v", 2**300),
        (-(2**300) - 1, "v", -(2**300) - 1),
        (0.5, "v * 2", 1),
        (0.1, "v", Decimal("0.1")),
        (Decimal("0.1"), "v + 0.2", Decimal("0.3")),
        (Decimal("1E+3"), "v", 1000),
        (Decimal("Infinity"), "v", Decimal("Infinity")),
        (Decimal("-Infinity"), "v", Decimal("-Infinity")),
        ([1, "a"], "v", [1, "a"]),
        ((1, 2), "v[1]", 2),
        ({"a": {"b": [1, None]}}, "v.a.b[0]", 1),
        ({"a": 1}, "keys(v)", ["a"]),
        ([1, [2, [3]]], "flatten(v)", [1, 2, 3]),
    ],
)
def test_python_to_terraform(value, expr, want):
    got = terrace.evaluate(expr, {"v": value})
    assert got == want
    assert type(got) is type(want)


def test_python_collections_become_tuples_and_objects():
    assert terrace.type_of("v", {"v": [1, "a"]}) == "tuple([\n    number,\n    string,\n])"
    assert terrace.type_of("v", {"v": {"a": 1}}) == "object({\n    a: number,\n})"
    assert terrace.type_of("v", {"v": None}) == "dynamic"


@pytest.mark.parametrize(
    "value",
    [float("nan"), Decimal("NaN"), {1: "a"}, object(), {1, 2}, b"bytes"],
)
def test_unconvertible_python_values(value):
    with pytest.raises((TypeError, ValueError)):
        terrace.evaluate("v", {"v": value})


def test_variables_must_be_a_dict():
    with pytest.raises(TypeError):
        terrace.evaluate("v", [("v", 1)])  # type: ignore[arg-type]


def test_too_deep_python_data_is_an_error():
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(ValueError):
        terrace.evaluate("v", {"v": deep})


def test_round_trip_through_python():
    expr = '{name = "web", ports = [80, 443], ratio = 0.25, tags = {env = "prod"}, on = true, none = null}'
    value = terrace.evaluate(expr)
    assert terrace.evaluate("v", {"v": value}) == value


# Precision: numbers are cty's 512-bit floats, never Python floats.


def test_decimal_sum_is_exact():
    assert terrace.evaluate("0.1 + 0.2") == Decimal("0.3")
    assert isinstance(terrace.evaluate("0.1 + 0.2"), Decimal)


def test_big_integers_survive():
    assert terrace.evaluate("123456789012345678901234567890 + 1") == 123456789012345678901234567891
    assert terrace.evaluate("pow(2, 500)") == 2**500
    assert terrace.evaluate("v + 0", {"v": 2**511 + 1}) == 2**511 + 1


def test_huge_integers_beyond_str_limits():
    # Python refuses str() of ints over 4300 digits; the conversion never uses text.
    assert terrace.evaluate("v / 2", {"v": 2**20000}) == 2**19999
    assert terrace.evaluate("v * v", {"v": 2**10000}) == 2**20000


def test_512_bit_fractions_survive():
    text = "1.0000000000000000000000000000000000000000000000000000000000000000000001"
    assert terrace.evaluate(text) == Decimal(text)
    assert terrace.evaluate("v", {"v": Decimal(text)}) == Decimal(text)
    # A 512-bit result goes to Python and back unchanged.
    third = terrace.evaluate("1 / 3")
    assert isinstance(third, Decimal) and len(str(third)) > 150
    assert terrace.evaluate("v * 3 == (1 / 3) * 3", {"v": third}) is True
    assert terrace.evaluate("v == 1 / 3", {"v": third}) is True


def test_infinity():
    assert terrace.evaluate("1 / 0") == Decimal("Infinity")
    assert terrace.evaluate("-1 / 0") == Decimal("-Infinity")


def test_type_of():
    assert terrace.type_of('tolist(["a"])') == "list(string)"
    assert terrace.type_of("toset([1])") == "set(number)"
    assert terrace.type_of('tomap({a = true})') == "map(bool)"
    assert terrace.type_of("null") == "dynamic"
    assert terrace.type_of("x", {"x": terrace.Unknown("map(number)")}) == "map(number)"


def test_format_value():
    assert terrace.format_value({"a": [1, "x"]}) == '{\n  "a" = [\n    1,\n    "x",\n  ]\n}'
    assert terrace.format_value(terrace.Sensitive(1)) == "(sensitive value)"
    assert terrace.format_value(terrace.Unknown("string")) == "(known after apply)"


def test_functions_and_templates():
    assert terrace.evaluate('cidrsubnet("10.0.0.0/16", 8, 2)') == "10.0.2.0/24"
    assert terrace.evaluate('merge({a = 1}, {b = 2}, {a = 3})') == {"a": 3, "b": 2}
    assert terrace.evaluate('lookup({a = "x"}, "b", "d")') == "d"
    assert terrace.evaluate('"%{for s in v}${s}-%{endfor}"', {"v": ["a", "b"]}) == "a-b-"
    assert terrace.evaluate('jsondecode("{\\"a\\": 1.5}")') == {"a": Decimal("1.5")}


def test_format():
    assert terrace.format('a=1\nbb = "x"\n') == 'a  = 1\nbb = "x"\n'
    assert terrace.format('resource "a" "b" {\nx="${var.y}"\n}\n') == 'resource "a" "b" {\n  x = var.y\n}\n'
    with pytest.raises(terrace.SyntaxError) as raised:
        terrace.format("a = \n")
    assert raised.value.diagnostics[0].line == 1
