"""Lazy fields of frozen dataclasses: a value worked out when first read, then kept.

A field declared ``= LazyField(compute)`` stays a required argument of the class; an
instance made with :func:`made` may leave it out, and ``compute(instance)`` gives it on the
first read (equality, ``repr`` and hashing read it too, so they see the same values).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Row:
...     value: int
...     text: str = LazyField(lambda row: f"= {row.value}")
>>> Row(3, "three").text
'three'
>>> row = made(Row, value=4)
>>> row == Row(4, "= 4"), row.text, row
(True, '= 4', Row(value=4, text='= 4'))
>>> Row(5)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
TypeError: ...missing 1 required positional argument: 'text'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class LazyField:
    """A dataclass field's class attribute: the value ``compute(instance)`` when the instance
    was made without it. (It is no default: the field stays required.)"""

    def __init__(self, compute: Callable[[Any], Any]) -> None:
        self.compute = compute
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            raise AttributeError(self.name)  # what tells dataclasses there is no default
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


def made(cls: type, **values: Any) -> Any:
    """An instance of the dataclass ``cls`` with ``values`` as they are, without calling its
    ``__init__`` (no checks): its lazy fields left out are worked out when read."""
    obj = object.__new__(cls)
    obj.__dict__.update(values)
    return obj
