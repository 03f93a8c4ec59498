/* Linnaeus's compiled observation encoder: the C twin of ``fast_observation.py``
 * (``FastLinnaeusEncoder``), written from the state straight into the normalised float32
 * vector (``observe.h``). ``tests/adapters/test_native_observation.py`` checks that it gives
 * bit for bit what ``Observer`` makes of the Python encoder's vector, along random
 * playouts of every player count (the solo game and its automa included), for every seat
 * and the spectator.
 *
 * Every number that comes from the game's content or from the encoder's layout (field
 * offsets, widths, the offsets inside a side's block, the divisors, the per-card tables)
 * is computed in Python (``FastLinnaeusEncoder.native``) and copied here at construction:
 * ``Encoder(ints, scales, specimens, sketch_colour, sketch_value, letter_colour,
 * voyage_cells, scale, low, high)``. ``ints`` and ``scales`` are tuples of (name, value)
 * pairs in the order of ``LAYOUT`` and ``SCALES`` below (the names are checked).
 *
 * Each call rewrites the whole vector: it reads every state attribute it needs first (new
 * references, released at the end), then writes the blocks in the Python encoder's order.
 * Every index read from the state is checked before it indexes a C array or the vector
 * (ValueError on a state of an unexpected shape).
 */
#include "observe.h"

#include <stddef.h>

/* Room for the per-call scratch arrays (the config is checked against these at init). */
#define MAX_SIDES 16
#define MAX_ACC 64

/* ------------------------------------------------------------------ the config */

/* The layout: counts, field offsets (``encoder.fields()``: at_X, end_X) and the offsets
 * inside a side's block (``fast_observation.BASIC`` ...). */
#define LAYOUT(X)                                                                        \
    X(size) X(players) X(sides) X(side_size)                                             \
    X(at_round) X(end_round) X(at_helm) X(end_helm) X(at_active) X(end_active)           \
    X(at_map) X(end_map) X(at_letters) X(end_letters) X(at_books) X(end_books)           \
    X(at_voyages) X(end_voyages) X(at_exotics) X(end_exotics) X(at_lenses)               \
    X(end_lenses) X(at_decks) X(end_decks) X(at_garden) X(end_garden) X(at_ponds)        \
    X(end_ponds) X(at_bed_tiles) X(end_bed_tiles) X(at_gold) X(end_gold)                 \
    X(at_achievements) X(end_achievements) X(at_end_space) X(end_end_space)              \
    X(at_players) X(end_players) X(at_automa) X(end_automa)                              \
    X(locations) X(spots) X(tiles) X(ponds) X(bed_tiles) X(beds) X(advanced) X(books)    \
    X(domains) X(wild) X(advanced_code) X(lecture) X(knowledge) X(tools) X(slots)        \
    X(flowers) X(sketch_colours) X(letter_colours) X(covered_mask) X(decks)              \
    X(lecture_at) X(knowledge_at) X(basic_at) X(advanced_at) X(on_tools_at)              \
    X(acquired_at) X(explorer_at) X(visited_at) X(researcher_at) X(library_at)           \
    X(researched_at) X(exotics_at) X(sketches_at) X(paid_at) X(letters_at) X(books_at)   \
    X(voyages_at) X(flowers_at) X(character_at)

/* The divisors and weights of the Python encoder (``count / SCALE``, ``acc += WEIGHT``). */
#define SCALES(X)                                                                        \
    X(round) X(coins) X(containers) X(tools) X(vp) X(taxonomy) X(lecture) X(knowledge)   \
    X(lens) X(acquired) X(covered) X(research_domain) X(research_count) X(exotics)       \
    X(sketch) X(paid) X(letter) X(voyages) X(waiting) X(flowers) X(deck) X(stack)        \
    X(spot_value) X(automa_deck) X(green_supply)

typedef struct {
#define LAYOUT_FIELD(name) long name;
    LAYOUT(LAYOUT_FIELD)
#undef LAYOUT_FIELD
} Layout;

typedef struct {
#define SCALE_FIELD(name) double name;
    SCALES(SCALE_FIELD)
#undef SCALE_FIELD
} Scales;

typedef struct {
    const char *name;
    size_t offset;
} Named;

static const Named LAYOUT_NAMES[] = {
#define LAYOUT_ENTRY(name) {#name, offsetof(Layout, name)},
    LAYOUT(LAYOUT_ENTRY)
#undef LAYOUT_ENTRY
};

static const Named SCALE_NAMES[] = {
#define SCALE_ENTRY(name) {#name, offsetof(Scales, name)},
    SCALES(SCALE_ENTRY)
#undef SCALE_ENTRY
};

#define N_LAYOUT (sizeof(LAYOUT_NAMES) / sizeof(LAYOUT_NAMES[0]))
#define N_SCALES (sizeof(SCALE_NAMES) / sizeof(SCALE_NAMES[0]))

/* ------------------------------------------------------------------ the state */

/* The state attributes read: the ints first, then the lists and tuples. */
#define INT_ATTRS(X) X(players) X(round) X(helm) X(active) X(automa) X(beds_done)
#define SEQ_ATTRS(X)                                                                     \
    X(coins) X(containers) X(tools) X(vp) X(taxonomy) X(lecture) X(knowledge)            \
    X(available) X(box) X(on_tool) X(lenses_acquired) X(explorer) X(visited)             \
    X(researcher) X(library) X(covered) X(researched) X(exotics) X(sketches)             \
    X(sketches_paid) X(letters) X(sent) X(books) X(published) X(voyages) X(ships)        \
    X(links) X(waiting) X(flowers) X(character) X(sites) X(site_sketch) X(first_marks)   \
    X(letter_display) X(book_display) X(voyage_display) X(exotic_display)                \
    X(lens_display) X(spec_deck) X(letter_deck) X(book_deck) X(voyage_deck)              \
    X(exotic_deck) X(lens_supply) X(stacks) X(spot_owner) X(spot_value) X(spot_dark)     \
    X(ponds) X(pond_sketch) X(bed_tiles) X(gold) X(red) X(claims) X(end_space)           \
    X(automa_deck) X(green_supply) X(green_under)

enum {
#define ATTR_ENUM(name) A_##name,
    INT_ATTRS(ATTR_ENUM)
    SEQ_ATTRS(ATTR_ENUM)
#undef ATTR_ENUM
    N_ATTRS
};

#define N_INT_ATTRS A_coins

static const char *const ATTR_NAMES[N_ATTRS] = {
#define ATTR_NAME(name) #name,
    INT_ATTRS(ATTR_NAME)
    SEQ_ATTRS(ATTR_NAME)
#undef ATTR_NAME
};

/* The interned attribute names (module init). */
static PyObject *attr_names[N_ATTRS];

/* What one call reads: the sequences (new references) and the ints. */
typedef struct {
    PyObject *seq[N_ATTRS]; /* NULL for the ints */
    long num[N_INT_ATTRS];
    long n_sides;
    long rel[MAX_SIDES]; /* the place of each side in the vector (sides from the seat on) */
} Ctx;

/* Why ``item`` failed (kept out of line: the common path stays small). */
static void item_error(PyObject *seq, Py_ssize_t i, const char *name)
{
    if (i < 0 || i >= PySequence_Fast_GET_SIZE(seq)) {
        PyErr_Format(PyExc_ValueError, "state.%s has no item %zd", name, i);
    } else if (!PyErr_Occurred()) {
        PyErr_Format(PyExc_TypeError, "state.%s holds a %.100s, not an int", name,
                     Py_TYPE(PySequence_Fast_GET_ITEM(seq, i))->tp_name);
    }
}

/* Item ``i`` of a list or tuple, as a C long; -1 with an exception if ``i`` is out of
 * range or the item is not an int (no Python code runs, so borrowed items stay valid). */
static inline int item(PyObject *seq, Py_ssize_t i, long *value, const char *name)
{
    if (i < 0 || i >= PySequence_Fast_GET_SIZE(seq) ||
        !PyLong_Check(PySequence_Fast_GET_ITEM(seq, i))) {
        item_error(seq, i, name);
        return -1;
    }
    PyObject *x = PySequence_Fast_GET_ITEM(seq, i);
    long v = PyLong_AsLong(x);
    if (v == -1 && PyErr_Occurred()) {
        return -1;
    }
    *value = v;
    return 0;
}

/* Item ``i`` of a list or tuple that is itself a list or tuple (borrowed). */
static int sub(PyObject *seq, Py_ssize_t i, PyObject **value, const char *name)
{
    if (i < 0 || i >= PySequence_Fast_GET_SIZE(seq)) {
        PyErr_Format(PyExc_ValueError, "state.%s has no item %zd", name, i);
        return -1;
    }
    PyObject *x = PySequence_Fast_GET_ITEM(seq, i);
    if (!PyList_Check(x) && !PyTuple_Check(x)) {
        PyErr_Format(PyExc_TypeError, "state.%s holds a %.100s, not a list or tuple", name,
                     Py_TYPE(x)->tp_name);
        return -1;
    }
    *value = x;
    return 0;
}

static int out_of_range(const char *name, long value)
{
    PyErr_Format(PyExc_ValueError, "state.%s holds %ld, out of range", name, value);
    return -1;
}

/* Shorthands inside the block functions (which return 0, or -1 with an exception). */
#define SEQ(attr) (c->seq[A_##attr])
#define LEN(attr) PySequence_Fast_GET_SIZE(c->seq[A_##attr])
#define ITEM(var, attr, i)                                                               \
    do {                                                                                 \
        if (item(c->seq[A_##attr], (i), &(var), #attr) < 0) {                            \
            return -1;                                                                   \
        }                                                                                \
    } while (0)
#define SUB(var, attr, i)                                                                \
    do {                                                                                 \
        if (sub(c->seq[A_##attr], (i), &(var), #attr) < 0) {                             \
            return -1;                                                                   \
        }                                                                                \
    } while (0)
#define IN(var, seq, i, attr)                                                            \
    do {                                                                                 \
        if (item((seq), (i), &(var), #attr) < 0) {                                       \
            return -1;                                                                   \
        }                                                                                \
    } while (0)
#define CHECK(attr, value, low, high)                                                    \
    do {                                                                                 \
        if ((value) < (low) || (value) >= (high)) {                                      \
            return out_of_range(#attr, (value));                                         \
        }                                                                                \
    } while (0)

/* ------------------------------------------------------------------ the encoder */

typedef struct {
    EncoderBase base;
    Layout L;
    Scales S;
    Py_ssize_t n_specimens, n_sketches, n_letters, n_voyages;
    double *spec_containers; /* containers / 3 */
    double *spec_effective;  /* effective / 4 */
    long *spec_domain;
    long *sketch_colour;
    long *sketch_value;
    long *letter_colour;
    long *voyage_cells;
} Encoder;

static inline double capped(double value)
{
    return value > 1.0 ? 1.0 : value;
}

/* ``_mark``: the place of a piece's owner among the marks (-1: nobody, sides: neutral). */
static inline long mark(const Encoder *self, const Ctx *c, long side)
{
    if (side < 0) {
        return -1;
    }
    return side < c->n_sides ? c->rel[side] : self->L.sides;
}

/* A side's block, part ``_resources``: coins, containers, tools, vp, taxonomy, lecture
 * tracks, knowledge (each capped at 1). */
static int side_resources(const Encoder *self, Ctx *c, long side, Py_ssize_t at, Out *out)
{
    const Layout *L = &self->L;
    const Scales *S = &self->S;
    long x;
    double value;
    ITEM(x, coins, side);
    if ((value = x / S->coins) != 0.0) {
        put(out, at, capped(value));
    }
    ITEM(x, containers, side);
    if ((value = x / S->containers) != 0.0) {
        put(out, at + 1, capped(value));
    }
    ITEM(x, tools, side);
    if ((value = x / S->tools) != 0.0) {
        put(out, at + 2, capped(value));
    }
    ITEM(x, vp, side);
    if ((value = x / S->vp) != 0.0) {
        put(out, at + 3, capped(value));
    }
    ITEM(x, taxonomy, side);
    if ((value = x / S->taxonomy) != 0.0) {
        put(out, at + 4, capped(value));
    }
    for (long t = 0; t < L->lecture; t++) {
        ITEM(x, lecture, side * L->lecture + t);
        if ((value = x / S->lecture) != 0.0) {
            put(out, at + L->lecture_at + t, capped(value));
        }
    }
    for (long k = 0; k < L->knowledge; k++) {
        ITEM(x, knowledge, side * L->knowledge + k);
        if (x) {
            put(out, at + L->knowledge_at + k, capped(x / S->knowledge));
        }
    }
    return 0;
}

/* Part ``_lenses``: basic lenses (counted), the wild lens, the boxed lens, advanced
 * lenses, lenses on the tools, lenses acquired. */
static int side_lenses(const Encoder *self, Ctx *c, long side, Py_ssize_t at, Out *out)
{
    const Layout *L = &self->L;
    double basic[MAX_ACC] = {0.0};
    PyObject *available;
    long x;
    SUB(available, available, side);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(available); i++) {
        IN(x, available, i, available);
        if (x < 0) {
            return out_of_range("available", x);
        } else if (x < L->wild) {
            basic[x] += self->S.lens;
        } else if (x == L->wild) {
            put(out, at + L->basic_at + L->wild, 1.0);
        } else {
            if (x < L->advanced_code || x - L->advanced_code >= L->advanced) {
                return out_of_range("available", x);
            }
            put(out, at + L->advanced_at + x - L->advanced_code, 1.0);
        }
    }
    for (long k = 0; k < L->wild; k++) {
        if (basic[k] != 0.0) {
            put(out, at + L->basic_at + k, capped(basic[k]));
        }
    }
    ITEM(x, box, side);
    if (x >= 0) {
        put(out, at + L->basic_at + L->wild + 1, 1.0);
    }
    for (long t = 0; t < L->tools; t++) {
        ITEM(x, on_tool, side * L->tools + t);
        if (x >= 0) {
            put(out, at + L->on_tools_at + t, 1.0);
        }
    }
    ITEM(x, lenses_acquired, side);
    if (x) {
        put(out, at + L->acquired_at, capped(x / self->S.acquired));
    }
    return 0;
}

/* Part ``_places``: the explorer's location, the locations visited, the researcher. */
static int side_places(const Encoder *self, Ctx *c, long side, Py_ssize_t at, Out *out)
{
    const Layout *L = &self->L;
    long x;
    ITEM(x, explorer, side);
    CHECK(explorer, x, 0, L->locations);
    put(out, at + L->explorer_at + x, 1.0);
    ITEM(x, visited, side);
    for (long location = 0; location < L->locations; location++) {
        if (x >> location & 1) {
            put(out, at + L->visited_at + location, 1.0);
        }
    }
    ITEM(x, researcher, side);
    CHECK(researcher, x, 0, L->library_at - L->researcher_at);
    put(out, at + L->researcher_at + x, 1.0);
    return 0;
}

/* Part ``_library``: per library slot (effective corners, corners covered, domain), the
 * specimens researched by domain and in all, the exotics. */
static int side_library(const Encoder *self, Ctx *c, long side, Py_ssize_t at, Out *out)
{
    const Layout *L = &self->L;
    const long width = (L->researched_at - L->library_at) / L->slots;
    long specimen, covered;
    for (long k = 0; k < L->slots; k++) {
        ITEM(specimen, library, side * L->slots + k);
        if (specimen < 0) {
            continue;
        }
        CHECK(library, specimen, 0, self->n_specimens);
        Py_ssize_t o = at + L->library_at + width * k;
        if (self->spec_effective[specimen] != 0.0) {
            put(out, o, capped(self->spec_effective[specimen]));
        }
        ITEM(covered, covered, side * L->slots + k);
        covered &= L->covered_mask;
        if (covered) {
            long bits = 0;
            for (unsigned long v = (unsigned long)covered; v; v >>= 1) {
                bits += (long)(v & 1);
            }
            put(out, o + 1, bits / self->S.covered);
        }
        put(out, o + 2 + self->spec_domain[specimen], 1.0);
    }
    double researched[MAX_ACC] = {0.0}; /* by domain, then the count */
    PyObject *seq;
    SUB(seq, researched, side);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        IN(specimen, seq, i, researched);
        CHECK(researched, specimen, 0, self->n_specimens);
        researched[self->spec_domain[specimen]] += self->S.research_domain;
        researched[L->domains] += self->S.research_count;
    }
    for (long k = 0; k <= L->domains; k++) {
        if (researched[k] != 0.0) {
            put(out, at + L->researched_at + k, capped(researched[k]));
        }
    }
    SUB(seq, exotics, side);
    if (PySequence_Fast_GET_SIZE(seq)) {
        put(out, at + L->exotics_at,
            capped(PySequence_Fast_GET_SIZE(seq) / self->S.exotics));
    }
    return 0;
}

/* Part ``_collections``: sketches by colour and value, sketches paid, letters by colour
 * (held, sent), books (held, published), voyages (cards, done, linked, books waiting),
 * flowers left, the character. */
static int side_collections(const Encoder *self, Ctx *c, long side, Py_ssize_t at,
                            Out *out)
{
    const Layout *L = &self->L;
    const Scales *S = &self->S;
    PyObject *seq;
    long x;
    double sketches[MAX_ACC] = {0.0};
    SUB(seq, sketches, side);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        IN(x, seq, i, sketches);
        CHECK(sketches, x, 0, self->n_sketches);
        sketches[self->sketch_colour[x]] += S->sketch;
        sketches[L->sketch_colours + self->sketch_value[x] - 1] += S->sketch;
    }
    for (long k = 0; k < L->paid_at - L->sketches_at; k++) {
        if (sketches[k] != 0.0) {
            put(out, at + L->sketches_at + k, capped(sketches[k]));
        }
    }
    SUB(seq, sketches_paid, side);
    if (PySequence_Fast_GET_SIZE(seq)) {
        put(out, at + L->paid_at, capped(PySequence_Fast_GET_SIZE(seq) / S->paid));
    }
    double letters[MAX_ACC] = {0.0};
    SUB(seq, letters, side);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        IN(x, seq, i, letters);
        CHECK(letters, x, 0, self->n_letters);
        letters[self->letter_colour[x]] += S->letter;
    }
    SUB(seq, sent, side);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        IN(x, seq, i, sent);
        CHECK(sent, x, 0, self->n_letters);
        letters[L->letter_colours + self->letter_colour[x]] += S->letter;
    }
    for (long k = 0; k < 2 * L->letter_colours; k++) {
        if (letters[k] != 0.0) {
            put(out, at + L->letters_at + k, capped(letters[k]));
        }
    }
    SUB(seq, books, side);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        IN(x, seq, i, books);
        CHECK(books, x, 0, L->books);
        put(out, at + L->books_at + x, 1.0);
    }
    SUB(seq, published, side);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        IN(x, seq, i, published);
        CHECK(published, x, 0, L->books);
        put(out, at + L->books_at + L->books + x, 1.0);
    }
    PyObject *voyages;
    SUB(voyages, voyages, side);
    Py_ssize_t n = PySequence_Fast_GET_SIZE(voyages);
    if (n) {
        PyObject *ships, *links;
        SUB(ships, ships, side);
        SUB(links, links, side);
        long done = 0, linked = 0, cells;
        for (Py_ssize_t k = 0; k < n; k++) {
            IN(x, voyages, k, voyages);
            CHECK(voyages, x, 0, self->n_voyages);
            IN(cells, ships, k, ships);
            done += cells >= self->voyage_cells[x];
        }
        Py_ssize_t n_links = PySequence_Fast_GET_SIZE(links);
        for (Py_ssize_t k = 0; k < n && k < n_links; k++) {
            IN(x, links, k, links);
            linked += x >= 0;
        }
        put(out, at + L->voyages_at, capped(n / S->voyages));
        if (done) {
            put(out, at + L->voyages_at + 1, capped(done / S->voyages));
        }
        if (linked) {
            put(out, at + L->voyages_at + 2, capped(linked / S->voyages));
        }
    }
    SUB(seq, waiting, side);
    if (PySequence_Fast_GET_SIZE(seq)) {
        put(out, at + L->voyages_at + 3, capped(PySequence_Fast_GET_SIZE(seq) / S->waiting));
    }
    for (long k = 0; k < L->flowers; k++) {
        ITEM(x, flowers, side * L->flowers + k);
        if (x) {
            put(out, at + L->flowers_at + k, capped(x / S->flowers));
        }
    }
    ITEM(x, character, side);
    if (x >= 0) {
        CHECK(character, x, 0, L->side_size - L->character_at);
        put(out, at + L->character_at + x, 1.0);
    }
    return 0;
}

/* ``_head``: the round, the helm's orientation, whose turn. */
static int head(const Encoder *self, Ctx *c, Out *out)
{
    const Layout *L = &self->L;
    put(out, L->at_round, c->num[A_round] / self->S.round);
    long helm = c->num[A_helm];
    CHECK(helm, helm, 0, L->end_helm - L->at_helm);
    put(out, L->at_helm + helm, 1.0);
    long active = c->num[A_active];
    if (0 <= active && active < c->n_sides) {
        put(out, L->at_active + c->rel[active], 1.0);
    }
    return 0;
}

/* ``_map``: per location the specimen (containers, effective corners, domain), a sketch,
 * the first-visit marks by side or neutral; then the explorers by side. */
static int map(const Encoder *self, Ctx *c, Out *out)
{
    const Layout *L = &self->L;
    const long marks = L->sides + 1;
    const long width = 3 + L->domains + 2 * marks + L->sides;
    Py_ssize_t at = L->at_map;
    long x;
    for (long k = 0; k < L->locations; k++) {
        ITEM(x, sites, k);
        if (x >= 0) {
            CHECK(sites, x, 0, self->n_specimens);
            if (self->spec_containers[x] != 0.0) {
                put(out, at, self->spec_containers[x]);
            }
            if (self->spec_effective[x] != 0.0) {
                put(out, at + 1, self->spec_effective[x]);
            }
            put(out, at + 2 + self->spec_domain[x], 1.0);
        }
        ITEM(x, site_sketch, k);
        if (x >= 0) {
            put(out, at + 2 + L->domains, 1.0);
        }
        for (long j = 0; j < 2; j++) {
            ITEM(x, first_marks, 2 * k + j);
            long m = mark(self, c, x);
            if (m >= 0) {
                put(out, at + 3 + L->domains + j * marks + m, 1.0);
            }
        }
        at += width;
    }
    at = L->at_map + 3 + L->domains + 2 * marks;
    Py_ssize_t n = LEN(explorer);
    for (long side = 0; side < c->n_sides && side < n; side++) {
        ITEM(x, explorer, side);
        CHECK(explorer, x, 0, L->locations);
        put(out, at + x * width + c->rel[side], 1.0);
    }
    return 0;
}

/* ``_displays``: the cards shown in one display (multi-hot over its field). */
static int display(Ctx *c, int attr, long start, long stop, Out *out)
{
    PyObject *seq = c->seq[attr];
    long card;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        if (item(seq, i, &card, ATTR_NAMES[attr]) < 0) {
            return -1;
        }
        if (card >= 0) {
            if (card >= stop - start) {
                return out_of_range(ATTR_NAMES[attr], card);
            }
            put(out, start + card, 1.0);
        }
    }
    return 0;
}

static int displays(const Encoder *self, Ctx *c, Out *out)
{
    const Layout *L = &self->L;
    if (display(c, A_letter_display, L->at_letters, L->end_letters, out) < 0 ||
        display(c, A_book_display, L->at_books, L->end_books, out) < 0 ||
        display(c, A_voyage_display, L->at_voyages, L->end_voyages, out) < 0 ||
        display(c, A_exotic_display, L->at_exotics, L->end_exotics, out) < 0 ||
        display(c, A_lens_display, L->at_lenses, L->end_lenses, out) < 0) {
        return -1;
    }
    return 0;
}

/* The decks whose sizes are shown (``decks``'s first ``N_DECKS`` entries). */
static const int DECKS[] = {A_spec_deck, A_letter_deck, A_book_deck, A_voyage_deck,
                            A_exotic_deck, A_lens_supply};
#define N_DECKS ((long)(sizeof(DECKS) / sizeof(DECKS[0])))

/* ``decks``: the sizes of the six decks, then of the sketch stacks. */
static int decks(const Encoder *self, Ctx *c, Out *out)
{
    const Layout *L = &self->L;
    long k = 0;
    for (; k < N_DECKS; k++) {
        put(out, L->at_decks + k, PySequence_Fast_GET_SIZE(c->seq[DECKS[k]]) / self->S.deck);
    }
    Py_ssize_t n = LEN(stacks);
    if (n > L->end_decks - L->at_decks - k) {
        PyErr_Format(PyExc_ValueError, "state.stacks has %zd stacks, more than expected", n);
        return -1;
    }
    PyObject *stack;
    for (Py_ssize_t i = 0; i < n; i++) {
        SUB(stack, stacks, i);
        put(out, L->at_decks + k + i, PySequence_Fast_GET_SIZE(stack) / self->S.stack);
    }
    return 0;
}

/* ``_garden``: per spot the owner (by side or neutral), value and darkness; the ponds and
 * their sketches; the bed tiles and the beds done. */
static int garden(const Encoder *self, Ctx *c, Out *out)
{
    const Layout *L = &self->L;
    const long marks = L->sides + 1;
    Py_ssize_t at = L->at_garden;
    long x;
    for (long k = 0; k < L->spots; k++) {
        ITEM(x, spot_owner, k);
        long m = mark(self, c, x);
        if (m >= 0) {
            put(out, at + m, 1.0);
        }
        ITEM(x, spot_value, k);
        if (x) {
            put(out, at + marks, x / self->S.spot_value);
        }
        ITEM(x, spot_dark, k);
        if (x) {
            put(out, at + marks + 1, 1.0);
        }
        at += marks + 2;
    }
    at = L->at_ponds;
    for (long r = 0; r < L->end_ponds - L->at_ponds - L->ponds; r++) {
        ITEM(x, ponds, r);
        CHECK(ponds, x, 0, L->ponds);
        put(out, at + x, 1.0);
        ITEM(x, pond_sketch, r);
        if (x >= 0) {
            put(out, at + L->ponds + r, 1.0);
        }
    }
    at = L->at_bed_tiles;
    for (Py_ssize_t i = 0; i < LEN(bed_tiles); i++) {
        ITEM(x, bed_tiles, i);
        CHECK(bed_tiles, x, 0, L->bed_tiles);
        put(out, at + x, 1.0);
    }
    long done = c->num[A_beds_done];
    for (long b = 0; b < L->beds; b++) {
        if (done >> b & 1) {
            put(out, at + L->bed_tiles + b, 1.0);
        }
    }
    return 0;
}

/* ``_university``: the gold tiles per track, the achievements with their claims by side,
 * the holders of the x4 spaces. */
static int university(const Encoder *self, Ctx *c, Out *out)
{
    const Layout *L = &self->L;
    long x;
    Py_ssize_t n = LEN(gold);
    if (n * L->tiles > L->end_gold - L->at_gold) {
        return out_of_range("gold (length)", (long)n);
    }
    for (Py_ssize_t t = 0; t < n; t++) {
        ITEM(x, gold, t);
        CHECK(gold, x, 0, L->tiles);
        put(out, L->at_gold + t * L->tiles + x, 1.0);
    }
    const long stride = L->tiles + L->sides;
    n = LEN(red);
    if (n * stride > L->end_achievements - L->at_achievements) {
        return out_of_range("red (length)", (long)n);
    }
    Py_ssize_t at = L->at_achievements;
    PyObject *claims;
    for (Py_ssize_t k = 0; k < n; k++) {
        ITEM(x, red, k);
        CHECK(red, x, 0, L->tiles);
        put(out, at + x, 1.0);
        SUB(claims, claims, k);
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(claims); i++) {
            IN(x, claims, i, claims);
            CHECK(claims, x, 0, c->n_sides);
            put(out, at + L->tiles + c->rel[x], 1.0);
        }
        at += stride;
    }
    n = LEN(end_space);
    if (n * L->sides > L->end_end_space - L->at_end_space) {
        return out_of_range("end_space (length)", (long)n);
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        ITEM(x, end_space, k);
        if (x >= 0) {
            CHECK(end_space, x, 0, c->n_sides);
            put(out, L->at_end_space + k * L->sides + c->rel[x], 1.0);
        }
    }
    return 0;
}

/* ``_automa``: the automa's deck, its green lenses in supply and under each tool. */
static int automa(const Encoder *self, Ctx *c, Out *out)
{
    const Layout *L = &self->L;
    if (c->num[A_automa] < 0) {
        return 0;
    }
    put(out, L->at_automa, LEN(automa_deck) / self->S.automa_deck);
    put(out, L->at_automa + 1, LEN(green_supply) / self->S.green_supply);
    Py_ssize_t n = LEN(green_under);
    if (n > L->end_automa - L->at_automa - 2) {
        return out_of_range("green_under (length)", (long)n);
    }
    long x;
    for (Py_ssize_t k = 0; k < n; k++) {
        ITEM(x, green_under, k);
        if (x >= 0) {
            put(out, L->at_automa + 2 + k, 1.0);
        }
    }
    return 0;
}

/* Read every attribute of the state (the ints as C longs, the sequences kept). */
static int fetch(Ctx *c, PyObject *state)
{
    for (int i = 0; i < N_INT_ATTRS; i++) {
        PyObject *value = PyObject_GetAttr(state, attr_names[i]);
        if (value == NULL) {
            return -1;
        }
        if (!PyLong_Check(value)) {
            PyErr_Format(PyExc_TypeError, "state.%s is not an int", ATTR_NAMES[i]);
            Py_DECREF(value);
            return -1;
        }
        c->num[i] = PyLong_AsLong(value);
        Py_DECREF(value);
        if (c->num[i] == -1 && PyErr_Occurred()) {
            return -1;
        }
    }
    for (int i = N_INT_ATTRS; i < N_ATTRS; i++) {
        PyObject *value = PyObject_GetAttr(state, attr_names[i]);
        if (value == NULL) {
            return -1;
        }
        c->seq[i] = value;
        if (!PyList_Check(value) && !PyTuple_Check(value)) {
            PyErr_Format(PyExc_TypeError, "state.%s is not a list or tuple", ATTR_NAMES[i]);
            return -1;
        }
    }
    return 0;
}

static int encode(EncoderBase *base, PyObject *state, long seat, Out *out)
{
    const Encoder *self = (const Encoder *)base;
    const Layout *L = &self->L;
    Ctx ctx;
    Ctx *c = &ctx;
    int failed = -1;
    for (int i = 0; i < N_ATTRS; i++) {
        c->seq[i] = NULL;
    }
    if (fetch(c, state) < 0) {
        goto done;
    }
    long players = c->num[A_players];
    if (players != L->players) {
        PyErr_Format(PyExc_ValueError, "a %ld-player state, but the encoder is for %ld",
                     players, L->players);
        goto done;
    }
    if (seat >= players) {
        PyErr_Format(PyExc_ValueError, "seat %ld is not in this %ld-player game", seat,
                     players);
        goto done;
    }
    c->n_sides = players + (c->num[A_automa] >= 0);
    if (c->n_sides > L->sides) {
        PyErr_Format(PyExc_ValueError, "the state has %ld sides, the encoder %ld",
                     c->n_sides, L->sides);
        goto done;
    }
    long first = seat < 0 ? 0 : seat;
    for (long x = 0; x < c->n_sides; x++) {
        c->rel[x] = x < players ? (x - first + players) % players : x;
    }
    /* the side blocks (``players``): each side at its place from the seat on */
    for (long side = 0; side < c->n_sides; side++) {
        Py_ssize_t at = L->at_players + c->rel[side] * L->side_size;
        if (side_resources(self, c, side, at, out) < 0 ||
            side_lenses(self, c, side, at, out) < 0 ||
            side_places(self, c, side, at, out) < 0 ||
            side_library(self, c, side, at, out) < 0 ||
            side_collections(self, c, side, at, out) < 0) {
            goto done;
        }
    }
    if (head(self, c, out) < 0 || map(self, c, out) < 0 || displays(self, c, out) < 0 ||
        decks(self, c, out) < 0 || garden(self, c, out) < 0 ||
        university(self, c, out) < 0 || automa(self, c, out) < 0) {
        goto done;
    }
    failed = 0;
done:
    for (int i = 0; i < N_ATTRS; i++) {
        Py_XDECREF(c->seq[i]);
    }
    return failed;
}

/* ------------------------------------------------------------------ construction */

/* Read a tuple of (name, number) pairs into ``dst`` (longs or doubles) in ``names``'s
 * order. */
static int read_named(PyObject *config, const Named *names, size_t n, char *dst,
                      int doubles, const char *what)
{
    if (!PyTuple_Check(config) || PyTuple_GET_SIZE(config) != (Py_ssize_t)n) {
        PyErr_Format(PyExc_ValueError, "%s must be a tuple of %zu (name, value) pairs", what,
                     n);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        PyObject *pair = PyTuple_GET_ITEM(config, (Py_ssize_t)i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 ||
            !PyUnicode_Check(PyTuple_GET_ITEM(pair, 0)) ||
            PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(pair, 0), names[i].name) != 0) {
            PyErr_Format(PyExc_ValueError, "%s[%zu] must be the pair (\"%s\", value)", what,
                         i, names[i].name);
            return -1;
        }
        PyObject *value = PyTuple_GET_ITEM(pair, 1);
        if (doubles) {
            double v = PyFloat_AsDouble(value);
            if (v == -1.0 && PyErr_Occurred()) {
                return -1;
            }
            if (!(v > 0.0)) {
                PyErr_Format(PyExc_ValueError, "%s %s must be > 0", what, names[i].name);
                return -1;
            }
            memcpy(dst + names[i].offset, &v, sizeof v);
        } else {
            long v = PyLong_AsLong(value);
            if (v == -1 && PyErr_Occurred()) {
                return -1;
            }
            if (v < 0) {
                PyErr_Format(PyExc_ValueError, "%s %s must be >= 0", what, names[i].name);
                return -1;
            }
            memcpy(dst + names[i].offset, &v, sizeof v);
        }
    }
    return 0;
}

/* A per-card table: a tuple of ints in [low, high) (column ``column`` of a tuple of
 * tuples when column >= 0), or doubles (``dst_double``). */
static int read_table(PyObject *table, Py_ssize_t column, long low, long high, long **dst,
                      double **dst_double, Py_ssize_t *count, const char *what)
{
    if (!PyTuple_Check(table) || PyTuple_GET_SIZE(table) == 0) {
        PyErr_Format(PyExc_ValueError, "%s must be a non-empty tuple", what);
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(table);
    if (*count >= 0 && *count != n) {
        PyErr_Format(PyExc_ValueError, "%s has %zd entries, not %zd", what, n, *count);
        return -1;
    }
    *count = n;
    if (dst != NULL) {
        PyMem_Free(*dst);
        *dst = PyMem_Malloc(n * sizeof(long));
    } else {
        PyMem_Free(*dst_double);
        *dst_double = PyMem_Malloc(n * sizeof(double));
    }
    if ((dst != NULL && *dst == NULL) || (dst == NULL && *dst_double == NULL)) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *x = PyTuple_GET_ITEM(table, i);
        if (column >= 0) {
            if (!PyTuple_Check(x) || PyTuple_GET_SIZE(x) <= column) {
                PyErr_Format(PyExc_ValueError, "%s[%zd] must be a tuple of %zd or more", what,
                             i, column + 1);
                return -1;
            }
            x = PyTuple_GET_ITEM(x, column);
        }
        if (dst != NULL) {
            long v = PyLong_AsLong(x);
            if (v == -1 && PyErr_Occurred()) {
                return -1;
            }
            if (v < low || v >= high) {
                PyErr_Format(PyExc_ValueError, "%s[%zd] is %ld, not in [%ld, %ld)", what, i,
                             v, low, high);
                return -1;
            }
            (*dst)[i] = v;
        } else {
            double v = PyFloat_AsDouble(x);
            if (v == -1.0 && PyErr_Occurred()) {
                return -1;
            }
            (*dst_double)[i] = v;
        }
    }
    return 0;
}

/* The layout's consistency: what the C code relies on to stay inside its arrays. */
static int check_layout(const Layout *L)
{
    const char *wrong = NULL;
    const long marks = L->sides + 1;
    const long ats[] = {
        L->at_round, L->end_round, L->at_helm, L->end_helm, L->at_active, L->end_active,
        L->at_map, L->end_map, L->at_letters, L->end_letters, L->at_books, L->end_books,
        L->at_voyages, L->end_voyages, L->at_exotics, L->end_exotics, L->at_lenses,
        L->end_lenses, L->at_decks, L->end_decks, L->at_garden, L->end_garden, L->at_ponds,
        L->end_ponds, L->at_bed_tiles, L->end_bed_tiles, L->at_gold, L->end_gold,
        L->at_achievements, L->end_achievements, L->at_end_space, L->end_end_space,
        L->at_players, L->end_players, L->at_automa, L->end_automa,
    };
    for (size_t i = 0; i < sizeof(ats) / sizeof(ats[0]); i++) {
        long previous = i ? ats[i - 1] : 0;
        if (ats[i] < previous || ats[i] > L->size) {
            wrong = "the fields are not in order inside the vector";
        }
    }
    const long side_ats[] = {
        L->lecture_at, L->knowledge_at, L->basic_at, L->advanced_at, L->on_tools_at,
        L->acquired_at, L->explorer_at, L->visited_at, L->researcher_at, L->library_at,
        L->researched_at, L->exotics_at, L->sketches_at, L->paid_at, L->letters_at,
        L->books_at, L->voyages_at, L->flowers_at, L->character_at, L->side_size,
    };
    for (size_t i = 1; i < sizeof(side_ats) / sizeof(side_ats[0]); i++) {
        if (side_ats[i] <= side_ats[i - 1]) {
            wrong = "the parts of a side's block are not in order";
        }
    }
    if (L->players < 1 || L->sides < L->players || L->sides > MAX_SIDES) {
        wrong = "players and sides";
    } else if (L->end_players - L->at_players != L->sides * L->side_size) {
        wrong = "the players field is not sides * side_size";
    } else if (L->end_map - L->at_map !=
               L->locations * (3 + L->domains + 2 * marks + L->sides)) {
        wrong = "the map field's width";
    } else if (L->end_garden - L->at_garden != L->spots * (marks + 2)) {
        wrong = "the garden field's width";
    } else if (L->end_ponds - L->at_ponds < L->ponds ||
               L->end_bed_tiles - L->at_bed_tiles != L->bed_tiles + L->beds ||
               L->decks != N_DECKS || L->end_decks - L->at_decks < L->decks ||
               L->end_automa - L->at_automa < 2 || L->end_round - L->at_round < 1 ||
               L->end_active - L->at_active != L->sides || L->tiles < 1) {
        wrong = "the ponds, bed tiles, decks, automa, round, active or tiles";
    } else if (L->wild + 2 != L->advanced_at - L->basic_at || L->wild >= MAX_ACC ||
               L->advanced != L->on_tools_at - L->advanced_at ||
               L->tools != L->acquired_at - L->on_tools_at) {
        wrong = "the lenses part";
    } else if (L->locations != L->visited_at - L->explorer_at ||
               L->locations != L->researcher_at - L->visited_at ||
               L->locations >= (long)(8 * sizeof(long)) - 1) {
        wrong = "the places part";
    } else if (L->lecture_at < 5 || L->lecture_at + L->lecture > L->knowledge_at ||
               L->knowledge_at + L->knowledge > L->basic_at) {
        wrong = "the resources part";
    } else if (L->slots < 1 ||
               (L->researched_at - L->library_at) != L->slots * (2 + L->domains) ||
               L->domains + 1 != L->exotics_at - L->researched_at || L->domains >= MAX_ACC) {
        wrong = "the library part";
    } else if (L->paid_at - L->sketches_at > MAX_ACC ||
               L->paid_at - L->sketches_at <= L->sketch_colours ||
               2 * L->letter_colours != L->books_at - L->letters_at ||
               2 * L->letter_colours > MAX_ACC || 2 * L->books != L->voyages_at - L->books_at ||
               L->voyages_at + 4 > L->flowers_at ||
               L->flowers != L->character_at - L->flowers_at) {
        wrong = "the collections part";
    } else if (L->beds >= (long)(8 * sizeof(long)) - 1) {
        wrong = "the beds";
    }
    if (wrong != NULL) {
        PyErr_Format(PyExc_ValueError, "inconsistent Linnaeus layout: %s", wrong);
        return -1;
    }
    return 0;
}

static void encoder_free_tables(Encoder *self)
{
    PyMem_Free(self->spec_containers);
    PyMem_Free(self->spec_effective);
    PyMem_Free(self->spec_domain);
    PyMem_Free(self->sketch_colour);
    PyMem_Free(self->sketch_value);
    PyMem_Free(self->letter_colour);
    PyMem_Free(self->voyage_cells);
    self->spec_containers = self->spec_effective = NULL;
    self->spec_domain = self->sketch_colour = self->sketch_value = NULL;
    self->letter_colour = self->voyage_cells = NULL;
}

static int Encoder_init(Encoder *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"ints", "scales", "specimens", "sketch_colour",
                               "sketch_value", "letter_colour", "voyage_cells", "scale",
                               "low", "high", NULL};
    PyObject *ints, *scales, *specimens, *sketch_colour, *sketch_value, *letter_colour;
    PyObject *voyage_cells, *scale, *low, *high;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOOOOOOO:Encoder", keywords, &ints,
                                     &scales, &specimens, &sketch_colour, &sketch_value,
                                     &letter_colour, &voyage_cells, &scale, &low, &high)) {
        return -1;
    }
    norm_free(&self->base.norm);
    encoder_free_tables(self);
    Layout *L = &self->L;
    if (read_named(ints, LAYOUT_NAMES, N_LAYOUT, (char *)L, 0, "ints") < 0 ||
        read_named(scales, SCALE_NAMES, N_SCALES, (char *)&self->S, 1, "scales") < 0 ||
        check_layout(L) < 0) {
        return -1;
    }
    long sketch_values = L->paid_at - L->sketches_at - L->sketch_colours;
    self->n_specimens = self->n_sketches = self->n_letters = self->n_voyages = -1;
    if (read_table(specimens, 0, 0, 0, NULL, &self->spec_containers, &self->n_specimens,
                   "specimens (containers)") < 0 ||
        read_table(specimens, 1, 0, 0, NULL, &self->spec_effective, &self->n_specimens,
                   "specimens (effective)") < 0 ||
        read_table(specimens, 2, 0, L->domains, &self->spec_domain, NULL,
                   &self->n_specimens, "specimens (domain)") < 0 ||
        read_table(sketch_colour, -1, 0, L->sketch_colours, &self->sketch_colour, NULL,
                   &self->n_sketches, "sketch_colour") < 0 ||
        read_table(sketch_value, -1, 1, sketch_values + 1, &self->sketch_value, NULL,
                   &self->n_sketches, "sketch_value") < 0 ||
        read_table(letter_colour, -1, 0, L->letter_colours, &self->letter_colour, NULL,
                   &self->n_letters, "letter_colour") < 0 ||
        read_table(voyage_cells, -1, 0, LONG_MAX, &self->voyage_cells, NULL,
                   &self->n_voyages, "voyage_cells") < 0) {
        return -1;
    }
    if (norm_init(&self->base.norm, L->size, scale, low, high) < 0) {
        norm_free(&self->base.norm);
        return -1;
    }
    return 0;
}

static void Encoder_dealloc(Encoder *self)
{
    norm_free(&self->base.norm);
    encoder_free_tables(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int prepare_module(void)
{
    return intern_names(attr_names, ATTR_NAMES, N_ATTRS);
}

OBSERVE_MODULE("linnaeus", Encoder, Encoder_init, Encoder_dealloc, encode, prepare_module)
