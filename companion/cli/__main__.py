"""``python -m companion.cli``: the companion command."""

import sys

from . import main

sys.exit(main())
