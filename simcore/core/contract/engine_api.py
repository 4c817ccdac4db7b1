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
