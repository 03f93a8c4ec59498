/* Konoten's compiled observation encoder: the C twin of ``fast_observation.py``.
 *
 * ``Encoder(layout, tables, kinds, parts, grind, scale, low, high)`` is made by
 * ``FastKonotenEncoder.native`` (every offset, width and content table comes from Python:
 * see ``_native_args`` there for what each argument holds); ``encode(state, seat, out)``
 * writes the whole normalised vector of what ``seat`` sees, the same numbers, computed the
 * same way, as ``FastKonotenEncoder.update`` (whose lens numbers come from
 * ``lenses.lens_info``). ``tests/adapters/test_native_observation.py`` checks the two are
 * bit for bit equal along random playouts.
 *
 * Reading the state happens in two steps: first every attribute is fetched (the only step
 * that may run Python code: ``decision`` is a property), then the vector is written with
 * borrowed access only, so nothing can change the state's lists while they are read.
 * Bit masks (hands, growth charts, lens cards...) are read as unsigned 64-bit ints: the
 * layout allows at most 64 cards and nodes (checked at construction), and a mask that does
 * not fit raises OverflowError. Masks only ever and-ed with a small constant (``found``,
 * ``tasks``, ``ended``, ``flipped``) keep their low 64 bits, which is exact. An index read
 * from the state (a card, a node, a task...) outside its field raises ValueError, where
 * the Python encoder would write into a neighbouring field: only a broken state has one.
 */
#include "observe.h"

#include <limits.h>

#if defined(__GNUC__) || defined(__clang__)
#define LOWEST_BIT(m) __builtin_ctzll(m)
#define POPCOUNT(m) __builtin_popcountll(m)
#else
static int LOWEST_BIT(unsigned long long m)
{
    int i = 0;
    while (!(m & 1ULL)) {
        m >>= 1;
        i++;
    }
    return i;
}
static int POPCOUNT(unsigned long long m)
{
    int c = 0;
    for (; m; m &= m - 1) {
        c++;
    }
    return c;
}
#endif

/* ------------------------------------------------------------------ the layout tuple */
/* The order of ``layout`` (``fast_observation._native_args`` builds it in this order). */
enum {
    L_PLAYERS,
    L_SIZE,
    L_ROUND,            /* field offsets ... */
    L_PHASE,
    L_START_PLAYER,
    L_NEXT_START,
    L_MARKET,
    L_DECK_SIZES,
    L_FOUNDATIONS,
    L_CARDS_IN_LENSES,
    L_LENS0,
    L_SEAT0,
    L_KIND,
    L_DSEAT,
    L_ABILITIES_USED,
    L_GRIND_CARDS,
    L_GRIND_TURNED,
    L_GRIND_AWAITING,
    L_GRIND_MARKS,
    L_GRIND_NUMBERS,
    L_FOLLOW_UP_LENS,
    L_PAYMENT,
    L_GAIN,
    L_DISCARD,
    L_GROW_SOURCE,
    L_TASK,
    L_N_ROUNDS,         /* widths and counts ... */
    L_N_PHASES,
    L_LENS_WIDTH,
    L_LENS_SLOTS,
    L_SEAT_WIDTH,
    L_N_CHARACTERS,
    L_N_COUNTERS,
    L_N_TASKS,
    L_N_NODES,
    L_N_DEVICES,
    L_N_CARDS,
    L_N_SYMBOLS,
    L_N_GAINS,
    L_N_DISCARD,
    L_AP_SYMBOL,        /* constants of the rules ... */
    L_START_CAPACITY,
    L_TASKS_MASK,
    L_FROM_STOCK,
    L_ON_DEVICE,
    L_ON_LENS,
    N_LAYOUT
};

/* The order of ``tables``. */
enum {
    T_COST_MASKS,      /* the foundations of each cost, a mask per cost */
    T_CAPACITY,        /* PASSIVES[c][grown].capacity, flat: c << n_nodes | grown */
    T_CARD_INPUT,      /* CARD_INPUT[c][o][j], flat: (c * 2 + o) * n_symbols + j */
    T_CARD_OUTPUT,     /* CARD_OUTPUT, the same way */
    T_CARD_RESULT,     /* CARD_RESULT[c][o], flat: c * 2 + o */
    T_CARD_MASK,       /* CARD_MASK[c][o], flat: c * 2 + o */
    T_FOUNDATION_COST, /* FOUNDATION_COST[f] */
    T_DEVICE_TARGETS,  /* the fast encoder's _devices[me][k], flat: me * len + k */
    T_USE_TARGETS,     /* its _uses[d] */
    N_TABLES
};

/* The parts of the pending decision (``parts`` maps frame names to these). */
enum {
    P_ABILITIES_USED,
    P_LENS,
    P_FOLLOW_UP_LENS,
    P_PAY_GROWTH,
    P_PAY_ASSISTANT,
    P_GAINS,
    P_DISCARD,
    P_GROW_SOURCE,
    P_TASK,
    N_PARTS
};

#define MAX_SYMBOLS 16
#define MAX_NODES 20
#define MAX_PLAYERS 64
#define COUNTERS 12 /* the counters ``_counters`` writes */

/* ------------------------------------------------------------------ state attributes */
enum {
    A_ROUND,
    A_PHASE,
    A_START,
    A_NEXT_START,
    A_NORMAL_DECK,
    A_VP_DECK,
    A_MARKET,
    A_FOUND,
    A_DEV_OCC,
    A_DEV_USES,
    A_LENSES,
    A_LENS_OCC,
    A_LENS_USED,
    A_CHAR,
    A_TASKS,
    A_GROWN,
    A_WILL_USED,
    A_HAND,
    A_AP,
    A_CREATIVITY,
    A_VP,
    A_MATS,
    A_STOCK,
    A_LOBBY_UNUSED,
    A_LOBBY_USED,
    A_ENDED,
    A_STACK,
    A_DECISION,
    N_ATTRS
};

static const char *const ATTR_NAMES[N_ATTRS] = {
    "round", "phase", "start", "next_start", "normal_deck", "vp_deck", "market", "found",
    "dev_occ", "dev_uses", "lenses", "lens_occ", "lens_used", "char", "tasks", "grown",
    "will_used", "hand", "ap", "creativity", "vp", "mats", "stock", "lobby_unused",
    "lobby_used", "ended", "stack", "decision",
};

static PyObject *attr_names[N_ATTRS];
static PyObject *str_kind;
static PyObject *str_player;

/* ------------------------------------------------------------------ the encoder */
typedef struct {
    EncoderBase base;
    long lay[N_LAYOUT];
    Py_ssize_t n_costs;
    Py_ssize_t n_foundations;
    unsigned long long *cost_masks;
    long *capacity;
    long *card_input;
    long *card_output;
    long *card_result;
    unsigned long long *card_mask;
    long *foundation_cost;
    long *device_targets;
    long *use_targets;
    PyObject *kinds; /* decision kind (str) -> its index in decision.kind (a private copy) */
    PyObject *parts; /* frame name (str) -> P_* (a private copy) */
    PyObject *grind; /* the name of the frame of a lens being declared ("grind") */
} Encoder;

static void encoder_clear(Encoder *self)
{
    norm_free(&self->base.norm);
    PyMem_Free(self->cost_masks);
    PyMem_Free(self->capacity);
    PyMem_Free(self->card_input);
    PyMem_Free(self->card_output);
    PyMem_Free(self->card_result);
    PyMem_Free(self->card_mask);
    PyMem_Free(self->foundation_cost);
    PyMem_Free(self->device_targets);
    PyMem_Free(self->use_targets);
    self->cost_masks = self->card_mask = NULL;
    self->capacity = self->card_input = self->card_output = self->card_result = NULL;
    self->foundation_cost = self->device_targets = self->use_targets = NULL;
    Py_CLEAR(self->kinds);
    Py_CLEAR(self->parts);
    Py_CLEAR(self->grind);
}

static void encoder_dealloc(Encoder *self)
{
    encoder_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The length of a table tuple of ``want`` entries (any non-zero number if want < 0), or -1
 * with an exception set. */
static Py_ssize_t table_length(PyObject *tuple, Py_ssize_t want, const char *name)
{
    if (!PyTuple_Check(tuple)) {
        PyErr_Format(PyExc_TypeError, "table %s must be a tuple of ints", name);
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(tuple);
    if ((want >= 0 && n != want) || n == 0) {
        PyErr_Format(PyExc_ValueError, "table %s has %zd entries, not %zd", name, n, want);
        return -1;
    }
    return n;
}

/* A tuple of ``want`` ints (any length if want < 0: it is stored in *len) as new C memory. */
static long *long_table(PyObject *tuple, Py_ssize_t want, Py_ssize_t *len, const char *name)
{
    Py_ssize_t n = table_length(tuple, want, name);
    if (n < 0) {
        return NULL;
    }
    long *made = PyMem_Malloc(n * sizeof(long));
    if (made == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        made[i] = PyLong_AsLong(PyTuple_GET_ITEM(tuple, i));
        if (made[i] == -1 && PyErr_Occurred()) {
            PyMem_Free(made);
            return NULL;
        }
    }
    if (len != NULL) {
        *len = n;
    }
    return made;
}

/* The same for masks: non-negative ints below 2**64. */
static unsigned long long *mask_table(PyObject *tuple, Py_ssize_t want, Py_ssize_t *len,
                                      const char *name)
{
    Py_ssize_t n = table_length(tuple, want, name);
    if (n < 0) {
        return NULL;
    }
    unsigned long long *made = PyMem_Malloc(n * sizeof(unsigned long long));
    if (made == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyTuple_GET_ITEM(tuple, i);
        made[i] = PyLong_Check(item) ? PyLong_AsUnsignedLongLong(item) : 0;
        if (!PyLong_Check(item)) {
            PyErr_Format(PyExc_TypeError, "table %s must hold ints", name);
        }
        if (PyErr_Occurred()) {
            PyMem_Free(made);
            return NULL;
        }
    }
    if (len != NULL) {
        *len = n;
    }
    return made;
}

/* A private copy of a dict of str -> int in [0, limit). */
static PyObject *index_dict(PyObject *dict, long limit, const char *name)
{
    PyObject *copy = PyDict_Copy(dict);
    if (copy == NULL) {
        return NULL;
    }
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(copy, &pos, &key, &value)) {
        long v = PyLong_Check(value) ? PyLong_AsLong(value) : -1;
        if (!PyUnicode_CheckExact(key) || v < 0 || v >= limit) {
            Py_DECREF(copy);
            if (!PyErr_Occurred()) {
                PyErr_Format(PyExc_ValueError, "%s must map str to ints in [0, %ld)", name,
                             limit);
            }
            return NULL;
        }
    }
    return copy;
}

static int encoder_init(Encoder *self, PyObject *args, PyObject *kwds)
{
    PyObject *layout, *tables, *kinds, *parts, *grind, *scale, *low, *high;
    static char *keywords[] = {"layout", "tables", "kinds", "parts", "grind",
                               "scale",  "low",    "high",  NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O!O!O!UOOO:Encoder", keywords,
                                     &PyTuple_Type, &layout, &PyTuple_Type, &tables,
                                     &PyDict_Type, &kinds, &PyDict_Type, &parts, &grind,
                                     &scale, &low, &high)) {
        return -1;
    }
    encoder_clear(self);
    if (PyTuple_GET_SIZE(layout) != N_LAYOUT || PyTuple_GET_SIZE(tables) != N_TABLES) {
        PyErr_Format(PyExc_ValueError, "layout must hold %d ints and tables %d tuples",
                     N_LAYOUT, N_TABLES);
        return -1;
    }
    long *lay = self->lay;
    for (int i = 0; i < N_LAYOUT; i++) {
        lay[i] = PyLong_AsLong(PyTuple_GET_ITEM(layout, i));
        if (lay[i] == -1 && PyErr_Occurred()) {
            return -1;
        }
        if (lay[i] < 0 && i != L_FROM_STOCK) {
            PyErr_Format(PyExc_ValueError, "layout entry %d is negative", i);
            return -1;
        }
    }
    const long n = lay[L_PLAYERS];
    if (n < 1 || n > MAX_PLAYERS || lay[L_N_SYMBOLS] > MAX_SYMBOLS ||
        lay[L_AP_SYMBOL] >= lay[L_N_SYMBOLS] || lay[L_N_NODES] > MAX_NODES ||
        lay[L_N_CARDS] > 64 || lay[L_N_COUNTERS] != COUNTERS || lay[L_N_DEVICES] > 1024 ||
        lay[L_N_CHARACTERS] > 1024 || lay[L_SIZE] > INT_MAX) {
        PyErr_SetString(PyExc_ValueError,
                        "layout out of range (players 1..64, at most 16 symbols, 20 nodes, "
                        "64 cards, 12 counters)");
        return -1;
    }
    const Py_ssize_t cards = lay[L_N_CARDS], symbols = lay[L_N_SYMBOLS];
    const Py_ssize_t devices = lay[L_N_DEVICES];
#define TABLE(i) PyTuple_GET_ITEM(tables, (i))
    if ((self->cost_masks = mask_table(TABLE(T_COST_MASKS), -1, &self->n_costs,
                                       "cost_masks")) == NULL ||
        (self->capacity = long_table(TABLE(T_CAPACITY),
                                     (Py_ssize_t)lay[L_N_CHARACTERS] << lay[L_N_NODES], NULL,
                                     "capacity")) == NULL ||
        (self->card_input = long_table(TABLE(T_CARD_INPUT), cards * 2 * symbols, NULL,
                                       "card_input")) == NULL ||
        (self->card_output = long_table(TABLE(T_CARD_OUTPUT), cards * 2 * symbols, NULL,
                                        "card_output")) == NULL ||
        (self->card_result = long_table(TABLE(T_CARD_RESULT), cards * 2, NULL,
                                        "card_result")) == NULL ||
        (self->card_mask = mask_table(TABLE(T_CARD_MASK), cards * 2, NULL, "card_mask")) ==
            NULL ||
        (self->foundation_cost = long_table(TABLE(T_FOUNDATION_COST), -1,
                                            &self->n_foundations, "foundation_cost")) ==
            NULL ||
        (self->device_targets = long_table(TABLE(T_DEVICE_TARGETS), n * devices * n, NULL,
                                           "device_targets")) == NULL ||
        (self->use_targets = long_table(TABLE(T_USE_TARGETS), devices, NULL,
                                        "use_targets")) == NULL ||
        (self->kinds = index_dict(kinds, lay[L_SIZE], "kinds")) == NULL ||
        (self->parts = index_dict(parts, N_PARTS, "parts")) == NULL) {
        encoder_clear(self);
        return -1;
    }
#undef TABLE
    Py_INCREF(grind);
    self->grind = grind;
    /* last: an encoder whose norm is set is whole (encoder_call checks norm.low) */
    if (norm_init(&self->base.norm, lay[L_SIZE], scale, low, high) < 0) {
        encoder_clear(self);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ reading the state */
/* An int (no other type: reading never runs Python code) as a long. */
static int as_long(PyObject *obj, long *value, const char *what)
{
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", what,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    *value = PyLong_AsLong(obj);
    return (*value == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* A bit mask whose bits are all read: a non-negative int below 2**64. */
static int as_mask(PyObject *obj, unsigned long long *value, const char *what)
{
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", what,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    *value = PyLong_AsUnsignedLongLong(obj);
    if (*value == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_OverflowError, "%s must be a bit mask of at most 64 bits", what);
        return -1;
    }
    return 0;
}

/* A bit mask only and-ed with a mask below 2**64: its low 64 bits (two's complement). */
static int as_low_bits(PyObject *obj, unsigned long long *value, const char *what)
{
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", what,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    *value = PyLong_AsUnsignedLongLongMask(obj);
    return (*value == (unsigned long long)-1 && PyErr_Occurred()) ? -1 : 0;
}

/* The items of a list or tuple (borrowed: *items, which may be NULL when there are none)
 * and their number; 0, or -1 with an exception. */
static int items_of(PyObject *seq, PyObject ***items, Py_ssize_t *len, const char *what)
{
    if (!PyList_Check(seq) && !PyTuple_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "%s must be a list or tuple, not %.100s", what,
                     Py_TYPE(seq)->tp_name);
        return -1;
    }
    *len = PySequence_Fast_GET_SIZE(seq);
    *items = PySequence_Fast_ITEMS(seq);
    return 0;
}

/* The same, with exactly ``want`` items. */
static int items_exactly(PyObject *seq, PyObject ***items, Py_ssize_t want, const char *what)
{
    Py_ssize_t len;
    if (items_of(seq, items, &len, what) < 0) {
        return -1;
    }
    if (len != want) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd items, not %zd", what, len, want);
        return -1;
    }
    return 0;
}

/* (p - me) % n as Python computes it (0 <= me < n). */
static inline long rel(long p, long me, long n)
{
    long r = p % n;
    if (r < 0) {
        r += n;
    }
    r -= me;
    return r < 0 ? r + n : r;
}

/* A 1 at ``at + index``, ``index`` (from the state) being an entry of the field of
 * ``width`` entries at ``at``; 0, or -1 with a ValueError when it is not. (The Python
 * encoder would write into a neighbouring field: only a broken state does that.) */
static int put_field(Out *out, Py_ssize_t at, long width, long index, const char *what)
{
    if (index < 0 || index >= width) {
        PyErr_Format(PyExc_ValueError, "%s %ld is out of range (0..%ld)", what, index,
                     width - 1);
        return -1;
    }
    put(out, at + index, 1.0);
    return 0;
}

/* Whether ``mask`` has no bit at or past ``width``; -1 with a ValueError if it has. */
static int check_bits(unsigned long long mask, long width, const char *what)
{
    if (width < 64 && mask >> width) {
        PyErr_Format(PyExc_ValueError, "%s 0x%llx has bits past its %ld", what, mask, width);
        return -1;
    }
    return 0;
}

/* A 1 at ``at + i`` for every set bit i of ``mask``. */
static inline void put_bits(Out *out, Py_ssize_t at, unsigned long long mask)
{
    while (mask) {
        put(out, at + LOWEST_BIT(mask), 1.0);
        mask &= mask - 1;
    }
}

#define TRY(call)                                                                        \
    do {                                                                                 \
        if ((call) < 0) {                                                                \
            goto done;                                                                   \
        }                                                                                \
    } while (0)

#define ITEMS(var, seq, want, what)                                                      \
    do {                                                                                 \
        if (items_exactly((seq), &(var), (want), (what)) < 0) {                          \
            goto done;                                                                   \
        }                                                                                \
    } while (0)

/* A frame of the stack: its items, their number. */
typedef struct {
    PyObject **items;
    Py_ssize_t len;
} Frame;

static int frame_long(const Frame *f, Py_ssize_t i, long *value, const char *what)
{
    if (i >= f->len) {
        PyErr_Format(PyExc_ValueError, "a %s frame holds %zd items, fewer than %zd", what,
                     f->len, i + 1);
        return -1;
    }
    return as_long(f->items[i], value, what);
}

/* A frame's ``count`` numbers after its name and seat, as entries ``at`` on (if the frame
 * is pending): 0, or -1 with an exception. */
static int put_numbers(Out *out, const Frame *f, long at, long count, const char *what)
{
    long v;
    for (long i = 0; f->items != NULL && i < count; i++) {
        if (frame_long(f, 2 + i, &v, what) < 0) {
            return -1;
        }
        put(out, at + i, (double)v);
    }
    return 0;
}

/* decision.grind_*: the lens being declared (``_lens_in_progress``). */
static int lens_in_progress(Encoder *self, const Frame *f, Out *out)
{
    const long *lay = self->lay;
    if (f->len < 5) {
        PyErr_SetString(PyExc_ValueError, "a lens frame holds fewer than 5 items");
        return -1;
    }
    unsigned long long cards, flipped;
    if (as_mask(f->items[2], &cards, "a lens frame's cards") < 0 ||
        as_low_bits(f->items[3], &flipped, "a lens frame's turned cards") < 0) {
        return -1;
    }
    int declaring = PyUnicode_Compare(f->items[0], self->grind) == 0;
    if (PyErr_Occurred()) {
        return -1;
    }
    unsigned long long marks = 0;
    long placed = 0;
    for (unsigned long long m = cards; m; m &= m - 1) {
        int card = LOWEST_BIT(m);
        if (card >= lay[L_N_CARDS]) {
            PyErr_Format(PyExc_ValueError, "card %d of a lens frame is not a card", card);
            return -1;
        }
        put(out, lay[L_GRIND_CARDS] + card, 1.0);
        int turned = (int)(flipped >> card & 1ULL);
        if (turned) {
            put(out, lay[L_GRIND_TURNED] + card, 1.0);
        }
        marks |= self->card_mask[card * 2 + turned];
        placed++;
    }
    put_bits(out, lay[L_GRIND_MARKS], marks); /* CARD_MASK's cells */
    put(out, lay[L_GRIND_NUMBERS], (double)placed);
    long difference;
    if (frame_long(f, declaring ? 5 : 4, &difference, "lens") < 0) {
        return -1;
    }
    put(out, lay[L_GRIND_NUMBERS] + 1, (double)difference);
    if (declaring) {
        long awaiting;
        if (frame_long(f, 7, &awaiting, "grind") < 0) {
            return -1;
        }
        if (awaiting >= 0 &&
            put_field(out, lay[L_GRIND_AWAITING], lay[L_N_CARDS], awaiting, "card") < 0) {
            return -1;
        }
    }
    return 0;
}

/* decision.*: the pending decision and the innermost frame of each sort (``_pending``). */
static int pending(Encoder *self, PyObject *kind, long player, PyObject *stack, long me,
                   Out *out)
{
    const long *lay = self->lay;
    const long n = lay[L_PLAYERS];
    if (!PyUnicode_CheckExact(kind)) {
        PyErr_SetString(PyExc_TypeError, "decision.kind must be a str");
        return -1;
    }
    PyObject *index = PyDict_GetItemWithError(self->kinds, kind);
    if (index == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_Format(PyExc_ValueError, "unknown decision kind %R", kind);
        }
        return -1;
    }
    put(out, lay[L_KIND] + PyLong_AsLong(index), 1.0); /* a checked int of our own dict */
    put(out, lay[L_DSEAT] + rel(player, me, n), 1.0);
    Py_ssize_t depth;
    PyObject **frames;
    if (items_of(stack, &frames, &depth, "stack") < 0) {
        return -1;
    }
    Frame inner[N_PARTS];
    memset(inner, 0, sizeof inner);
    for (Py_ssize_t k = depth - 1; k >= 0; k--) {
        Frame f;
        if (items_of(frames[k], &f.items, &f.len, "a frame") < 0) {
            return -1;
        }
        if (f.len < 1) {
            PyErr_SetString(PyExc_ValueError, "a frame is empty");
            return -1;
        }
        PyObject *name = f.items[0];
        if (!PyUnicode_CheckExact(name)) {
            if (PyUnicode_Check(name)) {
                PyErr_SetString(PyExc_TypeError, "a frame's name must be a plain str");
                return -1;
            }
            continue; /* not a name _PART knows */
        }
        PyObject *part = PyDict_GetItemWithError(self->parts, name);
        if (part == NULL) {
            if (PyErr_Occurred()) {
                return -1;
            }
            continue;
        }
        long p = PyLong_AsLong(part); /* checked in [0, N_PARTS) at construction */
        if (inner[p].items == NULL) {
            inner[p] = f;
        }
    }
    long v;
    const Frame *f = &inner[P_ABILITIES_USED];
    if (f->items != NULL) {
        unsigned long long steps;
        if (f->len < 3) {
            PyErr_SetString(PyExc_ValueError, "an abilities frame holds fewer than 3 items");
            return -1;
        }
        if (as_mask(f->items[2], &steps, "abilities used") < 0 ||
            check_bits(steps, lay[L_N_NODES], "abilities used") < 0) {
            return -1;
        }
        put_bits(out, lay[L_ABILITIES_USED], steps);
    }
    if (inner[P_LENS].items != NULL && lens_in_progress(self, &inner[P_LENS], out) < 0) {
        return -1;
    }
    f = &inner[P_FOLLOW_UP_LENS];
    if (f->items != NULL) {
        if (frame_long(f, 2, &v, "follow_up") < 0 ||
            put_field(out, lay[L_FOLLOW_UP_LENS], lay[L_LENS_SLOTS], v, "lens") < 0) {
            return -1;
        }
    }
    /* decision.payment: growth left, assistants left, where the executor stands */
    const Frame *growths = &inner[P_PAY_GROWTH], *assistants = &inner[P_PAY_ASSISTANT];
    const long o = lay[L_PAYMENT];
    if (growths->items != NULL) {
        if (frame_long(growths, 2, &v, "pay_growth") < 0) {
            return -1;
        }
        put(out, o, (double)v);
    }
    if (assistants->items != NULL) {
        long place, where;
        if (frame_long(assistants, 2, &v, "pay_assistant") < 0 ||
            frame_long(assistants, 3, &place, "pay_assistant") < 0 ||
            frame_long(assistants, 4, &where, "pay_assistant") < 0) {
            return -1;
        }
        put(out, o + 1, (double)v);
        if (place == lay[L_ON_DEVICE]) {
            if (put_field(out, o + 2, lay[L_N_DEVICES], where, "device") < 0) {
                return -1;
            }
        } else if (place == lay[L_ON_LENS]) {
            if (put_field(out, o + 2 + lay[L_N_DEVICES], lay[L_LENS_SLOTS], where, "lens") <
                0) {
                return -1;
            }
        }
    }
    if (put_numbers(out, &inner[P_GAINS], lay[L_GAIN], lay[L_N_GAINS], "gain") < 0 ||
        put_numbers(out, &inner[P_DISCARD], lay[L_DISCARD], lay[L_N_DISCARD], "discard") < 0) {
        return -1;
    }
    f = &inner[P_GROW_SOURCE];
    if (f->items != NULL) {
        if (frame_long(f, 2, &v, "grow") < 0) {
            return -1;
        }
        /* the stock, then each task space */
        long source = v == lay[L_FROM_STOCK] ? 0 : (v < 0 || v >= lay[L_N_TASKS]) ? -1 : 1 + v;
        if (put_field(out, lay[L_GROW_SOURCE], 1 + lay[L_N_TASKS], source, "token source") <
            0) {
            return -1;
        }
    }
    f = &inner[P_TASK];
    if (f->items != NULL) {
        if (frame_long(f, 2, &v, "task") < 0 ||
            put_field(out, lay[L_TASK], lay[L_N_TASKS], v, "task") < 0) {
            return -1;
        }
    }
    return 0;
}

static int encode(EncoderBase *base, PyObject *state, long seat, Out *out)
{
    Encoder *self = (Encoder *)base;
    const long *lay = self->lay;
    const long n = lay[L_PLAYERS];
    if (seat >= n) {
        PyErr_Format(PyExc_ValueError, "seat %ld is not a seat of this %ld-player encoder",
                     seat, n);
        return -1;
    }
    const long me = seat < 0 ? 0 : seat; /* the spectator sees as seat 0 */
    int failed = -1;
    PyObject *a[N_ATTRS] = {NULL};
    PyObject *kind = NULL, *player_obj = NULL;
    /* 1. fetch (may run Python code: ``decision`` is a property) */
    for (int i = 0; i < N_ATTRS; i++) {
        if ((a[i] = PyObject_GetAttr(state, attr_names[i])) == NULL) {
            goto done;
        }
    }
    Py_ssize_t normal_deck = PyObject_Size(a[A_NORMAL_DECK]);
    Py_ssize_t vp_deck = PyObject_Size(a[A_VP_DECK]);
    if (normal_deck < 0 || vp_deck < 0) {
        goto done;
    }
    PyObject *decision = a[A_DECISION];
    if (decision != Py_None) {
        if ((kind = PyObject_GetAttr(decision, str_kind)) == NULL ||
            (player_obj = PyObject_GetAttr(decision, str_player)) == NULL) {
            goto done;
        }
    }
    /* 2. read (borrowed access, no Python code runs) and write */
    long round, phase, start, next_start, v;
    unsigned long long found, ended;
    TRY(as_long(a[A_ROUND], &round, "round"));
    TRY(as_long(a[A_PHASE], &phase, "phase"));
    TRY(as_long(a[A_START], &start, "start"));
    TRY(as_long(a[A_NEXT_START], &next_start, "next_start"));
    TRY(as_low_bits(a[A_FOUND], &found, "found"));
    TRY(as_low_bits(a[A_ENDED], &ended, "ended"));

    /* round, phase, start_player, next_start_player: one-hots */
    TRY(put_field(out, lay[L_ROUND], lay[L_N_ROUNDS], round > 0 ? round - 1 : -1,
                  "round - 1"));
    TRY(put_field(out, lay[L_PHASE], lay[L_N_PHASES], phase, "phase"));
    put(out, lay[L_START_PLAYER] + rel(start, me, n), 1.0);
    if (next_start >= 0) {
        put(out, lay[L_NEXT_START] + rel(next_start, me, n), 1.0);
    }
    /* deck_sizes */
    put(out, lay[L_DECK_SIZES], (double)normal_deck);
    put(out, lay[L_DECK_SIZES] + 1, (double)vp_deck);
    /* market: the cards on display */
    Py_ssize_t len;
    PyObject **items;
    TRY(items_of(a[A_MARKET], &items, &len, "market"));
    for (Py_ssize_t i = 0; i < len; i++) {
        TRY(as_long(items[i], &v, "a market card"));
        if (v >= 0) {
            TRY(put_field(out, lay[L_MARKET], lay[L_N_CARDS], v, "market card"));
        }
    }
    /* foundations: how many of each cost are left */
    for (Py_ssize_t i = 0; i < self->n_costs; i++) {
        put(out, lay[L_FOUNDATIONS] + i, (double)POPCOUNT(found & self->cost_masks[i]));
    }
    /* devices: each seat's assistants on each device, then its uses this round */
    const long devices = lay[L_N_DEVICES];
    ITEMS(items, a[A_DEV_OCC], devices * n, "dev_occ");
    const long *targets = self->device_targets + me * devices * n;
    for (long k = 0; k < devices * n; k++) {
        TRY(as_long(items[k], &v, "dev_occ"));
        if (v != 0) {
            put(out, targets[k], (double)v);
        }
    }
    ITEMS(items, a[A_DEV_USES], devices, "dev_uses");
    for (long d = 0; d < devices; d++) {
        TRY(as_long(items[d], &v, "dev_uses"));
        if (v != 0) {
            put(out, self->use_targets[d], (double)v);
        }
    }
    /* cards_in_lenses and lens0...: each lens made (``_lenses``, numbers of ``lens_info``) */
    long owned[MAX_PLAYERS] = {0};
    Py_ssize_t n_lenses;
    PyObject **lenses;
    TRY(items_of(a[A_LENSES], &lenses, &n_lenses, "lenses"));
    if (n_lenses > lay[L_LENS_SLOTS]) {
        PyErr_Format(PyExc_ValueError, "%zd lenses, more than the %ld slots", n_lenses,
                     lay[L_LENS_SLOTS]);
        goto done;
    }
    PyObject **occupants, **used;
    ITEMS(occupants, a[A_LENS_OCC], n_lenses, "lens_occ");
    ITEMS(used, a[A_LENS_USED], n_lenses, "lens_used");
    const long symbols = lay[L_N_SYMBOLS];
    Py_ssize_t at = lay[L_LENS0];
    for (Py_ssize_t i = 0; i < n_lenses; i++, at += lay[L_LENS_WIDTH]) {
        PyObject **lens;
        ITEMS(lens, lenses[i], 4, "a lens");
        long owner, foundation;
        unsigned long long cards, flipped;
        TRY(as_long(lens[0], &owner, "a lens owner"));
        TRY(as_long(lens[1], &foundation, "a lens foundation"));
        TRY(as_mask(lens[2], &cards, "a lens's cards"));
        TRY(as_low_bits(lens[3], &flipped, "a lens's turned cards"));
        if (foundation < 0 || foundation >= self->n_foundations) {
            PyErr_Format(PyExc_ValueError, "lens foundation %ld is not a foundation",
                         foundation);
            goto done;
        }
        if (owner >= 0 && owner < n) {
            owned[owner]++;
        }
        put(out, at, 1.0);
        put(out, at + 1 + rel(owner, me, n), 1.0);
        /* lens_info: inputs and outputs summed over the cards, result, count, cost */
        long inputs[MAX_SYMBOLS] = {0}, outputs[MAX_SYMBOLS] = {0}, result = 0, count = 0;
        for (unsigned long long m = cards; m; m &= m - 1) {
            int card = LOWEST_BIT(m);
            if (card >= lay[L_N_CARDS]) {
                PyErr_Format(PyExc_ValueError, "card %d of a lens is not a card", card);
                goto done;
            }
            int o = (int)(flipped >> card & 1ULL);
            const long *in = self->card_input + (card * 2 + o) * symbols;
            const long *outs = self->card_output + (card * 2 + o) * symbols;
            for (long j = 0; j < symbols; j++) {
                inputs[j] += in[j];
                outputs[j] += outs[j];
            }
            result += self->card_result[card * 2 + o];
            count++;
        }
        const long cost = self->foundation_cost[foundation];
        const Py_ssize_t b = at + 1 + n; /* cost, input[S], ap, output[S], result, cards */
        put(out, b, (double)cost);
        for (long j = 0; j < symbols; j++) {
            if (inputs[j]) {
                put(out, b + 1 + j, (double)inputs[j]);
            }
        }
        put(out, b + 1 + symbols, (double)(cost + inputs[lay[L_AP_SYMBOL]]));
        for (long j = 0; j < symbols; j++) {
            if (outputs[j]) {
                put(out, b + 2 + symbols + j, (double)outputs[j]);
            }
        }
        put(out, b + 2 + 2 * symbols, (double)result);
        put(out, b + 3 + 2 * symbols, (double)count);
        /* occupant one-hot, then the face used */
        long occupant, face;
        TRY(as_long(occupants[i], &occupant, "lens_occ"));
        TRY(as_long(used[i], &face, "lens_used"));
        if (occupant >= 0) {
            put(out, b + 4 + 2 * symbols + rel(occupant, me, n), 1.0);
        }
        put(out, b + 4 + 2 * symbols + n, (double)face);
        put_bits(out, lay[L_CARDS_IN_LENSES], cards);
    }
    /* seatK.*: each seat, rotated from the observer */
    PyObject **chars, **tasks, **grown, **will_used, **hand, **ap, **creativity, **vp, **mats,
        **stock, **lobby_unused, **lobby_used;
    ITEMS(chars, a[A_CHAR], n, "char");
    ITEMS(tasks, a[A_TASKS], n, "tasks");
    ITEMS(grown, a[A_GROWN], n, "grown");
    ITEMS(will_used, a[A_WILL_USED], n, "will_used");
    ITEMS(hand, a[A_HAND], n, "hand");
    ITEMS(ap, a[A_AP], n, "ap");
    ITEMS(creativity, a[A_CREATIVITY], n, "creativity");
    ITEMS(vp, a[A_VP], n, "vp");
    ITEMS(mats, a[A_MATS], 3 * n, "mats");
    ITEMS(stock, a[A_STOCK], n, "stock");
    ITEMS(lobby_unused, a[A_LOBBY_UNUSED], n, "lobby_unused");
    ITEMS(lobby_used, a[A_LOBBY_USED], n, "lobby_used");
    const long nodes = lay[L_N_NODES];
    for (long p = 0; p < n; p++) {
        const Py_ssize_t b = lay[L_SEAT0] + rel(p, me, n) * lay[L_SEAT_WIDTH];
        long ch;
        unsigned long long open, chart, wills, cards;
        TRY(as_long(chars[p], &ch, "char"));
        TRY(as_low_bits(tasks[p], &open, "tasks"));
        TRY(as_mask(grown[p], &chart, "grown"));
        TRY(as_mask(will_used[p], &wills, "will_used"));
        TRY(as_mask(hand[p], &cards, "hand"));
        TRY(check_bits(chart, nodes, "grown"));
        TRY(check_bits(wills, nodes, "will_used"));
        TRY(check_bits(cards, lay[L_N_CARDS], "hand"));
        /* character, then (after the counters) open_tasks, growth, will_used, hand */
        if (ch >= 0) {
            TRY(put_field(out, b, lay[L_N_CHARACTERS], ch, "character"));
        }
        Py_ssize_t c = b + lay[L_N_CHARACTERS] + COUNTERS;
        put_bits(out, c, open & (unsigned long long)lay[L_TASKS_MASK]);
        c += lay[L_N_TASKS];
        put_bits(out, c, chart);
        c += nodes;
        put_bits(out, c, wills);
        c += nodes;
        put_bits(out, c, cards);
        /* counters: ap, creativity, vp, materials, capacity, stock, lobby, lenses, ended */
        c = b + lay[L_N_CHARACTERS];
        long capacity = lay[L_START_CAPACITY];
        if (ch >= 0) { /* both checked above */
            capacity = self->capacity[(ch << nodes) | (long)chart];
        }
        PyObject *const counters[] = {ap[p], creativity[p], vp[p], mats[p * 3],
                                      mats[p * 3 + 1], mats[p * 3 + 2]};
        for (int i = 0; i < 6; i++) {
            TRY(as_long(counters[i], &v, "a seat counter"));
            put(out, c + i, (double)v);
        }
        put(out, c + 6, (double)capacity);
        PyObject *const lobby[] = {stock[p], lobby_unused[p], lobby_used[p]};
        for (int i = 0; i < 3; i++) {
            TRY(as_long(lobby[i], &v, "a seat counter"));
            put(out, c + 7 + i, (double)v);
        }
        put(out, c + 10, (double)owned[p]);
        put(out, c + 11, (double)(ended >> p & 1ULL));
    }
    /* decision.* */
    if (decision != Py_None) {
        long player;
        TRY(as_long(player_obj, &player, "decision.player"));
        TRY(pending(self, kind, player, a[A_STACK], me, out));
    }
    failed = 0;
done:
    for (int i = 0; i < N_ATTRS; i++) {
        Py_XDECREF(a[i]);
    }
    Py_XDECREF(kind);
    Py_XDECREF(player_obj);
    return failed;
}

static int prepare_module(void)
{
    static const char *const decision_fields[] = {"kind", "player"};
    static PyObject *fields[2];
    if (intern_names(attr_names, ATTR_NAMES, N_ATTRS) < 0 ||
        intern_names(fields, decision_fields, 2) < 0) {
        return -1;
    }
    str_kind = fields[0];
    str_player = fields[1];
    return 0;
}

OBSERVE_MODULE("konoten", Encoder, encoder_init, encoder_dealloc, encode, prepare_module)
