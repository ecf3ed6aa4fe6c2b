"""A computer seat at a live table is named in the page's language ("Computer 1", "电脑 1"),
never by its bot's key (issue 31, item 4): the shared table page
(:meth:`widgets.classroom.table_page.TablePage.shown_names`) renames the seats the store
names by their bot, for every game without characters; here Ada's Dream's table, a pupil's
page and the projector, read as widget trees in both languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.core.i18n import set_default_language
from lnb.dream.bots import make_bot
from tests.widget_texts import visible_texts
from widgets.dream.room_app import DreamRoomApp


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_default_language("en")
    yield
    set_default_language("en")


def shown(page: DreamRoomApp) -> str:
    """Every word the page shows."""
    return " ".join(text for _where, text in visible_texts(page))


def test_computer_seats_are_named_in_the_page_s_language_never_by_their_bot() -> None:
    store = ProgressStore(":memory:")
    classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store)
    made = classroom.new_class("7B", ["Ali"])
    card = made.cards[0]
    code = rooms.open_room(classroom.join(made.code, "Ali", card.secret).pupil, made.code,
                           seats=3, game="dream", seed=3).code
    rooms.give_to_computer(code, 1, "greedy")
    rooms.give_to_computer(code, 2, "random")
    assert [s.name for s in rooms.room(code).seats][1:] == ["greedy", "random"]  # stored
    set_default_language("zh-CN")  # the lobby: the computer's kind in words, not its key
    words = shown(DreamRoomApp(rooms, code, projector=True, poll=False))
    assert "电脑（贪心）" in words and "电脑（随机）" in words and "greedy" not in words, words
    set_default_language("en")
    ali = DreamRoomApp(rooms, code, classroom=classroom, poll=False)
    ali.panel.join_class(made.code, "Ali", card.secret)
    ali.start_button.click()
    bot = make_bot("greedy", 9)
    for _ in range(12):  # Ali's moves; the computers answer with theirs
        ali.act(bot.choose_action(ali.play.state, "Ali"))
        assert ali.status.kind != "error", ali.status.text
        ali.sync()
    assert ali.play.state.names == ("Ali", "Computer 1", "Computer 2")
    words = shown(ali)
    assert "Computer 1 took the" in words and "Computer 2 took the" in words, words
    assert "greedy" not in words and "random" not in words
    set_default_language("zh-CN")  # the language switch
    ali.relabel()
    words = shown(ali)
    assert ali.play.state.names == ("Ali", "电脑 1", "电脑 2")
    assert "电脑 1 拿了" in words and "电脑 2" in words, words
    assert "Computer" not in words and "greedy" not in words
    ali.act(bot.choose_action(ali.play.state, "Ali"))  # the pupil plays on, renamed or not
    assert ali.status.kind != "error", ali.status.text
    projector = DreamRoomApp(rooms, code, projector=True, poll=False)  # opened in Chinese
    words = shown(projector)
    assert "电脑 1" in words and "greedy" not in words and "Computer" not in words
    assert len(projector.play.moves) == len(rooms.play(code).moves)
    assert [s.name for s in rooms.room(code).seats][1:] == ["greedy", "random"]  # kept
    store.close()
