"""The printable sheet of pupils' cards: one card per pupil (class code, name, secret),
eight to an A4 page, to cut out and hand round, in the current language (``kit-class --lang``).

>>> from classroom.identity import Card
>>> sheet = cards_html([Card("KM7Q4X", "7B", "Ali", "tiger lemon")], address="http://x/p")
>>> "KM7-Q4X" in sheet and "tiger lemon" in sheet and "@page" in sheet
True

A young pupil's card (``--pictures``) has its picture drawn (SVG), so it prints on a computer
without an emoji font:

>>> sheet = cards_html([Card("KM7Q4X", "7B", "Ali", "cat 42")])
>>> "<svg class='picture'" in sheet and "🐱" not in sheet
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from classroom.card_pictures import picture_svg
from classroom.identity import Card, shown_code
from lnb.core.fonts import TEXT_FONT
from lnb.core.i18n import _, current_language, tag

CSS = f"""
@page {{ size: A4; margin: 10mm; }}
body {{ font-family: {TEXT_FONT}; margin: 0; }}
"""
CSS += """h1 { font-size: 14pt; margin: 0 0 4mm; }
.cards { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; }
.card { border: 1px dashed #555; border-radius: 3mm; padding: 4mm 5mm; height: 60mm;
        box-sizing: border-box; break-inside: avoid; page-break-inside: avoid; }
.card .class { font-size: 11pt; color: #333; }
.card .code { font-family: monospace; font-size: 16pt; letter-spacing: 1px; }
.card .name { font-size: 18pt; font-weight: bold; margin: 2mm 0; }
.card .secret { font-size: 22pt; font-family: monospace; margin: 1mm 0 2mm; }
.card .picture { vertical-align: middle; }
.card .how { font-size: 9pt; color: #333; }
.page-break { break-after: page; page-break-after: always; height: 0; }
"""
PER_PAGE = 8


def _card(card: Card, address: str | None) -> str:
    join = "<b>{}</b>".format(html.escape(_("Join my class")))
    if address:
        how = html.escape(_(
            "Open the puzzles at {address}, press {join} and type the class code, your name "
            "and the words on this card. Keep your card secret: it opens your progress."))
        how = how.format(address=f"<b>{html.escape(address)}</b>", join=join)
    else:
        how = html.escape(_(
            "Open the puzzles, press {join} and type the class code, your name and the words "
            "on this card. Keep your card secret: it opens your progress.")).format(join=join)
    code = f"<span class='code'>{html.escape(shown_code(card.class_code))}</span>"
    head = html.escape(_("Class {klass} · class code {code}")).format(
        klass=html.escape(card.class_name), code=code)
    secret = html.escape(card.secret)
    if card.picture:  # drawn, not an emoji: it prints without an emoji font
        word, _sep, number = card.secret.partition(" ")
        secret = f"{picture_svg(word)} {html.escape(word)} <b>{html.escape(number)}</b>"
    return (
        f"<div class='card'><div class='class'>{head}</div>"
        f"<div class='name'>{html.escape(card.pupil_name)}</div>"
        f"<div class='secret'>{secret}</div>"
        f"<div class='how'>{how}</div></div>"
    )


def cards_html(cards: Sequence[Card], *, address: str | None = None) -> str:
    """The whole sheet as an HTML page (open it in a browser and print it on A4). The
    teacher key is never on it (it is shown once, by ``kit-class new``)."""
    title = (_("Cards of class {klass}").format(klass=cards[0].class_name) if cards
             else _("Cards"))
    pages = []
    for start in range(0, len(cards), PER_PAGE):
        chunk = "".join(_card(c, address) for c in cards[start:start + PER_PAGE])
        pages.append(f"<div class='cards'>{chunk}</div>")
    body = "<div class='page-break'></div>".join(pages)
    return (f"<!DOCTYPE html><html lang='{tag(current_language())}'><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>"
            f"<h1>{html.escape(title)}</h1>{body}</body></html>")
