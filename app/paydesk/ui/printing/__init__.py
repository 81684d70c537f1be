"""The receipt printer in the window: print jobs off the GUI thread, the notice of a
failed print with "Print again", and the settings section's test page."""
