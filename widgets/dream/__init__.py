"""The apps of Ada's Dream (``lessons/dream.ipynb``): every rule is :mod:`lnb.dream`'s."""
