"""Type stubs for terrace's extension module (re-exported by ``terrace``)."""

import os
import pathlib
from collections.abc import Mapping, Sequence
from typing import Any, Literal, final

__version__: str

Value = Any
"""A Terraform value as Python data: str, int, decimal.Decimal, bool, None,
list, dict, Unknown or Sensitive, nested."""

@final
class Unknown:
    """A value not known yet (Terraform's ``(known after apply)``)."""

    def __init__(self, type: str = "any") -> None:
        """An unknown value of ``type``, written as Terraform writes types
        (``"string"``, ``"list(number)"``); raises ValueError for anything else."""
    @property
    def type(self) -> str:
        """The value's type as Terraform prints it."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Sensitive:
    """A sensitive value (Terraform prints ``(sensitive value)``)."""

    def __init__(self, value: Value) -> None:
        """Marks ``value`` sensitive when passed to terrace."""
    @property
    def value(self) -> Value:
        """The value itself."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Diagnostic:
    """One error or warning, with where it is."""

    @property
    def severity(self) -> Literal["error", "warning"]:
        """``"error"`` or ``"warning"``."""
    @property
    def summary(self) -> str:
        """The short title, e.g. ``"Unsupported attribute"``."""
    @property
    def detail(self) -> str:
        """The full sentence explaining the problem."""
    @property
    def file(self) -> str | None:
        """The file (``"<console-input>"`` for an expression), or None."""
    @property
    def line(self) -> int | None:
        """The 1-based line, or None when the problem has no place."""
    @property
    def column(self) -> int | None:
        """The 1-based column in characters, or None."""

class Error(Exception):
    """The base class of terrace's errors."""

    diagnostics: list[Diagnostic]
    """What went wrong; ``str(error)`` renders them as the console does."""

class SyntaxError(Error):
    """The text does not parse as HCL."""

class EvaluationError(Error):
    """The expression parses but cannot be evaluated."""

class ConfigurationError(Error):
    """The configuration has errors that stop ``terraform console``."""

def evaluate(expr: str, variables: Mapping[str, Value] | None = None) -> Value:
    """Evaluate one HCL expression as ``terraform console`` does and return
    its value as Python data.

    ``variables`` maps names to Python values the expression can use by name.
    Raises :class:`SyntaxError` when ``expr`` does not parse and
    :class:`EvaluationError` when it fails; a ``KeyboardInterrupt`` (or any
    exception a signal handler raises) stops a long evaluation.
    """

def type_of(expr: str, variables: Mapping[str, Value] | None = None) -> str:
    """The type of ``expr``'s value as Terraform prints it (``"list(string)"``)."""

def format(text: str) -> str:
    """``terraform fmt``'s output for ``text``; raises :class:`SyntaxError`
    when it does not parse."""

def format_value(value: Value) -> str:
    """How ``terraform console`` prints ``value`` (converted as ``variables``
    are: lists become tuples, dicts objects)."""

@final
class Module:
    """A Terraform configuration directory (with its state, when it has one)
    or a Packer template, loaded as ``terraform console`` loads it.

    Raises :class:`ConfigurationError` for errors that stop the console
    (syntax, duplicates, cycles, a missing required variable...).
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        variables: Mapping[str, Value] | None = None,
        var_files: Sequence[str | os.PathLike[str]] = (),
        state: str | os.PathLike[str] | None = None,
        workspace: str | None = None,
        schemas: str | os.PathLike[str] | None = None,
        language: Literal["terraform", "opentofu"] | None = None,
        backend_config: Mapping[str, Value] | Sequence[str] | None = None,
    ) -> None:
        """Load ``path``; ``variables`` are set as ``-var`` sets them (a str
        as it is, other values as HCL literals), after ``var_files``, which
        come after ``TF_VAR_*`` (Packer: ``PKR_VAR_*``) and the auto files;
        ``state`` replaces the workspace's state file, ``workspace`` selects one,
        ``schemas`` is ``terraform providers schema -json``'s output, to type
        the state's resources; ``language`` is Terraform's or OpenTofu's (by
        default OpenTofu's for a directory with ``.tofu`` files);
        ``backend_config`` sets a remote backend's settings as
        ``terraform init -backend-config`` does (a dict of settings, or a list
        of ``KEY=VALUE`` items and files): the state is then read from the
        backend, read-only."""
    @property
    def path(self) -> pathlib.Path:
        """The path given."""
    @property
    def is_packer(self) -> bool:
        """True for a Packer template."""
    @property
    def language(self) -> Literal["terraform", "opentofu", "packer"]:
        """The language the configuration was read in."""
    def evaluate(self, expr: str) -> Value:
        """Evaluate ``expr`` in the configuration's scope, as the console does."""
    @property
    def variables(self) -> dict[str, Value]:
        """The input variables and their values, in declaration order."""
    @property
    def locals(self) -> dict[str, Value]:
        """The local values, in declaration order."""
    @property
    def outputs(self) -> dict[str, Value]:
        """The outputs; empty for a Packer template."""
    @property
    def resources(self) -> list[str]:
        """Resource and data source addresses (a Packer template's sources)."""
    @property
    def sources(self) -> dict[str, Value]:
        """A Packer template's sources (``TYPE.NAME``) and their bodies."""
    def blocks(self, address: str) -> str | None:
        """A resource's configuration after ``count``, ``for_each`` and
        ``dynamic``, as the console's ``:blocks`` prints it; None when no
        resource has that address."""
    @property
    def diagnostics(self) -> list[Diagnostic]:
        """Warnings, and errors in values that did not stop the loading."""

def run_command_line(argv: list[str]) -> int:
    """Run the ``terrace`` command line (the arguments after the program name) as
    the Rust binary does, on this process's standard streams; return its exit status."""
