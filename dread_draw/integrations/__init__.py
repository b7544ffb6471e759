"""Bridges to outside frameworks; each needs its own extra (e.g. `pip install
'dread-draw[openspiel]'`) and the rules core never imports them."""
