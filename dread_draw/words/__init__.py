"""Words for players beyond the catalogues: events narrated, the rules text, the odds line."""
