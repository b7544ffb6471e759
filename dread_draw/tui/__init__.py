"""The terminal table (`dread-draw play`): a Textual app for hot-seat play with CPU seats — a
front end of the table session (`dread_draw.table`), and the only package that imports
Textual."""
