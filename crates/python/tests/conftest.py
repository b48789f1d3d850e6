"""Shared paths and the value comparison the data-driven tests use."""

from __future__ import annotations

import decimal
import pathlib
import re

import terrace

REPO = pathlib.Path(__file__).resolve().parents[3]
MODULES = REPO / "crates" / "config" / "tests" / "data" / "modules"
PACKER = REPO / "crates" / "config" / "tests" / "data" / "packer"
CONSOLE = REPO / "tests" / "data" / "console"
SHARED = REPO.parent / "shared"

SENSITIVE = "@@terrace-test-sensitive@@"
UNKNOWN = "@@terrace-test-unknown@@"
EPHEMERAL = "@@terrace-test-ephemeral@@"


def console_output_value(out: str):
    """The value `terraform console` printed as `out`, read back with terrace.

    The console prints values as HCL (`tolist([...])`, `tomap({...})`, heredocs),
    except for the placeholders `(sensitive value)`, `(known after apply)` and
    `(ephemeral value)`, which become marker strings `same` recognises.
    """
    # The console escapes neither template sequences nor bytes as HCL does.
    text = (
        _heredocs_as_printed(out)
        .replace("${", "$${")
        .replace("%{", "%%{")
        .replace("\\x", "\\u00")
        .replace("(sensitive value)", f'"{SENSITIVE}"')
        .replace("(known after apply)", f'"{UNKNOWN}"')
        .replace("(ephemeral value)", f'"{EPHEMERAL}"')
    )
    # Infinities print as Go writes them.
    text = re.sub(r'(?<![\w"])([+-])Inf\b', r"(\g<1>1 / 0)", text)
    return terrace.evaluate(text)


def _heredocs_as_printed(out: str) -> str:
    """The console ends every heredoc it prints with one newline more than
    the string has (`"a\\nb"` prints as `<<EOT\\na\\nb\\nEOT`); wrap each in
    `trimsuffix(..., "\\n")` so it reads back as the string printed."""
    lines = out.split("\n")
    result = []
    closing = None
    for line in lines:
        if closing is not None and line.strip().startswith(closing):
            # The closing marker, maybe followed by `,` or ` = value` (a key).
            indent = line[: len(line) - len(line.lstrip())]
            rest = line.strip()[len(closing) :]
            result.append(indent + closing)
            result.append(', "\\n")' + rest)
            closing = None
            continue
        if closing is not None and not line.strip():
            line = ""  # A blank line of an indented heredoc, printed with the indent.
        match = re.search(r"<<-?([A-Za-z_][A-Za-z0-9_]*)$", line)
        if closing is None and match:
            closing = match.group(1)
            line = line[: match.start()] + "trimsuffix(" + line[match.start() :]
        result.append(line)
    return "\n".join(result)


def same(got, want) -> bool:
    """`got` (from terrace) equals `want` (read back from the console's
    output), types included: `True` is not `1`."""
    if want == SENSITIVE:
        return isinstance(got, terrace.Sensitive)
    if want == UNKNOWN:
        return isinstance(got, terrace.Unknown)
    if want == EPHEMERAL:
        return True
    if isinstance(want, bool) or isinstance(got, bool):
        return type(got) is type(want) and got == want
    if isinstance(want, (int, decimal.Decimal)):
        return isinstance(got, (int, decimal.Decimal)) and got == want
    if isinstance(want, list):
        return isinstance(got, list) and len(got) == len(want) and all(
            same(g, w) for g, w in zip(got, want)
        )
    if isinstance(want, dict):
        return isinstance(got, dict) and list(got) == list(want) and all(
            same(got[k], want[k]) for k in want
        )
    return type(got) is type(want) and got == want
