/* Compounded's compiled observation encoder: the C twin of ``fast_observation.py``.
 *
 * ``Encoder(config, scale, low, high).encode(state, seat, out)`` writes into ``out`` the
 * normalised vector that ``Observer`` makes of ``FastCompoundedEncoder``'s, bit for bit
 * (``tests/adapters/test_native_observation.py`` checks them equal along random playouts).
 * Every entry is computed as the Python encoder computes it, in double, and written once
 * with ``put`` (observe.h). Every number that comes from the game's content or from the
 * encoder's layout arrives in ``config`` (``fast_observation.native_config``): this file
 * knows only the shape of the state and of the Python encoder's arithmetic.
 *
 * Speed (some 0.8 us a call at 2 players): a call reads each state attribute once, first
 * the ones that run Python code (the pending decision, the options, the final scores),
 * then every other attribute, borrowed while no Python code can run: straight from the
 * state's slots when its class keeps them there (checked once per class, see
 * ``learn_slots``; the decision's kind and player likewise), else with PyObject_GetAttr.
 * Small ints are read from their address (``find_small_ints``). The per-card tables are
 * C arrays made at construction.
 *
 * Block memory: between two decisions most of the vector does not change, so each block
 * keeps what it read last call and the normalised floats it wrote, and a block whose
 * inputs did not change is copied instead of written again. The int lists are kept as
 * the addresses of their small ints (``Snap``: CPython's small ints never move, so equal
 * addresses are equal values), which says at once which lists changed (``Call.changed``);
 * the field keeps each compound's inputs (``FieldKey``) and its span, each player its
 * inputs and its span, the table and the extinguishers the entries they wrote (``Rec``).
 * Only values are compared, never the identity of a state or of its lists, and the
 * observer is part of every key it changes: any state and seat may follow any other.
 * What a block remembers is trusted only after a call that succeeded (``known``).
 */
#include "observe.h"
#include <structmember.h>
#include <stddef.h>

#if defined(__GNUC__)
#define ALWAYS_INLINE __attribute__((always_inline))
#else
#define ALWAYS_INLINE
#endif

/* Capacities of the C tables (the config is checked against them). */
#define MAXP 8          /* players */
#define MAXE 8          /* elements */
#define MAXEQ 8         /* equipment kinds */
#define MAXT 8          /* experiment tracks */
#define MAXLEV 16       /* levels of a track */
#define MAXPOS 32       /* field positions */
#define MAXCARDS 256    /* card codes */
#define MAXKINDS 128    /* compound kinds */
#define MAXSTATIC 8     /* non-zero static entries of a card */
#define MAXSPACES 32    /* spaces of a card */
#define MAXITEMS 16     /* item kinds (elements, wild) */
#define MAXDECISIONS 64 /* decision kinds */
#define MAXCAUSES 8     /* fire causes */

/* config[0]: the start of these fields of the vector (``NATIVE_FIELDS``). */
enum {
    F_OPTIONS, F_SEAT, F_ROUND, F_PHASE, F_DECISION_KIND, F_DECISION_PLAYER, F_TO_MOVE, F_BAG,
    F_DECK, F_LAB_FIRES_SEEN_AT, F_SUPPLY, F_WILD_TOKENS_OUT, F_UNSEEN_COMPOUNDS, F_FIELD,
    F_PLAYERS, F_EXTINGUISHERS, F_RESOLVING, F_SCATTER, F_TRADE, F_CLAIM_PASSED, F_WINDOW,
    F_FIRE_WINDOW, F_PLACING, F_MOVING_ITEM, F_RELOCATE_FROM, F_OUTCOME, N_FIELDS
};

/* config[1]: ints, in ``native_config``'s order. */
enum {
    I_SIZE, I_PLAYERS, I_ELEMENTS, I_EQUIPMENT, I_TRACKS, I_POSITIONS, I_MAX_PLAYERS,
    I_ROUND_CAP, I_DECK_START, I_LAB_FIRE_CARDS, I_PILE, I_WILD_TOTAL, I_LAB_FIRE,
    I_FIELD_WIDTH, I_STATIC_WIDTH, I_SPACES_WIDTH, I_POINTS_AT, I_PLAYER_WIDTH, I_VALUES_AT,
    I_LAB, I_RESEARCH, I_EXT_SPACES, I_EMPTY, I_CRYSTAL, I_WILD_SLOT, I_ITEMS, I_BUNDLE,
    I_SCORE_THRESHOLD, I_MAXED_NEEDED, I_BUNSEN_LIMIT, I_TRADE_OFFER, I_RESEARCH_PHASE,
    I_GIVE_AT, I_ASK_AT, I_EXT_MASK, I_RESEARCH_TOP, I_PLACE_WILD_ITEM, I_PLACE_ITEMS,
    I_POOL_OFFSET, N_INTS
};

/* config[2]: floats (the scales). */
enum {
    D_POINTS, D_BONUS, D_STORAGE, D_POOL, D_SPACE, D_DISCS, D_EQUIP, D_SCORED, D_FIRE,
    D_BUNDLE, D_OFFERS, N_DOUBLES
};

/* config[5]: the decision kinds with a context block (``NATIVE_CONTEXTS``). */
enum {
    K_TRADE_OFFER, K_TRADE_BUILD, K_TRADE_REPLY, K_CLAIM, K_BUNSEN, K_EXTINGUISH,
    K_PLACE_ITEM, K_PLACE_SPACE, K_SCATTER_SPACE, K_HANDLE_SPACE, K_RELOCATE_TARGET,
    N_CONTEXTS
};

/* The state attributes read as plain data, each once per call. */
enum {
    A_ROUND, A_PHASE, A_BAG, A_DECK, A_DECK_DRAWN, A_LF_SEEN, A_LF_RESOLVED, A_END_C,
    A_SUPPLY, A_WILD_OUT, A_FIELD_CARD, A_DISCARD, A_SCORED, A_FIELD_ITEMS, A_FIELD_OPEN,
    A_CLAIM_OWNER, A_CLAIM_TEMP, A_CLAIM_ROUND, A_FIRE, A_BURNED, A_AP, A_BONUS, A_STORAGE,
    A_POOL, A_EXP, A_RESERVE, A_AVAIL, A_WILD, A_EQUIP, A_FRESH, A_USED_CYLINDER,
    A_USED_PIPETTE, A_USED_SWAP, A_USED_GOGGLES, A_USED_PAPER, A_OFFERS, A_LEAD, A_NEXT_LEAD,
    A_EXT_HOLDER, A_EXT_ITEMS, A_RESOLVING_CARD, A_RESOLVING_PLAYER, A_RESOLVING_ITEMS,
    A_SCATTER, A_STACK, N_ATTRS
};

static const char *const ATTR_NAMES[N_ATTRS] = {
    "round", "phase", "bag", "deck", "deck_drawn", "lab_fires_drawn_at", "lab_fire_this_round",
    "deck_ran_out", "supply", "wild_out", "field_card", "discard", "scored", "field_items",
    "field_open", "claim_owner", "claim_temp", "claim_round", "fire", "burned", "ap", "bonus",
    "storage", "pool", "track_level", "reserve", "free_discs", "wild", "equip",
    "equip_this_round", "used_cylinder", "used_pipette", "used_swap", "used_goggles",
    "used_paper", "offers", "lead", "next_lead", "extinguisher_holder", "extinguisher_items",
    "resolving_card", "resolving_player", "resolving_items", "scatter", "stack",
};

/* Other names, interned at module init. */
enum { S_DECISION, S_KIND, S_PLAYER, S_OPTIONS, S_GET, S_AP_CAP, S_SIDE_SCORES,
       S_SIDE_WINNERS, N_NAMES };
static const char *const OTHER_NAMES[N_NAMES] = {
    "decision", "kind", "player", "options", "get", "ap_cap", "side_scores", "side_winners",
};

static PyObject *attr_names[N_ATTRS];
static PyObject *names[N_NAMES];

/* One card code's tables (``fast_observation``: CARD_KIND, STATIC_ENTRIES, ...). */
typedef struct { /* small types: the 16 cards on the field are read every call */
    double capped;
    double uncapped;
    long fire_limit;
    unsigned char kind, n_static, spaces, flammable;
    /* the spaces grouped by element: group g is element group_element[g], its spaces
     * are by_element[group_start[g]] to by_element[group_start[g + 1] - 1] */
    unsigned char groups;
    unsigned char group_element[MAXE];
    unsigned char group_start[MAXE + 1];
    unsigned char by_element[MAXSPACES];
    unsigned short static_at[MAXSTATIC];
    double static_value[MAXSTATIC];
    unsigned char space_element[MAXSPACES];
} Card;

/* The inputs of a player's block but its flags (score, ap, bonus, storage and pool,
 * levels, discs, wild, equipment, scored, used, offers). */
#define PLAYER_KEY (3 + 2 * MAXE + MAXT + 5 + 2 * MAXEQ + 7)
#define MAXSEQ 64   /* the longest list of ints remembered as a Snap */
/* every int list fits a Snap, every position a bit of a uint64_t (else: a negative size) */
typedef char capacities_hold[MAXP * MAXE <= MAXSEQ && MAXP * MAXEQ <= MAXSEQ &&
                                     MAXP * MAXT <= MAXSEQ && MAXPOS <= MAXSEQ && MAXPOS <= 64
                                 ? 1
                                 : -1];
#define REC_MAX 64  /* the entries a recorded block may write */

/* The int lists of the state, as the last call read them (``INT_LISTS``). */
typedef struct {
    long bag[MAXE], supply[MAXEQ];
    long storage[MAXP * MAXE], pool[MAXP * MAXE], equip[MAXP * MAXEQ], fresh[MAXP * MAXEQ];
    long exp[MAXP * MAXT];
    long ap[MAXP], bonus[MAXP], reserve[MAXP], avail[MAXP], wild[MAXP];
    long used_cylinder[MAXP], used_pipette[MAXP], used_swap[MAXP], used_goggles[MAXP];
    long used_paper[MAXP], offers[MAXP], ext_holder[MAXP];
    long field_card[MAXPOS], field_open[MAXPOS], claim_owner[MAXPOS], claim_temp[MAXPOS];
    long claim_round[MAXPOS], fire[MAXPOS], burned[MAXPOS];
} Lists;

/* The int lists, in ``read_lists``' order: the bit of each in ``Call.changed``. */
enum {
    L_BAG, L_SUPPLY, L_STORAGE, L_POOL, L_EQUIP, L_FRESH, L_EXP, L_AP, L_BONUS, L_RESERVE,
    L_AVAIL, L_WILD, L_USED_CYLINDER, L_USED_PIPETTE, L_USED_SWAP, L_USED_GOGGLES,
    L_USED_PAPER, L_OFFERS, L_EXT_HOLDER, L_FIELD_CARD, L_FIELD_OPEN, L_CLAIM_OWNER,
    L_CLAIM_TEMP, L_CLAIM_ROUND, L_FIRE, L_BURNED, N_LISTS
};
#define BIT(list) ((uint32_t)1 << (list))

/* A list of ints as a call read it: the addresses of its items, when they were all small
 * ints. CPython's small ints are objects that never move nor die, so an equal address is
 * an equal value: comparing addresses compares values. */
typedef struct {
    Py_ssize_t len; /* -1: nothing remembered */
    PyObject *item[MAXSEQ];
} Snap;

/* The normalised entries a block wrote, to write them again. */
typedef struct {
    int n; /* -1: nothing remembered */
    uint32_t at[REC_MAX];
    float value[REC_MAX];
} Rec;

/* What a compound of the field was written from: every input of its span of the vector
 * (its slots as in a Snap). */
typedef struct {
    long card;  /* -2: nothing remembered; -1: no card (its span is all 0) */
    long fire;
    long flags; /* capped, closed, burned, claimant, temporary, claimed this round */
    Py_ssize_t n_slots; /* -1: its slots were not all small ints (never equal) */
    PyObject *slot[MAXSPACES];
} FieldKey;

/* A class whose attributes are plain slots (member descriptors), at these offsets while
 * its version tag says it was not changed. */
typedef struct {
    PyTypeObject *type; /* NULL: none learnt (read with PyObject_GetAttr) */
    unsigned int version;
    Py_ssize_t offset[N_ATTRS + 1];
} Slots;

typedef struct {
    EncoderBase base;
    Py_ssize_t at[N_FIELDS];
    long I[N_INTS];
    double D[N_DOUBLES];
    double option_values[3];
    PyObject *kinds;               /* dict: decision kind -> index */
    PyObject *frame_codes;         /* dict: frame key -> its code (config[16]) */
    int n_decisions;
    int context_of[MAXDECISIONS];  /* decision index -> K_*, or -1 */
    long element_total[MAXE];
    long equipment_box[MAXEQ];
    int compounds;
    long copies[MAXKINDS];
    long track_start[MAXT];
    long track_length[MAXT];
    long track_top[MAXT];
    double track_value[MAXT][MAXLEV];
    long track_levels[MAXT][MAXLEV];
    int n_causes;
    long cause_code[MAXCAUSES];
    long cause_index[MAXCAUSES];
    int n_cards;
    Card cards[MAXCARDS];
    /* the last ``state.options`` seen and its ``ap_cap``: a state's options are a
     * read-only mapping (the engine's MappingProxyType of its own copy) */
    PyObject *last_options;
    int last_capped;
    Slots state_slots;    /* the state's attributes (``ATTR_NAMES``, then options) */
    Slots decision_slots; /* the decision's kind and player */
    /* Block memory: what each block read last call and the normalised floats it wrote,
     * so that a block whose inputs did not change is copied instead of written again
     * (the field and the players change little between two decisions). Inputs are
     * compared by value (or as in a Snap), never by the identity of the state or its
     * lists: any state and seat may follow any other. */
    int known;            /* the last call succeeded: ``changed`` is relative to it */
    Lists L;              /* the int lists as last read */
    Py_ssize_t list_len[N_LISTS];
    Snap lists[N_LISTS];  /* ... and their items */
    Rec table;            /* table: its key, its lf_seen */
    long table_key[5];
    Snap lf_seen;
    int unseen_valid;     /* unseen_compounds: the counts, what was discarded, scored */
    long unseen_key[MAXKINDS];
    float unseen_memory[MAXKINDS];
    Snap discard;
    Snap scored[MAXP];
    int field_memory_on;  /* the field's compounds write only in their own span */
    long field_me, field_capped, field_round;
    FieldKey field_key[MAXPOS];
    float *field_memory;  /* positions * field width floats */
    int player_memory_on; /* a player's block is written only in its own span */
    int players_over;     /* the last call's game was over (its scores: side_scores) */
    unsigned char player_known[MAXP];
    long player_key[MAXP][PLAYER_KEY];
    float *player_memory; /* players * player width floats, but the flags */
    Rec ext;              /* extinguishers: the observer, the items of each */
    long ext_me;
    Snap ext_items[MAXP];
} Encoder;

/* ------------------------------------------------------------------ reading helpers */

/* Python's ``a % n`` and ``a // n`` for n > 0. */
static inline long pymod(long a, long n)
{
    long r = a % n;
    return r < 0 ? r + n : r;
}

static inline long pydiv(long a, long n)
{
    long q = a / n;
    return (a % n != 0 && a < 0) ? q - 1 : q;
}

/* The items of a list or tuple (borrowed; NULL may stand for no items): 0, or -1 with
 * a TypeError naming ``what``. */
static inline int seq(PyObject *obj, PyObject ***items, Py_ssize_t *len, const char *what)
{
    if (PyList_Check(obj)) {
        *items = ((PyListObject *)obj)->ob_item;
        *len = PyList_GET_SIZE(obj);
        return 0;
    }
    if (PyTuple_Check(obj)) {
        *items = ((PyTupleObject *)obj)->ob_item;
        *len = PyTuple_GET_SIZE(obj);
        return 0;
    }
    PyErr_Format(PyExc_TypeError, "state.%s must be a list or tuple, not %.100s", what,
                 Py_TYPE(obj)->tp_name);
    return -1;
}

/* CPython keeps the ints -5 to 256 in one array: where that array is (checked at module
 * init, else NULL), so that most ints are read from their address alone. */
#define SMALL_MIN (-5)
#define SMALL_MAX 256
static const char *small_ints;

static void find_small_ints(void)
{
    PyObject *first = PyLong_FromLong(SMALL_MIN);
    if (first == NULL) {
        PyErr_Clear();
        return;
    }
    const char *base = (const char *)first;
    int found = 1;
    for (long i = SMALL_MIN; i <= SMALL_MAX && found; i++) {
        PyObject *obj = PyLong_FromLong(i);
        if (obj == NULL) {
            PyErr_Clear();
            found = 0;
            break;
        }
        found = (const char *)obj == base + (i - SMALL_MIN) * (Py_ssize_t)sizeof(PyLongObject) &&
                Py_IS_TYPE(obj, &PyLong_Type) && PyLong_AsLong(obj) == i;
        Py_DECREF(obj);
    }
    Py_DECREF(first);
    small_ints = found ? base : NULL;
}

static int not_int(PyObject *obj, const char *what)
{
    PyErr_Format(PyExc_TypeError, "state.%s must hold ints, not %.100s", what,
                 Py_TYPE(obj)->tp_name);
    return -1;
}

/* An int (no Python code runs: subclasses of int are read directly): 0, or -1.
 * ``small``: ``small_ints``, read once by the caller. */
static inline int int_at(PyObject *obj, const char *small, long *value, const char *what)
    ALWAYS_INLINE;
static inline int int_at(PyObject *obj, const char *small, long *value, const char *what)
{
    /* a small int: its value is where it is (an object that starts inside the array is
     * one of its ints) */
    uintptr_t at = (uintptr_t)obj - (uintptr_t)small;
    if (at < (uintptr_t)(SMALL_MAX - SMALL_MIN + 1) * sizeof(PyLongObject) && small != NULL) {
        *value = (long)(at / sizeof(PyLongObject)) + SMALL_MIN;
        return 0;
    }
    if (!Py_IS_TYPE(obj, &PyLong_Type) && !PyLong_Check(obj)) {
        *value = 0;
        return not_int(obj, what);
    }
#if PY_VERSION_HEX >= 0x030C0000
    if (PyUnstable_Long_IsCompact((PyLongObject *)obj)) {
        *value = (long)PyUnstable_Long_CompactValue((PyLongObject *)obj);
        return 0;
    }
#else
    switch (Py_SIZE(obj)) { /* one digit or none: the value is at hand */
    case 0:
        *value = 0;
        return 0;
    case 1:
        *value = (long)((PyLongObject *)obj)->ob_digit[0];
        return 0;
    case -1:
        *value = -(long)((PyLongObject *)obj)->ob_digit[0];
        return 0;
    default:
        break;
    }
#endif
    *value = PyLong_AsLong(obj);
    if (*value == -1 && PyErr_Occurred()) {
        return -1;
    }
    return 0;
}

static inline int int_of(PyObject *obj, long *value, const char *what) ALWAYS_INLINE;
static inline int int_of(PyObject *obj, long *value, const char *what)
{
    return int_at(obj, small_ints, value, what);
}

/* Read ``len`` items into ``dst`` as if all were small ints, without a branch per item:
 * 1 when they all were (else ``dst`` holds nonsense). ``seen`` is at least every item's
 * distance from the array, so below the array's end all are small ints. */
static inline int small_ints_at(PyObject *const *items, Py_ssize_t len, long *dst,
                                const char *small)
{
    uintptr_t seen = 0;
    for (Py_ssize_t i = 0; i < len; i++) {
        uintptr_t at = (uintptr_t)items[i] - (uintptr_t)small;
        seen |= at;
        dst[i] = (long)(at / sizeof(PyLongObject)) + SMALL_MIN;
    }
    return seen < (uintptr_t)(SMALL_MAX - SMALL_MIN + 1) * sizeof(PyLongObject);
}

/* ``len`` ints of a list or tuple of exactly ``len`` items into ``dst``: 0, or -1. */
static int ints_of(PyObject *obj, Py_ssize_t len, long *dst, const char *what)
{
    PyObject **items;
    Py_ssize_t got;
    if (seq(obj, &items, &got, what) < 0) {
        return -1;
    }
    if (got != len) {
        PyErr_Format(PyExc_ValueError, "state.%s has %zd items, expected %zd", what, got, len);
        return -1;
    }
    const char *small = small_ints;
    for (Py_ssize_t i = 0; i < len; i++) {
        if (int_at(items[i], small, &dst[i], what) < 0) {
            return -1;
        }
    }
    return 0;
}

/* A frame of the stack (borrowed: no Python code runs while it is read); its ints are
 * read when asked for. */
typedef struct {
    PyObject **items;
    Py_ssize_t len;
} Frame;

static int frame_of(PyObject *obj, Frame *frame)
{
    return seq(obj, &frame->items, &frame->len, "stack frame");
}

/* Item ``i`` of a frame, an int; sets ``*bad`` (and an exception) when it has none. */
static inline long fr(const Frame *frame, long i, int *bad)
{
    long value;
    if (*bad) { /* an exception is set: the first one stays */
        return 0;
    }
    if (i < 0 || i >= frame->len) {
        PyErr_Format(PyExc_ValueError, "a stack frame has no item %ld", i);
        *bad = 1;
        return 0;
    }
    if (int_of(frame->items[i], &value, "stack frame") < 0) {
        *bad = 1;
        return 0;
    }
    return value;
}

/* The code of a frame's key (``native_config``'s frame codes), -1 for a key without one;
 * sets ``*bad`` (and an exception) when the frame has no key or the lookup fails. */
static long key_code(PyObject *codes, const Frame *frame, int *bad)
{
    if (*bad) {
        return 0;
    }
    if (frame->len < 1) {
        PyErr_SetString(PyExc_ValueError, "a stack frame has no key");
        *bad = 1;
        return 0;
    }
    PyObject *code = PyDict_GetItemWithError(codes, frame->items[0]);
    if (code == NULL) {
        *bad = PyErr_Occurred() != NULL;
        return -1;
    }
    return PyLong_AsLong(code); /* ours: a small int */
}

/* Learn where ``tp`` keeps the attributes ``names`` when they are all plain slots (member
 * descriptors of objects) and its attribute lookup is the generic one; otherwise forget
 * any class learnt, and the attributes are read with PyObject_GetAttr. May run Python
 * code (a metaclass's lookup); a failure only means the slow way. */
static void learn_slots(Slots *slots, PyTypeObject *tp, PyObject *const *names, int count)
{
    Py_CLEAR(slots->type);
    if (tp->tp_getattro != PyObject_GenericGetAttr) {
        return;
    }
    Py_ssize_t offset[N_ATTRS + 1];
    for (int a = 0; a < count; a++) {
        PyObject *descr = PyObject_GetAttr((PyObject *)tp, names[a]);
        if (descr == NULL) {
            PyErr_Clear();
            return;
        }
        int slot = Py_IS_TYPE(descr, &PyMemberDescr_Type) &&
                   ((PyMemberDescrObject *)descr)->d_member->type == T_OBJECT_EX;
        if (slot) {
            offset[a] = ((PyMemberDescrObject *)descr)->d_member->offset;
        }
        Py_DECREF(descr);
        if (!slot || offset[a] < (Py_ssize_t)sizeof(PyObject) ||
            offset[a] > tp->tp_basicsize - (Py_ssize_t)sizeof(PyObject *)) {
            return;
        }
    }
    if (!(tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG)) {
        return;
    }
    memcpy(slots->offset, offset, sizeof(Py_ssize_t) * count);
    slots->version = tp->tp_version_tag;
    Py_INCREF(tp);
    slots->type = tp;
}

static inline int learnt(const Slots *slots, PyTypeObject *tp)
{
    return tp == slots->type && (tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG) &&
           tp->tp_version_tag == slots->version;
}

/* Attribute ``a`` of ``obj`` whose class is learnt in ``slots`` (borrowed), or NULL with
 * an AttributeError. */
static inline PyObject *slot_of(PyObject *obj, const Slots *slots, int a, PyObject *name)
{
    PyObject *value = *(PyObject **)((char *)obj + slots->offset[a]);
    if (value == NULL) {
        PyErr_Format(PyExc_AttributeError, "'%.100s' object has no attribute '%U'",
                     Py_TYPE(obj)->tp_name, name);
    }
    return value;
}

static int bad_value(const char *what, long value)
{
    PyErr_Format(PyExc_ValueError, "state.%s: unexpected value %ld", what, value);
    return -1;
}

/* ------------------------------------------------------------------ block memory */

/* Whether ``items`` are all small ints. */
static inline int all_small(PyObject *const *items, Py_ssize_t len, const char *small)
{
    uintptr_t seen = 0;
    for (Py_ssize_t i = 0; i < len; i++) {
        seen |= (uintptr_t)items[i] - (uintptr_t)small;
    }
    return seen < (uintptr_t)(SMALL_MAX - SMALL_MIN + 1) * sizeof(PyLongObject);
}

/* Whether the ``len`` addresses at ``a`` and ``b`` are equal. */
static inline int same_items(PyObject *const *a, PyObject *const *b, Py_ssize_t len)
{
#define DIFF(i) ((uintptr_t)a[i] ^ (uintptr_t)b[i])
    switch (len) { /* most lists are per player: short, without a call */
    case 0:
        return 1;
    case 1:
        return DIFF(0) == 0;
    case 2:
        return (DIFF(0) | DIFF(1)) == 0;
    case 3:
        return (DIFF(0) | DIFF(1) | DIFF(2)) == 0;
    case 4:
        return (DIFF(0) | DIFF(1) | DIFF(2) | DIFF(3)) == 0;
    default:
        return memcmp(a, b, len * sizeof(PyObject *)) == 0;
    }
#undef DIFF
}

/* Whether ``items`` are what ``snap`` remembers (the same values). */
static inline int same(const Snap *snap, PyObject *const *items, Py_ssize_t len)
{
    return snap->len == len && same_items(snap->item, items, len);
}

/* Remember ``items`` in ``snap`` (when they are few enough and all small ints). */
static inline void keep(Snap *snap, PyObject *const *items, Py_ssize_t len)
{
    const char *small = small_ints;
    if (small != NULL && len <= MAXSEQ && all_small(items, len, small)) {
        memcpy(snap->item, items, len * sizeof(PyObject *));
        snap->len = len;
    } else {
        snap->len = -1;
    }
}

/* ``put``, recording the entry in ``rec`` (which forgets all when it is full). */
static inline void rput(Out *out, Rec *rec, Py_ssize_t i, double value)
{
    put(out, i, value);
    if (rec->n >= 0) {
        if (rec->n < REC_MAX && (size_t)i < (size_t)out->norm->size) {
            rec->at[rec->n] = (uint32_t)i;
            rec->value[rec->n++] = out->data[i];
        } else {
            rec->n = -1;
        }
    }
}

/* Write again what ``rec`` recorded (inside the vector: ``rput`` checked). */
static inline void replay(Out *out, const Rec *rec)
{
    for (int k = 0; k < rec->n; k++) {
        out->data[rec->at[k]] = rec->value[k];
    }
}

/* ------------------------------------------------------------------ encoding */

/* The int lists, in one loop (the order of the L_* bits): where each goes in ``Lists``,
 * and its length (``shape``). */
enum { SH_E, SH_EQ, SH_PE, SH_PEQ, SH_PT, SH_P, SH_POS, N_SHAPES };
static const struct {
    unsigned char attr, shape;
    unsigned short offset;
} INT_LISTS[N_LISTS] = {
    {A_BAG, SH_E, offsetof(Lists, bag)},
    {A_SUPPLY, SH_EQ, offsetof(Lists, supply)},
    {A_STORAGE, SH_PE, offsetof(Lists, storage)},
    {A_POOL, SH_PE, offsetof(Lists, pool)},
    {A_EQUIP, SH_PEQ, offsetof(Lists, equip)},
    {A_FRESH, SH_PEQ, offsetof(Lists, fresh)},
    {A_EXP, SH_PT, offsetof(Lists, exp)},
    {A_AP, SH_P, offsetof(Lists, ap)},
    {A_BONUS, SH_P, offsetof(Lists, bonus)},
    {A_RESERVE, SH_P, offsetof(Lists, reserve)},
    {A_AVAIL, SH_P, offsetof(Lists, avail)},
    {A_WILD, SH_P, offsetof(Lists, wild)},
    {A_USED_CYLINDER, SH_P, offsetof(Lists, used_cylinder)},
    {A_USED_PIPETTE, SH_P, offsetof(Lists, used_pipette)},
    {A_USED_SWAP, SH_P, offsetof(Lists, used_swap)},
    {A_USED_GOGGLES, SH_P, offsetof(Lists, used_goggles)},
    {A_USED_PAPER, SH_P, offsetof(Lists, used_paper)},
    {A_OFFERS, SH_P, offsetof(Lists, offers)},
    {A_EXT_HOLDER, SH_P, offsetof(Lists, ext_holder)},
    {A_FIELD_CARD, SH_POS, offsetof(Lists, field_card)},
    {A_FIELD_OPEN, SH_POS, offsetof(Lists, field_open)},
    {A_CLAIM_OWNER, SH_POS, offsetof(Lists, claim_owner)},
    {A_CLAIM_TEMP, SH_POS, offsetof(Lists, claim_temp)},
    {A_CLAIM_ROUND, SH_POS, offsetof(Lists, claim_round)},
    {A_FIRE, SH_POS, offsetof(Lists, fire)},
    {A_BURNED, SH_POS, offsetof(Lists, burned)},
};

/* The attributes that are not int lists. */
static const unsigned char OTHER_ATTRS[N_ATTRS - N_LISTS] = {
    A_ROUND, A_PHASE, A_DECK, A_DECK_DRAWN, A_LF_SEEN, A_LF_RESOLVED, A_END_C, A_WILD_OUT,
    A_DISCARD, A_SCORED, A_FIELD_ITEMS, A_LEAD, A_NEXT_LEAD, A_EXT_ITEMS, A_RESOLVING_CARD,
    A_RESOLVING_PLAYER, A_RESOLVING_ITEMS, A_SCATTER, A_STACK,
};

/* Every int list of the state into ``self->L``, reading again only the lists whose items
 * changed since the last call: 0 with the bits of those in ``*changed``, or -1. The lists
 * are the state's slots when its class is learnt (``slots``), else in ``v``. */
static int read_lists(Encoder *self, PyObject *state, const Slots *slots, PyObject *const *v,
                      uint32_t *changed)
{
    const char *small = small_ints;
    uint32_t bits = 0;
    for (int k = 0; k < N_LISTS; k++) {
        const int a = INT_LISTS[k].attr;
        const Py_ssize_t len = self->list_len[k];
        PyObject *obj = slots != NULL ? slot_of(state, slots, a, attr_names[a]) : v[a];
        PyObject **items;
        Py_ssize_t got;
        if (obj == NULL || seq(obj, &items, &got, ATTR_NAMES[a]) < 0) {
            return -1;
        }
        if (got != len) {
            PyErr_Format(PyExc_ValueError, "state.%s has %zd items, expected %zd",
                         ATTR_NAMES[a], got, len);
            return -1;
        }
        Snap *snap = &self->lists[k];
        if (same(snap, items, len)) {
            continue;
        }
        bits |= BIT(k);
        long *dst = (long *)((char *)&self->L + INT_LISTS[k].offset);
        if (small != NULL && small_ints_at(items, len, dst, small)) {
            memcpy(snap->item, items, len * sizeof(PyObject *));
            snap->len = len;
        } else {
            snap->len = -1;
            if (ints_of(obj, len, dst, ATTR_NAMES[a]) < 0) {
                return -1;
            }
        }
    }
    *changed = bits;
    return 0;
}

/* The context of the pending decision (``_context``). */
static int encode_context(Encoder *self, Out *out, int context, PyObject *stack_obj,
                          const Lists *L, long lead, long me)
{
    const long *I = self->I;
    const long n = I[I_PLAYERS];
    const Py_ssize_t *at = self->at;
    PyObject **items;
    Py_ssize_t depth;
    if (seq(stack_obj, &items, &depth, "stack") < 0) {
        return -1;
    }
    if (depth < 1) {
        PyErr_SetString(PyExc_ValueError, "a decision is pending on an empty stack");
        return -1;
    }
    Frame top, below_frame;
    const Frame *below = NULL;
    if (frame_of(items[depth - 1], &top) < 0) {
        return -1;
    }
    if (depth > 1) {
        if (frame_of(items[depth - 2], &below_frame) < 0) {
            return -1;
        }
        below = &below_frame;
    }
    int bad = 0;
    const Frame *f = &top;
    switch (context) {
    case K_TRADE_OFFER:
    case K_TRADE_BUILD:
    case K_TRADE_REPLY: { /* trade */
        Py_ssize_t o = at[F_TRADE];
        long passes;
        if (context == K_TRADE_OFFER) {
            passes = fr(f, 2, &bad);
        } else {
            passes = below != NULL && key_code(self->frame_codes, below, &bad) == I[I_TRADE_OFFER]
                         ? fr(below, 2, &bad) : 0;
        }
        if (passes) {
            put(out, o, (double)passes / (double)n);
        }
        if (context == K_TRADE_OFFER) {
            break;
        }
        long proposer, addressee;
        if (context == K_TRADE_BUILD) {
            proposer = fr(f, 1, &bad);
            addressee = fr(f, 2, &bad);
        } else {
            proposer = fr(f, 2, &bad);
            addressee = fr(f, 1, &bad);
        }
        put(out, o + 1 + pymod(proposer - me, n), 1.0);
        put(out, o + 1 + n + pymod(addressee - me, n), 1.0);
        Py_ssize_t b = o + 1 + 2 * n;
        const long starts[2] = {I[I_GIVE_AT], I[I_ASK_AT]};
        for (int side = 0; side < 2; side++) {
            long start = starts[side];
            for (long i = 0; i < I[I_BUNDLE]; i++) {
                long count = fr(f, start + i, &bad);
                if (count) {
                    put(out, b + i, (double)count / self->D[D_BUNDLE]);
                }
            }
            long mask = fr(f, start + I[I_EXT_MASK], &bad);
            for (long x = 0; x < I[I_MAX_PLAYERS]; x++) {
                if ((mask >> x) & 1) {
                    put(out, b + I[I_BUNDLE] + x, 1.0);
                }
            }
            b += I[I_BUNDLE] + n;
        }
        break;
    }
    case K_CLAIM: { /* claim_passed */
        Py_ssize_t o = at[F_CLAIM_PASSED];
        long passed = fr(f, 2, &bad);
        for (long p = 0; p < n; p++) {
            if ((passed >> p) & 1) {
                put(out, o + pymod(p - me, n), 1.0);
            }
        }
        break;
    }
    case K_BUNSEN: { /* window */
        Py_ssize_t o = at[F_WINDOW];
        long declines = fr(f, 3, &bad);
        if (declines) {
            put(out, o, (double)declines / (double)n);
        }
        long following = n;
        if (below != NULL && key_code(self->frame_codes, below, &bad) == I[I_RESEARCH_PHASE] &&
            fr(below, 2, &bad) <= 2 * n) {
            long turn = fr(below, 2, &bad);
            following = pymod(pymod(lead + pydiv(turn - 2, 2), n) - me, n);
        }
        put(out, o + 1 + following, 1.0);
        break;
    }
    case K_EXTINGUISH: { /* window, fire_window */
        Py_ssize_t o = at[F_WINDOW];
        long declines = fr(f, 5, &bad);
        if (declines) {
            put(out, o, (double)declines / (double)n);
        }
        o = at[F_FIRE_WINDOW];
        long targets = fr(f, 2, &bad), protected_ = fr(f, 3, &bad);
        const long positions = I[I_POSITIONS];
        for (long pos = 0; pos < positions; pos++) {
            if ((targets >> pos) & 1) {
                put(out, o + pos, 1.0);
            }
            if ((protected_ >> pos) & 1) {
                put(out, o + positions + pos, 1.0);
            }
        }
        if (below != NULL) {
            long code = key_code(self->frame_codes, below, &bad);
            for (int c = 0; c < self->n_causes; c++) {
                if (self->cause_code[c] == code) {
                    put(out, o + 2 * positions + self->cause_index[c], 1.0);
                    break;
                }
            }
        }
        break;
    }
    case K_PLACE_ITEM:
    case K_PLACE_SPACE: { /* placing */
        Py_ssize_t o = at[F_PLACING];
        long player = fr(f, 1, &bad), placed = fr(f, 2, &bad);
        if (bad) {
            break;
        }
        if (player < 0 || player >= n) {
            return bad_value("stack (placing player)", player);
        }
        long level = L->exp[player * I[I_TRACKS] + I[I_RESEARCH]];
        if (level < 0 || level >= self->track_length[I[I_RESEARCH]]) {
            return bad_value("track_level", level);
        }
        long allowance = self->track_levels[I[I_RESEARCH]][level];
        if (placed) {
            put(out, o, (double)placed / (double)I[I_RESEARCH_TOP]);
        }
        if (allowance - placed) {
            put(out, o + 1, (double)(allowance - placed) / (double)I[I_RESEARCH_TOP]);
        }
        if (context == K_PLACE_SPACE) {
            long code = fr(f, 3, &bad);
            long item;
            if (code == I[I_PLACE_WILD_ITEM]) {
                item = I[I_PLACE_ITEMS] - 1;
            } else {
                item = pydiv(code, I[I_POOL_OFFSET]) * I[I_ELEMENTS] +
                       pymod(code, I[I_POOL_OFFSET]);
            }
            put(out, o + 2 + item, 1.0);
        }
        break;
    }
    case K_SCATTER_SPACE:
    case K_HANDLE_SPACE: /* moving_item */
        put(out, at[F_MOVING_ITEM] + fr(f, 2, &bad), 1.0);
        break;
    case K_RELOCATE_TARGET: /* relocate_from */
        put(out, at[F_RELOCATE_FROM] + fr(f, 2, &bad), 1.0);
        break;
    default:
        break;
    }
    return bad ? -1 : 0;
}

/* What a call read of the state (``v``: its attributes, borrowed). */
typedef struct {
    long seat, me, n;
    long kind, deciding; /* -1 once the game is over */
    int over, capped;
    double final_scores[MAXP];
    int winner[MAXP];
    long round, phase, deck_drawn, lf_resolved, end_c, wild_out, lead, next_lead;
    long resolving_card, resolving_player;
    PyObject **v;
    uint32_t changed; /* the int lists whose items changed since the last call */
    int known;        /* the last call succeeded: its blocks are remembered */
} Call;

/* --- header: options, seat, round, phase, decision */
static void encode_header(const Encoder *self, const Call *c, Out *out)
{
    const long *I = self->I;
    const Py_ssize_t *at = self->at;
    for (int i = 0; i < 3; i++) {
        if (self->option_values[i]) {
            put(out, at[F_OPTIONS] + i, self->option_values[i]);
        }
    }
    if (c->seat >= 0) {
        put(out, at[F_SEAT] + c->seat, 1.0);
    }
    put(out, at[F_ROUND], (double)c->round / (double)I[I_ROUND_CAP]);
    put(out, at[F_PHASE] + c->phase, 1.0);
    if (!c->over) {
        put(out, at[F_DECISION_KIND] + c->kind, 1.0);
        put(out, at[F_DECISION_PLAYER] + pymod(c->deciding - c->me, c->n), 1.0);
        if (c->deciding == c->seat && c->seat >= 0) {
            put(out, at[F_TO_MOVE], 1.0);
        }
    }
}

/* --- table: bag, deck, lab_fires_seen_at, supply, wild_tokens_out */
static int encode_table(Encoder *self, const Call *c, Out *out)
{
    const long *I = self->I;
    const Py_ssize_t *at = self->at;
    const Lists *L = &self->L;
    PyObject **seen, **deck;
    Py_ssize_t n_seen, deck_size;
    if (seq(c->v[A_DECK], &deck, &deck_size, "deck") < 0 ||
        seq(c->v[A_LF_SEEN], &seen, &n_seen, "lab_fires_drawn_at") < 0) {
        return -1;
    }
    const long key[5] = {deck_size, c->deck_drawn, c->lf_resolved, c->end_c, c->wild_out};
    Rec *rec = &self->table;
    if (c->known && rec->n >= 0 && !(c->changed & (BIT(L_BAG) | BIT(L_SUPPLY))) &&
        memcmp(key, self->table_key, sizeof(key)) == 0 && same(&self->lf_seen, seen, n_seen)) {
        replay(out, rec);
        return 0;
    }
    rec->n = 0;
    Py_ssize_t o = at[F_BAG];
    for (long e = 0; e < I[I_ELEMENTS]; e++) {
        if (L->bag[e]) {
            rput(out, rec, o + e, (double)L->bag[e] / (double)self->element_total[e]);
        }
    }
    long last = 0;
    if (n_seen && int_of(seen[n_seen - 1], &last, "lab_fires_drawn_at") < 0) {
        return -1;
    }
    long since_fire = c->deck_drawn - (n_seen ? last + 1 : 0);
    const long lab_fires = I[I_LAB_FIRE_CARDS];
    o = at[F_DECK];
    rput(out, rec, o, (double)deck_size / (double)I[I_DECK_START]);
    rput(out, rec, o + 1, (double)(lab_fires - n_seen) / (double)lab_fires);
    rput(out, rec, o + 2, (double)since_fire / (double)I[I_PILE]);
    if (c->lf_resolved) {
        rput(out, rec, o + 3, 1.0);
    }
    if (c->end_c) {
        rput(out, rec, o + 4, 1.0);
    }
    o = at[F_LAB_FIRES_SEEN_AT];
    for (Py_ssize_t i = 0; i < n_seen && i < lab_fires; i++) {
        long drawn;
        if (int_of(seen[i], &drawn, "lab_fires_drawn_at") < 0) {
            return -1;
        }
        rput(out, rec, o + i, (double)(drawn + 1) / (double)I[I_DECK_START]);
    }
    o = at[F_SUPPLY];
    for (long k = 0; k < I[I_EQUIPMENT]; k++) {
        if (L->supply[k]) {
            rput(out, rec, o + k, (double)L->supply[k] / (double)self->equipment_box[k]);
        }
    }
    rput(out, rec, at[F_WILD_TOKENS_OUT], (double)c->wild_out / (double)I[I_WILD_TOTAL]);
    memcpy(self->table_key, key, sizeof(key));
    keep(&self->lf_seen, seen, n_seen);
    return 0;
}

/* --- unseen_compounds: the copies not on the field, discarded or scored */
static int encode_unseen(Encoder *self, const Call *c, Out *out)
{
    const long *I = self->I;
    const Lists *L = &self->L;
    const int n_cards = self->n_cards;
    const Py_ssize_t o = self->at[F_UNSEEN_COMPOUNDS];
    PyObject **discard, **scored;
    Py_ssize_t n_discard, n_scored;
    if (seq(c->v[A_DISCARD], &discard, &n_discard, "discard") < 0 ||
        seq(c->v[A_SCORED], &scored, &n_scored, "scored") < 0) {
        return -1;
    }
    if (n_scored != c->n) {
        PyErr_Format(PyExc_ValueError, "state.scored has %zd items, expected %ld", n_scored,
                     c->n);
        return -1;
    }
    int unchanged = c->known && self->unseen_valid && !(c->changed & BIT(L_FIELD_CARD)) &&
                    same(&self->discard, discard, n_discard);
    for (Py_ssize_t p = 0; p < n_scored && unchanged; p++) {
        PyObject **items;
        Py_ssize_t len;
        if (seq(scored[p], &items, &len, "scored") < 0) {
            return -1;
        }
        unchanged = same(&self->scored[p], items, len);
    }
    if (unchanged) {
        memcpy(out->data + o, self->unseen_memory, sizeof(float) * self->compounds);
        return 0;
    }
    long unseen[MAXKINDS];
    memcpy(unseen, self->copies, sizeof(long) * self->compounds);
    for (long pos = 0; pos < I[I_POSITIONS]; pos++) {
        long card = L->field_card[pos];
        if (card >= 0) {
            if (card >= n_cards) {
                return bad_value("field_card", card);
            }
            unseen[self->cards[card].kind] -= 1;
        }
    }
    for (Py_ssize_t i = 0; i < n_discard; i++) {
        long card;
        if (int_of(discard[i], &card, "discard") < 0) {
            return -1;
        }
        if (card != I[I_LAB_FIRE]) {
            if (card < 0 || card >= n_cards) {
                return bad_value("discard", card);
            }
            unseen[self->cards[card].kind] -= 1;
        }
    }
    for (Py_ssize_t p = 0; p < n_scored; p++) {
        PyObject **items;
        Py_ssize_t len;
        if (seq(scored[p], &items, &len, "scored") < 0) {
            return -1;
        }
        for (Py_ssize_t i = 0; i < len; i++) {
            long card;
            if (int_of(items[i], &card, "scored") < 0) {
                return -1;
            }
            if (card < 0 || card >= n_cards) {
                return bad_value("scored", card);
            }
            unseen[self->cards[card].kind] -= 1;
        }
        keep(&self->scored[p], items, len);
    }
    keep(&self->discard, discard, n_discard);
    const size_t size = sizeof(long) * self->compounds;
    if (self->unseen_valid && memcmp(unseen, self->unseen_key, size) == 0) {
        memcpy(out->data + o, self->unseen_memory, sizeof(float) * self->compounds);
        return 0;
    }
    for (int k = 0; k < self->compounds; k++) {
        if (unseen[k]) {
            put(out, o + k, (double)unseen[k] / (double)self->copies[k]);
        }
    }
    /* remembered when the block lies inside the vector */
    self->unseen_valid = !out->bad && o + self->compounds <= out->norm->size;
    if (self->unseen_valid) {
        memcpy(self->unseen_key, unseen, size);
        memcpy(self->unseen_memory, out->data + o, sizeof(float) * self->compounds);
    }
    return 0;
}

/* The lists a compound of the field is written from. */
#define FIELD_LISTS                                                                        \
    (BIT(L_FIELD_CARD) | BIT(L_FIELD_OPEN) | BIT(L_CLAIM_OWNER) | BIT(L_CLAIM_TEMP) |      \
     BIT(L_CLAIM_ROUND) | BIT(L_FIRE) | BIT(L_BURNED))

/* A compound's flags in its key: capped, closed, burned, claimant (relative, + 1),
 * temporary claim, claimed this round. */
static inline long field_flags(const Call *c, const Lists *L, long pos)
{
    const long claimant = L->claim_owner[pos];
    long flags = (long)(c->capped != 0) | (long)(L->field_open[pos] == 0) << 1 |
                 (long)(L->burned[pos] != 0) << 2;
    if (claimant >= 0) {
        flags |= (pymod(claimant - c->me, c->n) + 1) << 3 |
                 (long)(L->claim_temp[pos] != 0) << 7 | (long)(L->claim_round[pos] == c->round)
                                                             << 8;
    }
    return flags;
}

/* Write the compound at ``pos`` (a card, its slots ``slots``) into its zeroed span and
 * remember it: 0, or -1. */
static int write_compound(Encoder *self, const Call *c, Out *out, long pos, PyObject *items)
{
    const long *I = self->I;
    const double *D = self->D;
    const Lists *L = &self->L;
    const long n = c->n, E = I[I_ELEMENTS];
    const long width = I[I_FIELD_WIDTH];
    const long static_width = I[I_STATIC_WIDTH], spaces_width = I[I_SPACES_WIDTH];
    const long card = L->field_card[pos];
    if (card >= self->n_cards) {
        return bad_value("field_card", card);
    }
    const Card *cd = &self->cards[card];
    PyObject **slots;
    Py_ssize_t n_slots;
    if (seq(items, &slots, &n_slots, "field_items") < 0) {
        return -1;
    }
    if (n_slots != cd->spaces) {
        PyErr_Format(PyExc_ValueError, "state.field_items[%ld] has %zd slots, its card %d spaces",
                     pos, n_slots, cd->spaces);
        return -1;
    }
    /* spaces: per element of the card, how many are empty, crystal, wild */
    const char *small = small_ints;
    unsigned char slot_of[MAXSPACES];
    for (Py_ssize_t i = 0; i < n_slots; i++) {
        long slot;
        if (int_at(slots[i], small, &slot, "field_items") < 0) {
            return -1;
        }
        if (slot < 0 || slot >= 3) {
            return bad_value("field_items", slot);
        }
        slot_of[i] = (unsigned char)slot;
    }
    Py_ssize_t b = self->at[F_FIELD] + pos * width;
    const Py_ssize_t start = b;
    for (int i = 0; i < cd->n_static; i++) {
        put(out, b + cd->static_at[i], cd->static_value[i]);
    }
    double points = c->capped ? cd->capped : cd->uncapped;
    if (points) {
        put(out, b + I[I_POINTS_AT], points);
    }
    for (int g = 0; g < cd->groups; g++) {
        long empty = 0, crystal = 0, wild = 0;
        for (int j = cd->group_start[g]; j < cd->group_start[g + 1]; j++) {
            unsigned char slot = slot_of[cd->by_element[j]];
            empty += slot == 0;
            crystal += slot == 1;
            wild += slot == 2;
        }
        Py_ssize_t at_e = b + static_width + cd->group_element[g];
        if (empty) {
            put(out, at_e, (double)empty / D[D_SPACE]);
        }
        if (crystal) {
            put(out, at_e + E, (double)crystal / D[D_SPACE]);
        }
        if (wild) {
            put(out, at_e + 2 * E, (double)wild / D[D_SPACE]);
        }
    }
    b += static_width + spaces_width;
    if (L->field_open[pos] == 0) {
        put(out, b, 1.0);
    }
    const long claimant = L->claim_owner[pos];
    if (claimant >= 0) {
        put(out, b + 1 + pymod(claimant - c->me, n), 1.0);
        if (L->claim_temp[pos]) {
            put(out, b + 1 + n, 1.0);
        }
        if (L->claim_round[pos] == c->round) {
            put(out, b + 2 + n, 1.0);
        }
    }
    b += 3 + n;
    const long fire = L->fire[pos];
    if (fire) {
        put(out, b, (double)fire / D[D_FIRE]);
    }
    long limit = cd->flammable ? cd->fire_limit : (L->burned[pos] ? I[I_BUNSEN_LIMIT] : 0);
    if (limit) {
        put(out, b + 1, (double)limit / D[D_FIRE]);
    }
    if (self->field_memory_on && !out->bad) { /* remember it */
        FieldKey *key = &self->field_key[pos];
        memcpy(self->field_memory + pos * width, out->data + start, width * sizeof(float));
        key->card = card;
        key->fire = fire;
        key->flags = field_flags(c, L, pos);
        key->n_slots = small != NULL && all_small(slots, n_slots, small) ? n_slots : -1;
        memcpy(key->slot, slots, n_slots * sizeof(PyObject *));
    }
    return 0;
}

/* --- field: per position, the card's static part, points, spaces, claim, fire. A
 * compound whose inputs (``FieldKey``) are those it had last call is copied from the
 * block memory: the field changes little between two decisions. */
static int encode_field(Encoder *self, const Call *c, Out *out)
{
    const long *I = self->I;
    const Lists *L = &self->L;
    const long positions = I[I_POSITIONS], width = I[I_FIELD_WIDTH];
    PyObject **field_items;
    Py_ssize_t len;
    if (seq(c->v[A_FIELD_ITEMS], &field_items, &len, "field_items") < 0) {
        return -1;
    }
    if (len != positions) {
        PyErr_Format(PyExc_ValueError, "state.field_items has %zd items, expected %ld", len,
                     positions);
        return -1;
    }
    const int memory_on = self->field_memory_on;
    float *const field = out->data + self->at[F_FIELD]; /* inside: init_memory */
    if (memory_on && c->known && !(c->changed & FIELD_LISTS) && self->field_me == c->me &&
        self->field_capped == c->capped && self->field_round == c->round) {
        /* the lists and the observer as last call, whose keys hold but for the slots:
         * copy every compound, then write again those whose slots changed */
        uint64_t stale = 0;
        for (long pos = 0; pos < positions; pos++) {
            const FieldKey *key = &self->field_key[pos];
            PyObject *items = field_items[pos];
            if (key->card >= 0 && /* else no card, as last call */
                !(PyTuple_CheckExact(items) && Py_SIZE(items) == key->n_slots &&
                  same_items(key->slot, ((PyTupleObject *)items)->ob_item, key->n_slots))) {
                stale |= (uint64_t)1 << pos;
            }
        }
        memcpy(field, self->field_memory, positions * width * sizeof(float));
        for (long pos = 0; stale; pos++, stale >>= 1) {
            if (stale & 1) {
                memset(field + pos * width, 0, width * sizeof(float));
                if (write_compound(self, c, out, pos, field_items[pos]) < 0) {
                    return -1;
                }
            }
        }
        return 0;
    }
    for (long pos = 0; pos < positions; pos++) {
        const long card = L->field_card[pos];
        FieldKey *key = &self->field_key[pos];
        if (card < 0) { /* nothing to write */
            if (memory_on && key->card != -1) {
                memset(self->field_memory + pos * width, 0, width * sizeof(float));
                key->card = -1;
            }
            continue;
        }
        PyObject *items = field_items[pos];
        if (memory_on && key->card == card && key->fire == L->fire[pos] &&
            key->flags == field_flags(c, L, pos) && PyTuple_CheckExact(items) &&
            Py_SIZE(items) == key->n_slots &&
            same_items(key->slot, ((PyTupleObject *)items)->ob_item, key->n_slots)) {
            memcpy(field + pos * width, self->field_memory + pos * width,
                   width * sizeof(float));
        } else if (write_compound(self, c, out, pos, items) < 0) {
            return -1;
        }
    }
    if (memory_on) {
        self->field_me = c->me;
        self->field_capped = c->capped;
        self->field_round = c->round;
    }
    return 0;
}

/* The lists a player's block is written from. */
#define PLAYER_LISTS                                                                       \
    (BIT(L_AP) | BIT(L_BONUS) | BIT(L_STORAGE) | BIT(L_POOL) | BIT(L_EXP) |                \
     BIT(L_RESERVE) | BIT(L_AVAIL) | BIT(L_WILD) | BIT(L_EQUIP) | BIT(L_FRESH) |           \
     BIT(L_USED_CYLINDER) | BIT(L_USED_PIPETTE) | BIT(L_USED_SWAP) | BIT(L_USED_GOGGLES) | \
     BIT(L_USED_PAPER) | BIT(L_OFFERS) | BIT(L_CLAIM_OWNER) | BIT(L_CLAIM_TEMP))

/* --- players: one block per seat, the observer's first. A player whose inputs (but the
 * flags, written every call) are those it had last call is copied from the block
 * memory. */
static int encode_players(Encoder *self, const Call *c, Out *out)
{
    const long *I = self->I;
    const double *D = self->D;
    const Lists *L = &self->L;
    const long n = c->n, E = I[I_ELEMENTS], EQ = I[I_EQUIPMENT], T = I[I_TRACKS];
    PyObject **scored;
    Py_ssize_t n_scored;
    if (seq(c->v[A_SCORED], &scored, &n_scored, "scored") < 0) {
        return -1;
    }
    if (n_scored != n) {
        PyErr_Format(PyExc_ValueError, "state.scored has %zd items, expected %ld", n_scored,
                     n);
        return -1;
    }
    const long lab = I[I_LAB], values_at = I[I_VALUES_AT];
    const long width = I[I_PLAYER_WIDTH];
    const long flags_at = 3 + 2 * E + 2 + values_at + T + 5 + 2 * EQ + 7;
    const int memory_on = self->player_memory_on;
    /* no list changed: each player's key but its scored cards holds */
    const int lists_same = memory_on && c->known && !c->over && !self->players_over &&
                           !(c->changed & PLAYER_LISTS);
    self->players_over = c->over;
    long permanent[MAXP] = {0}, held[MAXP] = {0}; /* claim discs on the field */
    if (!lists_same) {
        for (long pos = 0; pos < I[I_POSITIONS]; pos++) {
            long owner = L->claim_owner[pos];
            if (owner >= 0 && owner < n) {
                if (L->claim_temp[pos]) {
                    held[owner] += 1;
                } else {
                    permanent[owner] += 1;
                }
            }
        }
    }
    for (long p = 0; p < n; p++) {
        if (!PyTuple_Check(scored[p]) && !PyList_Check(scored[p])) {
            PyErr_SetString(PyExc_TypeError, "state.scored must hold tuples");
            return -1;
        }
        const Py_ssize_t n_cards_scored = Py_SIZE(scored[p]);
        Py_ssize_t b = self->at[F_PLAYERS] + pymod(p - c->me, n) * width;
        float *memory = self->player_memory + p * width;
        long *kept = self->player_key[p];
        if (lists_same && self->player_known[p] && kept[PLAYER_KEY - 1] == n_cards_scored) {
            memcpy(out->data + b, memory, width * sizeof(float));
        } else {
            const double score = c->over ? c->final_scores[p] : (double)(L->ap[p] + L->bonus[p]);
            long key[PLAYER_KEY] = {0};
            int k = 0;
            union {
                double d;
                long l;
            } bits = {score};
            key[k++] = bits.l;
            key[k++] = L->ap[p];
            key[k++] = L->bonus[p];
            for (long e = 0; e < E; e++) {
                key[k++] = L->storage[p * E + e];
                key[k++] = L->pool[p * E + e];
            }
            for (long t = 0; t < T; t++) {
                key[k++] = L->exp[p * T + t];
            }
            key[k++] = L->reserve[p];
            key[k++] = L->avail[p];
            key[k++] = permanent[p];
            key[k++] = held[p];
            key[k++] = L->wild[p];
            for (long q = 0; q < EQ; q++) {
                key[k++] = L->equip[p * EQ + q];
                key[k++] = L->fresh[p * EQ + q];
            }
            key[k++] = L->used_cylinder[p];
            key[k++] = L->used_pipette[p];
            key[k++] = L->used_swap[p] != 0;
            key[k++] = L->used_goggles[p] != 0;
            key[k++] = L->used_paper[p];
            key[k++] = L->offers[p];
            key[PLAYER_KEY - 1] = n_cards_scored; /* last: see lists_same */
            if (memory_on && self->player_known[p] &&
                memcmp(key, kept, sizeof(key)) == 0) {
                memcpy(out->data + b, memory, width * sizeof(float));
            } else {
                const Py_ssize_t start = b;
                put(out, b, score / D[D_POINTS]);
                put(out, b + 1, (double)L->ap[p] / D[D_POINTS]);
                put(out, b + 2, (double)L->bonus[p] / D[D_BONUS]);
                b += 3;
                long total = 0;
                for (long e = 0; e < E; e++) { /* storage, goggles pool */
                    long count = L->storage[p * E + e];
                    total += count;
                    if (count) {
                        put(out, b + e, (double)count / D[D_STORAGE]);
                    }
                    long pooled = L->pool[p * E + e];
                    if (pooled) {
                        put(out, b + E + e, (double)pooled / D[D_POOL]);
                    }
                }
                b += 2 * E;
                put(out, b, (double)total / D[D_STORAGE]); /* stored, capacity */
                put(out, b + 1,
                    (double)self->track_levels[lab][L->exp[p * T + lab]] / D[D_STORAGE]);
                b += 2;
                for (long t = 0; t < T; t++) { /* experiment levels and values */
                    long level = L->exp[p * T + t];
                    put(out, b + self->track_start[t] + level, 1.0);
                    put(out, b + values_at + t, self->track_value[t][level]);
                }
                b += values_at + T;
                put(out, b, (double)L->reserve[p] / D[D_DISCS]); /* claim discs */
                put(out, b + 1, (double)L->avail[p] / D[D_DISCS]);
                put(out, b + 2, (double)permanent[p] / D[D_DISCS]);
                put(out, b + 3, (double)held[p] / D[D_DISCS]);
                put(out, b + 4, (double)L->wild[p]);
                b += 5;
                for (long q = 0; q < EQ; q++) { /* equipment held, taken this round */
                    if (L->equip[p * EQ + q]) {
                        put(out, b + q, (double)L->equip[p * EQ + q] / D[D_EQUIP]);
                    }
                    if (L->fresh[p * EQ + q]) {
                        put(out, b + EQ + q, (double)L->fresh[p * EQ + q] / D[D_EQUIP]);
                    }
                }
                b += 2 * EQ;
                put(out, b, (double)n_cards_scored / D[D_SCORED]); /* scored, used */
                put(out, b + 1, (double)L->used_cylinder[p] / D[D_EQUIP]);
                put(out, b + 2, (double)L->used_pipette[p] / D[D_EQUIP]);
                if (L->used_swap[p]) {
                    put(out, b + 3, 1.0);
                }
                if (L->used_goggles[p]) {
                    put(out, b + 4, 1.0);
                }
                put(out, b + 5, (double)L->used_paper[p] / D[D_EQUIP]);
                put(out, b + 6, (double)L->offers[p] / D[D_OFFERS]);
                if (memory_on && !out->bad) { /* remember it (no flags written yet) */
                    memcpy(memory, out->data + start, width * sizeof(float));
                    memcpy(kept, key, sizeof(key));
                    self->player_known[p] = 1;
                }
                b = start;
            }
        }
        b += flags_at; /* lead, next lead, deciding, winner: change most often */
        if (p == c->lead) {
            put(out, b, 1.0);
        }
        if (p == c->next_lead) {
            put(out, b + 1, 1.0);
        }
        if (p == c->deciding) {
            put(out, b + 2, 1.0);
        }
        if (c->winner[p]) {
            put(out, b + 3, 1.0);
        }
    }
    return 0;
}

/* --- extinguishers: holder, discarded, complete, spaces */
static int encode_extinguishers(Encoder *self, const Call *c, Out *out)
{
    const long *I = self->I;
    const Lists *L = &self->L;
    const long n = c->n, me = c->me;
    const long ext_spaces = I[I_EXT_SPACES];
    const long width = n + 2 + 2 * ext_spaces;
    const Py_ssize_t o = self->at[F_EXTINGUISHERS];
    PyObject **ext_items;
    Py_ssize_t len;
    if (seq(c->v[A_EXT_ITEMS], &ext_items, &len, "extinguisher_items") < 0) {
        return -1;
    }
    if (len != n) {
        PyErr_Format(PyExc_ValueError, "state.ext_items has %zd items, expected %ld", len, n);
        return -1;
    }
    PyObject **slots_of[MAXP];
    for (long x = 0; x < n; x++) { /* the held ones' items */
        long holder = L->ext_holder[x];
        if (holder < 0 || holder >= n) {
            continue;
        }
        Py_ssize_t n_slots;
        if (seq(ext_items[x], &slots_of[x], &n_slots, "extinguisher_items") < 0) {
            return -1;
        }
        if (n_slots != ext_spaces) {
            PyErr_Format(PyExc_ValueError, "state.ext_items[%ld] has %zd slots, not %ld", x,
                         n_slots, ext_spaces);
            return -1;
        }
    }
    Rec *rec = &self->ext;
    int unchanged = c->known && rec->n >= 0 && !(c->changed & BIT(L_EXT_HOLDER)) &&
                    self->ext_me == me;
    for (long x = 0; x < n && unchanged; x++) {
        long holder = L->ext_holder[x];
        unchanged = holder < 0 || holder >= n ||
                    same(&self->ext_items[x], slots_of[x], ext_spaces);
    }
    if (unchanged) {
        replay(out, rec);
        return 0;
    }
    rec->n = 0;
    int held[MAXP] = {0};
    for (long x = 0; x < n; x++) {
        long holder = L->ext_holder[x];
        if (holder < 0 || holder >= n) {
            continue;
        }
        held[x] = 1;
        Py_ssize_t b = o + x * width;
        rput(out, rec, b + pymod(holder - me, n), 1.0);
        PyObject **slots = slots_of[x];
        int complete = 1;
        for (Py_ssize_t i = 0; i < ext_spaces; i++) {
            long slot;
            if (int_of(slots[i], &slot, "extinguisher_items") < 0) {
                return -1;
            }
            if (slot == I[I_EMPTY]) {
                complete = 0;
            } else {
                rput(out, rec, b + n + 2 + 2 * i + (slot == I[I_WILD_SLOT]), 1.0);
            }
        }
        if (complete) {
            rput(out, rec, b + n + 1, 1.0);
        }
        keep(&self->ext_items[x], slots, ext_spaces);
    }
    for (long x = 0; x < n; x++) {
        if (!held[x]) {
            rput(out, rec, o + x * width + n, 1.0);
        }
    }
    self->ext_me = me;
    return 0;
}

/* --- resolving: the card being scored, its player, its spaces */
static int encode_resolving(Encoder *self, const Call *c, Out *out)
{
    const long *I = self->I;
    const long n = c->n, E = I[I_ELEMENTS];
    if (c->resolving_card >= self->n_cards) {
        return bad_value("resolving_card", c->resolving_card);
    }
    const Card *cd = &self->cards[c->resolving_card];
    const Py_ssize_t o = self->at[F_RESOLVING];
    put(out, o, 1.0);
    put(out, o + 1 + pymod(c->resolving_player - c->me, n), 1.0);
    put(out, o + 1 + n + cd->kind, 1.0);
    Py_ssize_t b = o + 1 + n + self->compounds;
    PyObject **slots;
    Py_ssize_t n_slots;
    if (seq(c->v[A_RESOLVING_ITEMS], &slots, &n_slots, "resolving_items") < 0) {
        return -1;
    }
    if (n_slots != cd->spaces) {
        PyErr_Format(PyExc_ValueError, "state.resolving_items has %zd slots, expected %d",
                     n_slots, cd->spaces);
        return -1;
    }
    long counts[MAXITEMS] = {0};
    for (Py_ssize_t i = 0; i < n_slots; i++) {
        long slot;
        if (int_of(slots[i], &slot, "resolving_items") < 0) {
            return -1;
        }
        if (slot == I[I_CRYSTAL]) {
            counts[cd->space_element[i]] += 1;
        } else if (slot == I[I_WILD_SLOT]) {
            counts[E] += 1;
        }
    }
    for (long i = 0; i < I[I_ITEMS]; i++) {
        if (counts[i]) {
            put(out, b + i, (double)counts[i] / self->D[D_SPACE]);
        }
    }
    return 0;
}

/* --- scatter: how many are left, the first one's position, decider and items */
static int encode_scatter(Encoder *self, const Call *c, Out *out)
{
    const long *I = self->I;
    const long n = c->n, positions = I[I_POSITIONS];
    PyObject **scatter;
    Py_ssize_t len;
    if (seq(c->v[A_SCATTER], &scatter, &len, "scatter") < 0) {
        return -1;
    }
    if (!len) {
        return 0;
    }
    const Py_ssize_t o = self->at[F_SCATTER];
    put(out, o, (double)len / (double)positions);
    PyObject **first;
    Py_ssize_t n_first;
    if (seq(scatter[0], &first, &n_first, "scatter") < 0) {
        return -1;
    }
    long from, decider;
    if (n_first < 2) {
        PyErr_SetString(PyExc_ValueError, "state.scatter[0] is too short");
        return -1;
    }
    if (int_of(first[0], &from, "scatter") < 0 || int_of(first[1], &decider, "scatter") < 0) {
        return -1;
    }
    put(out, o + 1 + from, 1.0);
    put(out, o + 1 + positions + pymod(decider - c->me, n), 1.0);
    Py_ssize_t b = o + 1 + positions + n;
    long counts[MAXITEMS] = {0};
    for (Py_ssize_t i = 2; i < n_first; i++) {
        long code;
        if (int_of(first[i], &code, "scatter") < 0) {
            return -1;
        }
        if (code < 0 || code >= I[I_ITEMS]) {
            return bad_value("scatter", code);
        }
        counts[code] += 1;
    }
    for (long i = 0; i < I[I_ITEMS]; i++) {
        if (counts[i]) {
            put(out, b + i, (double)counts[i] / self->D[D_SPACE]);
        }
    }
    return 0;
}

/* --- outcome, once the game is over */
static void encode_outcome(const Encoder *self, const Call *c, Out *out)
{
    const long *I = self->I;
    const Lists *L = &self->L;
    const long n = c->n, T = I[I_TRACKS];
    const Py_ssize_t o = self->at[F_OUTCOME];
    put(out, o, 1.0);
    for (long p = 0; p < n; p++) {
        if (L->ap[p] >= I[I_SCORE_THRESHOLD]) {
            put(out, o + 1, 1.0);
            break;
        }
    }
    for (long p = 0; p < n; p++) {
        long maxed = 0;
        for (long t = 0; t < T; t++) {
            if (L->exp[p * T + t] == self->track_top[t]) {
                maxed += 1;
            }
        }
        if (maxed >= I[I_MAXED_NEEDED]) {
            put(out, o + 2, 1.0);
            break;
        }
    }
    if (c->end_c) {
        put(out, o + 3, 1.0);
    }
    if (c->round >= I[I_ROUND_CAP]) {
        put(out, o + 4, 1.0);
    }
}

/* The decision (its kind's index and its player, or over), the options' ``ap_cap`` and,
 * once over, the final scores: what runs Python code. 0, or -1. */
static int read_decision(Encoder *self, PyObject *state, Call *c)
{
    PyObject *decision = PyObject_GetAttr(state, names[S_DECISION]);
    if (decision == NULL) {
        return -1;
    }
    c->over = decision == Py_None;
    c->kind = c->deciding = -1;
    if (!c->over) {
        PyTypeObject *tp = Py_TYPE(decision);
        if (!learnt(&self->decision_slots, tp)) {
            PyObject *const slot_names[2] = {names[S_KIND], names[S_PLAYER]};
            learn_slots(&self->decision_slots, tp, slot_names, 2);
        }
        PyObject *name, *player;
        if (learnt(&self->decision_slots, tp)) {
            name = slot_of(decision, &self->decision_slots, 0, names[S_KIND]);
            player = name == NULL ? NULL
                                  : slot_of(decision, &self->decision_slots, 1, names[S_PLAYER]);
            Py_XINCREF(name);
            Py_XINCREF(player);
        } else {
            name = PyObject_GetAttr(decision, names[S_KIND]);
            player = name == NULL ? NULL : PyObject_GetAttr(decision, names[S_PLAYER]);
        }
        PyObject *index = player == NULL ? NULL : PyDict_GetItemWithError(self->kinds, name);
        if (index == NULL && player != NULL && !PyErr_Occurred()) {
            PyErr_Format(PyExc_ValueError, "unknown decision kind %R", name);
        }
        int failed = index == NULL ||
                     (c->deciding = PyLong_AsLong(player), c->deciding == -1 && PyErr_Occurred());
        if (!failed) {
            c->kind = PyLong_AsLong(index); /* one of ours: 0 <= kind < n_decisions */
        }
        Py_XDECREF(name);
        Py_XDECREF(player);
        if (failed) {
            Py_DECREF(decision);
            return -1;
        }
    }
    Py_DECREF(decision);
    PyObject *options;
    if (learnt(&self->state_slots, Py_TYPE(state))) {
        options = slot_of(state, &self->state_slots, N_ATTRS, names[S_OPTIONS]);
        Py_XINCREF(options);
    } else {
        options = PyObject_GetAttr(state, names[S_OPTIONS]);
    }
    if (options == NULL) {
        return -1;
    }
    if (options == self->last_options) {
        c->capped = self->last_capped;
    } else { /* capped = bool(options.get("ap_cap", True)) */
        PyObject *args[3] = {options, names[S_AP_CAP], Py_True};
        PyObject *value = PyObject_VectorcallMethod(names[S_GET], args, 3, NULL);
        c->capped = value == NULL ? -1 : PyObject_IsTrue(value);
        Py_XDECREF(value);
        if (c->capped < 0) {
            Py_DECREF(options);
            return -1;
        }
        Py_XSETREF(self->last_options, options); /* keeps our reference */
        Py_INCREF(options);
        self->last_capped = c->capped;
    }
    Py_DECREF(options);
    if (!c->over) {
        return 0;
    }
    /* scores = side_scores(), winners = side_winners(); while the game goes on the
     * scores are scores_seen_by(seat): Compounded's, float(ap + bonus), all public */
    const long n = c->n;
    PyObject *list = PyObject_CallMethodNoArgs(state, names[S_SIDE_SCORES]);
    PyObject **items;
    Py_ssize_t len;
    if (list == NULL || seq(list, &items, &len, "side_scores()") < 0 || len < n) {
        if (list != NULL && !PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "side_scores() has too few scores");
        }
        Py_XDECREF(list);
        return -1;
    }
    for (long p = 0; p < n; p++) {
        PyObject *item = items[p];
        Py_INCREF(item);
        c->final_scores[p] = PyFloat_AsDouble(item);
        Py_DECREF(item);
        if (c->final_scores[p] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(list);
            return -1;
        }
    }
    Py_DECREF(list);
    list = PyObject_CallMethodNoArgs(state, names[S_SIDE_WINNERS]);
    if (list == NULL || seq(list, &items, &len, "side_winners()") < 0) {
        Py_XDECREF(list);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long w;
        if (int_of(items[i], &w, "side_winners()") < 0) {
            Py_DECREF(list);
            return -1;
        }
        if (w >= 0 && w < n) {
            c->winner[w] = 1;
        }
    }
    Py_DECREF(list);
    return 0;
}

static int encode(EncoderBase *base, PyObject *state, long seat, Out *out)
{
    Encoder *self = (Encoder *)base;
    const long *I = self->I;
    const long n = I[I_PLAYERS], T = I[I_TRACKS];
    if (seat >= n) {
        PyErr_Format(PyExc_ValueError, "seat %ld is not in this %ld-player game", seat, n);
        return -1;
    }
    Call c;
    memset(&c, 0, sizeof(c));
    c.seat = seat;
    c.me = seat < 0 ? 0 : seat;
    c.n = n;
    c.known = self->known;
    self->known = 0; /* until this call succeeds */
    PyObject *v[N_ATTRS] = {NULL};
    c.v = v;
    int owned = 0; /* whether v holds references (else borrowed from the state's slots) */
    int rc = -1;
    PyTypeObject *tp = Py_TYPE(state);
    if (!learnt(&self->state_slots, tp)) {
        PyObject *state_names[N_ATTRS + 1];
        memcpy(state_names, attr_names, sizeof(attr_names));
        state_names[N_ATTRS] = names[S_OPTIONS];
        learn_slots(&self->state_slots, tp, state_names, N_ATTRS + 1);
    }
    if (read_decision(self, state, &c) < 0) {
        return -1;
    }
    tp = Py_TYPE(state); /* (Python code ran) */

    /* --- every other attribute, once; from here on no Python code runs */
    const Slots *slots = NULL;
    if (learnt(&self->state_slots, tp)) {
        /* borrowed straight from the slots (the int lists: by read_lists) */
        slots = &self->state_slots;
        for (size_t i = 0; i < sizeof(OTHER_ATTRS); i++) {
            const int a = OTHER_ATTRS[i];
            if ((v[a] = slot_of(state, slots, a, attr_names[a])) == NULL) {
                goto done;
            }
        }
    } else {
        owned = 1;
        for (int a = 0; a < N_ATTRS; a++) {
            if ((v[a] = PyObject_GetAttr(state, attr_names[a])) == NULL) {
                goto done;
            }
        }
    }
    if (int_of(v[A_ROUND], &c.round, "round") < 0 || int_of(v[A_PHASE], &c.phase, "phase") < 0 ||
        int_of(v[A_DECK_DRAWN], &c.deck_drawn, "deck_drawn") < 0 ||
        int_of(v[A_LF_RESOLVED], &c.lf_resolved, "lab_fire_this_round") < 0 ||
        int_of(v[A_END_C], &c.end_c, "deck_ran_out") < 0 ||
        int_of(v[A_WILD_OUT], &c.wild_out, "wild_out") < 0 ||
        int_of(v[A_LEAD], &c.lead, "lead") < 0 ||
        int_of(v[A_NEXT_LEAD], &c.next_lead, "next_lead") < 0 ||
        int_of(v[A_RESOLVING_CARD], &c.resolving_card, "resolving_card") < 0 ||
        int_of(v[A_RESOLVING_PLAYER], &c.resolving_player, "resolving_player") < 0 ||
        read_lists(self, state, slots, v, &c.changed) < 0) {
        goto done;
    }
    for (long p = 0; p < n; p++) {
        for (long t = 0; t < T; t++) {
            long level = self->L.exp[p * T + t];
            if (level < 0 || level >= self->track_length[t]) {
                bad_value("track_level", level);
                goto done;
            }
        }
    }

    encode_header(self, &c, out);
    if (encode_table(self, &c, out) < 0 || encode_unseen(self, &c, out) < 0 ||
        encode_field(self, &c, out) < 0 || encode_players(self, &c, out) < 0 ||
        encode_extinguishers(self, &c, out) < 0 ||
        (c.resolving_card >= 0 && encode_resolving(self, &c, out) < 0) ||
        encode_scatter(self, &c, out) < 0) {
        goto done;
    }
    /* --- the decision's context, or the outcome once the game is over */
    if (c.over) {
        encode_outcome(self, &c, out);
    } else {
        int context = self->context_of[c.kind];
        if (context >= 0 &&
            encode_context(self, out, context, v[A_STACK], &self->L, c.lead, c.me) < 0) {
            goto done;
        }
    }
    rc = 0;
    self->known = !out->bad;
done:
    if (owned) {
        for (int a = 0; a < N_ATTRS; a++) {
            Py_XDECREF(v[a]);
        }
    }
    return rc;
}

/* ------------------------------------------------------------------ construction */

/* A tuple of exactly ``len`` ints (``len`` < 0: any length up to ``max``; the length in
 * ``*got``), each in [lo, hi]. 0, or -1 with a ValueError. */
static int config_ints(PyObject *obj, const char *what, Py_ssize_t len, Py_ssize_t max,
                       long *dst, Py_ssize_t *got, long lo, long hi)
{
    if (!PyTuple_Check(obj)) {
        PyErr_Format(PyExc_ValueError, "config %s must be a tuple", what);
        return -1;
    }
    Py_ssize_t size = PyTuple_GET_SIZE(obj);
    if ((len >= 0 && size != len) || size > max) {
        PyErr_Format(PyExc_ValueError, "config %s has %zd items (expected %zd, at most %zd)",
                     what, size, len, max);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        long value = PyLong_AsLong(PyTuple_GET_ITEM(obj, i));
        if (value == -1 && PyErr_Occurred()) {
            return -1;
        }
        if (value < lo || value > hi) {
            PyErr_Format(PyExc_ValueError, "config %s[%zd] = %ld is out of range", what, i,
                         value);
            return -1;
        }
        dst[i] = value;
    }
    if (got != NULL) {
        *got = size;
    }
    return 0;
}

static int config_doubles(PyObject *obj, const char *what, Py_ssize_t len, double *dst)
{
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != len) {
        PyErr_Format(PyExc_ValueError, "config %s must be a tuple of %zd floats", what, len);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        dst[i] = PyFloat_AsDouble(PyTuple_GET_ITEM(obj, i));
        if (dst[i] == -1.0 && PyErr_Occurred()) {
            return -1;
        }
    }
    return 0;
}

#define BIG 1000000000L

/* One card's tables: (kind, static entries, capped, uncapped, space elements, flammable,
 * fire limit). */
static int config_card(Encoder *self, PyObject *obj, Card *card)
{
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 7) {
        PyErr_SetString(PyExc_ValueError, "config card must be a tuple of 7 items");
        return -1;
    }
    long kind, flammable, limit;
    if (((kind = PyLong_AsLong(PyTuple_GET_ITEM(obj, 0))) == -1 && PyErr_Occurred()) ||
        ((card->capped = PyFloat_AsDouble(PyTuple_GET_ITEM(obj, 2))) == -1.0 &&
         PyErr_Occurred()) ||
        ((card->uncapped = PyFloat_AsDouble(PyTuple_GET_ITEM(obj, 3))) == -1.0 &&
         PyErr_Occurred()) ||
        ((flammable = PyLong_AsLong(PyTuple_GET_ITEM(obj, 5))) == -1 && PyErr_Occurred()) ||
        ((limit = PyLong_AsLong(PyTuple_GET_ITEM(obj, 6))) == -1 && PyErr_Occurred())) {
        return -1;
    }
    card->kind = (unsigned char)kind;
    if (kind < 0 || kind >= self->compounds) {
        PyErr_Format(PyExc_ValueError, "config card kind %ld is out of range", kind);
        return -1;
    }
    card->flammable = flammable != 0;
    card->fire_limit = limit;
    PyObject *entries = PyTuple_GET_ITEM(obj, 1);
    if (!PyTuple_Check(entries) || PyTuple_GET_SIZE(entries) > MAXSTATIC) {
        PyErr_SetString(PyExc_ValueError, "config card static entries: a short tuple");
        return -1;
    }
    card->n_static = (unsigned char)PyTuple_GET_SIZE(entries);
    for (int i = 0; i < card->n_static; i++) {
        PyObject *pair = PyTuple_GET_ITEM(entries, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_ValueError, "config card static entry: (offset, value)");
            return -1;
        }
        long offset = PyLong_AsLong(PyTuple_GET_ITEM(pair, 0));
        if ((offset == -1 && PyErr_Occurred()) ||
            ((card->static_value[i] = PyFloat_AsDouble(PyTuple_GET_ITEM(pair, 1))) == -1.0 &&
             PyErr_Occurred())) {
            return -1;
        }
        if (offset < 0 || offset >= self->I[I_FIELD_WIDTH] || offset > 65535) {
            PyErr_Format(PyExc_ValueError, "config card static offset %ld", offset);
            return -1;
        }
        card->static_at[i] = (unsigned short)offset;
    }
    long elements[MAXSPACES];
    Py_ssize_t spaces;
    if (config_ints(PyTuple_GET_ITEM(obj, 4), "card space elements", -1, MAXSPACES, elements,
                    &spaces, 0, self->I[I_ELEMENTS] - 1) < 0) {
        return -1;
    }
    card->spaces = (unsigned char)spaces;
    card->groups = 0;
    int placed = 0;
    for (Py_ssize_t i = 0; i < spaces; i++) {
        card->space_element[i] = (unsigned char)elements[i];
    }
    for (int e = 0; e < self->I[I_ELEMENTS]; e++) {
        int start = placed;
        for (Py_ssize_t i = 0; i < spaces; i++) {
            if (elements[i] == e) {
                card->by_element[placed++] = (unsigned char)i;
            }
        }
        if (placed > start) {
            card->group_element[card->groups] = (unsigned char)e;
            card->group_start[card->groups++] = (unsigned char)start;
        }
    }
    card->group_start[card->groups] = (unsigned char)placed;
    return 0;
}

/* Forget what the blocks remembered and, when every compound of the field writes only
 * inside its own span of the vector, make the field's memory. 0, or -1 (no memory). */
static int init_memory(Encoder *self)
{
    const long *I = self->I;
    const long width = I[I_FIELD_WIDTH], positions = I[I_POSITIONS];
    self->known = 0;
    const long n = I[I_PLAYERS];
    const Py_ssize_t lengths[N_SHAPES] = {
        I[I_ELEMENTS], I[I_EQUIPMENT], n * I[I_ELEMENTS], n * I[I_EQUIPMENT],
        n * I[I_TRACKS], n, I[I_POSITIONS],
    };
    for (int k = 0; k < N_LISTS; k++) {
        self->lists[k].len = -1;
        self->list_len[k] = lengths[INT_LISTS[k].shape];
    }
    self->table.n = -1;
    self->lf_seen.len = -1;
    self->discard.len = -1;
    self->ext.n = -1;
    for (int p = 0; p < MAXP; p++) {
        self->scored[p].len = -1;
        self->ext_items[p].len = -1;
    }
    self->unseen_valid = 0;
    self->field_memory_on = 0;
    PyMem_Free(self->field_memory);
    self->field_memory = NULL;
    self->player_memory_on = 0;
    PyMem_Free(self->player_memory);
    self->player_memory = NULL;
    memset(self->player_known, 0, sizeof(self->player_known));
    for (int pos = 0; pos < MAXPOS; pos++) {
        self->field_key[pos].card = -2;
    }
    /* the spans: static entries and points, spaces (3 per element), closed, claim (1 + n
     * + 2), fire and limit */
    int inside = width > 0 && width <= 65536 && I[I_STATIC_WIDTH] >= 0 &&
                 I[I_POINTS_AT] >= 0 && I[I_POINTS_AT] < width &&
                 I[I_STATIC_WIDTH] + I[I_SPACES_WIDTH] + 3 + I[I_PLAYERS] + 2 <= width &&
                 self->at[F_FIELD] + positions * width <= self->base.norm.size;
    if (inside) {
        self->field_memory = PyMem_Malloc(sizeof(float) * positions * width);
        if (self->field_memory == NULL) {
            norm_free(&self->base.norm);
            PyErr_NoMemory();
            return -1;
        }
        self->field_memory_on = 1;
    }
    /* a player's span: score, ap, bonus; storage, pool; stored, capacity; levels (one-hot
     * per track from its start) and values; 5 discs and wild; equipment; 7 scored and
     * used; 4 flags */
    const long E = I[I_ELEMENTS], T = I[I_TRACKS];
    const long player_width = I[I_PLAYER_WIDTH], values_at = I[I_VALUES_AT];
    inside = player_width > 0 && player_width <= 65536 && values_at >= 0 &&
             3 + 2 * E + 2 + values_at + T + 5 + 2 * I[I_EQUIPMENT] + 7 + 4 <= player_width &&
             self->at[F_PLAYERS] + n * player_width <= self->base.norm.size;
    for (long t = 0; t < T; t++) {
        inside = inside && self->track_start[t] + self->track_length[t] <= values_at + T;
    }
    if (inside) {
        self->player_memory = PyMem_Malloc(sizeof(float) * n * player_width);
        if (self->player_memory == NULL) {
            norm_free(&self->base.norm);
            PyErr_NoMemory();
            return -1;
        }
        self->player_memory_on = 1;
    }
    return 0;
}

static int Encoder_init(Encoder *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"config", "scale", "low", "high", NULL};
    PyObject *config, *scale, *low, *high;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OOO", kwlist, &PyTuple_Type, &config,
                                     &scale, &low, &high)) {
        return -1;
    }
    norm_free(&self->base.norm);
    Py_CLEAR(self->kinds);
    Py_CLEAR(self->frame_codes);
    Py_CLEAR(self->last_options);
    Py_CLEAR(self->state_slots.type);
    Py_CLEAR(self->decision_slots.type);
    if (PyTuple_GET_SIZE(config) != 17) {
        PyErr_SetString(PyExc_ValueError, "config must be native_config()'s 17 items");
        return -1;
    }
    PyObject *const *c = ((PyTupleObject *)config)->ob_item;
    long starts[N_FIELDS];
    if (config_ints(c[0], "fields", N_FIELDS, N_FIELDS, starts, NULL, 0, BIG) < 0 ||
        config_ints(c[1], "ints", N_INTS, N_INTS, self->I, NULL, -BIG, BIG) < 0 ||
        config_doubles(c[2], "floats", N_DOUBLES, self->D) < 0 ||
        config_doubles(c[3], "option values", 3, self->option_values) < 0) {
        return -1;
    }
    for (int i = 0; i < N_FIELDS; i++) {
        self->at[i] = starts[i];
    }
    long *I = self->I;
    const long n = I[I_PLAYERS];
    if (n < 1 || n > MAXP || I[I_ELEMENTS] < 1 || I[I_ELEMENTS] > MAXE ||
        I[I_EQUIPMENT] < 1 || I[I_EQUIPMENT] > MAXEQ || I[I_TRACKS] < 1 ||
        I[I_TRACKS] > MAXT || I[I_POSITIONS] < 1 || I[I_POSITIONS] > MAXPOS ||
        I[I_MAX_PLAYERS] < n || I[I_MAX_PLAYERS] > 62 || I[I_ITEMS] <= I[I_ELEMENTS] ||
        I[I_ITEMS] > MAXITEMS || I[I_SPACES_WIDTH] != 3 * I[I_ELEMENTS] ||
        I[I_LAB] < 0 || I[I_LAB] >= I[I_TRACKS] || I[I_RESEARCH] < 0 ||
        I[I_RESEARCH] >= I[I_TRACKS] || I[I_SIZE] < 1 || I[I_ROUND_CAP] == 0 ||
        I[I_DECK_START] == 0 || I[I_LAB_FIRE_CARDS] == 0 || I[I_PILE] == 0 ||
        I[I_WILD_TOTAL] == 0 || I[I_RESEARCH_TOP] == 0 || I[I_POOL_OFFSET] <= 0) {
        PyErr_SetString(PyExc_ValueError, "config ints out of range");
        return -1;
    }
    for (int i = 0; i < N_DOUBLES; i++) {
        if (self->D[i] == 0.0) {
            PyErr_SetString(PyExc_ValueError, "config scales must not be 0");
            return -1;
        }
    }
    /* decision kinds and their contexts */
    PyObject *kinds = c[4];
    if (!PyTuple_Check(kinds) || PyTuple_GET_SIZE(kinds) > MAXDECISIONS) {
        PyErr_SetString(PyExc_ValueError, "config decision kinds: a tuple of names");
        return -1;
    }
    self->n_decisions = (int)PyTuple_GET_SIZE(kinds);
    if ((self->kinds = PyDict_New()) == NULL) {
        return -1;
    }
    for (int i = 0; i < self->n_decisions; i++) {
        PyObject *index = PyLong_FromLong(i);
        if (index == NULL) {
            return -1;
        }
        int failed = PyDict_SetItem(self->kinds, PyTuple_GET_ITEM(kinds, i), index);
        Py_DECREF(index);
        if (failed) {
            return -1;
        }
        self->context_of[i] = -1;
    }
    long contexts[N_CONTEXTS];
    if (config_ints(c[5], "contexts", N_CONTEXTS, N_CONTEXTS, contexts, NULL, 0,
                    self->n_decisions - 1) < 0) {
        return -1;
    }
    for (int k = 0; k < N_CONTEXTS; k++) {
        self->context_of[contexts[k]] = k;
    }
    /* tables */
    Py_ssize_t compounds;
    const long T = I[I_TRACKS];
    if (config_ints(c[6], "element totals", I[I_ELEMENTS], MAXE, self->element_total, NULL, 1,
                    BIG) < 0 ||
        config_ints(c[7], "equipment box", I[I_EQUIPMENT], MAXEQ, self->equipment_box, NULL, 1,
                    BIG) < 0 ||
        config_ints(c[8], "copies", -1, MAXKINDS, self->copies, &compounds, 1, BIG) < 0 ||
        config_ints(c[9], "track starts", T, MAXT, self->track_start, NULL, 0, BIG) < 0 ||
        config_ints(c[10], "track lengths", T, MAXT, self->track_length, NULL, 1, MAXLEV) < 0 ||
        config_ints(c[11], "track tops", T, MAXT, self->track_top, NULL, -BIG, BIG) < 0) {
        return -1;
    }
    self->compounds = (int)compounds;
    if (!PyTuple_Check(c[12]) || PyTuple_GET_SIZE(c[12]) != T || !PyTuple_Check(c[13]) ||
        PyTuple_GET_SIZE(c[13]) != T) {
        PyErr_SetString(PyExc_ValueError, "config track values and levels: one per track");
        return -1;
    }
    for (long t = 0; t < T; t++) {
        if (config_doubles(PyTuple_GET_ITEM(c[12], t), "track values", self->track_length[t],
                           self->track_value[t]) < 0 ||
            config_ints(PyTuple_GET_ITEM(c[13], t), "track levels", self->track_length[t],
                        MAXLEV, self->track_levels[t], NULL, -BIG, BIG) < 0) {
            return -1;
        }
    }
    PyObject *causes = c[14];
    if (!PyTuple_Check(causes) || PyTuple_GET_SIZE(causes) > MAXCAUSES) {
        PyErr_SetString(PyExc_ValueError, "config fire causes: a tuple of pairs");
        return -1;
    }
    self->n_causes = (int)PyTuple_GET_SIZE(causes);
    for (int i = 0; i < self->n_causes; i++) {
        long pair[2];
        if (config_ints(PyTuple_GET_ITEM(causes, i), "fire cause", 2, 2, pair, NULL, -BIG,
                        BIG) < 0) {
            return -1;
        }
        self->cause_code[i] = pair[0];
        self->cause_index[i] = pair[1];
    }
    if (!PyDict_CheckExact(c[16])) {
        PyErr_SetString(PyExc_ValueError, "config frame codes: a dict of frame key -> code");
        return -1;
    }
    Py_INCREF(c[16]);
    self->frame_codes = c[16];
    PyObject *cards = c[15];
    if (!PyTuple_Check(cards) || PyTuple_GET_SIZE(cards) > MAXCARDS) {
        PyErr_SetString(PyExc_ValueError, "config cards: a tuple of cards");
        return -1;
    }
    self->n_cards = (int)PyTuple_GET_SIZE(cards);
    for (int i = 0; i < self->n_cards; i++) {
        if (config_card(self, PyTuple_GET_ITEM(cards, i), &self->cards[i]) < 0) {
            return -1;
        }
    }
    if (norm_init(&self->base.norm, I[I_SIZE], scale, low, high) < 0) {
        norm_free(&self->base.norm); /* not half initialised */
        return -1;
    }
    return init_memory(self);
}

static void Encoder_dealloc(Encoder *self)
{
    norm_free(&self->base.norm);
    PyMem_Free(self->field_memory);
    PyMem_Free(self->player_memory);
    Py_CLEAR(self->kinds);
    Py_CLEAR(self->frame_codes);
    Py_CLEAR(self->last_options);
    Py_CLEAR(self->state_slots.type);
    Py_CLEAR(self->decision_slots.type);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int prepare_module(void)
{
    if (intern_names(attr_names, ATTR_NAMES, N_ATTRS) < 0 ||
        intern_names(names, OTHER_NAMES, N_NAMES) < 0) {
        return -1;
    }
    find_small_ints();
    return 0;
}

OBSERVE_MODULE("compounded", Encoder, Encoder_init, Encoder_dealloc, encode, prepare_module)
