"""Packaged data files (TOML): the digest's reconstructions of the map, the tiles and the
card mix (docs/games/tajmahal.md says how to replace them)."""
