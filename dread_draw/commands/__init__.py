"""The command bodies: the only place that picks a front end."""
