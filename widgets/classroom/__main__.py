"""``python -m widgets.classroom``: the ``kit-class`` command."""

import sys

from widgets.classroom.cli import main

sys.exit(main())
