"""The kit's shared core: what every game of the kit is built on, and nothing of any one game.

Errors (:mod:`lnb.core.errors`), editions as data files (:mod:`lnb.core.editions`), chance as
a protocol (:mod:`lnb.core.chance`), phases as a table (:mod:`lnb.core.phases`), the record
envelope (:mod:`lnb.core.records`), computer players (:mod:`lnb.core.players`), the hot-seat
race (:mod:`lnb.core.race`), the :class:`~lnb.core.table.Table` that drives seats, and a
property-test harness (:mod:`lnb.core.testing`).

>>> import subprocess, sys
>>> code = "import sys, lnb.core; print([m for m in sys.modules if m.startswith('lnb.babbage')])"
>>> subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
'[]\\n'

"""
