"""``python -m classroom``: the ``kit-class`` command."""

import sys

from classroom.cli import main

sys.exit(main())
