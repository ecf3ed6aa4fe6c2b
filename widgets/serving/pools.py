"""A class's worth of preheated kernels, refilled sparingly once the class has arrived.

Voila 0.5 keeps ``pool_size`` preheated kernels per notebook
(``VoilaKernelManager.kernel_pools_config``) and, each time a page takes one, starts
another to keep the pool full. For a class that opens the same page at once, the kit asks
for a pool as large as the class; refilling it to that size while the pupils' pages load
would start 30 more kernels on the cores the pupils need (and double the memory).
:func:`with_refill_pools` gives the kernel manager one more setting,
``VoilaKernelManager.refill_pools_config`` (same shape): the pool sizes kept *after* the
first fill, so the class pool is topped up only once it runs low.

>>> from traitlets import HasTraits
>>> def factory(base, preheat, size, page_config_hook=None):  # Voila's, in miniature
...     class Manager(base):
...         def __init__(self, **kwargs):
...             super().__init__(**kwargs)
...             self.kernel_pools_config = {"puzzles.ipynb": {"pool_size": 30}}
...     return Manager
>>> manager = with_refill_pools(factory)(HasTraits, True, 1)(
...     refill_pools_config={"puzzles.ipynb": {"pool_size": 2}})
>>> manager.kernel_pools_config
{'puzzles.ipynb': {'pool_size': 2}}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from traitlets import Dict

Factory = Callable[..., type]


def with_refill_pools(factory: Factory) -> Factory:
    """Wrap Voila's ``voila_kernel_manager_factory`` so its class takes ``refill_pools_config``."""

    def make(base_class: type, preheat_kernel: bool, default_pool_size: int,
             page_config_hook: Callable[..., Any] | None = None) -> type:
        manager = factory(base_class, preheat_kernel, default_pool_size,
                          page_config_hook=page_config_hook)
        if not preheat_kernel:
            return manager

        class VoilaKernelManager(manager):  # type: ignore[valid-type,misc]
            """Voila's kernel manager; after the first fill, pools follow the refill sizes."""

            refill_pools_config = Dict(
                {}, config=True,
                help="Pool sizes (as in kernel_pools_config) kept after the first fill.")

            def __init__(self, **kwargs: Any) -> None:
                refill = kwargs.pop("refill_pools_config", None)
                super().__init__(**kwargs)  # starts every pool at kernel_pools_config's sizes
                if refill is not None:
                    self.refill_pools_config = refill
                if self.refill_pools_config:
                    self.kernel_pools_config = {**self.kernel_pools_config,
                                                **self.refill_pools_config}

        return VoilaKernelManager

    return make
