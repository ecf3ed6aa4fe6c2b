"""``kit-class``: the teacher's command for classes, cards and the progress file.

::

    kit-class new "7B" --pupils names.txt [-o cards.html] [--pictures]
    kit-class list [CLASS --teacher-key K]
    kit-class reset-secret CLASS PUPIL --teacher-key K [-o card.html]
    kit-class backup [-o FILE] [--list]
    kit-class restore FILE
    kit-class notes

Every command takes ``--db FILE`` (default ``$LNB_PROGRESS_DB``, else the kit's file) and
works while the kit is serving pupils. Also ``python -m widgets.classroom``.

>>> main(["--db", ":memory:", "list"])
No classes yet: make one with kit-class new "7B" --pupils names.txt
0
"""

from __future__ import annotations

import argparse
import getpass
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from lnb.core.errors import LnbError
from widgets.classroom.cards import cards_html
from widgets.classroom.identity import Classroom, read_names, shown_code
from widgets.classroom.progress import ProgressStore
from widgets.classroom.storefile import list_backups


def parser() -> argparse.ArgumentParser:
    """The command line of ``kit-class``."""
    top = argparse.ArgumentParser(prog="kit-class", description=__doc__.split("\n")[0])
    top.add_argument("--db", help="the progress file (default: $LNB_PROGRESS_DB, else "
                                  "~/.local/share/lnb-kit/progress.sqlite3)")
    sub = top.add_subparsers(dest="command", required=True)
    new = sub.add_parser("new", help="make a class and its printable cards")
    new.add_argument("name", help='the class\'s name, e.g. "7B"')
    new.add_argument("--pupils", required=True, type=Path,
                     help="a text file with one pupil's name a line")
    new.add_argument("-o", "--output", type=Path, help="the cards sheet (default "
                     "cards-<code>.html)")
    new.add_argument("--pictures", action="store_true",
                     help="a picture and a number on each card (young pupils) instead of "
                          "two words")
    new.add_argument("--address", help="the puzzles page's address, printed on the cards")
    show = sub.add_parser("list", help="the classes; with CLASS and its teacher key, each "
                                       "pupil's progress")
    show.add_argument("klass", nargs="?", metavar="CLASS")
    show.add_argument("--teacher-key")
    reset = sub.add_parser("reset-secret", help="a new card for one pupil")
    reset.add_argument("klass", metavar="CLASS")
    reset.add_argument("pupil", metavar="PUPIL")
    reset.add_argument("--teacher-key")
    reset.add_argument("--pictures", action="store_true")
    reset.add_argument("-o", "--output", type=Path, help="the new card (default "
                       "card-<code>-<name>.html)")
    save = sub.add_parser("backup", help="copy the progress file now (safe while it is used)")
    save.add_argument("-o", "--output", type=Path, help="where (default: the backups folder)")
    save.add_argument("--list", action="store_true", help="list the backups instead")
    back = sub.add_parser("restore", help="put a backup back (the file as it was is kept)")
    back.add_argument("file", type=Path)
    sub.add_parser("notes", help="what the kit noticed (damage found and repaired...)")
    return top


def _key(args: argparse.Namespace) -> str:
    return args.teacher_key or getpass.getpass("Teacher key of the class: ")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``kit-class``; 0 on success, 1 if the file cannot be used, 2 on a refusal."""
    args = parser().parse_args(argv)
    logging.getLogger("widgets.classroom").addHandler(logging.NullHandler())  # said below
    store = ProgressStore(args.db) if args.db else ProgressStore()
    try:
        return _run(args, store)
    except LnbError as exc:
        print(f"kit-class: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"kit-class: {exc.filename or ''}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    finally:
        for notice in store.notices:
            print(f"kit-class: note: {notice}", file=sys.stderr)
        store.close()


def _run(args: argparse.Namespace, store: ProgressStore) -> int:
    room = Classroom(store)
    store.pupil_count()  # open (and check) the file now
    if store.problem:
        print(f"kit-class: {store.problem}", file=sys.stderr)
        return 1
    if args.command == "new":
        names = read_names(args.pupils.read_text(encoding="utf-8").splitlines())
        made = room.new_class(args.name, names, pictures=args.pictures)
        out = args.output or Path(f"cards-{made.code}.html")
        out.write_text(cards_html(made.cards, address=args.address), encoding="utf-8")
        print(f"Class {made.name}: class code {shown_code(made.code)}, {len(made.cards)} "
              f"pupils.\nCards to print: {out}\n"
              f"Teacher key (shown only now; write it down): {made.teacher_key}")
    elif args.command == "list":
        if args.klass:
            key = _key(args)
            info = room.check_teacher(args.klass, key)
            print(f"Class {info.name} ({shown_code(info.code)}), made {info.created}:")
            for name, progress in room.class_progress(info.code, key):
                print(f"  {name:<24} solved {progress.solved_count:>3}  streak "
                      f"{progress.streak} (best {progress.best_streak})")
        else:
            classes = room.classes()
            if not classes:
                print('No classes yet: make one with kit-class new "7B" --pupils names.txt')
            for info in classes:
                print(f"{shown_code(info.code)}  {info.name:<12} {len(info.pupils):>3} pupils"
                      f"  made {info.created}")
    elif args.command == "reset-secret":
        card = room.reset_secret(args.klass, args.pupil, _key(args), pictures=args.pictures)
        out = args.output or Path(f"card-{card.class_code}-{card.pupil_name}.html"
                                  .replace(" ", "-"))
        out.write_text(cards_html([card]), encoding="utf-8")
        print(f"{card.pupil_name}'s new secret: {card.secret} (card to print: {out}); the "
              "old card no longer works.")
    elif args.command == "backup":
        if args.list:
            assert store.path is not None
            for path in list_backups(store.path):
                print(path)
        else:
            print(f"Backed up to {store.backup(args.output)}")
    elif args.command == "restore":
        kept = store.restore(args.file)
        print(f"Restored {args.file}; the file as it was is kept at {kept}")
    elif args.command == "notes":
        notes = store.teacher_notes()
        for at, text in notes:
            print(f"{at}  {text}")
        if not notes:
            print("No notes.")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
