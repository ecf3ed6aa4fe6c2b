"""The pause-and-predict projector page (widgets.classroom.predict_view): a record uploaded
as the page sends it, stepped through moment by moment, revealed, in both languages; a broken
upload refused in a sentence with the replay on the screen kept."""

from __future__ import annotations

import datetime
import json

from lnb.core.i18n import use_language
from lnb.core.predict import predictions
from widgets.classroom.predict_view import PredictView


def museum_record() -> dict:
    from lnb.core.game import get
    from lnb.museum.records import write
    from lnb.museum.simulate import play_game
    from lnb.museum.state import Game

    return write(play_game(get("museum").make_bot("greedy", 1), Game(seed=3)))


def upload(view: PredictView, data: bytes) -> None:
    """Hand the page's upload ``data`` as the browser sends a file."""
    view.upload.value = ({"name": "game.json", "type": "application/json", "size": len(data),
                          "content": memoryview(data),
                          "last_modified": datetime.datetime.now(datetime.timezone.utc)},)


def test_an_uploaded_record_steps_and_reveals() -> None:
    record = museum_record()
    moments = predictions(record).moments
    view = PredictView()
    upload(view, json.dumps(record).encode())
    assert view.status.kind != "error" and view.upload.value == ()
    assert view.count.value == f"Moment 1 of {len(moments)}"
    assert moments[0].question in view.question.value.replace("&#x27;", "'")
    assert view.answer.value == "" and not view.reveal_button.disabled
    view.key("reveal")  # the space bar
    assert str(moments[0].answer_text) in view.answer.value
    assert str(moments[0].after) in view.after.value and view.reveal_button.disabled
    view.key("next")  # the right arrow
    assert view.at == 1 and view.answer.value == ""
    view.back_button.click()
    assert view.at == 0 and view.revealed and view.back_button.disabled
    for _ in moments:
        view.next_button.click()
    assert view.at == len(moments) - 1 and view.next_button.disabled
    with use_language("zh-CN"):
        view.relabel()
        assert view.count.value == f"第 {len(moments)} 个时刻，共 {len(moments)} 个"
        assert "地图增加多少得分" in view.question.value
        assert "揭晓" in view.reveal_button.description
    view.relabel()
    assert "How many points" in view.question.value


def test_a_broken_upload_is_refused_plainly_and_the_replay_stays() -> None:
    record = museum_record()
    view = PredictView()
    view.load(record)
    view.next()
    broken = dict(record, actions=[*record["actions"][:2], "place 9z r0 @A1"])
    for data, words in ((json.dumps(broken).encode(), "actions[2]"),
                        (b"/etc/passwd", "not a game saved by this app"),
                        (b'{"format": "chess/1"}', "lnb-museum/1"),
                        (b"\xff\xfe", "not text")):
        upload(view, data)
        assert view.status.kind == "error", data
        assert "cannot be replayed here" in view.status.text or words in view.status.text
        assert words in view.status.text and "Traceback" not in view.status.text
        assert view.at == 1 and view.found is not None and view.found.game == "museum"


def test_before_a_record_nothing_can_be_pressed() -> None:
    view = PredictView()
    view.key("next")
    view.key("reveal")
    assert view.moment is None and view.reveal_button.disabled and view.next_button.disabled
    assert view.question.value == "" and view.status.kind != "error"


def test_a_dream_moment_lists_its_choices_and_reveals_the_one() -> None:
    from lnb.dream.records import write
    from lnb.dream.simulate import play_game

    record = write(play_game(["greedy", "greedy"], 4)[0])
    moment = predictions(record).moments[0]
    view = PredictView()
    view.load(record)  # the game just played: its record's data
    assert "Everyone chooses one:" in view.choices.value
    assert all(str(words) in view.choices.value for _, words in moment.choices)
    view.reveal()
    assert str(moment.answer_text) in view.answer.value
