"""widgets/classroom: what draws the classroom (the class panel, the teacher's dashboard).
Importing it registers the stores each host opens (:mod:`widgets.classroom.stores`)."""

from widgets.classroom import stores as _stores  # noqa: F401  (registers with the host)
