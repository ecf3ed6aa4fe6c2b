"""``python -m widgets.serving VOILA-ARGS...``: plain Voila with the kit's paths set.

This is what :class:`widgets.serving.server.KitServer` runs; the arguments are Voila's own, plus
``--VoilaKernelManager.refill_pools_config`` (see :mod:`widgets.serving.pools`),
``--KitKernelManager.unjoined_timeout`` (:mod:`widgets.serving.owners`),
``--KitPreheat.quiet`` and ``--KitPreheat.next_pages`` (:mod:`widgets.serving.preheat`) and
``--KitVoila.allow_hosts`` (:mod:`widgets.serving.app`). The application is
:class:`widgets.serving.app.KitVoila`: Voila with the kit's checks.
"""

from __future__ import annotations

import os
import sys
import warnings

import lnb.core.fast_start  # noqa: F401  (first: jsonschema's IRI grammar built only if asked)
from widgets.serving import kit_environ


def main(argv: list[str] | None = None) -> None:
    """Put the kit's config and template on the Jupyter paths, then run Voila."""
    os.environ.update(kit_environ(os.environ))
    import voila.app  # imported late: jupyter_core reads the paths at use

    from widgets.serving.app import KitVoila
    from widgets.serving.owners import with_owners
    from widgets.serving.pools import with_refill_pools
    from widgets.serving.preheat import with_background_preheat

    # The libraries' deprecation notices are for their developers, not the teacher's log
    # (after Voila's import, which asks for traitlets' own).
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    voila.app.voila_kernel_manager_factory = with_owners(with_background_preheat(
        with_refill_pools(voila.app.voila_kernel_manager_factory)))
    KitVoila.launch_instance(argv=sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
