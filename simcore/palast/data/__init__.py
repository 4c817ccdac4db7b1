"""Packaged data files (TOML) for what the rulebook prints only on components: building
cards (P-C5), harbour cards (P-C1b, P-C2), action cards (P-C6). All reconstructions."""
