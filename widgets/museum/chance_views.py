"""Views of the lesson *Chance as a fraction, a decimal and a percentage*: a tally of one die's
rolls as a table of frequencies (each as a fraction, a decimal and a percentage, beside the
exact chance once the lesson has asked for it), seeded rolls of the museum's dice
(:class:`lnb.museum.state.MuseumChance`), and how close the frequency of a 6 comes to 1/6 as
the rolls grow.

>>> sim = simulate_faces(60, seed=3)
>>> sim.total, sim.count(6)
(60, 13)
>>> three_forms(Fraction(13, 60))
('13/60', '0.22', '21.7%')
>>> gaps = [gap_of_six(n, seed=3) for n in (60, 600, 6000, 60000)]
>>> gaps[-1] < gaps[0]
True
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import ipywidgets as w

from classroom.roll_pool import FACES, Tally
from lnb.core.i18n import _
from lnb.museum.state import MuseumChance
from widgets.museum.chance_checks import rounded

#: The chance of each face of a fair die.
EXACT = Fraction(1, len(FACES))
CSS = """
.lnb-chance-view { margin: 4px 0; }
.lnb-chance-view table { border-collapse: collapse; }
.lnb-chance-view td, .lnb-chance-view th { padding: 2px 10px; border-bottom: 1px solid #ddd;
                                           text-align: center; }
.lnb-chance-view td.lnb-face { font-size: 22px; line-height: 1; }
.lnb-chance-view .lnb-exact { background: #eef1fb; }
"""
#: The faces of a die as the Unicode dice (⚀ … ⚅).
DIE = {face: chr(0x267F + face) for face in FACES}


def simulate_faces(rolls: int, seed: int = 0) -> Tally:
    """``rolls`` rolls of one of the museum's dice, seeded (the same every time)."""
    faces = MuseumChance(seed).roll("lesson: chance three ways", rolls)
    counts = Counter(faces)
    return Tally(tuple(counts[f] for f in FACES), "own")


def three_forms(share: Fraction, places: int = 2) -> tuple[str, str, str]:
    """A frequency or a chance as a fraction (as counted, not simplified), a decimal to
    ``places`` places and a percentage to ``places - 1`` (both rounded half up).

    >>> three_forms(Fraction(1, 6))
    ('1/6', '0.17', '16.7%')
    """
    decimal = rounded(share, places)
    percent = rounded(share * 100, places - 1)
    return (f"{share.numerator}/{share.denominator}", f"{float(decimal):.{places}f}",
            f"{float(percent):.{places - 1}f}%")


def frequency_table(tally: Tally, exact: bool = False, forms: bool = True) -> str:
    """The tally as an HTML table: each face, how many times it came up, and (``forms``) its
    frequency as a fraction of all the rolls, a decimal and a percentage; with ``exact`` a
    last column gives the exact chance (1/6 ≈ 0.17 ≈ 16.7%).

    >>> "3/4" in frequency_table(Tally((1, 0, 0, 0, 0, 3))), "16.7%" in frequency_table(Tally())
    (True, False)
    >>> "3/4" in frequency_table(Tally((1, 0, 0, 0, 0, 3)), forms=False)
    False
    """
    heads = [_("face"), _("rolls")]
    if forms:
        heads += [_("fraction"), _("decimal"), _("percentage")]
    if exact:
        heads.append(_("exact chance"))
    head = "".join(f"<th>{html.escape(h)}</th>" for h in heads)
    rows = []
    for face in FACES:
        count, total = tally.count(face), tally.total
        cells = [f"<td class='lnb-face' title='{face}'>{DIE[face]} {face}</td>",
                 f"<td>{count}</td>"]
        if forms and total:
            _fraction, decimal, percent = three_forms(Fraction(count, total))
            cells += [f"<td>{count}/{total}</td>", f"<td>{decimal}</td>", f"<td>{percent}</td>"]
        elif forms:
            cells += ["<td>–</td>"] * 3
        if exact:
            cells.append("<td class='lnb-exact'>{} ≈ {} ≈ {}</td>".format(*three_forms(EXACT)))
        rows.append(f"<tr>{''.join(cells)}</tr>")
    total_row = html.escape(_("all the rolls: {total}").format(total=tally.total))
    return (f"<table class='lnb-frequencies'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table><p>{total_row}</p>")


def _view(body: str) -> w.HTML:
    view = w.HTML(f"<style>{CSS}</style>{body}")
    view.add_class("lnb-chance-view")
    view.add_class("lnb-widget")
    return view


def frequency_view(tally: Tally, exact: bool = False, forms: bool = True) -> w.HTML:
    """:func:`frequency_table` as a widget."""
    return _view(frequency_table(tally, exact, forms))


def gap_of_six(rolls: int, seed: int = 0) -> Fraction:
    """How far the frequency of a 6 in ``rolls`` seeded rolls is from the exact 1/6."""
    return abs(simulate_faces(rolls, seed).share(6) - EXACT)


def closeness_view(seed: int = 0, rolls: Sequence[int] = (60, 600, 6000, 60000)) -> w.HTML:
    """For more and more seeded rolls: how many 6s, their frequency as a percentage, and
    how far it is from the exact 16.7% (in percentage points)."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (
        _("rolls"), _("6s"), _("frequency of a 6"),
        _("gap to the exact chance (percentage points)")))
    rows = []
    for n in rolls:
        sim = simulate_faces(n, seed)
        rows.append(f"<tr><td>{n}</td><td>{sim.count(6)}</td>"
                    f"<td>{three_forms(sim.share(6))[2]}</td>"
                    f"<td>{float(100 * abs(sim.share(6) - EXACT)):.1f}</td></tr>")
    return _view(f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


__all__ = ["DIE", "EXACT", "closeness_view", "frequency_table", "frequency_view", "gap_of_six",
           "simulate_faces", "three_forms"]
