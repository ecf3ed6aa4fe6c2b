"""Consulting Mathematician's widgets. The rules are :mod:`lnb.museum`'s; these only draw and
ask.

- :class:`widgets.museum.app.MuseumApp` — the whole game (``lessons/museum.ipynb``):
  ``MuseumApp(seed=None, today=...)``, ``open_page(query=None)`` (``?lang=``, ``?seed=N``,
  ``?daily=1``), ``relabel()``, ``act(action)``, ``pick_shape(id)``, ``confirm()``,
  ``undo()``, ``load_text(json)``, ``daily_challenge()``.
- :class:`widgets.museum.map.MuseumMap` — the map, one ``anywidget``: ``show(state)``,
  ``pick(shape)``, ``handle(message)``, ``placement()``; traits ``anchor``, ``orientation``,
  ``hovered`` (from the page), ``ghost``, ``board``, ``pieces``, ``label``, ``live``.
- :mod:`widgets.museum.choices` — the app's questions to the library: ``die_choices``,
  ``other_choices``, ``refusal``, ``shape_reason``, ``undo`` (replay without the last
  action), ``can_undo``.
- :mod:`widgets.museum.lesson_views` — the lessons' views (orientations, the wheel, two dice,
  a chart, rooms' areas and perimeters).
"""
