"""`palace-lab tune-rules`, one module per stage: the checked settings (`settings`, built
once by the command and passed down, never rebuilt), the space of rule values (`space`),
the search by successive halving (`search`), the confirmation and check on fresh seeds
(`confirm`), the progress line (`progress`), the folder, the stages and best.toml (`run`),
and the command itself (`command`).
"""

from .run import games_on_disk, tune_rules
from .settings import TuneSettings, parse_players

__all__ = ["TuneSettings", "games_on_disk", "parse_players", "tune_rules"]
