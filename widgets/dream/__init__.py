"""The app of Ada's Dream (``lessons/dream.ipynb``): every rule is :mod:`lnb.dream`'s.

- :class:`widgets.dream.app.DreamApp` — the whole game: ``DreamApp(players=None,
  computers=None, seed=None)`` (default: you against a greedy computer player; hot-seat with
  ``computers={}``), ``open_page(query=None)`` (``?lang=``, ``?seed=N``), ``new_game()``,
  ``act(action)``, ``key(name)``, ``save_text()`` / ``load_text(text)``, ``relabel()``.
- :mod:`widgets.dream.board` (your board, the others in short), :mod:`widgets.dream.cards`
  (the displays), :mod:`widgets.dream.mainboard` (Workshop, map, Institutions),
  :mod:`widgets.dream.setup` (a new game), :mod:`widgets.dream.keys` (keys, screen reader),
  :mod:`widgets.dream.buttons` (a button per action: legal, or disabled with the reason).
"""
