"""terrace.Module on the project's fixture configurations and Packer templates."""

import pytest

import terrace
from conftest import CONSOLE, MODULES, PACKER

REQUIRED = {"required": {"a": "b"}, "number": 41, "list": [1, 2]}


def test_variables_and_precedence():
    module = terrace.Module(MODULES / "variables", variables={**REQUIRED, "from_var": "py"})
    assert module.variables["from_default"] == "default"
    assert module.variables["from_tfvars"] == "terraform.tfvars"
    assert module.variables["from_auto"] == "b.auto.tfvars"
    assert module.variables["from_var"] == "py"
    assert module.variables["number"] == 41
    assert module.variables["list"] == [1, 2]
    assert module.variables["required"] == {"a": "b"}
    assert module.variables["not_nullable"] == "fallback"
    assert module.variables["secret"] == terrace.Sensitive("hunter2")
    assert module.outputs["number_plus_one"] == 42
    assert module.outputs["secret"] == terrace.Sensitive("hunter2")
    assert module.outputs["summary"][-1] == "py"
    assert module.evaluate("var.number * 2") == 82
    assert module.evaluate("terraform.workspace") == "default"
    assert module.is_packer is False


def test_var_files_come_before_variables(tmp_path):
    var_file = tmp_path / "extra.tfvars"
    var_file.write_text('from_var_file = "extra"\nfrom_var = "extra"\n')
    module = terrace.Module(
        MODULES / "variables", variables={**REQUIRED, "from_var": "py"}, var_files=[var_file]
    )
    assert module.variables["from_var_file"] == "extra"
    assert module.variables["from_var"] == "py"


def test_variables_as_hcl_literals(tmp_path):
    (tmp_path / "main.tf").write_text(
        'variable "obj" {\n  type = object({ s = string, n = list(number), m = map(bool) })\n}\n'
        'variable "s" {\n  type = string\n}\n'
    )
    value = {"s": 'a "quoted" ${not} %{x}\n', "n": [1, 2.5], "m": {"k": True}}
    module = terrace.Module(tmp_path, variables={"obj": value, "s": "${raw}"})
    assert module.variables["obj"] == {"m": {"k": True}, "n": [1, 2.5], "s": value["s"]}
    assert module.variables["s"] == "${raw}"


def test_missing_required_variables_are_unknown_with_a_warning():
    module = terrace.Module(MODULES / "variables")
    assert module.variables["required"] == terrace.Unknown("map(string)")
    warnings = [d for d in module.diagnostics if d.severity == "warning"]
    assert any(d.summary == "Required variables not set" for d in warnings)


def test_diagnostics_carry_their_place():
    module = terrace.Module(MODULES / "variables", variables=REQUIRED)
    [undeclared] = [d for d in module.diagnostics if d.summary == "Value for undeclared variable"]
    assert undeclared.file.endswith("terraform.tfvars")
    assert undeclared.line == 6 and undeclared.column == 1


def test_count_for_each_and_blocks():
    module = terrace.Module(MODULES / "count-for-each")
    assert "aws_instance.web" in module.resources
    assert "data.aws_ami.ubuntu" in module.resources
    # No state: resources are known after apply, as in terraform console.
    assert isinstance(module.evaluate("aws_instance.web[0].id"), terrace.Unknown)
    blocks = module.blocks("aws_instance.web")
    assert '# aws_instance.web[1]\nresource "aws_instance" "web" {\n  ami = "ami-1"' in blocks
    assert module.blocks("aws_instance.nope") is None


def test_nested_modules():
    module = terrace.Module(MODULES / "nested")
    assert isinstance(module.outputs, dict)
    assert module.evaluate("path.module") == "."


def test_configuration_errors_raise():
    with pytest.raises(terrace.ConfigurationError) as raised:
        terrace.Module(MODULES / "duplicates")
    assert raised.value.diagnostics
    assert all(d.severity == "error" for d in raised.value.diagnostics)
    assert raised.value.diagnostics[0].file is not None


def test_state_outputs():
    module = terrace.Module(CONSOLE / "state" / "outputs")
    outputs = module.outputs
    assert outputs["big"] == 123456789012345678901234567890
    assert outputs["set"] == ["p", "q"]
    assert outputs["secret"] == terrace.Sensitive(outputs["secret"].value)
    assert module.evaluate("terraform_data.src.output") == {"name": "outputs-demo", "ports": [80, 443]}


def test_state_sensitive_attributes():
    module = terrace.Module(CONSOLE / "state" / "sensitive")
    value = module.evaluate("terraform_data.partial.input")
    assert value["password"] == terrace.Sensitive("p@ss")
    assert value["list"] == ["a", terrace.Sensitive("b"), "c"]
    assert value["user"] == "admin"


def test_state_workspaces():
    default = terrace.Module(CONSOLE / "state" / "workspaces", workspace="default")
    assert default.evaluate("terraform_data.n[*].input") == ["default-0"]
    dev = terrace.Module(CONSOLE / "state" / "workspaces", workspace="dev")
    assert dev.evaluate("terraform.workspace") == "dev"
    assert dev.evaluate("terraform_data.n[*].input") == ["dev-0", "dev-1"]


def test_explicit_state_file():
    fixture = CONSOLE / "state" / "count_for_each"
    module = terrace.Module(fixture, state=CONSOLE / "state" / "modules" / "terraform.tfstate")
    assert isinstance(module.evaluate("terraform_data.kinds"), terrace.Unknown)


def test_module_evaluation_errors():
    module = terrace.Module(MODULES / "variables", variables=REQUIRED)
    with pytest.raises(terrace.EvaluationError):
        module.evaluate("var.nope")
    with pytest.raises(terrace.SyntaxError):
        module.evaluate("var.")


def test_packer_template():
    template = terrace.Module(PACKER / "variables")
    assert template.is_packer is True
    assert template.outputs == {}
    assert isinstance(template.variables, dict) and template.variables
    assert isinstance(template.locals, dict)
    assert template.blocks("x") is None


def test_packer_sources():
    template = terrace.Module(PACKER / "amazon-ebs" / "template.pkr.hcl")
    assert template.is_packer is True
    assert template.resources
    assert set(template.sources) == set(template.resources)
    # Packer's own functions are there.
    assert template.evaluate('regex_replace("a-b", "-", "_")') == "a_b"


def test_unknown_or_sensitive_variables_are_refused():
    with pytest.raises(TypeError):
        terrace.Module(MODULES / "variables", variables={**REQUIRED, "from_var": terrace.Unknown("string")})
    with pytest.raises(TypeError):
        terrace.Module(MODULES / "variables", variables={**REQUIRED, "from_var": terrace.Sensitive("x")})


def test_missing_directory():
    with pytest.raises(terrace.ConfigurationError) as raised:
        terrace.Module("/nonexistent/terrace-test")
    assert raised.value.diagnostics[0].summary == "Failed to read module directory"


def test_module_type_of_and_repr():
    module = terrace.Module(MODULES / "count-for-each")
    assert module.type_of("var.names") == "set(string)"
    assert repr(module).startswith("Module(")


def test_opentofu_language():
    # A directory with .tofu files is OpenTofu's, as in the console.
    tofu = terrace.Module(MODULES / "tofu-precedence")
    assert tofu.language == "opentofu"
    assert tofu.evaluate("local.from_main") == "main.tofu"
    assert tofu.evaluate('urldecode("a%20b")') == "a b"  # an OpenTofu function
    forced = terrace.Module(MODULES / "tofu-precedence", language="terraform")
    assert forced.language == "terraform"
    assert forced.evaluate("local.from_main") == "main.tf"
    with pytest.raises(terrace.EvaluationError):
        forced.evaluate('urldecode("a%20b")')
    # OpenTofu's early evaluation: a module source from variables and locals.
    early = terrace.Module(MODULES / "tofu-early", language="opentofu")
    assert early.evaluate("module.from_local.name") == "module b (l)"
    with pytest.raises(ValueError):
        terrace.Module(MODULES / "tofu-early", language="tofu")
    assert terrace.Module(PACKER / "variables").language == "packer"
