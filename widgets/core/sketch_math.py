"""The formulas of a drawing before Python is ready, in MathML (issue 33, item 1).

An ``HTMLMath`` widget's ``$…$`` is typeset by MathJax once the page's scripts load; its
drawing (:mod:`widgets.core.sketch`) showed the TeX itself, which is wider, wraps on a narrow
window and is not as tall: a lesson's table of formulas was drawn up to 48 px taller than it
is live. :func:`with_mathml` writes each formula as MathML, which browsers draw themselves,
about as wide and tall as MathJax's. Only what the kit's formulas use is understood (sympy's
LaTeX of the lessons: ``\\frac``, ``\\left\\lfloor … \\right\\rfloor``, ``\\bmod``,
``\\text``, powers); a formula with anything else keeps its TeX.

>>> with_mathml("Put $x = 5$ in")
'Put <math><mi>x</mi><mo>=</mo><mn>5</mn></math> in'
>>> print(to_mathml(r"\\left\\lfloor x \\right\\rfloor + \\frac{x}{2}"))
<math><mrow><mo>⌊</mo><mi>x</mi><mo>⌋</mo></mrow><mo>+</mo><mfrac><mi>x</mi><mn>2</mn></mfrac></math>
>>> with_mathml(r"$y = 74 \\text{ or } 75$").count("\u00a0or\u00a0")
1
>>> to_mathml(r"\\unknown{x}") is None
True
"""

from __future__ import annotations

import html
import re

#: A formula in a widget's HTML, as MathJax finds it: ``$$…$$``, ``\\[…\\]`` (shown on a
#: line of its own), ``$…$``, ``\\(…\\)`` (in the line); ``\\$`` is a dollar sign.
FORMULA = re.compile(r"\$\$(.+?)\$\$|\\\[(.+?)\\\]|(?<!\\)\$(.+?)(?<!\\)\$|\\\((.+?)\\\)",
                     re.S)
_TOKEN = re.compile(r"\\text\s*\{[^{}]*\}|\\[A-Za-z]+|\\.|\d+(?:\.\d+)?|[A-Za-z]|\s+|.", re.S)
#: Commands drawn as one sign.
SIGNS = {r"\lfloor": "⌊", r"\rfloor": "⌋", r"\lceil": "⌈", r"\rceil": "⌉",
         r"\times": "×", r"\cdot": "⋅", r"\div": "÷", r"\le": "≤", r"\leq": "≤",
         r"\ge": "≥", r"\geq": "≥", r"\neq": "≠", r"\pm": "±", r"\to": "→",
         r"\{": "{", r"\}": "}", r"\%": "%"}
#: Spaces, as MathJax leaves them.
SPACES = {r"\,": "0.1667em", r"\:": "0.2222em", r"\;": "0.2778em", r"\quad": "1em",
          r"\qquad": "2em", r"\ ": "0.25em"}


class NotUnderstood(ValueError):
    """A formula with a command the drawing does not know (it keeps its TeX)."""


class _Parser:
    def __init__(self, tex: str) -> None:
        self.tokens = [t for t in _TOKEN.findall(tex) if not t.isspace()]
        self.at = 0

    def peek(self) -> str | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise NotUnderstood("the formula ends too soon")
        self.at += 1
        return token

    def row(self, until: tuple[str, ...] = ()) -> list[str]:
        """Items up to one of ``until`` (not taken) or the end."""
        items: list[str] = []
        while (token := self.peek()) is not None and token not in until:
            if token in ("^", "_"):
                self.take()
                if not items:
                    raise NotUnderstood("a power of nothing")
                tag = "msup" if token == "^" else "msub"
                items[-1] = f"<{tag}>{items[-1]}{self.argument()}</{tag}>"
            else:
                items.append(self.item())
        return items

    def argument(self) -> str:
        """One item, or a braced group as one row."""
        if self.peek() == "{":
            self.take()
            inner = self.row(("}",))
            self.take()
            return inner[0] if len(inner) == 1 else f"<mrow>{''.join(inner)}</mrow>"
        return self.item()

    def item(self) -> str:
        token = self.take()
        if token == "{":
            inner = self.row(("}",))
            self.take()
            return f"<mrow>{''.join(inner)}</mrow>"
        if token == r"\frac":
            return f"<mfrac>{self.argument()}{self.argument()}</mfrac>"
        if token == r"\left":
            opening = self._fence(self.take())
            inner = self.row((r"\right",))
            self.take()
            closing = self._fence(self.take())
            return f"<mrow>{opening}{''.join(inner)}{closing}</mrow>"
        if token.startswith(r"\text") and token.endswith("}"):  # its spaces kept
            words = token[token.index("{") + 1:-1].replace(" ", "\u00a0")
            return f"<mtext>{html.escape(words)}</mtext>"
        if token == r"\bmod":
            return '<mo lspace="0.2222em" rspace="0.2222em">mod</mo>'
        if token in SPACES:
            return f'<mspace width="{SPACES[token]}"></mspace>'
        if token in SIGNS:
            return f"<mo>{SIGNS[token]}</mo>"
        if token.startswith("\\") or token == "}":
            raise NotUnderstood(f"{token} is not drawn")
        if token[0].isdigit():
            return f"<mn>{token}</mn>"
        if token.isalpha():
            return f"<mi>{token}</mi>"
        return f"<mo>{html.escape(token)}</mo>"

    @staticmethod
    def _fence(token: str) -> str:
        if token == ".":
            return ""
        sign = SIGNS.get(token, token)
        if len(sign) != 1 or sign.isalnum():
            raise NotUnderstood(f"{token} is not a fence")
        return f"<mo>{html.escape(sign)}</mo>"


def to_mathml(tex: str, block: bool = False) -> str | None:
    """``tex`` as a ``<math>`` element (``block``: on a line of its own), or None when it has
    something the drawing does not know."""
    parser = _Parser(tex)
    try:
        items = parser.row()
    except NotUnderstood:
        return None
    shown = ' display="block"' if block else ""
    return f"<math{shown}>{''.join(items)}</math>"


def with_mathml(text: str) -> str:
    """``text`` (a widget's HTML) with each formula MathJax would typeset in MathML (a formula
    the drawing does not understand stays as it is)."""
    def one(found: re.Match[str]) -> str:
        block = found.group(1) is not None or found.group(2) is not None
        tex = next(group for group in found.groups() if group is not None)
        drawn = to_mathml(html.unescape(tex), block)
        return found.group(0) if drawn is None else drawn

    return FORMULA.sub(one, text)
