"""``python -m lnb.cli``."""

import sys

from lnb.cli import main

sys.exit(main())
