"""Game knowledge the Taj Mahal strategies share: what a seat may see (view_nb), what the
prizes and cards are worth to it (values_nb), and the answers built on them (play_nb)."""
