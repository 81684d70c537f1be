"""The owner's report: the dialog, the page it prints, the takings chart."""
