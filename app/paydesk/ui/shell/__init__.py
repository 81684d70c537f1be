"""The window's frame: language, fonts and texts, the icon, the About box, crash
notices, the first frame, one window per data folder, worker tasks, the problem strip."""
