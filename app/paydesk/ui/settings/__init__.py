"""The settings window, its connection check, and the first start's welcome."""
