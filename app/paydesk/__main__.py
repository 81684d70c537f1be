"""``python -m paydesk`` runs the same entry point as the ``paydesk`` command."""

from paydesk.launch import main

raise SystemExit(main())
