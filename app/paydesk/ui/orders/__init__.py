"""The orders list: its table model, cells and columns, the panel with filters and
totals, CSV export, and the ear on the order book for changes made elsewhere."""
