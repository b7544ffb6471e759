"""The coach: hints, reviews, take-backs, the tutorial and the daily deal."""
