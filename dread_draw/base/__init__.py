"""The leaves every layer may use: errors, atomic files, process pool, symbols, safe text."""
