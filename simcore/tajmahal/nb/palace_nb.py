"""Palaces: where one may go (T-A3, T-A4, T-A6a), placing it with its bonus tile (T-A3,
T-A4) and the connection points over the road map (T-P2)."""

from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.skeleton_nb import log_nb

from .. import data_layout as D
from .. import layout as S
from ..enums import ACT_BONUS, ACT_CROWN, ACT_PALACE, EV_PALACE, N_ACTS
from ..rules import R


@njit_static(cache=True)
def city_ok_nb(state, data, rules, seat, crowned, city):
    """T-A4: the crowned palace goes on any city of the current province; T-A3: a normal
    palace on one without a normal palace (a crowned palace does not block; T-A6a
    [choice]: unless rules.own_crown_city_open is off and it is the seat's own)."""
    if city < 0 or city >= data[D.N_CITIES]:
        return False
    if data[D.CITY_PROV + city] != state[S.CUR_PROV]:
        return False
    if crowned:
        return True
    if state[S.CITY_NORMAL + city] >= 0:
        return False
    return rules[R.OWN_CROWN_CITY_OPEN] != 0 or state[S.CITY_CROWNED + city] != seat


@njit_static(cache=True)
def legal_cities_nb(state, data, rules, seat, crowned, out, skip):
    """T-D2: the legal cities (ascending) from the skip-th on into `out`, as many as fit;
    returns how many there are in all."""
    n = 0
    mask = data[D.PROV_MASK + state[S.CUR_PROV]]
    c = 0
    while mask:
        if mask & 1 and city_ok_nb(state, data, rules, seat, crowned, c):
            if skip <= n < skip + out.shape[0]:
                out[n - skip] = c
            n += 1
        mask >>= 1
        c += 1
    return n


@njit_static(cache=True)
def any_city_nb(state, data, rules, seat, crowned):
    """True if the palace has a legal city (always, unless T-A6a is switched off)."""
    mask = data[D.PROV_MASK + state[S.CUR_PROV]]
    c = 0
    while mask:
        if mask & 1 and city_ok_nb(state, data, rules, seat, crowned, c):
            return True
        mask >>= 1
        c += 1
    return False


@njit_static(cache=True)
def place_palace_nb(state, log, seat, crowned, city):
    """Put the palace; a normal palace takes the city's bonus tile (T-A3), a crowned one
    never does (T-A4). The tile is remembered for scoring in order (T-P1)."""
    state[S.PALACES + seat] |= 1 << city
    state[S.N_PALACES + seat] += 1
    bonus = -1
    if crowned:
        state[S.CITY_CROWNED + city] = seat
        state[S.CROWN_CITY] = city
        state[S.W_CROWNED] = 1
        state[S.ACTS + seat * N_ACTS + ACT_CROWN] += 1
    else:
        state[S.CITY_NORMAL + city] = seat
        state[S.W_PLACED] += 1
        state[S.ACTS + seat * N_ACTS + ACT_PALACE] += 1
        bonus = state[S.BONUS_AT + city]
        if bonus >= 0:
            state[S.BONUS_AT + city] = -1
            state[S.W_BONUS + state[S.W_N_BONUS]] = bonus
            state[S.W_N_BONUS] += 1
            state[S.ACTS + seat * N_ACTS + ACT_BONUS + bonus] += 1
    log_nb(state, log, seat, EV_PALACE, city, 1 if crowned else 0, bonus, 0)


@njit_static(cache=True)
def connected_mask_nb(data, own, start):
    """Cities of `own` reachable from `start` along roads through cities of `own` only
    (T-P2: a city without the seat's palace breaks the chain)."""
    reached = start & own
    frontier = reached
    while frontier:
        nxt = 0
        c = 0
        f = frontier
        while f:
            if f & 1:
                nxt |= data[D.ADJ + c]
            f >>= 1
            c += 1
        frontier = nxt & own & ~reached
        reached |= frontier
    return reached


@njit_static(cache=True)
def connected_provinces_nb(state, data, seat, prov):
    """T-P2: other provinces holding a palace of the seat connected to one of its palaces
    in province `prov` by an unbroken chain of its palaces."""
    own = state[S.PALACES + seat]
    reached = connected_mask_nb(data, own, own & data[D.PROV_MASK + prov])
    provs = 0
    c = 0
    while reached:
        if reached & 1:
            provs |= 1 << data[D.CITY_PROV + c]
        reached >>= 1
        c += 1
    provs &= ~(1 << prov)
    n = 0
    while provs:
        n += provs & 1
        provs >>= 1
    return n
