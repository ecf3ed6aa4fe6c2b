"""Lessons' shared parts: the exercise bank (:mod:`widgets.lessons.bank`), one data file per
lesson in ``exercises/`` holding every exercise's answer and its texts in every language."""
