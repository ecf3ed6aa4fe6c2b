"""Today's challenge in a class: the class's scores as a histogram over the verdict chart's
bands, beside par and the pupil's own best. No name is shown: only how many pupils scored in
each band (:meth:`classroom.scores.DailyScores.class_scores`).

>>> shown = histogram_html((41, 52, 58, 80), par=57, own=58)
>>> "4 pupils of your class" in shown, shown.count("lnb-bar"), "par 57" in shown
(True, 3, True)
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from lnb.core.i18n import _, ngettext
from lnb.museum import verdict
from lnb.museum.daily import band_counts
from lnb.museum.words import VERDICTS

CSS = """
.lnb-class-scores { border-collapse: collapse; margin: 4px 0; }
.lnb-class-scores caption { text-align: left; font-weight: bold; padding-bottom: 2px; }
.lnb-class-scores td, .lnb-class-scores th { padding: 1px 6px; text-align: left;
                                             font-weight: normal; }
.lnb-class-scores .lnb-bar { display: inline-block; height: 1.1em; background: #5c6bc0;
                             border-radius: 3px; vertical-align: middle; }
.lnb-class-scores tr.lnb-own th { font-weight: bold; }
.lnb-class-scores .lnb-mark { display: inline-block; margin-left: 6px; padding: 0 5px;
                              border-radius: 4px; border: 2px solid #283593; font-size: 13px; }
.lnb-high-contrast .lnb-class-scores .lnb-bar { background: #ffffff; }
.lnb-high-contrast .lnb-class-scores .lnb-mark { border-color: #ffffff; }
"""
BAR_EM = 14  # the longest bar, in em


def band_range(band: int) -> str:
    """A band's points in words: ``50–59 points``, ``75 points or more``."""
    low = VERDICTS[band][0]
    if band + 1 < len(VERDICTS):
        return _("{low}–{high} points").format(low=low, high=VERDICTS[band + 1][0] - 1)
    return _("{low} points or more").format(low=low)


def histogram_html(scores: Sequence[int], *, par: int, own: int | None) -> str:
    """The class's scores of a day as a table, a row per verdict band (lowest first): its
    title and points, a bar as long as its count, and marks where par and ``own`` fall."""
    counts = band_counts(scores)
    most = max(counts) or 1
    par_band = verdict(par).band
    own_band = verdict(own).band if own is not None else None
    caption = ngettext("{count} pupil of your class finished today's challenge",
                       "{count} pupils of your class finished today's challenge",
                       len(scores)).format(count=len(scores))
    rows = []
    for band, count in enumerate(counts):
        marks = []
        if band == par_band:
            marks.append(_("par {par}").format(par=par))
        if band == own_band:
            marks.append(_("your best {score}").format(score=own))
        mark_html = "".join(f"<span class='lnb-mark'>{html.escape(m)}</span>" for m in marks)
        width = BAR_EM * count / most
        bar = (f"<span class='lnb-bar' style='width:{width:.2f}em'></span>" if count else "")
        label = ngettext("{count} pupil", "{count} pupils", count).format(count=count)
        css = " class='lnb-own'" if band == own_band else ""
        rows.append(f"<tr{css}><th scope='row'>{html.escape(str(VERDICTS[band][1]))} "
                    f"<small>({html.escape(band_range(band))})</small></th>"
                    f"<td>{bar} {html.escape(label)}{mark_html}</td></tr>")
    return (f"<table class='lnb-class-scores'><caption>{html.escape(caption)}</caption>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def class_scores_html(*, joined: bool, scores: Sequence[int], par: int, own: int | None,
                      finished: bool) -> str:
    """What the daily challenge shows about the class: the histogram once the pupil has
    ``finished`` a game of it (before: a line saying how many finished, so the map stays in
    view and nobody plays to a score they saw first), or how to see it.

    >>> class_scores_html(joined=True, scores=(50, 61), par=55, own=None, finished=False)
    "<div class='lnb-muted'>2 pupils of your class finished today&#x27;s challenge: their scores are shown when you finish yours.</div>"
    """  # noqa: E501
    if not joined:
        return "<div class='lnb-muted'>{}</div>".format(html.escape(_(
            "Join your class (the button above) to see how your class did today: only the "
            "scores are shown, never whose they are.")))
    if not scores:
        return "<div class='lnb-muted'>{}</div>".format(html.escape(_(
            "Nobody of your class has finished today's challenge yet: be the first!")))
    if not finished:
        return "<div class='lnb-muted'>{}</div>".format(html.escape(ngettext(
            "{count} pupil of your class finished today's challenge: their scores are shown "
            "when you finish yours.",
            "{count} pupils of your class finished today's challenge: their scores are shown "
            "when you finish yours.", len(scores)).format(count=len(scores))))
    return histogram_html(scores, par=par, own=own)
