"""The window's shifts and cashiers (core/shifts/): signing in, the shift's menu, the
lock, the reports. Built by ui/window_builder.py only with the ``shifts`` setting on;
with it off the window shows nothing of it."""
