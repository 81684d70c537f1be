"""``python -m paydesk`` runs the same entry point as the ``paydesk`` command."""

from paydesk.cli.main import main

raise SystemExit(main())
