"""`terrace lsp` on Packer templates and OpenTofu configurations, end to end with pytest-lsp.

There is no Packer or OpenTofu oracle here (only Terraform 1.15.5). Where an expression means
the same in Terraform, its value is what `tf-console 'EXPR'` printed for it with the inputs
substituted (each case names it); otherwise the comment beside the expectation gives the
reason for it from Packer's or OpenTofu's documented behaviour. fixtures/packer/README.md and
fixtures/tofu/README.md say the same for the fixtures."""
from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types as T

from test_lsp_e2e import TIMEOUT, Session, fenced, pos_of


# ---------------------------------------------------------------------------------- Packer
@pytest.mark.asyncio
async def test_packer_hover_completion_and_diagnostics():
    s = await Session("packer").start()
    try:
        text = s.open("image.pkr.hcl")
        assert await s.diagnostics("image.pkr.hcl") == []
        # var.version: values.auto.pkrvars.hcl's "2.1.0-rc" over the default "1.0.0" (Packer
        # loads *.auto.pkrvars.hcl by itself, as Terraform does *.auto.tfvars);
        # other.pkrvars.hcl is only read with -var-file, so var.prefix keeps "img".
        md = await s.hover("image.pkr.hcl", pos_of(text, "var.version)", delta=5))
        assert '"2.1.0-rc"' in fenced(md) and "`string`" in md, md
        md = await s.hover("image.pkr.hcl", pos_of(text, "var.prefix}", delta=5))
        assert '"img"' in fenced(md), md
        # local.name: tf-console '"${"img"}-${upper("2.1.0-rc")}"' printed "img-2.1.0-RC".
        md = await s.hover("image.pkr.hcl", pos_of(text, "local.name}", delta=7))
        assert '"img-2.1.0-RC"' in fenced(md), md
        # local.parts: tf-console 'split(".", "2.1.0-rc")' and its type(): list(string).
        s.insert("image.pkr.hcl", pos_of(text, "}\n\nsource"), "  again = local.parts\n")
        text = s.texts["image.pkr.hcl"] = text.replace("}\n\nsource", "  again = local.parts\n}\n\nsource", 1)
        md = await s.hover("image.pkr.hcl", pos_of(text, "local.parts\n", delta=7))
        assert 'tolist([\n  "2",\n  "1",\n  "0-rc",\n])' in fenced(md) and "`list(string)`" in md, md
        # source.name in a build's provisioner: Packer sets it per source as the build runs
        # ("base" here, the build's only source, by Packer's documentation of `source.name`);
        # the server knows its type, string, but shows no per-source value yet.
        md = await s.hover("image.pkr.hcl", pos_of(text, "source.name", delta=8))
        assert md is not None and "`string`" in md, md

        # Completion after `var.` and `local.` lists the template's own names.
        at = pos_of(text, '  name    = "app"')
        s.insert("image.pkr.hcl", at, "  probe = var.\n")
        got = await s.complete("image.pkr.hcl", T.Position(line=at.line, character=14))
        assert {"version", "prefix"} <= got and "name" not in got, got

        # A syntax error: HCL's own message, the same parser as Terraform's (tf-fmt on the
        # same text: "Unclosed configuration block" at the block's `{`, line 1 column 20 of the
        # added file); cleared when fixed.
        s.open("broken.pkr.hcl", 'source "null" "x" {\n  communicator = "none"\n')
        got = await s.diagnostics("broken.pkr.hcl", want_count=1)
        first = [(d.message.split("\n")[0], d.range.start.line, d.range.start.character) for d in got]
        assert ("Unclosed configuration block", 0, 18) in first, first
        s.insert("broken.pkr.hcl", T.Position(line=2, character=0), "}\n")
        assert await s.diagnostics("broken.pkr.hcl", want_count=0) == []
    finally:
        await s.stop()


# -------------------------------------------------------------------------------- OpenTofu
@pytest.mark.asyncio
async def test_opentofu_tofu_files_shadow_and_tofu_only_language():
    s = await Session("tofu").start()
    try:
        out = s.open("outputs.tf")
        main = s.open("main.tofu")
        assert await s.diagnostics("main.tofu") == []

        async def at(rel, text, ref):
            return await s.hover(rel, pos_of(text, ref, delta=len(ref) - 2))

        # main.tofu is read instead of main.tf (OpenTofu: "NAME.tofu is loaded instead of
        # NAME.tf"), so local.flavor is "tofu", never "terraform".
        md = await at("outputs.tf", out, "local.flavor")
        assert '"tofu"' in fenced(md) and "terraform" not in md, md
        # local.loud: tf-console 'upper("tofu")' printed "TOFU".
        md = await at("outputs.tf", out, "local.loud")
        assert '"TOFU"' in fenced(md), md
        # urldecode is OpenTofu's only (Terraform has no such function): it undoes what
        # tf-console 'urlencode("a b+c")' printed, "a+b%2Bc"; here %20 is a space and %2B a `+`.
        md = await at("outputs.tf", out, "local.decoded")
        assert '"a b+c"' in fenced(md), md
        md = await s.hover("main.tofu", pos_of(main, "urldecode(", delta=3))
        assert "urldecode(str string) string" in md, md
        # Early evaluation: the module's source is built from var.env (default "prod"), which
        # Terraform refuses and OpenTofu accepts; envs/prod's output says "large".
        md = await at("outputs.tf", out, "module.app.size")
        assert '"large"' in fenced(md), md
        # Completion offers OpenTofu's functions.
        s.insert("outputs.tf", T.Position(line=2, character=0), "locals { f = urlde }\n")
        got = await s.complete("outputs.tf", T.Position(line=2, character=18))
        assert "urldecode" in got, got
    finally:
        await s.stop()
