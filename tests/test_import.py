"""``import lnb`` stays light: no sympy, no ipywidgets, no Jupyter."""

from __future__ import annotations

import json
import subprocess
import sys


def test_import_lnb_imports_no_ui_and_no_sympy() -> None:
    code = (
        "import sys, json, lnb, lnb.cli; "
        "print(json.dumps(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('sympy', 'ipywidgets', 'IPython', 'traitlets', 'numpy'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []
