"""terrace: Terraform's expression language (HCL2) evaluated exactly as
``terraform console`` 1.15.5 evaluates it, from Python.

>>> import terrace
>>> terrace.evaluate('[for s in names : upper(s)]', {"names": ["a", "b"]})
['A', 'B']
>>> terrace.evaluate("0.1 + 0.2")
Decimal('0.3')
>>> terrace.type_of('{a = [1]}')
'object({\\n    a: tuple([\\n        number,\\n    ]),\\n})'

Values map to Python as: string → ``str``; number → ``int`` when whole, else
``decimal.Decimal`` (exact, never a float); bool → ``bool``; null → ``None``;
list, tuple and set → ``list`` (a set in Terraform's order); map and object →
``dict``; an unknown value → :class:`Unknown`; a sensitive one →
:class:`Sensitive`. Python values passed in convert the other way
(``float`` and ``Decimal`` too; lists and tuples become tuples, dicts objects).
"""

from ._terrace import (
    ConfigurationError,
    Diagnostic,
    Error,
    EvaluationError,
    Module,
    Sensitive,
    SyntaxError,
    Unknown,
    __version__,
    evaluate,
    format,
    format_value,
    type_of,
)

__all__ = [
    "ConfigurationError",
    "Diagnostic",
    "Error",
    "EvaluationError",
    "Module",
    "Sensitive",
    "SyntaxError",
    "Unknown",
    "__version__",
    "evaluate",
    "format",
    "format_value",
    "type_of",
]
