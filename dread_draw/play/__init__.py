"""The match driver and what plays many games: simulate's summaries, arena, balance."""
