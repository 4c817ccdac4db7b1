"""The names a game's engine module exports for the generated driver (simcore/core/nb/driver.py
imports them): the sizes of the buffers a game is played with and the jitted entry
points. An engine module declares `__all__ = ENGINE_API`, so the list is kept once."""

ENGINE_API = (
    "MAX_SEATS",
    "N_REC",
    "OUT_SIZE",
    "RNG_STREAMS",
    "SCRATCH_SIZE",
    "STATE_SIZE",
    "WORK_SIZE",
    "advance_nb",
    "answer_nb",
    "asked_seat_nb",
    "start_game_nb",
    "write_records_nb",
)

# The invariant check's hooks (tests/test_invariants.py plays every game through
# play.play_checked): a module the plug-in names in `checks` (default: its engine) exports
#   legal_count_nb(state, board, rules, kind, seat) -> int64
#       how many legal answers the decision `kind` just asked of `seat` has; 0 means the
#       engine asked a question nobody can answer. A kind whose answer has several parts
#       may count one listed part, as long as 0 means exactly "no legal answer".
#   invariants_nb(state, board, rules) -> int64
#       0 when the game's own conservation laws hold (its pieces, cards and money are
#       conserved and in range), else the game's code of the first broken one.
# Both are read-only and never called in production runs.
CHECK_API = ("legal_count_nb", "invariants_nb")
