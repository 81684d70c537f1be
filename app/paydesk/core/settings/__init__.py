"""Typed settings, kept as JSON in the data directory, each declared once.

``values.Settings`` holds the settings and reads and writes their file; ``declared``
says what each setting is (type, default, bounds, environment variable, at once or
after restart, fixed in the demo, help). ``connection_check`` is the "Test connection"
check Settings and ``paydesk config check`` run.

Read by every part of the core and both front ends; the settings in force after each
save are published on the runtime's hub.
"""
