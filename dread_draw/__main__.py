"""`python -m dread_draw` runs the same command line as `dread-draw`."""

from dread_draw.cli import main

main()
