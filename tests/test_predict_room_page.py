"""The predict room's pages in the kernel (widgets.classroom.predict_room) on a SQLite store:
the projector opens a room of the class from an uploaded record (the dashboard's class
token), two pupils' pages (one in Chinese) answer by clicks, a bad answer is refused with
the typed text kept, the projector counts, reveals how many were right and the spread, the
pupils see the answer and their own verdict only, a late answer is refused plainly, and the
next moment clears their boxes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from classroom.identity import Classroom, Pupil
from classroom.predict_rooms import PredictRooms
from classroom.progress import ProgressStore
from lnb.core.i18n import use_language
from lnb.core.predict import predictions
from tests.test_predict_view import upload
from widgets.classroom.predict_room import PredictRoomProjector, PredictRoomPupil


def babbage_record() -> dict:
    from tests.test_predict_rooms import babbage_record as made

    return made()


@pytest.fixture
def store(tmp_path: Path):  # type: ignore[no-untyped-def]
    with ProgressStore(str(tmp_path / "progress.sqlite3")) as made:
        yield made


def test_a_class_predicts_on_its_devices(store: ProgressStore) -> None:
    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    cards = {c.pupil_name: c for c in made.cards}
    ali, bea = (classroom.join(made.code, n, cards[n].secret).pupil for n in ("Ali", "Bea"))
    rooms = PredictRooms(store)
    token = rooms.class_token(made.code, made.teacher_key, classroom)
    record = babbage_record()
    moments = predictions(record).moments

    projector = PredictRoomProjector(rooms, class_code=made.code, token=token, poll=False)
    assert projector.open_button.layout.display == "none"  # nothing loaded yet
    upload(projector, json.dumps(record).encode())
    assert projector.status.kind != "error" and projector.open_button.layout.display is None
    projector.open_button.click()
    code = projector.code
    assert code is not None and code in projector.room_line.value
    assert projector.upload.layout.display == "none"
    assert projector.tally.value == "0 of 0 answered"
    with use_language("zh-CN"):  # the language switch: the status line follows too
        projector.relabel()
        assert "预测房间" in projector.status.text and "0 人回答" in projector.tally.value
    projector.relabel()

    ali_page = PredictRoomPupil(rooms, code, poll=False)
    ali_page.enter(ali)
    bea_page = PredictRoomPupil(rooms, None, poll=False)
    bea_page.enter(bea)
    bea_page.code_box.value = code.lower()
    bea_page.join_button.click()  # Bea typed the code from the board
    assert bea_page.join_row.layout.display == "none"
    assert "What Result does the Engine give?" in ali_page.question.value
    with use_language("zh-CN"):
        bea_page.relabel()
        assert "引擎给出的结果" in bea_page.question.value

    right = str(moments[0].answer)
    wrong = str(moments[0].answer + 1)
    ali_page.answer_box.value = "sixty"
    ali_page.send_button.click()
    assert ali_page.status.kind == "error" and "'sixty' is not a whole number" in \
        ali_page.status.text
    assert ali_page.answer_box.value == "sixty"  # what was typed is kept
    ali_page.answer_box.value = right
    ali_page.send_button.click()
    assert ali_page.status.kind != "error" and right in ali_page.mine.value
    with use_language("zh-CN"):
        bea_page.answer_box.value = wrong
        bea_page.send_button.click()
        assert "你的预测" in bea_page.mine.value
    ali_page.sync()
    assert right in ali_page.mine.value and wrong not in ali_page.mine.value  # her own only

    projector.sync()
    assert projector.tally.value == "2 of 2 answered" and projector.spread.value == ""
    projector.key("reveal")  # the space bar
    assert projector.tally.value == "2 of 2 answered · 1 was right"
    assert str(moments[0].answer_text) in projector.answer.value
    assert "✓" in projector.spread.value and wrong in projector.spread.value
    ali_page.sync()
    assert "You were right!" in ali_page.verdict.value
    assert ali_page.number_row.layout.display == "none"  # answers are closed
    with use_language("zh-CN"):
        bea_page.sync()
        assert str(moments[0].answer_text) in bea_page.verdict.value
        assert "You were right" not in bea_page.verdict.value
    ali_page.seen = rooms.state(code, ali)  # a page that has not drawn the reveal yet ...
    ali_page.answer_box.value = wrong
    ali_page.send_button.click()  # ... its click is refused plainly
    assert ali_page.status.kind == "error" and "closed" in ali_page.status.text
    assert "You were right!" in ali_page.verdict.value  # and the page shows the reveal

    projector.key("next")  # the right arrow
    assert projector.tally.value == "0 of 2 answered" and projector.at == 1
    ali_page.sync()
    assert ali_page.answer_box.value == "" and ali_page.status.kind != "error"
    assert "moment 2 of" in ali_page.room_head.value
    assert ali_page.number_row.layout.display is None
    bea_page.answer_box.value = right  # Bea's page has not drawn moment 2 yet: refused, shown
    bea_page.send_button.click()
    assert bea_page.status.kind == "error" and "moved on to moment 2" in bea_page.status.text
    assert "moment 2 of" in bea_page.room_head.value and bea_page.seen.mine is None

    again = PredictRoomProjector(rooms, code, host_key=projector.host_key, poll=False)
    assert again.at == 1 and again.tally.value == projector.tally.value  # a reload
    assert again.upload.layout.display == "none"


def test_a_wrong_host_key_and_an_unknown_code_are_said_plainly(store: ProgressStore) -> None:
    rooms = PredictRooms(store)
    opened = rooms.open_room(babbage_record())
    with pytest.raises(Exception) as caught:
        PredictRoomProjector(rooms, opened.code, host_key="guess", poll=False)
    assert caught.value.fields["reason"] == "not-host"
    unknown = "K7QX" if opened.code != "K7QX" else "K9QX"
    wrong = PredictRoomPupil(rooms, unknown, poll=False)  # an address with a wrong code
    wrong._pupil_changed(Pupil.from_nickname("ada"), "device")
    assert "No predict room" in wrong.status.text and wrong.join_row.layout.display is None
    page = PredictRoomPupil(rooms, None, poll=False)
    page.code_box.value = unknown
    page.join_button.click()
    assert page.status.kind == "error" and "No predict room" in page.status.text


def test_the_dashboard_links_to_a_projector_of_the_class(store: ProgressStore) -> None:
    from urllib.parse import parse_qs, urlsplit

    from widgets.classroom.dashboard import Dashboard

    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali"])
    board = Dashboard(classroom)
    assert board.predict_entry.value == ""
    board.open_class(made.code, made.teacher_key)
    link = board.predict_entry.value.split("href='")[1].split("'")[0].replace("&amp;", "&")
    query = {k: v[0] for k, v in parse_qs(urlsplit(link).query).items()}
    assert link.startswith("predict-room.ipynb?") and query["view"] == "projector"
    assert made.teacher_key not in link and query["lang"] == "en"
    rooms = PredictRooms(store)
    assert rooms.token_class(query["class"], query["token"]) == made.code
    opened = rooms.open_room(babbage_record(), made.code)
    assert rooms.is_host(opened.code, query["token"])  # the class's rooms, never another's
    assert not rooms.is_host(rooms.open_room(babbage_record()).code, query["token"])


def test_a_finished_game_of_the_class_is_replayed_with_the_names_hidden(
        store: ProgressStore) -> None:
    from clock import Clock

    from classroom.rooms import RoomStore

    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali"])
    other = classroom.new_class("8C", ["Eve"])
    ali = classroom.join(made.code, "Ali", made.cards[0].secret).pupil
    clock = Clock(1_000_000.0)
    tables = RoomStore(store, clock=clock)
    code = tables.open_room(ali, made.code, seats=2, seed=3).code
    tables.take_seat(code, ali, "Ali")
    tables.give_to_computer(code, 1, "greedy")
    tables.start(code)
    while not tables.play(code).finished:  # Ali's page is closed: a computer plays for her
        clock.now += 5
        tables.advance(code)
    rooms = PredictRooms(store)
    token = rooms.class_token(made.code, made.teacher_key, classroom)

    projector = PredictRoomProjector(rooms, class_code=made.code, token=token, poll=False)
    assert projector.games_menu.layout.display is None
    assert [value for _label, value in projector.games_menu.options] == ["", code]
    projector.games_menu.value = code
    assert projector.status.kind != "error" and projector.found is not None
    assert "Pupil 1" in projector.question.value and "Ali" not in projector.question.value
    projector.open_button.click()
    assert rooms.state(projector.code).game == "babbage"

    with pytest.raises(Exception) as caught:  # another class's token reads no table of 7B
        rooms.table_record(code, other.code)
    assert caught.value.fields["reason"] == "no-such-room"
    forged = PredictRoomProjector(rooms, class_code=made.code, token="forged", poll=False)
    assert forged.class_code is None and forged.games_menu.layout.display == "none"


def test_a_choice_is_one_click_and_the_spread_lists_every_choice(store: ProgressStore) -> None:
    from lnb.dream.records import write
    from lnb.dream.simulate import play_game

    record = write(play_game(["greedy", "greedy"], 4)[0])
    moment = predictions(record).moments[0]
    rooms = PredictRooms(store)
    projector = PredictRoomProjector(rooms, poll=False)
    projector.load(record)
    projector.open_button.click()
    page = PredictRoomPupil(rooms, projector.code, poll=False)
    page.enter(Pupil.from_nickname("ada"))
    assert page.number_row.layout.display == "none"
    buttons = page.choice_row.children
    assert [b.description for b in buttons] == [str(w) for _k, w in moment.choices]
    wrong = next(i for i, (k, _w) in enumerate(moment.choices) if k != moment.answer)
    buttons[wrong].click()
    assert page.status.kind != "error" and buttons[wrong].button_style == "info"
    assert str(moment.choices[wrong][1]) in page.mine.value
    projector.reveal_button.click()
    rows = projector.spread.value.count("<tr")
    assert rows == len(moment.choices) and "✓" in projector.spread.value
    page.sync()
    assert page.choice_row.layout.display == "none" and "Not this time" in page.verdict.value
