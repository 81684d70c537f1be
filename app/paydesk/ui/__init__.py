"""The counter window (PySide6). Everything here drives the Qt-free core;
nothing here talks to the network or sleeps in the GUI thread.

paydesk/launch.py starts it, after importing the core it needs before Qt.
"""
