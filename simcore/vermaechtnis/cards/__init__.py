"""Packaged card tables (TOML); `default.toml` is the digest's reconstruction."""
