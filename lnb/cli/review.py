"""``lnb <game> review RECORD``: the review of a finished game (:mod:`lnb.core.review`), for
any game whose declaration lists this module among its ``commands`` and gives a ``review``
hook. The group's name (``museum`` in ``lnb museum review``) says the game; a record of
another game is refused, naming its format. ``lnb review RECORD`` (the first game's commands
on top) reviews a record of any game: its ``format`` says which (as ``lnb replay`` does).

>>> import json, tempfile
>>> from lnb.cli import main
>>> from lnb.museum.state import Game
>>> from lnb.museum.records import write
>>> state = Game(seed=3).new_initial_state()
>>> state.apply_action("place 4a r0 @C1")
>>> path = tempfile.mktemp(suffix=".json")
>>> _ = open(path, "w").write(json.dumps(write(state)))
>>> main(["museum", "review", path])  # doctest: +ELLIPSIS
solo:
  Turn 1, dice 4 and 5: you chose shape 4a with your 4 on C1 (place 4a r0 @C1). The best ...
0
"""

from __future__ import annotations

import argparse
from pathlib import Path

from lnb.cli.record_command import add_record_command
from lnb.core.i18n import _


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``review``."""
    add_record_command(
        sub, "review",
        _("review a finished game: each person's three costliest choices against the best "
          "the kit finds"),
        _("print each person's moments as JSON (who, where, played, best, points, cost, "
          "index, words)"), cmd_review)


def cmd_review(args: argparse.Namespace) -> int:
    """Review the record with the game of the command's group; print it."""
    from lnb.cli.options import print_json
    from lnb.cli.replay import game_of
    from lnb.core.errors import BadInputError
    from lnb.core.game import get, names
    from lnb.core.i18n import N_
    from lnb.core.records import read_source
    from lnb.core.review import review

    record = read_source(Path(args.file))
    group = args.command in names()
    game = get(args.command) if group else game_of(record)
    found = record.get("format") if isinstance(record, dict) else None
    if group and game.record_format and found != game.record_format:
        raise BadInputError(N_("{file}: a record of format {found!r}, not {expected!r}: "
                               "review it with the game it belongs to"),
                            file=args.file, found=found, expected=game.record_format,
                            reason="other-format")
    result = review(game, record)
    if args.json:
        print_json(result.as_dict())
    else:
        print(result.text())
    return 0
