"""The table model (no Textual): see `dread_draw.table.model`."""
