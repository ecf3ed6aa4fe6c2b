"""The kit as a static website (issue 18): ``make site`` runs :mod:`scripts.site.build`.

Modules, one job each: :mod:`.pins` reads ``pins.toml``; :mod:`.fetch` downloads (npm, PyPI)
into a cache and checks hashes; :mod:`.wheels` builds the kit's wheel and the empty stubs;
:mod:`.lock` writes the site's ``pyodide-lock.json``; :mod:`.pages` post-processes the pages
Voici renders; :mod:`.prune` cuts what no page loads; :mod:`.build` runs the steps.
"""
