"""Taking a payment: the form, the payment card, the counter that watches orders,
the customer display and where it goes, the alerts, the paper slip."""
