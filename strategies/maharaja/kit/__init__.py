"""Shared building blocks for Maharaja strategies (routes, views); never registered."""
