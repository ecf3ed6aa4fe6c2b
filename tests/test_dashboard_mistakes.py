"""The dashboard's pooled mistakes, in the kernel (no browser): opening or refreshing the class
reviews nothing, it says how many finished games wait; *Review them* reviews them once, the
progress bar following, then lists the pupil's costliest kinds and the class's pooled, in the
language picked on the page's switch. On SQLite (the figures run on both engines:
tests/test_class_mistakes.py)."""

from __future__ import annotations

import html

import pytest

from classroom.identity import Classroom
from classroom.mistakes import class_mistakes, waiting
from classroom.museum_rooms import MuseumRooms
from classroom.progress import ProgressStore
from lnb.core.i18n import set_default_language, use_language
from widgets.classroom.dashboard import Dashboard


@pytest.mark.parametrize("store_engine", ["sqlite"])
def test_the_dashboard_reviews_finished_games_on_demand(store: ProgressStore) -> None:
    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    ali = classroom.join(made.code, "Ali", made.cards[0].secret).pupil
    rooms = MuseumRooms(store)
    room = rooms.open_room(None, made.code, seed=1).code
    state = rooms.join(room, ali, "Ali") and rooms.my_map(room, ali)
    while not state.is_terminal():  # Ali plays the last move listed each time
        state = rooms.place(room, ali, state.legal_actions()[-1], expected=len(state.history))

    board = Dashboard(classroom)
    board.open_class(made.code, made.teacher_key)
    box = board.mistakes_box
    assert box.layout.display is None and box.review_button.layout.display is None
    assert "1 finished game waits for its review." in html.unescape(box.waiting.value)
    board.refresh()  # the dashboard's own reading reviews nothing
    assert len(waiting(classroom, made.code, made.teacher_key)) == 1

    seen: list[tuple[int, int]] = []
    box.progress.observe(lambda c: seen.append((c["new"], box.progress.max)), "value")
    box.review_button.click()
    assert board.status.kind != "sorry" and seen[-1] == (1, 1)
    assert box.progress.layout.display == "none" and not box.review_button.disabled
    assert box.review_button.layout.display == "none"
    assert "Every finished game is reviewed." in html.unescape(box.waiting.value)
    found = class_mistakes(classroom, made.code, made.teacher_key)
    shown = html.unescape(box.view.value)
    top = found.pupils[0].kinds[0]
    assert "Ali" in shown and "Bea" not in shown  # Bea has played no game
    assert f"{top.text}: {top.count} time" in shown

    try:
        board.language.value = "zh_CN"  # the teacher's pick on the page's switch
        chinese = html.unescape(box.view.value)
        with use_language("zh-CN"):
            assert str(top.text) in chinese and "全班汇总" in chinese
        assert "所有完整对局都已复盘" in html.unescape(box.waiting.value)
        assert box.title.value.count("代价最大的失误类型") == 1
    finally:
        board.language.value = "en"
        set_default_language(None)
