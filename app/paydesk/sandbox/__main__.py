"""``python -m paydesk.sandbox``: the same runner as ``paydesk sandbox``."""

from paydesk.sandbox.cli import main

raise SystemExit(main())
