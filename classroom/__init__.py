"""The classroom: the store (SQLite or PostgreSQL), pupils and their cards, puzzle
progress, scores, live rooms and the dashboard's figures. No widget here: what draws is
``widgets.classroom``. See docs/classroom.md."""
