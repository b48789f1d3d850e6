"""`terrace lsp` under load and bad input, end to end with pytest-lsp: a value that takes too
long says "still evaluating" while everything else answers, `$/cancelRequest` answers
RequestCancelled (-32800) at once, and bad input (binary files, invalid UTF-8, a module
cycle, a directory deleted while open, a 50 MB state) gives a diagnostic or nothing while
the server goes on answering. Values come from the oracle: `tf-console 'upper("fast-${1 +
1}")'` printed "FAST-2" (fixtures/slow's local.cheap, the same expression), `tf-console
--dir fixtures/app` "us-east-2" for var.region; fixtures/slow's local.slow (a billion steps)
was never evaluated by anyone, its hover only has to say that it is still evaluating."""
from __future__ import annotations

import asyncio
import json
import pathlib
import shutil
import time

import pytest
from lsprotocol import types as T
from pygls.exceptions import JsonRpcException

from test_lsp_e2e import TIMEOUT, Session, fenced, pos_of

# The server's budget for one expression is 3 s (analysis::EVAL_BUDGET).
BUDGET = 3.0


def hover_params(s, rel, pos):
    return T.HoverParams(text_document=T.TextDocumentIdentifier(uri=s.uri(rel)), position=pos)


async def timed(awaitable, limit=TIMEOUT):
    t0 = time.monotonic()
    result = await asyncio.wait_for(awaitable, limit)
    return result, time.monotonic() - t0


async def alive(s, rel="main.tf", needle="var.region", want='"us-east-2"'):
    """The server still answers a hover with the oracle's value."""
    text = s.texts.get(rel) or s.open(rel)
    md = await s.hover(rel, pos_of(text, needle, delta=5))
    assert md is not None and want in fenced(md), md


# --------------------------------------------------------------------- still evaluating
@pytest.mark.asyncio
async def test_a_slow_value_says_still_evaluating_and_the_rest_answers():
    s = await Session("slow").start()
    try:
        text = s.open("main.tf")
        # The first load gives up on local.slow after the budget and finishes.
        t0 = time.monotonic()
        assert await s.diagnostics("main.tf") == []  # no error of its own: Terraform has none
        assert time.monotonic() - t0 < BUDGET + 6
        md, took = await timed(s.hover("main.tf", pos_of(text, "local.slow", delta=7)))
        assert "still evaluating" in md and took < 1.0, (md, took)
        md, took = await timed(s.hover("main.tf", pos_of(text, "local.cheap", delta=7)))
        assert '"FAST-2"' in fenced(md) and took < 1.0, (md, took)
        md = await s.hover("main.tf", pos_of(text, "local.cheap}", delta=7))
        assert '"FAST-2"' in fenced(md)

        # An edit starts a new load, which spends the budget again on local.slow; meanwhile
        # hover and completion answer at once from the previous load.
        at = pos_of(text, "}\n\noutput \"cheap\"")
        s.insert("main.tf", at, "  more = local.")
        await asyncio.sleep(0.4)  # past the debounce: the loader is busy with local.slow
        line = at.line
        got, took = await timed(s.complete("main.tf", T.Position(line=line, character=15)))
        assert {"cheap", "slow", "after"} <= got and took < 1.5, (got, took)
        md, took = await timed(s.hover("main.tf", pos_of(text, "local.cheap", delta=7)))
        assert '"FAST-2"' in fenced(md) and took < 1.5, (md, took)
    finally:
        await s.stop()


@pytest.mark.asyncio
async def test_cancel_request_answers_request_cancelled_at_once():
    s = await Session("slow").start()
    try:
        text = s.open("main.tf")
        # Sent while the first load spends its budget: the hover waits for it.
        pending = asyncio.ensure_future(s.client.protocol.send_request_async(
            "textDocument/hover", hover_params(s, "main.tf", pos_of(text, "local.cheap", delta=7)),
            msg_id="slow-hover-1"))
        await asyncio.sleep(0.3)
        t0 = time.monotonic()
        s.client.protocol.notify("$/cancelRequest", T.CancelParams(id="slow-hover-1"))
        with pytest.raises(JsonRpcException) as caught:
            await asyncio.wait_for(pending, TIMEOUT)
        took = time.monotonic() - t0
        assert caught.value.code == -32800, caught.value
        assert took < 1.0, took  # well before the load ends
        # Cancelling what has already been answered, or never existed, changes nothing.
        s.client.protocol.notify("$/cancelRequest", T.CancelParams(id="slow-hover-1"))
        s.client.protocol.notify("$/cancelRequest", T.CancelParams(id=987654))
        # The server goes on: the same hover, asked again, gets the value.
        md = await s.hover("main.tf", pos_of(text, "local.cheap", delta=7))
        assert '"FAST-2"' in fenced(md)
        md = await s.hover("main.tf", pos_of(text, "local.slow", delta=7))
        assert "still evaluating" in md
    finally:
        await s.stop()


# ---------------------------------------------------------------------------- bad input
async def started(fixture, prepare):
    s = Session(fixture)
    prepare(s.root)
    return await s.start()


@pytest.mark.asyncio
async def test_binary_and_invalid_utf8_files():
    def prepare(root):
        (root / "blob.tf").write_bytes(bytes(range(256)) * 64)
        (root / "latin1.tf").write_bytes(b'locals {\n  caf\xe9 = "\xff\xfe"\n}\n')
        (root / "terraform.tfvars.json").write_bytes(b"\x00\x01\x02{")
    s = await started("app", prepare)
    try:
        # On disk only, read by the loader; then opened as an editor would show them
        # (bytes decoded with replacement characters, NULs kept).
        await alive(s)
        for rel in ("blob.tf", "latin1.tf"):
            s.open(rel, (s.root / rel).read_bytes().decode("utf-8", "replace"))
            await s.diagnostics(rel)
            md = await s.hover(rel, T.Position(line=0, character=3))
            assert md is None or isinstance(md, str)
        await alive(s)
    finally:
        await s.stop()


@pytest.mark.asyncio
async def test_module_cycle():
    def prepare(root):
        (root / "loop").mkdir()
        (root / "loop" / "main.tf").write_text('module "again" {\n  source = "../loop"\n}\n', encoding="utf-8")
        (root / "cycle.tf").write_text('module "loop" {\n  source = "./loop"\n}\n', encoding="utf-8")
    s = await started("app", prepare)
    try:
        s.open("cycle.tf")
        s.open("loop/main.tf")
        await s.diagnostics("cycle.tf")
        await alive(s)
    finally:
        await s.stop()


@pytest.mark.asyncio
async def test_directory_deleted_while_open():
    s = await Session("app").start()
    try:
        child = s.open("modules/site/main.tf")
        await s.diagnostics("modules/site/main.tf")
        shutil.rmtree(s.root / "modules")
        # The editor still has the buffer; the disk no longer has the directory.
        s.insert("modules/site/main.tf", T.Position(line=0, character=0), "# edited\n")
        s.client.text_document_did_save(T.DidSaveTextDocumentParams(
            text_document=T.TextDocumentIdentifier(uri=s.uri("modules/site/main.tf"))))
        md = await s.hover("modules/site/main.tf", pos_of(child, "local.fqdn", delta=7))
        assert md is None or isinstance(md, str)
        s.client.text_document_did_close(T.DidCloseTextDocumentParams(
            text_document=T.TextDocumentIdentifier(uri=s.uri("modules/site/main.tf"))))
        await asyncio.sleep(0.5)
        main = s.open("main.tf")
        await s.diagnostics("main.tf")
        await alive(s)
        # Gone with its directory: the call's value is no longer hovered as before, but the
        # server answers.
        await s.hover("main.tf", pos_of(main, "module.site_a.host", delta=9))
    finally:
        await s.stop()


@pytest.mark.asyncio
async def test_a_50_mb_state():
    def prepare(root):
        state = json.loads((root / "terraform.tfstate").read_text(encoding="utf-8"))
        filler = "x" * 1000
        state["resources"].append({
            "mode": "managed", "type": "terraform_data", "name": "bulk",
            "provider": 'provider["terraform.io/builtin/terraform"]',
            "instances": [{"index_key": n, "schema_version": 0, "sensitive_attributes": [],
                           "attributes": {"id": str(n), "input": {"value": f"{n}{filler}", "type": "string"},
                                          "output": {"value": f"{n}{filler}", "type": "string"},
                                          "triggers_replace": None}}
                          for n in range(25_000)]})
        (root / "terraform.tfstate").write_text(json.dumps(state), encoding="utf-8")
        assert (root / "terraform.tfstate").stat().st_size > 50_000_000
    s = await started("app", prepare)
    try:
        text = s.open("main.tf")
        await alive(s)
        # The state is still read: the resource's value is the state's (tf-console --dir
        # fixtures/app with its state).
        md = await s.hover("main.tf", pos_of(text, 'terraform_data.node["a"].output.name', delta=30))
        assert '"a-us-east-2"' in fenced(md)
    finally:
        await s.stop()
