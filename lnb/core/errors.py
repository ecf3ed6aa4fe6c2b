"""The error family of every game of the kit: all ``ValueError``, each carrying fields.

A message names what was wrong and the fix; the fields carry the same facts as data, so no
caller ever parses a message back (``err.row``, ``err.text``, ``err.expected``...).

The message is a *template* over the fields, marked for the catalog with ``N_``; it is
translated when it is shown (``str(err)``, ``err.message``), in the language of that moment
(:mod:`lnb.core.i18n`), so the same error reads in English in a test and in Chinese in a
pupil's app. ``{text!r}`` quotes what was typed (:func:`lnb.core.messages.shown`); a
value may be a :class:`~lnb.core.messages.Text` (a translated part) or a
:class:`~lnb.core.messages.Listing`.

>>> from lnb.core.i18n import N_, use_language
>>> err = LnbError(N_("level {level} does not exist; levels are A to E, e.g. A3+"), level="F",
...                row=1, text="F3+", expected=("A", "B", "C", "D", "E"))
>>> err.row, err.text, err.fields["level"], str(err)
(1, 'F3+', 'F', 'level F does not exist; levels are A to E, e.g. A3+')
>>> with use_language("zh-CN"):
...     str(err)
'F 行不存在；行是 A 到 E，例如 A3+'
>>> isinstance(err, ValueError), err.template
(True, 'level {level} does not exist; levels are A to E, e.g. A3+')
"""

from __future__ import annotations

from typing import Any

from lnb.core.messages import Text, translate

#: Fields every error has (None when they do not apply).
COMMON_FIELDS = ("row", "text", "expected", "player", "round", "entry", "reason")


class LnbError(ValueError):
    """Base of every error the kit's rules raise on bad input.

    ``message`` is one plain sentence for people, written as a template over the fields and
    marked for the catalog (``N_("rack {rack} does not exist")``) or as a :class:`Text`; it is
    translated when shown (``str(err)``, ``err.message``), in the language of that moment.
    Keyword ``fields`` are the same facts as data: ``row`` (1-based program row), ``text``
    (what was written), ``expected`` (what would be right), ``player``, ``round``, ``entry``
    (a record's or edition's entry), ``reason`` (a short machine-readable key), and any others
    a subclass needs.
    """

    def __init__(self, message: str = "", /, **fields: Any) -> None:
        super().__init__(message)
        self.template = message
        self.prefixes: tuple[str, ...] = ()
        self.fields: dict[str, Any] = {name: None for name in COMMON_FIELDS}
        self.fields.update(fields)
        for name, value in self.fields.items():
            setattr(self, name, value)

    @property
    def message(self) -> str:
        """The message in the current language: its template (or :class:`Text`) filled with
        the fields, after any prefixes a caller added (:meth:`with_context`)."""
        parts = [*self.prefixes, self.template]
        return "".join(part.translated() if isinstance(part, Text)
                       else translate(part, self.fields) for part in parts)

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.template, self.fields, self.prefixes))

    def with_context(self, prefix: str = "", **fields: Any) -> LnbError:
        """A copy of this error (same class) with ``prefix`` (a template over the fields, or a
        :class:`Text`) before the message and more fields; used where a caller knows where the
        input came from.

        >>> from lnb.core.i18n import N_
        >>> err = LnbError("bad", row=1).with_context(N_("Round {round} {player}: "),
        ...                                           player="Ada", round=2)
        >>> err.fields["player"], str(err)
        ('Ada', 'Round 2 Ada: bad')
        """
        return self.as_family(type(self), prefix, **fields)

    def as_family(self, cls: type[LnbError], prefix: str = "", **fields: Any) -> LnbError:
        """The same facts as another error class of the family (e.g. a ``RecordError``)."""
        merged = {**self.fields, **{k: v for k, v in fields.items() if v is not None}}
        prefixes = (prefix, *self.prefixes) if prefix else self.prefixes
        return _rebuild(cls, self.template, merged, prefixes)


def _rebuild(cls: type[LnbError], message: str, fields: dict[str, Any],
             prefixes: tuple[str, ...] = ()) -> LnbError:
    err = cls.__new__(cls)
    LnbError.__init__(err, message, **fields)
    err.prefixes = prefixes
    return err


class EditionError(LnbError):
    """An edition data file is broken, or names an edition the kit does not have."""


class RecordError(LnbError):
    """A game record is malformed or breaks the rules; names Round, player and row."""


class GameError(LnbError):
    """An action that the game does not allow now (wrong phase, wrong player...)."""


class BadInputError(LnbError):
    """A value handed to the library has the wrong type or shape (``None`` for a name...)."""
