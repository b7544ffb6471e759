"""The web front end: dread-draw serve and its pages."""
