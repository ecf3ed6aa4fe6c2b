"""``kit-class``: the teacher's command for classes, cards and the progress file.

::

    kit-class new "7B" --pupils names.txt [-o cards.html] [--pictures]
    kit-class list [CLASS --teacher-key K]
    kit-class reset-secret CLASS PUPIL --teacher-key K [-o card.html]
    kit-class backup [-o FILE] [--list]
    kit-class restore FILE
    kit-class notes

Every command takes ``--db FILE`` (default ``$LNB_PROGRESS_DB``, else the kit's file) and
works while the kit is serving pupils. Also ``python -m classroom``. It speaks the
language of ``--lang zh-CN`` or, without it, of ``LANG`` (as the ``lnb`` command does); the
cards it makes are in that language too.

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

from classroom.cards import cards_html
from classroom.identity import Classroom, read_names, shown_code
from classroom.progress import ProgressStore, class_progress
from classroom.storefile import list_backups
from lnb.cli.parsing import Parser, UsageError, language_arg, speaking
from lnb.core.errors import LnbError
from lnb.core.i18n import _, ngettext


def parser() -> argparse.ArgumentParser:
    """The command line of ``kit-class`` (its help in the current language)."""
    top = Parser(prog="kit-class",
                  description=_("kit-class: the teacher's command for classes, cards and the "
                                "progress file."))
    top.add_argument("--lang", metavar="LANG", type=language_arg,
                     help=_("the language of the messages and cards, e.g. zh-CN or en "
                            "(default: from LANG)"))
    top.add_argument("--db", help=_("the progress file or a postgresql:// database URL "
                                    "(default: $LNB_STORE, else $LNB_PROGRESS_DB, else "
                                    "~/.local/share/lnb-kit/progress.sqlite3)"))
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND",
                             parser_class=Parser)
    new = sub.add_parser("new", help=_("make a class and its printable cards"))
    new.add_argument("name", help=_("the class's name, e.g. \"7B\""))
    new.add_argument("--pupils", required=True, type=Path,
                     help=_("a text file with one pupil's name a line"))
    new.add_argument("-o", "--output", type=Path,
                     help=_("the cards sheet (default cards-<code>.html)"))
    new.add_argument("--pictures", action="store_true",
                     help=_("a picture and a number on each card (young pupils) instead of "
                            "two words"))
    new.add_argument("--address", help=_("the puzzles page's address, printed on the cards"))
    show = sub.add_parser("list", help=_("the classes; with CLASS and its teacher key, each "
                                         "pupil's progress"))
    show.add_argument("klass", nargs="?", metavar="CLASS")
    show.add_argument("--teacher-key")
    reset = sub.add_parser("reset-secret", help=_("a new card for one pupil"))
    reset.add_argument("klass", metavar="CLASS")
    reset.add_argument("pupil", metavar="PUPIL")
    reset.add_argument("--teacher-key")
    reset.add_argument("--pictures", action="store_true")
    reset.add_argument("-o", "--output", type=Path,
                       help=_("the new card (default card-<code>-<name>.html)"))
    save = sub.add_parser("backup", help=_("copy the progress file now (safe while it is used)"))
    save.add_argument("-o", "--output", type=Path,
                      help=_("where (default: the backups folder)"))
    save.add_argument("--list", action="store_true", help=_("list the backups instead"))
    back = sub.add_parser("restore", help=_("put a backup back (the file as it was is kept)"))
    back.add_argument("file", type=Path)
    sub.add_parser("notes", help=_("what the kit noticed (damage found and repaired...)"))
    return top


def _key(args: argparse.Namespace) -> str:
    return args.teacher_key or getpass.getpass(_("Teacher key of the class: "))


def _say(message: object) -> None:
    # TRANSLATORS: kit-class's one-line error or note on stderr
    print(_("kit-class: {message}").format(message=message), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``kit-class``; 0 on success, 1 if the file cannot be used, 2 on a refusal."""
    words = list(sys.argv[1:] if argv is None else argv)
    with speaking(words):
        try:
            args = parser().parse_args(words)
        except UsageError as exc:
            _say(exc)
            return 2
        return _main(args)


def _main(args: argparse.Namespace) -> int:
    logging.getLogger("classroom").addHandler(logging.NullHandler())  # said below
    store = ProgressStore(args.db) if args.db else ProgressStore()
    try:
        return _run(args, store)
    except LnbError as exc:
        _say(exc)
        return 2
    except OSError as exc:
        _say(f"{exc.filename or ''}: {exc.strerror or exc}")
        return 2
    finally:
        for notice in store.notices:
            _say(_("note: {notice}").format(notice=notice))
        store.close()


def _run(args: argparse.Namespace, store: ProgressStore) -> int:
    room = Classroom(store)
    store.pupil_count()  # open (and check) the file now
    if store.problem:
        _say(store.problem)
        return 1
    if args.command == "new":
        names = read_names(args.pupils.read_text(encoding="utf-8").splitlines())
        made = room.new_class(args.name, names, pictures=args.pictures)
        out = args.output or Path(f"cards-{made.code}.html")
        out.write_text(cards_html(made.cards, address=args.address), encoding="utf-8")
        print(ngettext("Class {name}: class code {code}, {count} pupil.",
                       "Class {name}: class code {code}, {count} pupils.",
                       len(made.cards)).format(name=made.name, code=shown_code(made.code),
                                               count=len(made.cards)))
        print(_("Cards to print: {file}").format(file=out))
        print(_("Teacher key (shown only now; write it down): {key}").format(
            key=made.teacher_key))
    elif args.command == "list":
        if args.klass:
            key = _key(args)
            info = room.check_teacher(args.klass, key)
            print(_("Class {name} ({code}), made {day}:").format(
                name=info.name, code=shown_code(info.code), day=info.created))
            for name, progress in class_progress(room, info.code, key):
                print(_("  {name:<24} solved {solved:>3}  streak {streak} (best {best})").format(
                    name=name, solved=progress.solved_count, streak=progress.streak,
                    best=progress.best_streak))
        else:
            classes = room.classes()
            if not classes:
                print(_('No classes yet: make one with kit-class new "7B" --pupils names.txt'))
            for info in classes:
                print(ngettext("{code}  {name:<12} {count:>3} pupil  made {day}",
                               "{code}  {name:<12} {count:>3} pupils  made {day}",
                               len(info.pupils)).format(
                    code=shown_code(info.code), name=info.name, count=len(info.pupils),
                    day=info.created))
    elif args.command == "reset-secret":
        card = room.reset_secret(args.klass, args.pupil, _key(args), pictures=args.pictures)
        out = args.output or Path(f"card-{card.class_code}-{card.pupil_name}.html"
                                  .replace(" ", "-"))
        out.write_text(cards_html([card]), encoding="utf-8")
        print(_("{name}'s new secret: {secret} (card to print: {file}); the old card no longer "
                "works.").format(name=card.pupil_name, secret=card.secret, file=out))
    elif args.command == "backup":
        if args.list:
            if store.path is None:  # a PostgreSQL store: pg_dump keeps its backups
                store.backup()  # raises the message saying so
            for path in list_backups(store.path):  # type: ignore[arg-type]
                print(path)
        else:
            print(_("Backed up to {file}").format(file=store.backup(args.output)))
    elif args.command == "restore":
        kept = store.restore(args.file)
        print(_("Restored {file}; the file as it was is kept at {kept}").format(
            file=args.file, kept=kept))
    elif args.command == "notes":
        notes = store.teacher_notes()
        for at, text in notes:
            print(f"{at}  {text}")
        if not notes:
            print(_("No notes."))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
