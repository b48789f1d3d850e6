"""End-to-end tests of `terrace lsp` with a real LSP client (pytest-lsp), on the fixtures beside
this file. Every expected value, type and diagnostic comes from Terraform 1.15.5 (the oracle:
`tf-console --dir fixtures/app --apply --keep-state 'EXPR'`, `terraform validate -json`,
`terraform fmt -` through ../shared/fmt/cases.jsonl), never from terrace.

    TERRACE=target/release/terrace target/lsp-venv/bin/python -m pytest crates/lsp/tests -q
"""
from __future__ import annotations

import asyncio
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

import pytest
import pytest_asyncio
from lsprotocol import types as T
from pytest_lsp import client_capabilities
from pytest_lsp.client import make_test_lsp_client

HERE = pathlib.Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
REPO = HERE.parents[2]
TIMEOUT = 20


def terrace():
    exe = os.environ.get("TERRACE") or str(REPO / "target" / "release" / "terrace")
    if not os.path.exists(exe):
        pytest.skip(f"no terrace binary at {exe} (set TERRACE)")
    return exe


def utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def pos_of(text: str, needle: str, nth: int = 0, delta: int = 0) -> T.Position:
    """The position of the `nth` occurrence of `needle` (plus `delta` characters), UTF-16."""
    i = -1
    for _ in range(nth + 1):
        i = text.index(needle, i + 1)
    i += delta
    line = text.count("\n", 0, i)
    start = text.rfind("\n", 0, i) + 1
    return T.Position(line=line, character=utf16(text[start:i]))


class Session:
    def __init__(self, fixture: str, options=None, inlay_caps=False):
        self.options = options
        self.inlay_caps = inlay_caps
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="terrace-lsp-"))
        self.root = self.tmp / pathlib.Path(fixture).name
        shutil.copytree(FIXTURES / fixture, self.root)
        self.client = make_test_lsp_client()
        self.texts = {}
        self.versions = {}

    async def start(self):
        await self.client.start_io(terrace(), "lsp", cwd=str(self.tmp))
        caps = client_capabilities("visual-studio-code")
        caps.general = T.GeneralClientCapabilities(position_encodings=[T.PositionEncodingKind.Utf16])
        caps.text_document.diagnostic = None
        if self.inlay_caps:  # VS Code's, newer than pytest-lsp's copy of its capabilities
            caps.workspace.inlay_hint = T.InlayHintWorkspaceClientCapabilities(refresh_support=True)
            caps.text_document.inlay_hint = T.InlayHintClientCapabilities(dynamic_registration=True)
        uri = self.root.as_uri()
        self.init = await self.client.initialize_session(T.InitializeParams(
            capabilities=caps, process_id=os.getpid(), root_uri=uri, initialization_options=self.options,
            workspace_folders=[T.WorkspaceFolder(uri=uri, name="ws")]))
        return self

    async def stop(self):
        try:
            await asyncio.wait_for(self.client.shutdown_session(), 10)
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)

    def uri(self, rel):
        return (self.root / rel).as_uri()

    def open(self, rel, text=None):
        text = (self.root / rel).read_text(encoding="utf-8") if text is None else text
        self.texts[rel] = text
        self.versions[rel] = 1
        self.client.text_document_did_open(T.DidOpenTextDocumentParams(text_document=T.TextDocumentItem(
            uri=self.uri(rel), language_id="terraform", version=1, text=text)))
        return text

    def insert(self, rel, at: T.Position, new: str):
        self.versions[rel] += 1
        self.client.text_document_did_change(T.DidChangeTextDocumentParams(
            text_document=T.VersionedTextDocumentIdentifier(uri=self.uri(rel), version=self.versions[rel]),
            content_changes=[T.TextDocumentContentChangePartial(range=T.Range(start=at, end=at), text=new)]))

    async def hover(self, rel, pos):
        h = await asyncio.wait_for(self.client.text_document_hover_async(T.HoverParams(
            text_document=T.TextDocumentIdentifier(uri=self.uri(rel)), position=pos)), TIMEOUT)
        return None if h is None else h.contents.value

    async def definition(self, rel, pos):
        res = await asyncio.wait_for(self.client.text_document_definition_async(T.DefinitionParams(
            text_document=T.TextDocumentIdentifier(uri=self.uri(rel)), position=pos)), TIMEOUT)
        res = res if isinstance(res, list) else [res] if res else []
        return [(pathlib.Path(r.uri[len("file://"):]).relative_to(self.root).as_posix(), r.range.start.line)
                for r in res]

    async def complete(self, rel, pos):
        res = await asyncio.wait_for(self.client.text_document_completion_async(T.CompletionParams(
            text_document=T.TextDocumentIdentifier(uri=self.uri(rel)), position=pos)), TIMEOUT)
        items = res.items if isinstance(res, T.CompletionList) else (res or [])
        return {i.label for i in items}

    async def diagnostics(self, rel, want_count=None, timeout=TIMEOUT):
        """The diagnostics published for rel, once they have settled."""
        t0, last, since = time.monotonic(), None, time.monotonic()
        while time.monotonic() - t0 < timeout:
            got = self.client.diagnostics.get(self.uri(rel))
            got = None if got is None else list(got)
            key = None if got is None else [(d.message, d.range.start.line, d.range.start.character) for d in got]
            if key != last:
                last, since = key, time.monotonic()
            elif got is not None and time.monotonic() - since > 1.0 and (want_count is None or len(got) == want_count):
                return got
            await asyncio.sleep(0.05)
        return list(self.client.diagnostics.get(self.uri(rel)) or [])


@pytest_asyncio.fixture
async def app():
    s = await Session("app").start()
    yield s
    await s.stop()


def fenced(md):
    blocks, cur = [], None
    for line in md.split("\n"):
        if line.startswith("```"):
            if cur is None:
                cur = []
            else:
                blocks.append("\n".join(cur))
                cur = None
        elif cur is not None:
            cur.append(line)
    return blocks


# ------------------------------------------------------------------------------------ hover
@pytest.mark.asyncio
async def test_hover_values_types_and_declarations(app):
    text = app.open("main.tf")
    md = await app.hover("main.tf", pos_of(text, "var.region", delta=5))
    assert '"us-east-2"' in fenced(md)  # tfvars over the default (oracle)
    assert "`string`" in md
    assert "Where it runs" in md  # the description
    # After `😀` (two UTF-16 units) and `é`: positions are UTF-16.
    md = await app.hover("main.tf", pos_of(text, "local.greeting", delta=7))
    assert '"héllo 😀 us-east-2"' in fenced(md)
    md = await app.hover("main.tf", pos_of(text, "upper(local.label)", delta=9))
    assert '"😀héllo 😀 us-east-2"' in fenced(md)


@pytest.mark.asyncio
async def test_hover_multiline_sensitive_null(app):
    text = app.open("main.tf")
    app.insert("main.tf", pos_of(text, "}\n\nresource"), "  probe = [local.shape, var.token, local.maybe]\n")
    text = app.texts["main.tf"] = text.replace("}\n\nresource", "  probe = [local.shape, var.token, local.maybe]\n}\n\nresource", 1)
    md = await app.hover("main.tf", pos_of(text, "local.shape,", delta=7))
    blocks = fenced(md)
    assert '{\n  "size" = 3\n  "tags" = [\n    "x",\n    "y",\n  ]\n}' in blocks
    assert "object({\n    size: number,\n    tags: tuple([\n        string,\n        string,\n    ]),\n})" in blocks
    md = await app.hover("main.tf", pos_of(text, "var.token", delta=4))
    assert "(sensitive value)" in fenced(md)
    md = await app.hover("main.tf", pos_of(text, "local.maybe", delta=7))
    assert "null" in fenced(md)


@pytest.mark.asyncio
async def test_hover_state_and_child_module_per_call(app):
    text = app.open("main.tf")
    md = await app.hover("main.tf", pos_of(text, 'terraform_data.node["a"].output.name', delta=30))
    assert '"a-us-east-2"' in fenced(md)  # from terraform.tfstate
    child = app.open("modules/site/main.tf")
    md = await app.hover("modules/site/main.tf", pos_of(child, "local.fqdn", delta=7))
    blocks = fenced(md)
    assert '"a.example.com"' in blocks and '"b.example.com"' in blocks
    assert "module.site_a" in md and "module.site_b" in md


@pytest.mark.asyncio
async def test_hover_function_and_comment(app):
    text = app.open("main.tf")
    md = await app.hover("main.tf", pos_of(text, "upper(", delta=2))
    assert "upper(str string) string" in md
    assert await app.hover("main.tf", pos_of(text, "references after", delta=3)) is None


# ------------------------------------------------------------------------------- definition
@pytest.mark.asyncio
async def test_definitions(app):
    text = app.open("main.tf")
    assert ("variables.tf", 0) in await app.definition("main.tf", pos_of(text, "var.region", delta=5))
    assert ("main.tf", 2) in await app.definition("main.tf", pos_of(text, "local.greeting", delta=8))
    targets = await app.definition("main.tf", pos_of(text, "module.site_b.host", delta=15))
    assert ("main.tf", 20) in targets and ("modules/site/main.tf", 8) in targets
    targets = await app.definition("main.tf", pos_of(text, 'terraform_data.node["a"]', delta=3))
    assert ("main.tf", 8) in targets


# ------------------------------------------------------------------------------- completion
@pytest.mark.asyncio
async def test_completion_on_half_typed_lines(app):
    text = app.open("main.tf")
    at = pos_of(text, "}\n\nresource")
    app.insert("main.tf", at, "  probe = var.")
    got = await app.complete("main.tf", T.Position(line=at.line, character=14))
    assert {"region", "names", "token"} <= got and "greeting" not in got
    app.insert("main.tf", T.Position(line=at.line, character=14), "x\n  more = module.site_a.")
    got = await app.complete("main.tf", T.Position(line=at.line + 1, character=23))
    assert got == {"host"}
    app.insert("main.tf", T.Position(line=at.line + 1, character=23), "host\n  shape = local.shape.")
    got = await app.complete("main.tf", T.Position(line=at.line + 2, character=22))
    assert {"size", "tags"} <= got
    app.insert("main.tf", T.Position(line=at.line + 2, character=22), "size\n  f = formatd")
    got = await app.complete("main.tf", T.Position(line=at.line + 3, character=13))
    assert "formatdate" in got and "format" not in got


# ------------------------------------------------------------------------------ diagnostics
async def diag_session(fixture, rel):
    s = await Session(fixture).start()
    s.open(rel)
    return s


@pytest.mark.asyncio
async def test_diagnostics_unclosed_block_at_its_brace():
    s = await diag_session("diag/unclosed", "main.tf")
    try:
        got = await s.diagnostics("main.tf")
        first = [(d.message.split("\n")[0], d.range.start.line, d.range.start.character) for d in got]
        # terraform validate -json: line 1 column 8 (the `{`).
        assert ("Unclosed configuration block", 0, 7) in first, first
    finally:
        await s.stop()


@pytest.mark.asyncio
async def test_diagnostics_references_exactly_terraforms():
    s = await diag_session("diag/refs", "main.tf")
    try:
        got = await s.diagnostics("main.tf", want_count=3)
        found = sorted((d.severity, d.message.split("\n")[0], d.range.start.line, d.range.start.character)
                       for d in got if d.severity in (1, 2))
        # terraform validate -json (1-based lines and columns there).
        assert found == sorted([
            (1, "Reference to undeclared local value", 6, 6),
            (1, "Reference to undeclared input variable", 7, 6),
            (1, "Unsupported argument", 12, 2),
        ]), found
    finally:
        await s.stop()


@pytest.mark.asyncio
async def test_diagnostics_without_a_range_at_the_attribute():
    """terraform validate -json on fixtures/diag/readonly: '"id" attribute is read-only' and
    '"output" attribute is read-only' with no range (the provider's schema check), and
    'Unsupported argument' at line 8 column 3. The range-less ones are shown at the attribute's
    name."""
    s = await diag_session("diag/readonly", "main.tf")
    try:
        got = await s.diagnostics("main.tf", want_count=3)
        found = sorted((d.severity, d.message.split("\n")[0], d.range.start.line, d.range.start.character,
                        d.range.end.character) for d in got)
        assert found == sorted([
            (1, '"id" attribute is read-only', 1, 2, 4),
            (1, '"output" attribute is read-only', 2, 2, 8),
            (1, "Unsupported argument", 7, 2, 6),
        ]), found
    finally:
        await s.stop()


@pytest.mark.asyncio
async def test_diagnostics_clear_when_fixed_in_another_file(app):
    app.open("variables.tf")
    text = app.open("main.tf")
    assert await app.diagnostics("main.tf") == []
    at = pos_of(text, "}\n\nresource")
    app.insert("main.tf", at, "  bad = var.nothere\n")
    got = await app.diagnostics("main.tf", want_count=1)
    assert [d.message.split("\n")[0] for d in got] == ["Reference to undeclared input variable"]
    vars_text = app.texts["variables.tf"]
    app.insert("variables.tf", pos_of(vars_text, vars_text[-1], nth=vars_text.count(vars_text[-1]) - 1, delta=1),
               '\nvariable "nothere" {\n  default = 1\n}\n')
    assert await app.diagnostics("main.tf", want_count=0) == []


# ------------------------------------------------------------------------------- formatting
def fmt_cases():
    """`terraform fmt -`'s answers recorded for the syntax crate: its slice of the fmt sample
    (sample.jsonl: inputs with Terraform's output, or `error` where Terraform refuses the
    input) and its rule files (rules/NAME.tf with NAME.tf.want)."""
    data = REPO / "crates" / "syntax" / "tests" / "data" / "fmt"
    cases = [json.loads(line) for line in (data / "sample.jsonl").read_text(encoding="utf-8").splitlines()
             if line.strip()]
    for want in sorted((data / "rules").glob("*.tf.want")):
        source = want.with_suffix("")
        cases.append({"id": source.name, "input": source.read_bytes().decode("utf-8", "replace"),
                      "output": want.read_bytes().decode("utf-8", "replace"), "error": False})
    return cases


@pytest.mark.asyncio
async def test_formatting_equals_terraform_fmt(app):
    cases = fmt_cases()
    assert len(cases) > 300
    failures = []
    for n, case in enumerate(cases):
        rel = f"fmt{n}.tf"
        app.open(rel, case["input"])
        edits = await asyncio.wait_for(app.client.text_document_formatting_async(T.DocumentFormattingParams(
            text_document=T.TextDocumentIdentifier(uri=app.uri(rel)),
            options=T.FormattingOptions(tab_size=2, insert_spaces=True))), TIMEOUT)
        result = apply_edits(case["input"], edits or [])
        want = case["input"] if case.get("error") else case["output"]
        if result != want:
            failures.append(case["id"])
    assert not failures, f"{len(failures)} of {len(cases)}: {failures[:20]}"


async def range_format(s, rel, start, end):
    return await asyncio.wait_for(s.client.text_document_range_formatting_async(T.DocumentRangeFormattingParams(
        text_document=T.TextDocumentIdentifier(uri=s.uri(rel)), range=T.Range(start=start, end=end),
        options=T.FormattingOptions(tab_size=2, insert_spaces=True))), TIMEOUT)


@pytest.mark.asyncio
async def test_range_formatting_on_the_fmt_sample(app):
    """The whole document's range gives `terraform fmt -`'s text exactly; a range of some lines
    (starting mid-line) gives Terraform's lines there and leaves the others as they were (on the
    files whose lines Terraform keeps one for one)."""
    assert app.init.capabilities.document_range_formatting_provider
    cases = fmt_cases()
    shared = REPO.parent / "shared" / "fmt" / "cases.jsonl"  # the whole public sample, when beside
    if shared.exists():
        seen = {c["id"] for c in cases}
        cases += [c for c in map(json.loads, shared.read_text(encoding="utf-8").splitlines())
                  if c["id"] not in seen]
    cases = [c for c in cases if not c.get("error")]
    failures, partial = [], 0
    for n, case in enumerate(cases):
        rel = f"range{n}.tf"
        text = case["input"]
        app.open(rel, text)
        lines = text.split("\n")
        end = T.Position(line=len(lines) - 1, character=utf16(lines[-1]))
        edits = await range_format(app, rel, T.Position(line=0, character=0), end)
        if apply_edits(text, edits or []) != case["output"]:
            failures.append(("whole", case["id"]))
        old = text.splitlines(keepends=True)
        new = case["output"].splitlines(keepends=True)
        if len(old) != len(new) or len(old) < 3:
            continue
        # The middle third, from the middle of its first line to the start of the line after it.
        a, b = len(old) // 3, 2 * len(old) // 3
        start = T.Position(line=a, character=utf16(old[a].rstrip("\n")) // 2)
        edits = await range_format(app, rel, start, T.Position(line=b, character=0))
        want = "".join(old[:a] + new[a:b] + old[b:])
        partial += 1
        if apply_edits(text, edits or []) != want:
            failures.append(("lines", case["id"]))
        for e in edits or []:
            if e.range.start.line < a or e.range.end.line > b:
                failures.append(("outside", case["id"]))
    assert partial > 150
    assert not failures, f"{len(failures)} of {len(cases)} files: {failures[:20]}"


def apply_edits(text, edits):
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    def index(p):
        if p.line >= len(lines):
            return len(text)
        s, units, i = starts[p.line], 0, starts[p.line]
        end = s + len(lines[p.line])
        while units < p.character and i < end:
            units += 2 if ord(text[i]) > 0xFFFF else 1
            i += 1
        return i

    spans = sorted(((index(e.range.start), index(e.range.end), e.new_text) for e in edits), reverse=True)
    for a, b, new in spans:
        text = text[:a] + new + text[b:]
    return text


# ------------------------------------------------------------------------- symbols, folding
@pytest.mark.asyncio
async def test_symbols_and_folding(app):
    app.open("main.tf")
    syms = await app.client.text_document_document_symbol_async(T.DocumentSymbolParams(
        text_document=T.TextDocumentIdentifier(uri=app.uri("main.tf"))))
    names = [(s.name, s.detail, s.range.start.line) for s in syms]
    assert ("terraform_data.node", "resource", 8) in names and ("site_b", "module", 20) in names
    folds = await app.client.text_document_folding_range_async(T.FoldingRangeParams(
        text_document=T.TextDocumentIdentifier(uri=app.uri("main.tf"))))
    assert (0, 5) in {(f.start_line, f.end_line) for f in folds}
    ws = await app.client.workspace_symbol_async(T.WorkspaceSymbolParams(query="site"))
    assert {"site_a", "site_b"} <= {s.name for s in ws}


# ---------------------------------------------------------------------------------- process
def test_exit_status_when_the_client_dies():
    proc = subprocess.Popen([terrace(), "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                       "params": {"processId": None, "capabilities": {}}}).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()
    proc.stdin.close()  # the client dies: stdin closes
    assert proc.wait(timeout=10) == 1


# ------------------------------------------------------------------ hover against the oracle
def rich_cases():
    path = FIXTURES / "rich.hover.json"
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.asyncio
async def test_hover_equals_terraform_console_in_every_case():
    """Every probe in fixtures/rich/probes.tf (after non-ASCII text on its line): the value and
    the type `terraform console` printed (tf-console --dir fixtures/rich, state from --apply;
    terraform_data.later was added after the apply, so it is not in the state)."""
    s = await Session("rich").start()
    try:
        text = s.open("probes.tf")
        failures = []
        for n, case in enumerate(rich_cases()):
            pos = pos_of(text, f"p{n:02} = /* 😀é */ {case['ref']}", delta=len(f"p{n:02} = /* 😀é */ ") + 2)
            md = await s.hover("probes.tf", pos)
            blocks = fenced(md or "")
            value, ty = case["value"], case["type"]
            lines = value.split("\n")
            if len(lines) > 40:  # cut after 40 lines, saying how many more
                value = "\n".join(lines[:40])
                value_ok = value in blocks and f"{len(lines) - 40} more lines" in md
                ty = "\n".join(ty.split("\n")[:40])
            else:
                value_ok = value in blocks
            type_ok = ty in blocks or ("\n" not in ty and f"`{ty}`" in (md or ""))
            if not (value_ok and type_ok):
                failures.append(f"{case['ref']}: {md!r}")
        assert not failures, "\n".join(failures)
    finally:
        await s.stop()


@pytest.mark.asyncio
async def test_definitions_into_child_modules_and_for_each_resources():
    s = await Session("rich").start()
    try:
        text = s.open("probes.tf")

        async def at(ref):
            prefix = "= /* 😀é */ "
            return await s.definition("probes.tf", pos_of(text, prefix + ref, delta=len(prefix) + 2))

        targets = await at("module.net_a.subnets")
        assert ("main.tf", 30) in targets and ("modules/net/main.tf", 8) in targets
        assert ("main.tf", 25) in await at('terraform_data.byname["b"].output')
        assert ("main.tf", 17) in await at("terraform_data.web[0].output.name")
        assert ("variables.tf", 6) in await at("var.sizes")
        assert ("main.tf", 3) in await at("local.settings")
        child = s.open("modules/net/main.tf")
        assert ("modules/net/main.tf", 0) in await s.definition(
            "modules/net/main.tf", pos_of(child, "var.cidr, 8", delta=5))
    finally:
        await s.stop()


@pytest.mark.asyncio
async def test_diagnostics_clear_after_another_file_is_saved():
    """terraform validate -json on fixtures/diag/save: main.tf line 2 column 11, until
    variables.tf declares the variable."""
    s = await Session("diag/save").start()
    try:
        s.open("main.tf")
        vars_text = s.open("variables.tf")
        got = await s.diagnostics("main.tf", want_count=1)
        assert [(d.message.split("\n")[0], d.range.start.line, d.range.start.character) for d in got] == [
            ("Reference to undeclared input variable", 1, 10)]
        fixed = vars_text + 'variable "region" {\n  default = "x"\n}\n'
        s.insert("variables.tf", T.Position(line=1, character=0), fixed[len(vars_text):])
        (s.root / "variables.tf").write_text(fixed, encoding="utf-8")
        s.client.text_document_did_save(T.DidSaveTextDocumentParams(
            text_document=T.TextDocumentIdentifier(uri=s.uri("variables.tf"))))
        assert await s.diagnostics("main.tf", want_count=0) == []
    finally:
        await s.stop()


@pytest.mark.asyncio
async def test_pipelined_requests_and_unknown_documents(app):
    text = app.open("main.tf")
    pos = pos_of(text, "var.region", delta=5)
    hovers = [app.client.text_document_hover_async(T.HoverParams(
        text_document=T.TextDocumentIdentifier(uri=app.uri("main.tf")), position=pos)) for _ in range(30)]
    results = await asyncio.wait_for(asyncio.gather(*hovers), TIMEOUT)
    assert all('"us-east-2"' in fenced(h.contents.value) for h in results)
    # A document never opened, and not on disk: no answer worth showing, and the server lives on.
    missing = await asyncio.wait_for(app.client.text_document_hover_async(T.HoverParams(
        text_document=T.TextDocumentIdentifier(uri=app.uri("nowhere/none.tf")),
        position=T.Position(line=3, character=4))), TIMEOUT)
    assert missing is None
    assert '"us-east-2"' in fenced(await app.hover("main.tf", pos))


@pytest.mark.asyncio
async def test_references_and_rename_across_the_module_and_its_callers():
    s = await Session("rich").start()
    try:
        child = s.open("modules/net/main.tf")
        pos = pos_of(child, "var.cidr, 8", delta=5)
        refs = await asyncio.wait_for(s.client.text_document_references_async(T.ReferenceParams(
            text_document=T.TextDocumentIdentifier(uri=s.uri("modules/net/main.tf")), position=pos,
            context=T.ReferenceContext(include_declaration=True))), TIMEOUT)
        got = sorted((pathlib.Path(r.uri[len("file://"):]).relative_to(s.root).as_posix(), r.range.start.line,
                      r.range.start.character) for r in refs)
        # The declaration's label, the two reads, and the argument of each call.
        assert got == [("main.tf", 32, 2), ("main.tf", 37, 2), ("modules/net/main.tf", 0, 10),
                       ("modules/net/main.tf", 5, 48), ("modules/net/main.tf", 13, 14)], got
        edit = await asyncio.wait_for(s.client.text_document_rename_async(T.RenameParams(
            text_document=T.TextDocumentIdentifier(uri=s.uri("modules/net/main.tf")), position=pos,
            new_name="prefix")), TIMEOUT)
        changed = {}
        for uri, edits in edit.changes.items():
            rel = pathlib.Path(uri[len("file://"):]).relative_to(s.root).as_posix()
            text = (s.root / rel).read_text(encoding="utf-8")
            changed[rel] = apply_edits(text, edits)
        assert 'variable "prefix" {' in changed["modules/net/main.tf"]
        assert "cidrsubnet(var.prefix, 8, i)" in changed["modules/net/main.tf"]
        assert "value = var.prefix" in changed["modules/net/main.tf"]
        assert changed["main.tf"].count('  prefix   = "10.') == 2
    finally:
        await s.stop()


# ------------------------------------------------------------------------------ inlay hints
# fixtures/inlay, values from the oracle (tf-console --dir fixtures/inlay, no state):
# local.name "é😀-eu-west-1", local.doubled 4, local.flag true, upper(local.name)
# "É😀-EU-WEST-1", module.one.same and module.two.same "shared-1"; not shown: local.zones
# (several lines), local.secret (sensitive value), local.long (59 characters), local.literal
# (its own text), local.later (known after apply), output "hidden" (sensitive = true).
INLAY_MAIN = {("name", '"é😀-eu-west-1"'), ("doubled", "4"), ("flag", "true"), ("output name", '"É😀-EU-WEST-1"')}


async def inlay_hints(s, rel, text, first=0, last=None):
    last = text.count("\n") if last is None else last
    res = await asyncio.wait_for(s.client.text_document_inlay_hint_async(T.InlayHintParams(
        text_document=T.TextDocumentIdentifier(uri=s.uri(rel)),
        range=T.Range(start=T.Position(line=first, character=0), end=T.Position(line=last, character=0)))), TIMEOUT)
    return res


def hint_places(text, hints):
    """(the name of the local or output on the hint's line, its label), checking each hint sits
    right after its expression (UTF-16 character)."""
    lines = text.split("\n")
    out = set()
    for h in hints or []:
        line = lines[h.position.line]
        assert utf16(line.rstrip()) == h.position.character, (line, h.position)
        name = line.split("=")[0].strip()
        if name == "value":
            block = next(l for l in reversed(lines[:h.position.line]) if l.startswith("output"))
            name = "output " + block.split('"')[1]
        out.add((name, h.label))
    return out


@pytest.mark.asyncio
async def test_inlay_hints_off_unless_asked():
    s = await Session("inlay").start()
    try:
        assert s.init.capabilities.inlay_hint_provider is None
        text = s.open("main.tf")
        await s.hover("main.tf", pos_of(text, "var.region", delta=5))  # loaded
        assert not await inlay_hints(s, "main.tf", text)
    finally:
        await s.stop()


@pytest.mark.asyncio
async def test_inlay_hints_from_initialization_options():
    s = await Session("inlay", options={"inlayHints": True}).start()
    try:
        assert s.init.capabilities.inlay_hint_provider
        text = s.open("main.tf")
        assert hint_places(text, await inlay_hints(s, "main.tf", text)) == INLAY_MAIN
        # Only the lines asked for.
        got = hint_places(text, await inlay_hints(s, "main.tf", text, first=15, last=17))
        assert got == {("doubled", "4"), ("flag", "true")}, got
        # A child module called twice: only what both calls agree on.
        child = s.open("child/main.tf")
        got = hint_places(child, await inlay_hints(s, "child/main.tf", child))
        assert got == {("same", '"shared-1"'), ("output same", '"shared-1"')}, got
    finally:
        await s.stop()


@pytest.mark.asyncio
async def test_inlay_hints_from_workspace_configuration_with_refresh():
    s = Session("inlay", inlay_caps=True)
    s.client.set_configuration({"inlayHints": True}, section="terrace")
    refreshes = []

    @s.client.feature("workspace/inlayHint/refresh")
    def _refresh(params):
        refreshes.append(time.monotonic())

    @s.client.feature("client/registerCapability")
    def _register(params):
        refreshes.append(("register", [r.method for r in params.registrations]))

    await s.start()
    try:
        # Not announced in initialize: registered once the client's settings turn it on.
        assert s.init.capabilities.inlay_hint_provider is None
        text = s.open("main.tf")
        t0 = time.monotonic()
        while ("register", ["textDocument/inlayHint"]) not in refreshes and time.monotonic() - t0 < TIMEOUT:
            await asyncio.sleep(0.05)
        assert ("register", ["textDocument/inlayHint"]) in refreshes
        assert hint_places(text, await inlay_hints(s, "main.tf", text)) == INLAY_MAIN
        # A change of values: the server asks the client to refresh its hints.
        n = len(refreshes)
        at = pos_of(text, '"eu-west-1"\n}')
        s.insert("main.tf", T.Position(line=at.line, character=at.character + 1), "x")
        t0 = time.monotonic()
        while len(refreshes) == n and time.monotonic() - t0 < TIMEOUT:
            await asyncio.sleep(0.05)
        assert len(refreshes) > n
        text = text.replace('"eu-west-1"\n}', '"xeu-west-1"\n}', 1)
        got = hint_places(text, await inlay_hints(s, "main.tf", text))
        assert ("flag", "false") in got, got  # var.region == "eu-west-1" no longer
        # Turned off by the client: none.
        s.client.workspace_did_change_configuration(T.DidChangeConfigurationParams(
            settings={"terrace": {"inlayHints": False}}))
        await asyncio.sleep(0.3)
        assert not await inlay_hints(s, "main.tf", text)
    finally:
        await s.stop()


# ------------------------------------------------------------------------- rename of outputs
def rel_of(s, uri):
    return pathlib.Path(uri[len("file://"):]).relative_to(s.root).as_posix()


@pytest.mark.asyncio
async def test_references_and_rename_of_an_output_across_its_callers(app):
    main = app.open("main.tf")
    child = app.open("modules/site/main.tf")
    # From the child's declaration: the label, and module.site_a.host and module.site_b.host
    # in the module calling it twice.
    refs = await asyncio.wait_for(app.client.text_document_references_async(T.ReferenceParams(
        text_document=T.TextDocumentIdentifier(uri=app.uri("modules/site/main.tf")),
        position=pos_of(child, 'output "host"', delta=9),
        context=T.ReferenceContext(include_declaration=True))), TIMEOUT)
    got = sorted((rel_of(app, r.uri), r.range.start.line, r.range.start.character, r.range.end.character)
                 for r in refs)
    a, b = pos_of(main, "module.site_a.host", delta=14), pos_of(main, "module.site_b.host", delta=14)
    assert got == sorted([("modules/site/main.tf", 8, 8, 12), ("main.tf", a.line, a.character, a.character + 4),
                          ("main.tf", b.line, b.character, b.character + 4)]), got
    # The same from a read in the caller.
    refs2 = await asyncio.wait_for(app.client.text_document_references_async(T.ReferenceParams(
        text_document=T.TextDocumentIdentifier(uri=app.uri("main.tf")), position=pos_of(main, "module.site_b.host", delta=15),
        context=T.ReferenceContext(include_declaration=True))), TIMEOUT)
    assert sorted((rel_of(app, r.uri), r.range.start.line, r.range.start.character, r.range.end.character)
                  for r in refs2) == got
    # Rename from the read: the declaration and both reads.
    edit = await asyncio.wait_for(app.client.text_document_rename_async(T.RenameParams(
        text_document=T.TextDocumentIdentifier(uri=app.uri("main.tf")), position=pos_of(main, "module.site_b.host", delta=15),
        new_name="address")), TIMEOUT)
    changed = {rel_of(app, uri): apply_edits(app.texts[rel_of(app, uri)], edits) for uri, edits in edit.changes.items()}
    assert 'output "address" {' in changed["modules/site/main.tf"]
    assert "value = [module.site_a.address, module.site_b.address, upper(local.label)]" in changed["main.tf"]
    assert changed["main.tf"].count("address") == 2
    # Rename from the declaration gives the same edits.
    edit2 = await asyncio.wait_for(app.client.text_document_rename_async(T.RenameParams(
        text_document=T.TextDocumentIdentifier(uri=app.uri("modules/site/main.tf")),
        position=pos_of(child, 'output "host"', delta=10), new_name="address")), TIMEOUT)
    assert {rel_of(app, uri): apply_edits(app.texts[rel_of(app, uri)], edits)
            for uri, edits in edit2.changes.items()} == changed


@pytest.mark.asyncio
async def test_prepare_rename_says_what_is_not_renamed(app):
    assert app.init.capabilities.rename_provider.prepare_provider
    main = app.open("main.tf")
    uri = T.TextDocumentIdentifier(uri=app.uri("main.tf"))

    async def prepare(pos):
        return await asyncio.wait_for(app.client.text_document_prepare_rename_async(
            T.PrepareRenameParams(text_document=uri, position=pos)), TIMEOUT)

    res = await prepare(pos_of(main, "var.region", delta=6))
    at = pos_of(main, "var.region", delta=4)
    assert res.placeholder == "region" and res.range.start == at and res.range.end.character == at.character + 6
    res = await prepare(pos_of(main, "local.greeting", delta=3))  # on `local`: the local is meant
    assert res.placeholder == "greeting"
    res = await prepare(pos_of(main, 'output "greet"', delta=9))
    assert res.placeholder == "greet"
    for needle, delta, words in [("each.key", 6, "built in"), ('terraform_data.node["a"]', 3, "is a resource"),
                                 ("module.site_a.host", 8, "module call"), ("upper(", 2, "is a function"),
                                 ("references after", 3, "Nothing to rename")]:
        with pytest.raises(Exception) as error:
            await prepare(pos_of(main, needle, delta=delta))
        assert words in str(error.value), (needle, str(error.value))
    with pytest.raises(Exception) as error:
        await asyncio.wait_for(app.client.text_document_rename_async(T.RenameParams(
            text_document=uri, position=pos_of(main, "var.region", delta=6), new_name="not valid")), TIMEOUT)
    assert "not a valid name" in str(error.value)


@pytest.mark.asyncio
async def test_hover_why_of_a_resource_the_state_does_not_list():
    """terraform_data.later was added to fixtures/rich after the apply that wrote its state: the
    oracle prints (known after apply); :why says it is planned, not created yet."""
    s = await Session("rich").start()
    try:
        text = s.open("probes.tf")
        prefix = "p13 = /* 😀é */ "
        md = await s.hover("probes.tf", pos_of(text, prefix + "terraform_data.later.id", delta=len(prefix) + 2))
        assert "(known after apply)" in fenced(md)
        assert "not in the state yet (planned, not created)" in md, md
        assert "from the state" not in md
    finally:
        await s.stop()
