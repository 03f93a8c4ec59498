/* Scythe's compiled observation encoder: the C twin of ``fast_observation.py``
 * (``FastScytheEncoder``), writing the same vector, normalised, straight from the state.
 * ``tests/adapters/test_native_observation.py`` checks the two are equal bit for bit.
 *
 * Every number that comes from the content or from the vector's layout (offsets, widths,
 * scales, per-card tables, scoring tiers and bonus tiles, the objective conditions
 * compiled to a small program) is computed in Python (``fast_observation._native_config``)
 * and copied here at construction. Like the Python encoder it reads only what
 * ``view(seat)`` shows: other seats' coins only once the game is over, the seat's own
 * hand, objectives, Factory offer (once seen) and combat choice; decks as sizes.
 */
#include "observe.h"

#include <stdint.h>

/* Fixed bounds of the C scratch arrays (the configuration is checked against them). */
#define MAX_SEATS 8
#define MAX_SPACES 64
#define MAX_UNITS 32  /* pieces per seat */
#define MAX_SMALL 16  /* structures, resources, values, sections, objectives held per seat */
#define MAX_DEPTH 32  /* nesting of the objective programs */

/* ---------------------------------------------------------------- the configuration */

/* The ints of ``dims`` (names as in ``_native_config``). */
#define DIMS(X)                                                                          \
    X(players) X(size) X(turns) X(seat_width) X(space_width) X(at_decision_kind)         \
    X(at_to_move) X(at_over) X(at_winners) X(at_scores) X(at_progress) X(at_active)      \
    X(at_order) X(at_ended) X(at_bonus_tile) X(at_decks) X(at_spaces) X(at_seat0_faction) \
    X(at_you_hand) X(at_you_objectives) X(at_you_objectives_met) X(at_you_factory_offer) \
    X(at_combat_territory) X(at_combat_sides) X(at_combat_own) X(at_encounter)           \
    X(n_spaces) X(n_territories) X(n_resources) X(n_structures) X(n_values)              \
    X(units_per_seat) X(mech) X(worker) X(n_mechs) X(n_workers) X(objectives_held)       \
    X(n_sections) X(factory_section) X(n_factions) X(n_mats) X(n_tops) X(n_objectives)   \
    X(n_factory) X(n_encounters) X(encounter_options) X(n_tiles) X(tile_width)           \
    X(n_tiers) X(n_produce_costs) X(n_last) X(factory_last) X(sixth_star) X(turn_limit)  \
    X(attacker) X(defender) X(factory_space) X(factory_extra) X(n_cards)                 \
    X(encounter_tokens) X(power_max) X(popularity_max) X(stars_max) X(dial_max)          \
    X(max_slots)

/* The floats of ``scales``. */
#define SCALES(X) X(coin_scale) X(score_scale) X(resource_scale) X(hand_scale)

/* The int tables of ``tables`` (``inv_value`` is the one float table). */
#define TABLES(X)                                                                        \
    X(top_index) X(cost_room) X(top_structure) X(last_index) X(upgrade_index)            \
    X(enlist_index) X(once_goals) X(objective_number) X(factory_number)                  \
    X(encounter_number) X(option_count) X(option_index) X(value_counts) X(produce_costs) \
    X(produce_max) X(tiers) X(tiles) X(line_next) X(neighbor_mask) X(physical)           \
    X(home_adjacent) X(program) X(roots)

/* The objective stats, in ``vocabulary.STATS`` order (checked at construction). */
static const char *const STAT_NAMES[] = {
    "coins", "popularity", "power", "combat_cards", "upgrades", "mechs_deployed",
    "structures_built", "recruits_enlisted", "workers_on_board", "stars", "combat_stars",
};
enum {
    S_COINS, S_POPULARITY, S_POWER, S_COMBAT_CARDS, S_UPGRADES, S_MECHS, S_STRUCTURES,
    S_RECRUITS, S_WORKERS, S_STARS, S_COMBAT_STARS, N_STATS
};
/* Opcodes of the objective programs (``fast_observation._ObjectivePrograms``). */
enum { OP_ALL, OP_ANY, OP_WITHIN, OP_LEAD, OP_UNIT_AT, OP_AROUND, OP_SPREAD };
enum { M_TERRITORIES, M_UNITS, M_STRUCTURES, M_RESOURCES, M_STAT };
/* ``bonus_count`` kinds (``fast_observation._tile``). */
enum { TILE_NEAR, TILE_ON, TILE_LINE };

typedef struct {
    long long *v;
    Py_ssize_t n;
} Ints;

typedef struct {
    EncoderBase base;
#define X(name) long name;
    DIMS(X)
#undef X
#define X(name) double name;
    SCALES(X)
#undef X
#define X(name) Ints name;
    TABLES(X)
#undef X
    double *inv_value;
    PyObject *kinds; /* decision kind -> its ``decision.kind`` index */
} Encoder;

/* ---------------------------------------------------------------- attribute names */
#define NAMES(X)                                                                         \
    X(decision) X(player) X(kind) X(units) X(structures) X(resources) X(coins) X(power)  \
    X(popularity) X(hand) X(objectives) X(objectives_revealed) X(star_goals)             \
    X(combat_stars) X(objective_stars) X(top_upgrades) X(bottom_cubes) X(recruits)       \
    X(recruit_bonuses) X(last_section) X(factory_card) X(combat_discard) X(faction)      \
    X(mat) X(order) X(combat_deck) X(objective_deck) X(encounter_deck) X(factory_offer)  \
    X(encounter_tokens) X(bonus_tile) X(active) X(turn) X(ended) X(factory_seen)         \
    X(stack) X(side_scores) X(side_winners) X(combat_fight) X(combat_cards)              \
    X(encounter_option)

enum {
#define X(name) N_##name,
    NAMES(X)
#undef X
    N_NAMES
};
static PyObject *names[N_NAMES];
#define NAME(name) names[N_##name]

/* ---------------------------------------------------------------- the state, read */

/* The state's lists as C ints (the seat-indexed rows of every seat, all public but the
 * hand, whose rows are read as the Python encoder reads them: summed for every seat,
 * value by value for the seat itself only). Coins are not copied (read one by one). */
typedef struct {
    long units[MAX_SEATS * MAX_UNITS];
    long structures[MAX_SEATS * MAX_SMALL];
    long resources[MAX_SPACES * MAX_SMALL];
    long power[MAX_SEATS], popularity[MAX_SEATS];
    long hand[MAX_SEATS * MAX_SMALL];
    long objectives[MAX_SEATS * MAX_SMALL], revealed[MAX_SEATS * MAX_SMALL];
    long star_goals[MAX_SEATS], combat_stars[MAX_SEATS], objective_stars[MAX_SEATS];
    long top_upgrades[MAX_SEATS], bottom_cubes[MAX_SEATS * MAX_SMALL];
    long recruits[MAX_SEATS], recruit_bonuses[MAX_SEATS], last_section[MAX_SEATS];
    long factory_card[MAX_SEATS], combat_discard[MAX_SMALL];
    long faction[MAX_SEATS], mat[MAX_SEATS];
    uint64_t unit_mask[MAX_SEATS];      /* spaces holding a unit of each seat */
    uint64_t structure_mask[MAX_SEATS]; /* spaces holding a structure of each seat */
    uint64_t owned[MAX_SEATS];          /* ``all_controlled`` */
    uint64_t territories;               /* every territory */
    PyObject *coins;                    /* the ``coins`` list (borrowed from the state) */
} St;

static int bad_state(const char *what)
{
    PyErr_Format(PyExc_ValueError, "scythe state: %s", what);
    return -1;
}

/* ``n`` ints of the list or tuple ``seq`` (exactly ``n`` of them) into ``dst``. */
static int read_ints(PyObject *seq, long *dst, Py_ssize_t n, PyObject *name)
{
    if (!PyList_Check(seq) && !PyTuple_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "scythe state: %S must be a list or tuple", name);
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        PyErr_Format(PyExc_ValueError, "scythe state: %S must hold %zd ints, not %zd", name,
                     n, PySequence_Fast_GET_SIZE(seq));
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        long value = PyLong_AsLong(items[i]);
        if (value == -1 && PyErr_Occurred()) {
            return -1;
        }
        dst[i] = value;
    }
    return 0;
}

/* The attribute ``name`` of ``state`` read into ``dst`` (``n`` ints). */
static int read_field(PyObject *state, PyObject *name, long *dst, Py_ssize_t n)
{
    PyObject *seq = PyObject_GetAttr(state, name);
    if (seq == NULL) {
        return -1;
    }
    int failed = read_ints(seq, dst, n, name);
    Py_DECREF(seq);
    return failed;
}

/* ``len()`` of the attribute ``name`` of ``state``; -1 with an exception. */
static Py_ssize_t field_len(PyObject *state, PyObject *name)
{
    PyObject *seq = PyObject_GetAttr(state, name);
    if (seq == NULL) {
        return -1;
    }
    Py_ssize_t n = PyObject_Length(seq);
    Py_DECREF(seq);
    return n;
}

/* An int item of ``seq`` (a list or tuple, index checked); -1 with an exception. */
static int item_at(PyObject *seq, Py_ssize_t i, long *value, const char *name)
{
    if (!PyList_Check(seq) && !PyTuple_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "scythe state: %s must be a list or tuple", name);
        return -1;
    }
    if (i < 0 || i >= PySequence_Fast_GET_SIZE(seq)) {
        PyErr_Format(PyExc_ValueError, "scythe state: %s has no item %zd", name, i);
        return -1;
    }
    *value = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
    return (*value == -1 && PyErr_Occurred()) ? -1 : 0;
}

static inline uint64_t bit(long space)
{
    return space >= 0 ? (uint64_t)1 << space : 0;
}

static inline long rel(long p, long me, long n)
{
    long r = (p - me) % n;
    return r < 0 ? r + n : r;
}

static inline int popcount(uint64_t mask)
{
    return __builtin_popcountll(mask);
}

/* Python's ``a // b`` for b > 0. */
static inline long floordiv(long a, long b)
{
    long q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* ``_squash``: x / (x + scale) if x > 0 else 0. */
static inline double squash(double x, double scale)
{
    return x > 0 ? x / (x + scale) : 0.0;
}

static int get_int(PyObject *s, PyObject *name, long *value);

/* Read the state's lists into ``st`` and derive the masks and ``all_controlled``. */
static int read_state(const Encoder *e, PyObject *s, St *st)
{
    long n = e->players;
    long ups = e->units_per_seat, nst = e->n_structures;
    if (read_field(s, NAME(units), st->units, n * ups) ||
        read_field(s, NAME(structures), st->structures, n * nst) ||
        read_field(s, NAME(resources), st->resources, e->n_spaces * e->n_resources) ||
        read_field(s, NAME(power), st->power, n) ||
        read_field(s, NAME(popularity), st->popularity, n) ||
        read_field(s, NAME(hand), st->hand, n * e->n_values) ||
        read_field(s, NAME(objectives), st->objectives, n * e->objectives_held) ||
        read_field(s, NAME(objectives_revealed), st->revealed, n * e->objectives_held) ||
        read_field(s, NAME(star_goals), st->star_goals, n) ||
        read_field(s, NAME(combat_stars), st->combat_stars, n) ||
        read_field(s, NAME(objective_stars), st->objective_stars, n) ||
        read_field(s, NAME(top_upgrades), st->top_upgrades, n) ||
        read_field(s, NAME(bottom_cubes), st->bottom_cubes, n * e->n_sections) ||
        read_field(s, NAME(recruits), st->recruits, n) ||
        read_field(s, NAME(recruit_bonuses), st->recruit_bonuses, n) ||
        read_field(s, NAME(last_section), st->last_section, n) ||
        read_field(s, NAME(factory_card), st->factory_card, n) ||
        read_field(s, NAME(combat_discard), st->combat_discard, e->n_values) ||
        read_field(s, NAME(faction), st->faction, n) ||
        read_field(s, NAME(mat), st->mat, n)) {
        return -1;
    }
    for (long p = 0; p < n; p++) {
        if (st->faction[p] < 0 || st->faction[p] >= e->n_factions) {
            return bad_state("a faction is out of range");
        }
        if (st->mat[p] < 0 || st->mat[p] >= e->n_mats) {
            return bad_state("a player mat is out of range");
        }
        if (st->last_section[p] < -1 || st->last_section[p] > e->factory_section) {
            return bad_state("a last section is out of range");
        }
        if (st->factory_card[p] < -1 || st->factory_card[p] >= e->n_factory) {
            return bad_state("a Factory card is out of range");
        }
        uint64_t units = 0, built = 0;
        for (long k = 0; k < ups; k++) {
            long space = st->units[p * ups + k];
            if (space < -1 || space >= e->n_spaces) {
                return bad_state("a unit stands on no space");
            }
            units |= bit(space);
        }
        for (long k = 0; k < nst; k++) {
            long space = st->structures[p * nst + k];
            if (space < -1 || space >= e->n_spaces) {
                return bad_state("a structure stands on no space");
            }
            built |= bit(space);
        }
        for (long k = 0; k < e->objectives_held; k++) {
            long held = st->objectives[p * e->objectives_held + k];
            long shown = st->revealed[p * e->objectives_held + k];
            if (held < -1 || held >= e->n_objectives || shown < -1 ||
                shown >= e->n_objectives) {
                return bad_state("an objective card is out of range");
            }
        }
        st->unit_mask[p] = units;
        st->structure_mask[p] = built;
    }
    /* owned: ``control.all_controlled`` (a defender keeps a territory until its combat) */
    long active;
    if (get_int(s, NAME(active), &active)) {
        return -1;
    }
    uint64_t every = 0, twice = 0;
    for (long p = 0; p < n; p++) {
        twice |= every & st->unit_mask[p];
        every |= st->unit_mask[p];
    }
    for (long p = 0; p < n; p++) {
        uint64_t defended = p == active ? 0 : st->unit_mask[p] & twice;
        st->owned[p] = (((st->unit_mask[p] | st->structure_mask[p]) &
                         ~(every & ~st->unit_mask[p]) & ~twice) |
                        defended) &
                       st->territories;
    }
    return 0;
}

/* ---------------------------------------------------------------- scoring */

/* Every resource token on the spaces of ``mask`` (``control.resources_on``). */
static long resources_on(const Encoder *e, const St *st, uint64_t mask)
{
    long total = 0;
    long nr = e->n_resources;
    while (mask) {
        int space = __builtin_ctzll(mask);
        for (long r = 0; r < nr; r++) {
            total += st->resources[space * nr + r];
        }
        mask &= mask - 1;
    }
    return total;
}

/* Tokens of ``resource`` on the spaces of ``mask`` (``control.resource_on``). */
static long resource_on(const Encoder *e, const St *st, uint64_t mask, long resource)
{
    long total = 0;
    while (mask) {
        int space = __builtin_ctzll(mask);
        total += st->resources[space * e->n_resources + resource];
        mask &= mask - 1;
    }
    return total;
}

/* ``s.stars(seat)`` */
static long stars(const St *st, long p)
{
    return popcount((uint64_t)st->star_goals[p]) + st->combat_stars[p] + st->objective_stars[p];
}

/* ``scoring.bonus_count`` then ``BonusTile.coins``, for the state's tile. */
static long bonus_coins(const Encoder *e, const St *st, long tile, long p)
{
    const long long *row = e->tiles.v + tile * e->tile_width;
    long kind = (long)row[0];
    uint64_t target = (uint64_t)row[1];
    long nst = e->n_structures;
    const long *spaces = st->structures + p * nst;
    long count = 0;
    if (kind == TILE_NEAR) {
        uint64_t near = 0;
        for (long k = 0; k < nst; k++) {
            if (spaces[k] >= 0) {
                near |= (uint64_t)e->neighbor_mask.v[spaces[k]];
            }
        }
        count = popcount(near & target);
    } else if (kind == TILE_ON) {
        for (long k = 0; k < nst; k++) {
            if (spaces[k] >= 0 && (bit(spaces[k]) & target)) {
                count++;
            }
        }
    } else {
        uint64_t built = st->structure_mask[p];
        for (long axis = 0; axis < 3; axis++) {
            const long long *step = e->line_next.v + axis * e->n_spaces;
            for (long k = 0; k < nst; k++) {
                if (spaces[k] < 0) {
                    continue;
                }
                long length = 1;
                long long following = step[spaces[k]];
                /* bounded: a line never holds more spaces than the map */
                while (following >= 0 && following < e->n_spaces &&
                       (built >> following & 1) && length <= e->n_spaces) {
                    length++;
                    following = step[following];
                }
                if (length > count) {
                    count = length;
                }
            }
        }
    }
    long bands = (long)row[2];
    long paid = 0;
    for (long b = 0; b < bands; b++) {
        if (count >= row[3 + 2 * b]) {
            paid = (long)row[4 + 2 * b];
        }
    }
    return paid;
}

/* ``fast_observation._score``: the running score of ``p``. */
static double score(const Encoder *e, const St *st, long tile, long p, long coins)
{
    const long long *tier = e->tiers.v + (e->n_tiers - 1) * 4;
    for (long t = 0; t < e->n_tiers; t++) {
        if (st->popularity[p] <= e->tiers.v[t * 4]) {
            tier = e->tiers.v + t * 4;
            break;
        }
    }
    uint64_t owned = st->owned[p];
    long counted = popcount(owned) +
                   ((owned >> e->factory_space & 1) ? e->factory_extra : 0);
    long total = coins + stars(st, p) * (long)tier[1] + counted * (long)tier[2] +
                 floordiv(resources_on(e, st, owned), 2) * (long)tier[3] +
                 bonus_coins(e, st, tile, p);
    return (double)total;
}

/* ---------------------------------------------------------------- objectives */

/* What an objective program reads: the encoder, the state, and an error flag (a program
 * or a state out of shape: every program read is checked). */
typedef struct {
    const Encoder *e;
    const St *st;
    int bad;
    long steps; /* conditions and filters evaluated: bounded, so no program runs away */
} Ctx;

#define MAX_STEPS 100000

static inline long long P(Ctx *c, long long i)
{
    if (i < 0 || i >= c->e->program.n) {
        c->bad = 1;
        return 0;
    }
    return c->e->program.v[i];
}

/* ``Position.mask``: the territories matching the filter at ``f`` for ``seat``. */
static uint64_t filter_mask(Ctx *c, long long f, long seat, int depth)
{
    const Encoder *e = c->e;
    const St *st = c->st;
    if (depth > MAX_DEPTH || ++c->steps > MAX_STEPS) {
        c->bad = 1;
        return 0;
    }
    uint64_t mask = (uint64_t)P(c, f);
    long long controlled = P(c, f + 1), own = P(c, f + 2), home = P(c, f + 3);
    long long distance = P(c, f + 4), exclude = P(c, f + 5);
    if (controlled != 0) {
        uint64_t others = 0;
        for (long p = 0; p < e->players; p++) {
            if (p != seat) {
                others |= st->owned[p];
            }
        }
        if (controlled == 1) {
            mask &= st->owned[seat];
        } else if (controlled == 2) {
            mask &= others;
        } else {
            mask &= ~(others | st->owned[seat]);
        }
    }
    if (own >= 0) {
        mask &= own ? st->structure_mask[seat] : ~st->structure_mask[seat];
    }
    if (home == 1) {
        mask &= (uint64_t)e->home_adjacent.v[st->faction[seat]];
    } else if (home != 0) {
        uint64_t near = 0;
        for (long p = 0; p < e->players; p++) {
            if (p != seat) {
                near |= (uint64_t)e->home_adjacent.v[st->faction[p]];
            }
        }
        mask &= near;
    }
    if (distance >= 0) {
        mask &= (uint64_t)P(c, distance + st->faction[seat]);
    }
    if (exclude >= 0) {
        mask &= ~filter_mask(c, exclude, seat, depth + 1);
    }
    return mask & st->territories;
}

/* A piece number read from the program (checked). */
static long piece_at(Ctx *c, long long i)
{
    long long piece = P(c, i);
    if (piece < 0 || piece >= c->e->units_per_seat) {
        c->bad = 1;
        return 0;
    }
    return (long)piece;
}

/* ``objectives.stat`` */
static long stat_value(Ctx *c, long seat, long long code)
{
    const Encoder *e = c->e;
    const St *st = c->st;
    const long *units = st->units + seat * e->units_per_seat;
    long count = 0;
    switch (code) {
    case S_COINS: {
        long coins;
        if (item_at(st->coins, seat, &coins, "coins") < 0) {
            c->bad = 2;
            return 0;
        }
        return coins;
    }
    case S_POPULARITY:
        return st->popularity[seat];
    case S_POWER:
        return st->power[seat];
    case S_COMBAT_CARDS:
        for (long v = 0; v < e->n_values; v++) {
            count += st->hand[seat * e->n_values + v];
        }
        return count;
    case S_UPGRADES:
        return popcount((uint64_t)st->top_upgrades[seat]);
    case S_MECHS:
        for (long k = e->mech; k < e->worker; k++) {
            count += units[k] != -1;
        }
        return count;
    case S_STRUCTURES:
        for (long k = 0; k < e->n_structures; k++) {
            count += st->structures[seat * e->n_structures + k] != -1;
        }
        return count;
    case S_RECRUITS:
        return popcount((uint64_t)st->recruits[seat]);
    case S_WORKERS:
        for (long k = e->worker; k < e->units_per_seat; k++) {
            count += units[k] != -1;
        }
        return count;
    case S_STARS:
        return stars(st, seat);
    case S_COMBAT_STARS:
        return st->combat_stars[seat];
    }
    c->bad = 1;
    return 0;
}

/* ``Position.value``: the number the measure at ``m`` counts for ``seat``. */
static long measure_value(Ctx *c, long long m, long seat, int depth)
{
    const Encoder *e = c->e;
    const St *st = c->st;
    long long op = P(c, m);
    long count = 0;
    if (op == M_TERRITORIES) {
        return popcount(st->owned[seat] & filter_mask(c, P(c, m + 1), seat, depth + 1));
    }
    if (op == M_UNITS) {
        uint64_t where = filter_mask(c, P(c, m + 1), seat, depth + 1);
        long long k = P(c, m + 2);
        for (long long i = 0; i < k && !c->bad; i++) {
            long space = st->units[seat * e->units_per_seat + piece_at(c, m + 3 + i)];
            if (space != -1 && (bit(space) & where)) {
                count++;
            }
        }
        return count;
    }
    if (op == M_STRUCTURES) {
        uint64_t where = filter_mask(c, P(c, m + 1), seat, depth + 1);
        long long k = P(c, m + 2);
        for (long long i = 0; i < k && !c->bad; i++) {
            long long kind = P(c, m + 3 + i);
            if (kind < 0 || kind >= e->n_structures) {
                c->bad = 1;
                return 0;
            }
            if (bit(st->structures[seat * e->n_structures + kind]) & where) {
                count++;
            }
        }
        return count;
    }
    if (op == M_RESOURCES) {
        long long k = P(c, m + 1);
        for (long long i = 0; i < k && !c->bad; i++) {
            long long r = P(c, m + 2 + i);
            if (r < 0 || r >= e->n_resources) {
                c->bad = 1;
                return 0;
            }
            count += resource_on(e, st, st->owned[seat], (long)r);
        }
        return count;
    }
    if (op == M_STAT) {
        return stat_value(c, seat, P(c, m + 1));
    }
    c->bad = 1;
    return 0;
}

/* ``Position._around``: every (filter, min) entry from ``at`` (a count first) holds
 * around ``space`` (a territory). */
static int around(Ctx *c, long space, long long at, long seat, int depth)
{
    if (space < 0 || space >= c->e->physical.n) {
        c->bad = 1;
        return 0;
    }
    uint64_t near = (uint64_t)c->e->physical.v[space];
    long long k = P(c, at);
    for (long long i = 0; i < k && !c->bad; i++) {
        uint64_t where = filter_mask(c, P(c, at + 1 + 2 * i), seat, depth + 1);
        if (popcount(near & where) < P(c, at + 2 + 2 * i)) {
            return 0;
        }
    }
    return 1;
}

/* ``objectives._independent`` */
static int independent(const Encoder *e, const long *spaces, long count, long need,
                       uint64_t chosen)
{
    if (need == 0) {
        return 1;
    }
    for (long k = 0; k < count; k++) {
        if (count - k < need) {
            return 0;
        }
        long space = spaces[k];
        if (!((uint64_t)e->physical.v[space] & chosen) &&
            independent(e, spaces + k + 1, count - k - 1, need - 1, chosen | bit(space))) {
            return 1;
        }
    }
    return 0;
}

/* ``Position.holds``: whether the condition at ``at`` holds for ``seat``. */
static int holds(Ctx *c, long long at, long seat, int depth)
{
    const Encoder *e = c->e;
    const St *st = c->st;
    if (depth > MAX_DEPTH || ++c->steps > MAX_STEPS) {
        c->bad = 1;
        return 0;
    }
    long long op = P(c, at);
    if (op == OP_ALL || op == OP_ANY) {
        long long k = P(c, at + 1);
        for (long long i = 0; i < k && !c->bad; i++) {
            int part = holds(c, P(c, at + 2 + i), seat, depth + 1);
            if (op == OP_ALL && !part) {
                return 0;
            }
            if (op == OP_ANY && part) {
                return 1;
            }
        }
        return op == OP_ALL;
    }
    if (op == OP_WITHIN) {
        long value = measure_value(c, P(c, at + 1), seat, depth + 1);
        return (!P(c, at + 2) || value >= P(c, at + 3)) &&
               (!P(c, at + 4) || value <= P(c, at + 5));
    }
    if (op == OP_LEAD) {
        long long m = P(c, at + 1), margin = P(c, at + 2);
        long mine = measure_value(c, m, seat, depth + 1);
        for (long other = 0; other < e->players && !c->bad; other++) {
            if (other != seat && !(mine >= measure_value(c, m, other, depth + 1) + margin)) {
                return 0;
            }
        }
        return 1;
    }
    if (op == OP_UNIT_AT) {
        uint64_t where = filter_mask(c, P(c, at + 1), seat, depth + 1);
        long long alone = P(c, at + 2), k = P(c, at + 3);
        long long with_at = at + 4 + k;
        long long w = P(c, with_at);
        long long neighbors_at = with_at + 1 + 3 * w;
        const long *units = st->units + seat * e->units_per_seat;
        for (long long i = 0; i < k && !c->bad; i++) {
            long piece = piece_at(c, at + 4 + i);
            long space = units[piece];
            if (space == -1 || !(bit(space) & where)) {
                continue;
            }
            /* the other pieces of the seat on that space */
            int others = 0;
            for (long other = 0; other < e->units_per_seat; other++) {
                others += other != piece && units[other] == space;
            }
            if (alone && others) {
                continue;
            }
            int short_of = 0;
            for (long long j = 0; j < w && !short_of; j++) {
                long long first = P(c, with_at + 1 + 3 * j), stop = P(c, with_at + 2 + 3 * j);
                long have = 0;
                for (long other = 0; other < e->units_per_seat; other++) {
                    have += other != piece && units[other] == space && other >= first &&
                            other < stop;
                }
                short_of = have < P(c, with_at + 3 + 3 * j);
            }
            if (short_of) {
                continue;
            }
            if (around(c, space, neighbors_at, seat, depth + 1)) {
                return 1;
            }
        }
        return 0;
    }
    if (op == OP_AROUND) {
        uint64_t centers = filter_mask(c, P(c, at + 1), seat, depth + 1);
        while (centers && !c->bad) {
            if (around(c, __builtin_ctzll(centers), at + 2, seat, depth + 1)) {
                return 1;
            }
            centers &= centers - 1;
        }
        return 0;
    }
    if (op == OP_SPREAD) {
        long long k = P(c, at + 1);
        long long least = P(c, at + 2 + k), non_adjacent = P(c, at + 3 + k);
        if (least < 0) {
            c->bad = 1;
            return 0;
        }
        uint64_t occupied = 0;
        const long *units = st->units + seat * e->units_per_seat;
        for (long long i = 0; i < k && !c->bad; i++) {
            occupied |= bit(units[piece_at(c, at + 2 + i)]);
        }
        occupied &= st->territories;
        long spaces[MAX_SPACES];
        long count = 0;
        for (uint64_t rest = occupied; rest; rest &= rest - 1) {
            spaces[count++] = __builtin_ctzll(rest);
        }
        if (count < least) {
            return 0;
        }
        if (!non_adjacent) {
            return 1;
        }
        return independent(e, spaces, count, (long)least, 0);
    }
    c->bad = 1;
    return 0;
}

/* ---------------------------------------------------------------- the vector */

/* Is ``obj`` the str ``tag`` (interned: usually the same object)? */
static inline int is_tag(PyObject *obj, PyObject *tag)
{
    if (obj == tag) {
        return 1;
    }
    return PyUnicode_CheckExact(obj) && PyUnicode_GET_LENGTH(obj) == PyUnicode_GET_LENGTH(tag) &&
           PyUnicode_Compare(obj, tag) == 0;
}

/* An int item of the tuple ``frame`` (index checked). */
static int frame_long(PyObject *frame, Py_ssize_t i, long *value)
{
    return item_at(frame, i, value, "a stack frame");
}

/* ``_player``: one seat's block at ``at``. */
static int write_player(const Encoder *e, const St *st, long p, int coins_seen, Out *out,
                        long at)
{
    long n_values = e->n_values, held = e->objectives_held, mat = st->mat[p];
    put(out, at + st->faction[p], 1);
    at += e->n_factions;
    put(out, at + mat, 1);
    at += e->n_mats;
    /* tracks */
    put(out, at, (double)st->power[p] / (double)e->power_max);
    put(out, at + 1, (double)st->popularity[p] / (double)e->popularity_max);
    if (coins_seen) {
        long coins;
        if (item_at(st->coins, p, &coins, "coins") < 0) {
            return -1;
        }
        put(out, at + 2, squash((double)coins, e->coin_scale));
        put(out, at + 3, 1);
    }
    long hand = 0;
    for (long v = 0; v < n_values; v++) {
        hand += st->hand[p * n_values + v];
    }
    put(out, at + 4, squash((double)hand, e->hand_scale));
    long holding = 0;
    for (long k = 0; k < held; k++) {
        holding += st->objectives[p * held + k] >= 0;
    }
    put(out, at + 5, (double)holding / (double)held);
    const long *units = st->units + p * e->units_per_seat;
    long on_board = 0;
    for (long k = e->worker; k < e->units_per_seat; k++) {
        on_board += units[k] >= 0;
    }
    put(out, at + 6, (double)on_board / (double)e->n_workers);
    at += 7;
    /* stars */
    put(out, at, (double)stars(st, p) / (double)e->stars_max);
    for (Py_ssize_t k = 0; k < e->once_goals.n; k++) {
        if (st->star_goals[p] >> e->once_goals.v[k] & 1) {
            put(out, at + 1 + k, 1);
        }
    }
    at += 1 + e->once_goals.n;
    put(out, at, (double)st->objective_stars[p] / (double)held);
    put(out, at + 1, (double)st->combat_stars[p] / (double)e->stars_max);
    at += 2;
    /* objectives_revealed */
    for (long k = 0; k < held; k++) {
        long card = st->revealed[p * held + k];
        if (card >= 0) {
            put(out, at + e->objective_number.v[card] - 1, 1);
        }
    }
    at += e->n_objectives;
    /* upgrades */
    for (Py_ssize_t box = 0; box < e->upgrade_index.n; box++) {
        if (st->top_upgrades[p] >> box & 1) {
            put(out, at + e->upgrade_index.v[box], 1);
        }
    }
    at += e->upgrade_index.n;
    /* sections */
    const long *structures = st->structures + p * e->n_structures;
    for (long section = 0; section < e->n_sections; section++) {
        long k = mat * e->n_sections + section;
        put(out, at + e->top_index.v[k], 1);
        at += e->n_tops;
        long room = (long)e->cost_room.v[k];
        if (room > 0) {
            long cubes = st->bottom_cubes[p * e->n_sections + section];
            if (cubes) {
                put(out, at, (double)cubes / (double)room);
            }
        }
        if (st->recruits[p] >> section & 1) {
            put(out, at + 1, 1);
        }
        if (structures[e->top_structure.v[k]] >= 0) {
            put(out, at + 2, 1);
        }
        at += 3;
    }
    /* produce_cost: the red boxes the workers exposed */
    long off = e->n_workers;
    for (long k = e->worker; k < e->units_per_seat; k++) {
        off -= units[k] == -1;
    }
    long cost[3] = {0, 0, 0};
    for (long k = 0; k < e->n_produce_costs; k++) {
        const long long *row = e->produce_costs.v + 3 * k;
        if (off >= row[0]) {
            cost[row[1]] += (long)row[2];
        }
    }
    for (long k = 0; k < 3; k++) {
        put(out, at + k, (double)cost[k] / (double)e->produce_max.v[k]);
    }
    at += 3;
    /* mechs, structures */
    for (long k = 0; k < e->n_mechs; k++) {
        if (units[e->mech + k] >= 0) {
            put(out, at + k, 1);
        }
    }
    at += e->n_mechs;
    for (long k = 0; k < e->n_structures; k++) {
        if (structures[k] >= 0) {
            put(out, at + k, 1);
        }
    }
    at += e->n_structures;
    /* enlist_bonuses */
    for (Py_ssize_t k = 0; k < e->enlist_index.n; k++) {
        if (st->recruit_bonuses[p] >> k & 1) {
            put(out, at + e->enlist_index.v[k], 1);
        }
    }
    at += e->enlist_index.n;
    /* last_section */
    long last = st->last_section[p];
    if (last >= 0) {
        put(out, at + (last == e->factory_section
                           ? e->factory_last
                           : e->last_index.v[mat * e->n_sections + last]), 1);
    }
    at += e->n_last;
    /* factory_card */
    long card = st->factory_card[p];
    if (card >= 0) {
        put(out, at + e->factory_number.v[card] - 1, 1);
    }
    return 0;
}

/* ``_spaces``: the board, space by space. */
static int write_spaces(const Encoder *e, const St *st, uint64_t tokens, Out *out, long me)
{
    long n = e->players, width = e->space_width, at = e->at_spaces;
    for (uint64_t rest = tokens; rest; rest &= rest - 1) {
        put(out, at + __builtin_ctzll(rest) * width, 1);
    }
    /* controllers */
    for (long p = 0; p < n; p++) {
        long r = rel(p, me, n);
        for (uint64_t rest = st->owned[p]; rest; rest &= rest - 1) {
            put(out, at + __builtin_ctzll(rest) * width + 1 + r, 1);
        }
    }
    /* structures: owner, kind */
    for (long k = 0; k < n * e->n_structures; k++) {
        long space = st->structures[k];
        if (space >= 0) {
            long p = k / e->n_structures, kind = k % e->n_structures;
            long b = at + space * width;
            put(out, b + 1 + n + rel(p, me, n), 1);
            put(out, b + 1 + 2 * n + kind, 1);
        }
    }
    /* units: character, mechs, workers of each seat */
    long units_at = at + 1 + 2 * n + e->n_structures;
    for (long p = 0; p < n; p++) {
        const long *units = st->units + p * e->units_per_seat;
        long r = 3 * rel(p, me, n);
        unsigned char mechs[MAX_SPACES] = {0}, workers[MAX_SPACES] = {0};
        for (long piece = 0; piece < e->mech; piece++) {
            if (units[piece] >= 0) {
                put(out, units_at + units[piece] * width + r, 1);
            }
        }
        for (long piece = e->mech; piece < e->worker; piece++) {
            if (units[piece] >= 0) {
                mechs[units[piece]]++;
            }
        }
        for (long piece = e->worker; piece < e->units_per_seat; piece++) {
            if (units[piece] >= 0) {
                workers[units[piece]]++;
            }
        }
        for (long space = 0; space < e->n_spaces; space++) {
            if (mechs[space]) {
                put(out, units_at + space * width + r + 1,
                    (double)mechs[space] / (double)e->n_mechs);
            }
            if (workers[space]) {
                put(out, units_at + space * width + r + 2,
                    (double)workers[space] / (double)e->n_workers);
            }
        }
    }
    /* resources */
    long resources_at = units_at + 3 * n;
    for (long k = 0; k < e->n_spaces * e->n_resources; k++) {
        long count = st->resources[k];
        if (count) {
            long space = k / e->n_resources, r = k % e->n_resources;
            put(out, resources_at + space * width + r,
                (double)count / ((double)count + e->resource_scale));
        }
    }
    return 0;
}

/* ``_own``: the seat's hand, objectives and the Factory offer it has seen. */
static int write_own(const Encoder *e, PyObject *s, const St *st, long seat,
                     long factory_seen, Out *out)
{
    long o = e->at_you_hand;
    for (long v = 0; v < e->n_values; v++) {
        long count = st->hand[seat * e->n_values + v];
        if (count) {
            double total = 0.0, step = e->inv_value[v];
            for (long k = 0; k < count; k++) {
                total += step;
            }
            put(out, o + v, total);
        }
    }
    Ctx c = {e, st, 0, 0};
    for (long k = 0; k < e->objectives_held; k++) {
        long card = st->objectives[seat * e->objectives_held + k];
        if (card < 0) {
            continue;
        }
        long number = (long)e->objective_number.v[card];
        put(out, e->at_you_objectives + number - 1, 1);
        if (holds(&c, e->roots.v[card], seat, 0)) {
            put(out, e->at_you_objectives_met + number - 1, 1);
        }
        if (c.bad) {
            if (c.bad == 1) {
                PyErr_SetString(PyExc_ValueError,
                                "scythe: an objective program is out of shape");
            }
            return -1;
        }
    }
    if (factory_seen >> seat & 1) {
        o = e->at_you_factory_offer;
        put(out, o, 1);
        PyObject *offer = PyObject_GetAttr(s, NAME(factory_offer));
        if (offer == NULL) {
            return -1;
        }
        if (!PyTuple_Check(offer) && !PyList_Check(offer)) {
            Py_DECREF(offer);
            return bad_state("factory_offer must be a tuple");
        }
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(offer); i++) {
            long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(offer, i));
            if (card == -1 && PyErr_Occurred()) {
                Py_DECREF(offer);
                return -1;
            }
            if (card < 0 || card >= e->n_factory) {
                Py_DECREF(offer);
                return bad_state("a Factory card is out of range");
            }
            put(out, o + e->factory_number.v[card], 1);
        }
        Py_DECREF(offer);
    }
    return 0;
}

/* ``_combat``: the combat being fought, and the seat's own choice in it. */
static int write_combat(const Encoder *e, PyObject *fight, PyObject *pending, long seat,
                        Out *out, long me)
{
    long n = e->players;
    long attacker, territory, defender;
    if (frame_long(fight, 1, &attacker) || frame_long(fight, 2, &territory) ||
        frame_long(fight, 3, &defender)) {
        return -1;
    }
    if (PyTuple_GET_SIZE(fight) < 6) {
        return bad_state("a combat_fight frame is too short");
    }
    PyObject *commits = PyTuple_GET_ITEM(fight, 5);
    if (!PyTuple_Check(commits) && !PyList_Check(commits)) {
        return bad_state("combat commits must be a tuple");
    }
    if (territory < 0 || territory >= e->n_spaces) {
        return bad_state("a combat territory is out of range");
    }
    long o = e->at_combat_territory;
    put(out, o, 1);
    put(out, o + 1 + territory, 1);
    o = e->at_combat_sides;
    long sides[2][2] = {{e->attacker, attacker}, {e->defender, defender}};
    for (int k = 0; k < 2; k++) {
        long side = sides[k][0], who = sides[k][1];
        put(out, o + side * n + rel(who, me, n), 1);
        int committed = side < PySequence_Fast_GET_SIZE(commits);
        if (committed) {
            put(out, o + 2 * n + side, 1);
        }
        if (seat < 0 || who != seat) {
            continue;
        }
        long own = e->at_combat_own;
        if (committed) {
            PyObject *commit = PySequence_Fast_GET_ITEM(commits, side);
            if (!PyTuple_Check(commit) || PyTuple_GET_SIZE(commit) < 2) {
                return bad_state("a combat commit must be a (dial, cards, steps) tuple");
            }
            long dial = PyLong_AsLong(PyTuple_GET_ITEM(commit, 0));
            if (dial == -1 && PyErr_Occurred()) {
                return -1;
            }
            long vector[MAX_SMALL];
            if (read_ints(PyTuple_GET_ITEM(commit, 1), vector, e->n_values, NAME(combat_cards))) {
                return -1;
            }
            put(out, own, 1);
            put(out, own + 1, (double)dial / (double)e->dial_max);
            for (long v = 0; v < e->n_values; v++) {
                if (vector[v]) {
                    double total = 0.0;
                    for (long j = 0; j < vector[v]; j++) {
                        total += 1.0 / (double)e->max_slots;
                    }
                    put(out, own + 2 + v, total);
                }
            }
        } else if (pending != NULL) {
            long pending_seat, dial;
            if (frame_long(pending, 1, &pending_seat)) {
                return -1;
            }
            if (pending_seat == who) {
                if (frame_long(pending, 4, &dial)) {
                    return -1;
                }
                put(out, own, 1);
                put(out, own + 1, (double)dial / (double)e->dial_max);
            }
        }
    }
    return 0;
}

/* ``_encounter``: the encounter card being resolved. */
static int write_encounter(const Encoder *e, PyObject *frame, Out *out, long me)
{
    long n = e->players;
    long who, territory, card, chosen;
    if (frame_long(frame, 1, &who) || frame_long(frame, 2, &territory) ||
        frame_long(frame, 3, &card) || frame_long(frame, 4, &chosen)) {
        return -1;
    }
    if (territory < 0 || territory >= e->n_spaces || card < 0 || card >= e->n_encounters) {
        return bad_state("an encounter frame is out of range");
    }
    long at = e->at_encounter;
    put(out, at, 1);
    put(out, at + 1 + rel(who, me, n), 1);
    at += 1 + n;
    put(out, at + territory, 1);
    at += e->n_spaces;
    put(out, at + e->encounter_number.v[card] - 1, 1);
    at += e->n_encounters;
    for (long k = 0; k < e->option_count.v[card]; k++) {
        if (chosen >> k & 1) {
            put(out, at + e->option_index.v[card * e->encounter_options + k], 1);
        }
    }
    return 0;
}

/* An int attribute of ``s`` into ``value``. */
static int get_int(PyObject *s, PyObject *name, long *value)
{
    *value = get_long(s, name);
    return (*value == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* A mask attribute (a non-negative int of at most 64 bits). */
static int get_mask(PyObject *s, PyObject *name, uint64_t *value)
{
    PyObject *obj = PyObject_GetAttr(s, name);
    if (obj == NULL) {
        return -1;
    }
    *value = PyLong_AsUnsignedLongLong(obj);
    Py_DECREF(obj);
    return (*value == (uint64_t)-1 && PyErr_Occurred()) ? -1 : 0;
}

/* The header (decision, scores, turn order...) when the game is over: the final scores and
 * winners, read from the state's own ``side_scores`` and ``side_winners``. */
static int write_final(const Encoder *e, PyObject *s, Out *out, long me)
{
    long n = e->players;
    PyObject *winners = PyObject_CallMethodNoArgs(s, NAME(side_winners));
    if (winners == NULL) {
        return -1;
    }
    PyObject *fast = PySequence_Fast(winners, "side_winners() must be a sequence");
    Py_DECREF(winners);
    if (fast == NULL) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
        long p = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (p == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        put(out, e->at_winners + rel(p, me, n), 1);
    }
    Py_DECREF(fast);
    PyObject *scores = PyObject_CallMethodNoArgs(s, NAME(side_scores));
    if (scores == NULL) {
        return -1;
    }
    fast = PySequence_Fast(scores, "side_scores() must be a sequence");
    Py_DECREF(scores);
    if (fast == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(fast) < n) {
        Py_DECREF(fast);
        return bad_state("side_scores() has too few scores");
    }
    for (long p = 0; p < n; p++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, p);
        if (item == Py_None) {
            continue;
        }
        double value = PyFloat_AsDouble(item);
        if (value == -1.0 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        long b = e->at_scores + 2 * rel(p, me, n);
        put(out, b, squash(value, e->score_scale));
        put(out, b + 1, 1);
    }
    Py_DECREF(fast);
    return 0;
}

/* The state's frames, to find a combat and an encounter (the last of each kind). */
typedef struct {
    PyObject *fight, *pending, *encounter; /* borrowed from ``stack`` */
} Frames;

static int find_frames(PyObject *stack, Frames *f)
{
    f->fight = f->pending = f->encounter = NULL;
    if (!PyList_Check(stack)) {
        return bad_state("the stack must be a list");
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(stack); i++) {
        PyObject *frame = PyList_GET_ITEM(stack, i);
        if (!PyTuple_Check(frame) || PyTuple_GET_SIZE(frame) < 1) {
            return bad_state("a stack frame must be a non-empty tuple");
        }
        PyObject *tag = PyTuple_GET_ITEM(frame, 0);
        if (is_tag(tag, NAME(combat_fight))) {
            f->fight = frame;
        } else if (is_tag(tag, NAME(combat_cards))) {
            f->pending = frame;
        }
        if (is_tag(tag, NAME(encounter_option))) {
            f->encounter = frame;
        }
    }
    return 0;
}

static int encode(EncoderBase *base, PyObject *s, long seat, Out *out)
{
    Encoder *e = (Encoder *)base;
    long n = e->players;
    if (seat >= n) {
        PyErr_Format(PyExc_ValueError, "seat %ld is not in this %ld-player game", seat, n);
        return -1;
    }
    long me = seat < 0 ? 0 : seat;
    int failed = -1;
    St st;
    PyObject *decision = NULL, *stack = NULL;

    decision = PyObject_GetAttr(s, NAME(decision));
    if (decision == NULL) {
        goto done;
    }
    int over = decision == Py_None;
    long to_move = n;
    if (!over) {
        long player;
        if (get_int(decision, NAME(player), &player)) {
            goto done;
        }
        to_move = rel(player, me, n);
        /* decision.kind: shown to the seat that decides */
        if (seat >= 0 && player == seat) {
            PyObject *kind = PyObject_GetAttr(decision, NAME(kind));
            if (kind == NULL) {
                goto done;
            }
            PyObject *index = PyDict_GetItemWithError(e->kinds, kind);
            if (index == NULL) {
                if (!PyErr_Occurred()) {
                    PyErr_SetObject(PyExc_KeyError, kind);
                }
                Py_DECREF(kind);
                goto done;
            }
            Py_DECREF(kind);
            long k = PyLong_AsLong(index);
            if (k == -1 && PyErr_Occurred()) {
                goto done;
            }
            put(out, e->at_decision_kind + k, 1);
        }
    }
    put(out, e->at_to_move + to_move, 1);
    if (over) {
        put(out, e->at_over, 1);
        if (write_final(e, s, out, me)) {
            goto done;
        }
    }

    st.territories = ((uint64_t)1 << e->n_territories) - 1;
    st.coins = PyObject_GetAttr(s, NAME(coins));
    if (st.coins == NULL) {
        goto done;
    }
    if (read_state(e, s, &st)) {
        goto coins;
    }
    long tile, turn, active, ended, factory_seen;
    uint64_t tokens;
    if (get_int(s, NAME(bonus_tile), &tile) || get_int(s, NAME(turn), &turn) ||
        get_int(s, NAME(active), &active) || get_int(s, NAME(ended), &ended) ||
        get_int(s, NAME(factory_seen), &factory_seen) ||
        get_mask(s, NAME(encounter_tokens), &tokens)) {
        goto coins;
    }
    if (tile < 0 || tile >= e->n_tiles) {
        bad_state("the bonus tile is out of range");
        goto coins;
    }
    if (tokens >> e->n_spaces) {
        bad_state("an encounter token lies on no space");
        goto coins;
    }

    /* scores: only the seat's own running score is known to it */
    if (!over && seat >= 0) {
        long coins;
        if (item_at(st.coins, seat, &coins, "coins")) {
            goto coins;
        }
        put(out, e->at_scores + 2 * rel(seat, me, n),
            squash(score(e, &st, tile, seat, coins), e->score_scale));
        put(out, e->at_scores + 2 * rel(seat, me, n) + 1, 1);
    }
    /* progress, active, order, ended, bonus_tile */
    double progress = (double)turn / (double)e->turns;
    put(out, e->at_progress, progress < 1.0 ? progress : 1.0);
    put(out, e->at_active + rel(active, me, n), 1);
    {
        PyObject *order = PyObject_GetAttr(s, NAME(order));
        if (order == NULL) {
            goto coins;
        }
        if (!PyTuple_Check(order) && !PyList_Check(order)) {
            Py_DECREF(order);
            bad_state("order must be a tuple");
            goto coins;
        }
        for (Py_ssize_t position = 0; position < PySequence_Fast_GET_SIZE(order); position++) {
            long p = PyLong_AsLong(PySequence_Fast_GET_ITEM(order, position));
            if (p == -1 && PyErr_Occurred()) {
                Py_DECREF(order);
                goto coins;
            }
            put(out, e->at_order + rel(p, me, n) * n + position, 1);
        }
        Py_DECREF(order);
    }
    if (ended == e->sixth_star) {
        put(out, e->at_ended, 1);
    } else if (ended == e->turn_limit) {
        put(out, e->at_ended + 1, 1);
    }
    put(out, e->at_bonus_tile + tile, 1);

    /* decks: sizes and the combat discard */
    {
        Py_ssize_t combat = field_len(s, NAME(combat_deck));
        Py_ssize_t objective = combat < 0 ? -1 : field_len(s, NAME(objective_deck));
        Py_ssize_t encounter = objective < 0 ? -1 : field_len(s, NAME(encounter_deck));
        Py_ssize_t offer = encounter < 0 ? -1 : field_len(s, NAME(factory_offer));
        if (offer < 0) {
            goto coins;
        }
        long at = e->at_decks;
        put(out, at, (double)combat / (double)e->n_cards);
        put(out, at + 1, (double)objective / (double)e->n_objectives);
        put(out, at + 2, (double)encounter / (double)e->n_encounters);
        put(out, at + 3, (double)popcount(tokens) / (double)e->encounter_tokens);
        put(out, at + 4, (double)offer / (double)e->n_factory);
        for (long v = 0; v < e->n_values; v++) {
            if (st.combat_discard[v]) {
                put(out, at + 5 + v, (double)st.combat_discard[v] / (double)e->value_counts.v[v]);
            }
        }
    }

    if (write_spaces(e, &st, tokens, out, me)) {
        goto coins;
    }
    for (long p = 0; p < n; p++) {
        long where = rel(p, me, n);
        if (write_player(e, &st, p, p == seat || over, out,
                         e->at_seat0_faction + where * e->seat_width)) {
            goto coins;
        }
    }
    if (seat >= 0 && write_own(e, s, &st, seat, factory_seen, out)) {
        goto coins;
    }

    stack = PyObject_GetAttr(s, NAME(stack));
    if (stack == NULL) {
        goto coins;
    }
    Frames frames;
    if (find_frames(stack, &frames)) {
        goto coins;
    }
    if (frames.fight != NULL && write_combat(e, frames.fight, frames.pending, seat, out, me)) {
        goto coins;
    }
    if (frames.encounter != NULL && write_encounter(e, frames.encounter, out, me)) {
        goto coins;
    }
    failed = 0;
coins:
    Py_DECREF(st.coins);
done:
    Py_XDECREF(decision);
    Py_XDECREF(stack);
    return failed;
}

/* ---------------------------------------------------------------- the type */

static void free_tables(Encoder *self)
{
#define X(name) PyMem_Free(self->name.v); self->name.v = NULL; self->name.n = 0;
    TABLES(X)
#undef X
    PyMem_Free(self->inv_value);
    self->inv_value = NULL;
    Py_CLEAR(self->kinds);
}

static void Encoder_dealloc(PyObject *self)
{
    Encoder *e = (Encoder *)self;
    norm_free(&e->base.norm);
    free_tables(e);
    Py_TYPE(self)->tp_free(self);
}

/* ``config[section][name]``: a borrowed reference, NULL with an exception. */
static PyObject *config_item(PyObject *section, const char *name)
{
    PyObject *item = PyDict_GetItemString(section, name);
    if (item == NULL) {
        PyErr_Format(PyExc_ValueError, "scythe config: %s is missing", name);
    }
    return item;
}

static PyObject *config_section(PyObject *config, const char *name)
{
    PyObject *section = config_item(config, name);
    if (section != NULL && !PyDict_Check(section)) {
        PyErr_Format(PyExc_TypeError, "scythe config: %s must be a dict", name);
        return NULL;
    }
    return section;
}

/* A tuple of ints into new memory (at least one slot, so an empty table is not NULL). */
static int config_ints(PyObject *tables, const char *name, Ints *dst)
{
    PyObject *seq = config_item(tables, name);
    if (seq == NULL) {
        return -1;
    }
    if (!PyTuple_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "scythe config: %s must be a tuple of ints", name);
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(seq);
    dst->v = PyMem_Malloc((n > 0 ? n : 1) * sizeof(long long));
    if (dst->v == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    dst->n = n;
    for (Py_ssize_t i = 0; i < n; i++) {
        long long value = PyLong_AsLongLong(PyTuple_GET_ITEM(seq, i));
        if (value == -1 && PyErr_Occurred()) {
            return -1;
        }
        dst->v[i] = value;
    }
    return 0;
}

static int check(int ok, const char *what)
{
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "scythe config: %s", what);
        return -1;
    }
    return 0;
}

/* Every entry of ``t`` lies in [low, high). */
static int in_range(const Ints *t, long long low, long long high)
{
    for (Py_ssize_t i = 0; i < t->n; i++) {
        if (t->v[i] < low || t->v[i] >= high) {
            return 0;
        }
    }
    return 1;
}

/* The configuration's shapes and ranges: everything the encoder indexes with a number
 * from a table or a dimension stays inside its arrays and the scratch arrays. */
static int check_config(const Encoder *e)
{
    long n = e->players, S = e->n_spaces, held = e->objectives_held;
    long mats_sections = e->n_mats * e->n_sections;
    return check(n >= 1 && n <= MAX_SEATS, "players out of range") ||
           check(S >= 1 && S <= MAX_SPACES && e->n_territories >= 1 &&
                     e->n_territories <= S && e->n_territories < 64,
                 "spaces out of range") ||
           check(e->units_per_seat >= 1 && e->units_per_seat <= MAX_UNITS && e->mech >= 0 &&
                     e->mech <= e->worker && e->worker <= e->units_per_seat &&
                     e->n_mechs == e->worker - e->mech &&
                     e->n_workers == e->units_per_seat - e->worker && e->n_workers > 0 &&
                     e->n_mechs > 0,
                 "pieces out of range") ||
           check(e->n_structures >= 1 && e->n_structures <= MAX_SMALL && e->n_resources >= 1 &&
                     e->n_resources <= MAX_SMALL && e->n_values >= 1 &&
                     e->n_values <= MAX_SMALL && held >= 1 && held <= MAX_SMALL &&
                     e->n_sections >= 1 && e->n_sections <= MAX_SMALL &&
                     e->n_sections < 64 && e->factory_section == e->n_sections,
                 "per-seat sizes out of range") ||
           check(e->n_factions >= 1 && e->n_mats >= 1 && e->n_tops >= 1 &&
                     e->n_objectives >= 1 && e->n_factory >= 1 && e->n_encounters >= 1 &&
                     e->encounter_options >= 0 && e->encounter_options < 64 &&
                     e->n_tiles >= 1 && e->tile_width >= 3 && e->n_tiers >= 1 &&
                     e->n_produce_costs >= 0,
                 "content sizes out of range") ||
           check(e->turns > 0 && e->n_cards > 0 && e->encounter_tokens > 0 &&
                     e->power_max > 0 && e->popularity_max > 0 && e->stars_max > 0 &&
                     e->dial_max > 0 && e->max_slots > 0,
                 "a divisor is not positive") ||
           check((e->attacker == 0 && e->defender == 1) || (e->attacker == 1 && e->defender == 0),
                 "combat sides must be 0 and 1") ||
           check(e->factory_space >= 0 && e->factory_space < e->n_territories,
                 "the Factory is not a territory") ||
           check(e->top_index.n == mats_sections && in_range(&e->top_index, 0, e->n_tops),
                 "top_index") ||
           check(e->cost_room.n == mats_sections, "cost_room") ||
           check(e->top_structure.n == mats_sections &&
                     in_range(&e->top_structure, 0, e->n_structures),
                 "top_structure") ||
           check(e->last_index.n == mats_sections && in_range(&e->last_index, 0, e->n_last) &&
                     e->factory_last >= 0 && e->factory_last < e->n_last,
                 "last_index") ||
           check(e->upgrade_index.n < 64, "upgrade_index") ||
           check(e->enlist_index.n < 64, "enlist_index") ||
           check(in_range(&e->once_goals, 0, 63), "once_goals") ||
           check(e->objective_number.n == e->n_objectives, "objective_number") ||
           check(e->factory_number.n == e->n_factory, "factory_number") ||
           check(e->encounter_number.n == e->n_encounters, "encounter_number") ||
           check(e->option_count.n == e->n_encounters &&
                     in_range(&e->option_count, 0, e->encounter_options + 1),
                 "option_count") ||
           check(e->option_index.n == e->n_encounters * e->encounter_options, "option_index") ||
           check(e->value_counts.n == e->n_values && in_range(&e->value_counts, 1, LLONG_MAX),
                 "value_counts") ||
           check(e->produce_costs.n == 3 * e->n_produce_costs, "produce_costs") ||
           check(e->produce_max.n == 3 && in_range(&e->produce_max, 1, LLONG_MAX),
                 "produce_max") ||
           check(e->tiers.n == 4 * e->n_tiers, "tiers") ||
           check(e->tiles.n == e->n_tiles * e->tile_width, "tiles") ||
           check(e->line_next.n == 3 * S && in_range(&e->line_next, -1, S), "line_next") ||
           check(e->neighbor_mask.n == S, "neighbor_mask") ||
           check(e->physical.n == e->n_territories, "physical") ||
           check(e->home_adjacent.n == e->n_factions, "home_adjacent") ||
           check(e->roots.n == e->n_objectives && in_range(&e->roots, 0, e->program.n),
                 "roots");
}

/* The produce-cost slots and the tiles' band counts (rows checked once the sizes are). */
static int check_rows(const Encoder *e)
{
    for (long k = 0; k < e->n_produce_costs; k++) {
        long long slot = e->produce_costs.v[3 * k + 1];
        if (check(slot >= 0 && slot < 3, "a produce cost has no track")) {
            return -1;
        }
    }
    for (long t = 0; t < e->n_tiles; t++) {
        long long bands = e->tiles.v[t * e->tile_width + 2];
        if (check(bands >= 0 && 3 + 2 * bands <= e->tile_width, "a tile's bands")) {
            return -1;
        }
    }
    return 0;
}

static int Encoder_init(PyObject *self, PyObject *args, PyObject *kwds)
{
    Encoder *e = (Encoder *)self;
    static char *keywords[] = {"config", "scale", "low", "high", NULL};
    PyObject *config, *scale, *low, *high;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OOO", keywords, &PyDict_Type, &config,
                                     &scale, &low, &high)) {
        return -1;
    }
    norm_free(&e->base.norm);
    free_tables(e);
    PyObject *dims = config_section(config, "dims");
    PyObject *scales = dims == NULL ? NULL : config_section(config, "scales");
    PyObject *tables = scales == NULL ? NULL : config_section(config, "tables");
    if (tables == NULL) {
        return -1;
    }
    PyObject *item;
#define X(name)                                                                          \
    if ((item = config_item(dims, #name)) == NULL) {                                     \
        return -1;                                                                       \
    }                                                                                    \
    e->name = PyLong_AsLong(item);                                                       \
    if (e->name == -1 && PyErr_Occurred()) {                                             \
        return -1;                                                                       \
    }
    DIMS(X)
#undef X
#define X(name)                                                                          \
    if ((item = config_item(scales, #name)) == NULL) {                                   \
        return -1;                                                                       \
    }                                                                                    \
    e->name = PyFloat_AsDouble(item);                                                    \
    if (e->name == -1.0 && PyErr_Occurred()) {                                           \
        return -1;                                                                       \
    }
    SCALES(X)
#undef X
#define X(name)                                                                          \
    if (config_ints(tables, #name, &e->name)) {                                          \
        return -1;                                                                       \
    }
    TABLES(X)
#undef X
    /* inv_value: floats */
    PyObject *inv = config_item(tables, "inv_value");
    if (inv == NULL) {
        return -1;
    }
    if (!PyTuple_Check(inv) || PyTuple_GET_SIZE(inv) != e->n_values || e->n_values < 1) {
        PyErr_SetString(PyExc_ValueError, "scythe config: inv_value must be n_values floats");
        return -1;
    }
    if ((e->inv_value = PyMem_Malloc(e->n_values * sizeof(double))) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (long v = 0; v < e->n_values; v++) {
        e->inv_value[v] = PyFloat_AsDouble(PyTuple_GET_ITEM(inv, v));
        if (e->inv_value[v] == -1.0 && PyErr_Occurred()) {
            return -1;
        }
    }
    /* kinds: the decision kinds in one-hot order, as a dict */
    PyObject *kinds = config_item(config, "kinds");
    if (kinds == NULL) {
        return -1;
    }
    if (!PyTuple_Check(kinds)) {
        PyErr_SetString(PyExc_TypeError, "scythe config: kinds must be a tuple of str");
        return -1;
    }
    if ((e->kinds = PyDict_New()) == NULL) {
        return -1;
    }
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(kinds); k++) {
        PyObject *index = PyLong_FromSsize_t(k);
        if (index == NULL) {
            return -1;
        }
        int failed = PyDict_SetItem(e->kinds, PyTuple_GET_ITEM(kinds, k), index);
        Py_DECREF(index);
        if (failed) {
            return -1;
        }
    }
    /* stats: the objective stats this file implements, in the same order */
    PyObject *stats = config_item(config, "stats");
    if (stats == NULL) {
        return -1;
    }
    if (!PyTuple_Check(stats) || PyTuple_GET_SIZE(stats) != N_STATS) {
        PyErr_SetString(PyExc_ValueError, "scythe config: stats differ from the C encoder's");
        return -1;
    }
    for (Py_ssize_t k = 0; k < N_STATS; k++) {
        PyObject *name = PyTuple_GET_ITEM(stats, k);
        if (!PyUnicode_Check(name) || PyUnicode_CompareWithASCIIString(name, STAT_NAMES[k])) {
            PyErr_Format(PyExc_ValueError, "scythe config: stat %zd is not %s", k,
                         STAT_NAMES[k]);
            return -1;
        }
    }
    if (check_config(e) || check_rows(e)) {
        return -1;
    }
    if (e->size < 1 || e->at_decision_kind + PyDict_GET_SIZE(e->kinds) > e->size) {
        PyErr_SetString(PyExc_ValueError, "scythe config: size out of range");
        return -1;
    }
    return norm_init(&e->base.norm, e->size, scale, low, high);
}

static int prepare_module(void)
{
    static const char *const strings[N_NAMES] = {
#define X(name) #name,
        NAMES(X)
#undef X
    };
    return intern_names(names, strings, N_NAMES);
}

OBSERVE_MODULE("scythe", Encoder, Encoder_init, Encoder_dealloc, encode, prepare_module)
