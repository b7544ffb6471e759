"""What is kept on disk: saves, the kept games, stats."""
