"""The printable sheet of pupils' cards: one card per pupil (class code, name, secret),
eight to an A4 page, to cut out and hand round.

>>> from widgets.classroom.identity import Card
>>> sheet = cards_html([Card("KM7Q4X", "7B", "Ali", "tiger lemon")], address="http://x/p")
>>> "KM7-Q4X" in sheet and "tiger lemon" in sheet and "@page" in sheet
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from widgets.classroom.identity import Card, shown_code

CSS = """
@page { size: A4; margin: 10mm; }
body { font-family: sans-serif; margin: 0; }
h1 { font-size: 14pt; margin: 0 0 4mm; }
.cards { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; }
.card { border: 1px dashed #555; border-radius: 3mm; padding: 4mm 5mm; height: 60mm;
        box-sizing: border-box; break-inside: avoid; page-break-inside: avoid; }
.card .class { font-size: 11pt; color: #333; }
.card .code { font-family: monospace; font-size: 16pt; letter-spacing: 1px; }
.card .name { font-size: 18pt; font-weight: bold; margin: 2mm 0; }
.card .secret { font-size: 22pt; font-family: monospace; margin: 1mm 0 2mm; }
.card .picture { font-size: 32pt; vertical-align: middle; }
.card .how { font-size: 9pt; color: #333; }
.page-break { break-after: page; page-break-after: always; height: 0; }
"""
PER_PAGE = 8


def _card(card: Card, address: str | None) -> str:
    where = f" at <b>{html.escape(address)}</b>" if address else ""
    picture = card.picture
    secret = html.escape(card.secret)
    if picture:
        word, _, number = card.secret.partition(" ")
        secret = (f"<span class='picture'>{picture}</span> {html.escape(word)} "
                  f"<b>{html.escape(number)}</b>")
    return (
        "<div class='card'>"
        f"<div class='class'>Class {html.escape(card.class_name)} · class code "
        f"<span class='code'>{html.escape(shown_code(card.class_code))}</span></div>"
        f"<div class='name'>{html.escape(card.pupil_name)}</div>"
        f"<div class='secret'>{secret}</div>"
        f"<div class='how'>Open the puzzles{where}, press <b>Join my class</b> and type the "
        "class code, your name and the words on this card. Keep your card secret: it opens "
        "your progress.</div></div>"
    )


def cards_html(cards: Sequence[Card], *, address: str | None = None) -> str:
    """The whole sheet as an HTML page (open it in a browser and print it on A4). The
    teacher key is never on it (it is shown once, by ``kit-class new``)."""
    title = f"Cards of class {cards[0].class_name}" if cards else "Cards"
    pages = []
    for start in range(0, len(cards), PER_PAGE):
        chunk = "".join(_card(c, address) for c in cards[start:start + PER_PAGE])
        pages.append(f"<div class='cards'>{chunk}</div>")
    body = "<div class='page-break'></div>".join(pages)
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>"
            f"<h1>{html.escape(title)}</h1>{body}</body></html>")
