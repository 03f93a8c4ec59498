/* The compiled twin of ``boardlab.engine.vector``'s interpreter: it runs a declared
 * observation program and knows no game.
 *
 * ``Program(program, size, players, scale, low, high[, spectator])`` takes the tuple of
 * instructions made by ``Vector`` (see ``vector.py`` for what each code does), the
 * observer's float32 normalisation and, when the spectator sees less, its own program; ``encode(state, seat, out)`` writes the whole normalised vector
 * of what ``seat`` (None: the spectator) sees into the float32 array ``out``, bit for bit
 * what the adapters make of the interpreter's raw vector. The results of ``derived`` ops
 * are kept, with copies of the attributes they name, and written again while those are
 * equal; ``frame_derived`` results are kept with their frame.
 */
#include "observe.h"

#include <structmember.h>

enum { WHOLE, ITEM, OF_SEAT, FRAME_FIELD, BELOW_FIELD };
enum {
    NUMBER, VALUES, ONEHOT, SEATHOT, BITS, MEMBERS, LENGTH, DERIVED, FRAME_DERIVED, LOOKUP,
    FRAMES, SEAT_VALUES, DERIVED_ROWS, SEAT_BITS, TOTAL
};

typedef struct Code Code;

/* How an attribute of one type is read: straight from its slot (``member``) when the
 * type keeps it in ``__slots__``, else through ``PyObject_GetAttr``. */
typedef struct {
    PyTypeObject *type; /* the type learnt (a strong reference), NULL before the first read */
    PyObject *descr;    /* its member descriptor, kept alive while ``member`` is used */
    PyMemberDef *member;
} Slot;

typedef struct {
    int code;
    Py_ssize_t at, stride;
    long seat;
    PyObject *name; /* the attribute read, interned; NULL for a frame field */
    PyObject *path; /* a dotted name's parts, interned (NULL for a plain name) */
    int mode;
    Py_ssize_t k;
    long a, b;          /* VALUES: count, start; ONEHOT: minus, width; BITS, MEMBERS: width */
    double scale, cap;  /* NUMBER, VALUES, LENGTH: min(value / scale, cap) */
    PyObject *fn;       /* DERIVED, FRAME_DERIVED */
    PyObject *inputs;   /* DERIVED: tuple of interned attribute names */
    int *input_mode;    /* DERIVED: how each input is read (WHOLE, ITEM, OF_SEAT) */
    Py_ssize_t *input_k; /* DERIVED: the item an ITEM input reads */
    Slot slot;          /* how ``name`` (or a dotted name's first part) is read */
    Slot *input_slots;  /* DERIVED: one per input */
    PyObject **now;     /* DERIVED: room for the inputs read by one call */
    PyObject *dict;     /* LOOKUP: value -> index; FRAMES: key -> group */
    Py_ssize_t width;   /* DERIVED, FRAME_DERIVED */
    PyObject *kept;     /* a tuple of the inputs (or the frame) the kept numbers were made from */
    long kept_me;
    Py_ssize_t *nonzero; /* where the kept numbers are not 0 (``count`` of them) */
    float *numbers;      /* and those numbers */
    Py_ssize_t count;
    /* DERIVED_ROWS: ``rows`` rows of ``width`` entries, ``stride`` apart; row r reads item r
     * of each attribute of ``row_items`` (and every whole input); ``kept_rows[j][r]`` is
     * the kept item r of attribute j (None: row r not made yet), ``row_count[r]`` its
     * numbers, at ``nonzero``/``numbers`` from ``r * width``. */
    Py_ssize_t rows;
    PyObject *row_items;
    Slot *row_slots;
    PyObject *kept_rows;
    PyObject **row_lists; /* room for the attributes read by one call */
    Py_ssize_t *row_count;
    unsigned long long top; /* FRAMES: the groups read only from the top frame */
    Code *groups;       /* FRAMES: one program per group */
    Py_ssize_t n_groups;
} Instr;

struct Code {
    Instr *ins;
    Py_ssize_t n;
};

typedef struct {
    EncoderBase base;
    Code code;
    Code watching; /* the spectator's program, when it has one of its own (else n == 0) */
    int has_watching;
    long players;
    PyObject *program; /* the tuple it was made from, kept for the functions it holds */
} Program;

static PyObject *str_stack;

static void slot_clear(Slot *slot)
{
    Py_CLEAR(slot->type);
    Py_CLEAR(slot->descr);
    slot->member = NULL;
}

/* Learn how ``type`` keeps ``name``: a slot holding any object (read with
 * ``PyMember_GetOne``) on a type with the generic attribute lookup, where a data
 * descriptor always wins; anything else is read the slow way. May run Python code (a
 * metaclass's lookup): a failure only means the slow way. */
static void slot_learn(Slot *slot, PyTypeObject *type, PyObject *name)
{
    slot_clear(slot);
    Py_INCREF(type);
    slot->type = type;
    if (type->tp_getattro != PyObject_GenericGetAttr) {
        return;
    }
    PyObject *descr = PyObject_GetAttr((PyObject *)type, name);
    if (descr == NULL) {
        PyErr_Clear();
        return;
    }
    if (Py_IS_TYPE(descr, &PyMemberDescr_Type) &&
        ((PyMemberDescrObject *)descr)->d_member->type == T_OBJECT_EX &&
        !(((PyMemberDescrObject *)descr)->d_member->flags & READ_RESTRICTED)) {
        slot->descr = descr;
        slot->member = ((PyMemberDescrObject *)descr)->d_member;
        return;
    }
    Py_DECREF(descr);
}

/* ``getattr(obj, name)``, from the slot when ``obj``'s type keeps it in one. */
static inline PyObject *read_attr(PyObject *obj, PyObject *name, Slot *slot)
{
    if (Py_TYPE(obj) != slot->type) {
        slot_learn(slot, Py_TYPE(obj), name);
    }
    if (slot->member != NULL) {
        return PyMember_GetOne((const char *)obj, slot->member);
    }
    return PyObject_GetAttr(obj, name);
}

static void code_free(Code *code)
{
    for (Py_ssize_t i = 0; i < code->n; i++) {
        Instr *in = &code->ins[i];
        Py_XDECREF(in->name);
        Py_XDECREF(in->path);
        Py_XDECREF(in->fn);
        Py_XDECREF(in->dict);
        Py_XDECREF(in->kept);
        Py_XDECREF(in->kept_rows);
        for (Py_ssize_t j = 0; in->row_slots != NULL && in->row_items != NULL &&
                                j < PyTuple_GET_SIZE(in->row_items);
             j++) {
            slot_clear(&in->row_slots[j]);
        }
        PyMem_Free(in->row_slots);
        PyMem_Free(in->row_count);
        PyMem_Free(in->row_lists);
        Py_XDECREF(in->row_items);
        slot_clear(&in->slot);
        for (Py_ssize_t j = 0; in->input_slots != NULL && in->inputs != NULL &&
                                j < PyTuple_GET_SIZE(in->inputs);
             j++) {
            slot_clear(&in->input_slots[j]);
        }
        PyMem_Free(in->input_slots);
        PyMem_Free(in->now);
        PyMem_Free(in->input_mode);
        PyMem_Free(in->input_k);
        Py_XDECREF(in->inputs);
        PyMem_Free(in->nonzero);
        PyMem_Free(in->numbers);
        for (Py_ssize_t g = 0; g < in->n_groups; g++) {
            code_free(&in->groups[g]);
        }
        PyMem_Free(in->groups);
    }
    PyMem_Free(code->ins);
    code->ins = NULL;
    code->n = 0;
}

static int as_ssize(PyObject *obj, Py_ssize_t *value)
{
    *value = PyLong_AsSsize_t(obj);
    return (*value == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int code_init(Code *code, PyObject *program);

/* One instruction from its tuple: (code, at, stride, seat, attr, mode, k, arg). */
static int instr_init(Instr *in, PyObject *t)
{
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 8) {
        PyErr_SetString(PyExc_TypeError, "an instruction is a tuple of 8");
        return -1;
    }
    Py_ssize_t code, mode, seat;
    if (as_ssize(PyTuple_GET_ITEM(t, 0), &code) < 0 ||
        as_ssize(PyTuple_GET_ITEM(t, 1), &in->at) < 0 ||
        as_ssize(PyTuple_GET_ITEM(t, 2), &in->stride) < 0 ||
        as_ssize(PyTuple_GET_ITEM(t, 3), &seat) < 0 ||
        as_ssize(PyTuple_GET_ITEM(t, 5), &mode) < 0 ||
        as_ssize(PyTuple_GET_ITEM(t, 6), &in->k) < 0) {
        return -1;
    }
    in->code = (int)code;
    in->mode = (int)mode;
    in->seat = (long)seat;
    PyObject *name = PyTuple_GET_ITEM(t, 4);
    if (!PyUnicode_Check(name)) {
        PyErr_SetString(PyExc_TypeError, "an instruction's attribute is a str");
        return -1;
    }
    if (PyUnicode_GET_LENGTH(name) > 0) {
        Py_INCREF(name);
        PyUnicode_InternInPlace(&name);
        in->name = name;
        if (PyUnicode_FindChar(name, '.', 0, PyUnicode_GET_LENGTH(name), 1) >= 0) {
            PyObject *dot = PyUnicode_FromString(".");
            in->path = dot == NULL ? NULL : PyUnicode_Split(name, dot, -1);
            Py_XDECREF(dot);
            if (in->path == NULL) {
                return -1;
            }
            for (Py_ssize_t j = 0; j < PyList_GET_SIZE(in->path); j++) {
                PyUnicode_InternInPlace(&PyList_GET_ITEM(in->path, j));
            }
        }
    }
    PyObject *arg = PyTuple_GET_ITEM(t, 7);
    in->scale = 1.0;
    in->cap = Py_HUGE_VAL;
    switch (in->code) {
    case SEATHOT: /* arg: how many seats from the observer on are written (None: all) */
        in->a = arg == Py_None ? LONG_MAX : PyLong_AsLong(arg);
        return PyErr_Occurred() ? -1 : 0;
    case SEAT_BITS:
        return 0;
    case NUMBER:
    case LENGTH:
    case VALUES:
    case TOTAL:
    case SEAT_VALUES: {
        Py_ssize_t first = in->code == NUMBER || in->code == LENGTH ? 0 : 2;
        if (!PyTuple_Check(arg) || PyTuple_GET_SIZE(arg) != first + 2) {
            break;
        }
        if (first) { /* VALUES, TOTAL: count, start; SEAT_VALUES: start, stride */
            in->a = PyLong_AsLong(PyTuple_GET_ITEM(arg, 0));
            in->b = PyLong_AsLong(PyTuple_GET_ITEM(arg, 1));
        }
        in->scale = PyFloat_AsDouble(PyTuple_GET_ITEM(arg, first));
        PyObject *cap = PyTuple_GET_ITEM(arg, first + 1);
        if (cap != Py_None) {
            in->cap = PyFloat_AsDouble(cap);
        }
        if (!PyErr_Occurred() && in->scale == 0.0) {
            PyErr_SetString(PyExc_ValueError, "a scale of 0");
        }
        return PyErr_Occurred() ? -1 : 0;
    }
    case ONEHOT:
        if (!PyTuple_Check(arg) || PyTuple_GET_SIZE(arg) != 2) {
            break;
        }
        in->a = PyLong_AsLong(PyTuple_GET_ITEM(arg, 0));
        in->b = PyLong_AsLong(PyTuple_GET_ITEM(arg, 1));
        return PyErr_Occurred() ? -1 : 0;
    case BITS:
    case MEMBERS:
        in->a = PyLong_AsLong(arg);
        if (in->code == BITS && (in->a < 0 || in->a > 64)) {
            PyErr_SetString(PyExc_ValueError, "a mask is read up to 64 bits");
            return -1;
        }
        return PyErr_Occurred() ? -1 : 0;
    case DERIVED_ROWS: {
        if (!PyTuple_Check(arg) || PyTuple_GET_SIZE(arg) != 5 ||
            !PyTuple_Check(PyTuple_GET_ITEM(arg, 1))) {
            break;
        }
        PyObject *items = PyTuple_GET_ITEM(arg, 1);
        Py_ssize_t count = PyTuple_GET_SIZE(items);
        if (as_ssize(PyTuple_GET_ITEM(arg, 3), &in->rows) < 0) {
            return -1;
        }
        if (in->rows < 1 || count < 1) {
            PyErr_SetString(PyExc_ValueError, "derived rows need rows and items");
            return -1;
        }
        if ((in->row_items = PyTuple_New(count)) == NULL ||
            (in->kept_rows = PyList_New(count)) == NULL) {
            return -1;
        }
        for (Py_ssize_t j = 0; j < count; j++) {
            PyObject *name = PyTuple_GET_ITEM(items, j);
            if (!PyUnicode_Check(name)) {
                PyErr_SetString(PyExc_TypeError, "a row item is an attribute name");
                return -1;
            }
            Py_INCREF(name);
            PyUnicode_InternInPlace(&name);
            PyTuple_SET_ITEM(in->row_items, j, name);
            PyObject *kept = PyList_New(in->rows);
            if (kept == NULL) {
                return -1;
            }
            for (Py_ssize_t r = 0; r < in->rows; r++) {
                Py_INCREF(Py_None);
                PyList_SET_ITEM(kept, r, Py_None);
            }
            PyList_SET_ITEM(in->kept_rows, j, kept);
        }
        if ((in->row_slots = PyMem_Calloc(count, sizeof(Slot))) == NULL ||
            (in->row_count = PyMem_Calloc(in->rows, sizeof(Py_ssize_t))) == NULL ||
            (in->row_lists = PyMem_Calloc(count, sizeof(PyObject *))) == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
        /* fall through: fn, whole inputs and width as a derived op's */
    case DERIVED:
    case FRAME_DERIVED: {
        Py_ssize_t want = in->code == DERIVED ? 3 : in->code == DERIVED_ROWS ? 5 : 2;
        if (!PyTuple_Check(arg) || PyTuple_GET_SIZE(arg) != want) {
            break;
        }
        in->fn = PyTuple_GET_ITEM(arg, 0);
        Py_INCREF(in->fn);
        if (as_ssize(PyTuple_GET_ITEM(arg, want - 1), &in->width) < 0) {
            return -1;
        }
        if (in->code != FRAME_DERIVED) {
            PyObject *names = PyTuple_GET_ITEM(arg, in->code == DERIVED ? 1 : 2);
            if (!PyTuple_Check(names)) {
                break;
            }
            Py_ssize_t count = PyTuple_GET_SIZE(names);
            if ((in->inputs = PyTuple_New(count)) == NULL) {
                return -1;
            }
            if ((in->input_mode = PyMem_Calloc(count + 1, sizeof(int))) == NULL ||
                (in->input_k = PyMem_Calloc(count + 1, sizeof(Py_ssize_t))) == NULL) {
                PyErr_NoMemory();
                return -1;
            }
            for (Py_ssize_t j = 0; j < count; j++) {
                /* (name, mode, k) */
                PyObject *spec = PyTuple_GET_ITEM(names, j);
                Py_ssize_t mode;
                if (!PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) != 3 ||
                    !PyUnicode_Check(PyTuple_GET_ITEM(spec, 0))) {
                    PyErr_SetString(PyExc_TypeError,
                                    "a derived op's input is a (name, mode, k) tuple");
                    return -1;
                }
                if (as_ssize(PyTuple_GET_ITEM(spec, 1), &mode) < 0 ||
                    as_ssize(PyTuple_GET_ITEM(spec, 2), &in->input_k[j]) < 0) {
                    return -1;
                }
                if (mode != WHOLE && mode != ITEM && mode != OF_SEAT) {
                    PyErr_SetString(PyExc_ValueError, "a derived op's input reads a frame");
                    return -1;
                }
                in->input_mode[j] = (int)mode;
                PyObject *input = PyTuple_GET_ITEM(spec, 0);
                Py_INCREF(input);
                PyUnicode_InternInPlace(&input);
                PyTuple_SET_ITEM(in->inputs, j, input);
            }
        }
        Py_ssize_t count = in->inputs == NULL ? 0 : PyTuple_GET_SIZE(in->inputs);
        Py_ssize_t room = in->width * (in->rows > 0 ? in->rows : 1) + 1;
        if ((in->numbers = PyMem_Calloc(room, sizeof(float))) == NULL ||
            (in->nonzero = PyMem_Calloc(room, sizeof(Py_ssize_t))) == NULL ||
            (in->input_slots = PyMem_Calloc(count + 1, sizeof(Slot))) == NULL ||
            (in->now = PyMem_Calloc(count + 1, sizeof(PyObject *))) == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        return 0;
    }
    case LOOKUP:
        if (!PyDict_Check(arg)) {
            break;
        }
        in->dict = arg;
        Py_INCREF(arg);
        return 0;
    case FRAMES: {
        if (!PyTuple_Check(arg) || PyTuple_GET_SIZE(arg) != 3 ||
            !PyDict_Check(PyTuple_GET_ITEM(arg, 0)) || !PyTuple_Check(PyTuple_GET_ITEM(arg, 1))) {
            break;
        }
        in->top = PyLong_AsUnsignedLongLongMask(PyTuple_GET_ITEM(arg, 2));
        if (PyErr_Occurred()) {
            return -1;
        }
        in->dict = PyTuple_GET_ITEM(arg, 0);
        Py_INCREF(in->dict);
        PyObject *groups = PyTuple_GET_ITEM(arg, 1);
        in->n_groups = PyTuple_GET_SIZE(groups);
        if (in->n_groups > 64) {
            PyErr_SetString(PyExc_ValueError, "at most 64 frame groups");
            in->n_groups = 0;
            return -1;
        }
        if ((in->groups = PyMem_Calloc(in->n_groups + 1, sizeof(Code))) == NULL) {
            in->n_groups = 0;
            PyErr_NoMemory();
            return -1;
        }
        for (Py_ssize_t g = 0; g < in->n_groups; g++) {
            if (code_init(&in->groups[g], PyTuple_GET_ITEM(groups, g)) < 0) {
                return -1;
            }
        }
        return 0;
    }
    default:
        PyErr_Format(PyExc_ValueError, "unknown instruction code %d", in->code);
        return -1;
    }
    PyErr_Format(PyExc_TypeError, "bad argument for instruction code %d", in->code);
    return -1;
}

static int code_init(Code *code, PyObject *program)
{
    if (!PyTuple_Check(program)) {
        PyErr_SetString(PyExc_TypeError, "a program is a tuple of instructions");
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(program);
    if ((code->ins = PyMem_Calloc(n + 1, sizeof(Instr))) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    code->n = n;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (instr_init(&code->ins[i], PyTuple_GET_ITEM(program, i)) < 0) {
            return -1;
        }
    }
    return 0;
}

static void program_dealloc(Program *self)
{
    code_free(&self->code);
    code_free(&self->watching);
    norm_free(&self->base.norm);
    Py_XDECREF(self->program);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int program_init(Program *self, PyObject *args, PyObject *kwds)
{
    PyObject *program, *scale, *low, *high, *watching = Py_None;
    Py_ssize_t size;
    long players;
    if (kwds != NULL && PyDict_GET_SIZE(kwds) > 0) {
        PyErr_SetString(PyExc_TypeError, "Program takes positional arguments only");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "O!nlOOO|O", &PyTuple_Type, &program, &size, &players, &scale,
                          &low, &high, &watching)) {
        return -1;
    }
    if (watching != Py_None && !PyTuple_Check(watching)) {
        PyErr_SetString(PyExc_TypeError, "the spectator's program is a tuple or None");
        return -1;
    }
    if (players < 1 || size < 1) {
        PyErr_SetString(PyExc_ValueError, "a program needs players and a size");
        return -1;
    }
    code_free(&self->code);
    code_free(&self->watching);
    self->has_watching = watching != Py_None;
    if (code_init(&self->code, program) < 0 ||
        (self->has_watching && code_init(&self->watching, watching) < 0) ||
        norm_init(&self->base.norm, size, scale, low, high) < 0) {
        code_free(&self->code);
        code_free(&self->watching);
        self->has_watching = 0;
        return -1;
    }
    self->players = players;
    PyObject *kept = PyTuple_Pack(2, program, watching);
    if (kept == NULL) {
        return -1;
    }
    Py_XSETREF(self->program, kept);
    return 0;
}

/* A number of the state as a double (ints and floats; bools are ints). */
static inline int as_double(PyObject *obj, double *value)
{
    if (PyLong_CheckExact(obj)) {
        long v = PyLong_AsLong(obj);
        if (v == -1 && PyErr_Occurred()) {
            return -1;
        }
        *value = (double)v;
        return 0;
    }
    *value = PyFloat_AsDouble(obj);
    return (*value == -1.0 && PyErr_Occurred()) ? -1 : 0;
}

/* Item ``k`` of a sequence (a new reference; lists and tuples the quick way). */
static inline PyObject *item_of(PyObject *seq, Py_ssize_t k)
{
    if (PyList_CheckExact(seq) && k >= 0 && k < PyList_GET_SIZE(seq)) {
        PyObject *item = PyList_GET_ITEM(seq, k);
        Py_INCREF(item);
        return item;
    }
    if (PyTuple_CheckExact(seq) && k >= 0 && k < PyTuple_GET_SIZE(seq)) {
        PyObject *item = PyTuple_GET_ITEM(seq, k);
        Py_INCREF(item);
        return item;
    }
    return PySequence_GetItem(seq, k);
}

/* The attribute an instruction names, following a dotted name (None on the way: None). */
static PyObject *get_attr(Instr *in, PyObject *state)
{
    if (in->path == NULL) {
        return read_attr(state, in->name, &in->slot);
    }
    PyObject *value = read_attr(state, PyList_GET_ITEM(in->path, 0), &in->slot);
    for (Py_ssize_t j = 1; value != NULL && j < PyList_GET_SIZE(in->path) && value != Py_None;
         j++) {
        PyObject *next = PyObject_GetAttr(value, PyList_GET_ITEM(in->path, j));
        Py_DECREF(value);
        value = next;
    }
    return value;
}

/* What an instruction reads: a new reference, or NULL with an exception. */
static PyObject *read_value(Instr *in, PyObject *state, PyObject *frame, PyObject *below)
{
    if (in->mode == BELOW_FIELD) { /* ``name``, when given, is the key it must have */
        if (below == NULL || (in->name != NULL &&
                              PyUnicode_Compare(PyTuple_GET_ITEM(below, 0), in->name) != 0)) {
            if (PyErr_Occurred()) {
                return NULL;
            }
            Py_RETURN_NONE;
        }
        if (in->k >= PyTuple_GET_SIZE(below)) {
            PyErr_SetString(PyExc_IndexError, "a frame field past its frame");
            return NULL;
        }
        return Py_NewRef(PyTuple_GET_ITEM(below, in->k));
    }
    if (in->mode == FRAME_FIELD) {
        if (frame == NULL || in->k >= PySequence_Fast_GET_SIZE(frame)) {
            PyErr_SetString(PyExc_IndexError, "a frame field past its frame");
            return NULL;
        }
        PyObject *item = PySequence_Fast_GET_ITEM(frame, in->k);
        Py_INCREF(item);
        return item;
    }
    PyObject *value = get_attr(in, state);
    if (value == NULL || in->mode == WHOLE) {
        return value;
    }
    Py_ssize_t index = in->mode == ITEM ? in->k : in->seat;
    PyObject *item = item_of(value, index);
    Py_DECREF(value);
    return item;
}

/* A number of a derived part as a double: floats and ints the quick way. */
static inline int number_of(PyObject *obj, double *value)
{
    if (PyFloat_CheckExact(obj)) {
        *value = PyFloat_AS_DOUBLE(obj);
        return 0;
    }
    return as_double(obj, value);
}

/* Where a derived op keeps one part's numbers: ``count`` of them, not 0, at ``nonzero``. */
typedef struct {
    Py_ssize_t *nonzero;
    float *numbers;
    Py_ssize_t *count;
} Keep;

static inline Keep keep_of(Instr *in, Py_ssize_t row)
{
    Keep k = {in->nonzero + row * in->width, in->numbers + row * in->width,
              in->rows > 0 ? &in->row_count[row] : &in->count};
    return k;
}

/* Keep ``made``, a dict of entry (from 0 to ``width``) to number, as the part's numbers. */
static int keep_entries(Instr *in, PyObject *made, Keep keep)
{
    PyObject *key, *number;
    Py_ssize_t pos = 0;
    *keep.count = 0;
    while (PyDict_Next(made, &pos, &key, &number)) {
        Py_ssize_t j = PyLong_Check(key) ? PyLong_AsSsize_t(key) : -1;
        double v;
        if (j < 0 || j >= in->width) {
            if (!PyErr_Occurred()) {
                PyErr_Format(PyExc_ValueError, "a derived part wrote entry %R of %zd", key,
                             in->width);
            }
            *keep.count = 0;
            return -1;
        }
        if (number_of(number, &v) < 0) {
            *keep.count = 0;
            return -1;
        }
        if (v != 0.0) {
            keep.nonzero[*keep.count] = j;
            keep.numbers[(*keep.count)++] = (float)v;
        }
    }
    return 0;
}

/* Keep ``made`` (a sequence of at most ``width`` numbers) as the instruction's numbers:
 * only those not 0, with where they go. */
static int keep_numbers(Instr *in, PyObject *made, Keep keep)
{
    if (PyDict_CheckExact(made)) {
        return keep_entries(in, made, keep);
    }
    PyObject *seq = PySequence_Fast(made, "a derived op gives a sequence of numbers");
    if (seq == NULL) {
        return -1;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    int failed = 0;
    *keep.count = 0;
    if (count > in->width) {
        PyErr_Format(PyExc_ValueError, "a derived part gave %zd numbers for %zd entries", count,
                     in->width);
        failed = 1;
    }
    for (Py_ssize_t j = 0; !failed && j < count; j++) {
        double v;
        if (number_of(items[j], &v) < 0) {
            failed = 1;
        } else if (v != 0.0) {
            keep.nonzero[*keep.count] = j;
            keep.numbers[(*keep.count)++] = (float)v;
        }
    }
    if (failed) {
        *keep.count = 0;
    }
    Py_DECREF(seq);
    return failed ? -1 : 0;
}

/* A copy of ``obj`` that later changes to it do not reach: lists are copied, recursively;
 * anything else the rules keep in a state is immutable. */
static PyObject *snapshot(PyObject *obj)
{
    if (!PyList_CheckExact(obj)) {
        Py_INCREF(obj);
        return obj;
    }
    Py_ssize_t n = PyList_GET_SIZE(obj);
    PyObject *copy = PyList_New(n);
    if (copy == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = snapshot(PyList_GET_ITEM(obj, i));
        if (item == NULL) {
            Py_DECREF(copy);
            return NULL;
        }
        PyList_SET_ITEM(copy, i, item);
    }
    return copy;
}

/* ``a == b`` for a value read now and its kept copy: lists and tuples whose items are the
 * very same objects are equal without a compare each (a kept list holds the items it was
 * copied from, and most reads change nothing); anything else is compared as Python does. */
static int same_value(PyObject *a, PyObject *b)
{
    if (a == b) {
        return 1;
    }
    PyObject **x = NULL, **y = NULL;
    Py_ssize_t n = 0;
    if (PyList_CheckExact(a) && PyList_CheckExact(b) && PyList_GET_SIZE(a) == PyList_GET_SIZE(b)) {
        x = ((PyListObject *)a)->ob_item;
        y = ((PyListObject *)b)->ob_item;
        n = PyList_GET_SIZE(a);
    } else if (PyTuple_CheckExact(a) && PyTuple_CheckExact(b) &&
               PyTuple_GET_SIZE(a) == PyTuple_GET_SIZE(b)) {
        x = ((PyTupleObject *)a)->ob_item;
        y = ((PyTupleObject *)b)->ob_item;
        n = PyTuple_GET_SIZE(a);
    }
    if (x != NULL) {
        Py_ssize_t i = 0;
        while (i < n && x[i] == y[i]) {
            i++;
        }
        if (i == n) {
            return 1;
        }
    }
    return PyObject_RichCompareBool(a, b, Py_EQ);
}

/* ``fn(obj, seat, me)`` and ``fn(obj, me)`` (vectorcall: no argument tuple). */
static PyObject *call3(PyObject *fn, PyObject *obj, long seat, long me)
{
    PyObject *a = PyLong_FromLong(seat), *b = PyLong_FromLong(me);
    PyObject *made = NULL;
    if (a != NULL && b != NULL) {
        PyObject *args[3] = {obj, a, b};
        made = PyObject_Vectorcall(fn, args, 3, NULL);
    }
    Py_XDECREF(a);
    Py_XDECREF(b);
    return made;
}

static PyObject *call2(PyObject *fn, PyObject *obj, long me)
{
    PyObject *b = PyLong_FromLong(me);
    if (b == NULL) {
        return NULL;
    }
    PyObject *args[2] = {obj, b};
    PyObject *made = PyObject_Vectorcall(fn, args, 2, NULL);
    Py_DECREF(b);
    return made;
}

static void release(PyObject **objs, Py_ssize_t count)
{
    for (Py_ssize_t j = 0; j < count; j++) {
        Py_CLEAR(objs[j]);
    }
}

/* Read the inputs of a derived op into ``in->now``: 1 when they equal the kept ones (and
 * the observer is the same), 0 when not, -1 with an exception. Compares as it reads, so a
 * kept part costs no allocation. */
static int read_inputs(Instr *in, PyObject *state, long me)
{
    Py_ssize_t count = PyTuple_GET_SIZE(in->inputs);
    int same = in->kept != NULL && in->kept_me == me;
    for (Py_ssize_t j = 0; j < count; j++) {
        PyObject *value =
            read_attr(state, PyTuple_GET_ITEM(in->inputs, j), &in->input_slots[j]);
        if (value != NULL && in->input_mode[j] == OF_SEAT && in->input_k[j] > 0) {
            PyObject *whole = value; /* the seat's run of ``k`` items */
            Py_ssize_t k = in->input_k[j];
            value = PySequence_GetSlice(whole, in->seat * k, in->seat * k + k);
            Py_DECREF(whole);
            if (value != NULL && !PyList_CheckExact(value)) {
                Py_SETREF(value, PySequence_List(value));
            }
        } else if (value != NULL && in->input_mode[j] != WHOLE) {
            PyObject *whole = value;
            value = item_of(whole, in->input_mode[j] == ITEM ? in->input_k[j] : in->seat);
            Py_DECREF(whole);
        }
        if (value == NULL) {
            release(in->now, j);
            return -1;
        }
        in->now[j] = value;
        if (same) {
            same = same_value(value, PyTuple_GET_ITEM(in->kept, j));
            if (same < 0) {
                release(in->now, j + 1);
                return -1;
            }
        }
    }
    return same;
}

/* The kept numbers of ``keep`` made final: each at its place in the vector from ``base``,
 * normalised as ``put`` would write it (a place outside the vector kept as -1), so that
 * writing them again is a store each while they are kept. */
static void settle(Keep keep, Py_ssize_t base, const Norm *norm)
{
    for (Py_ssize_t j = 0; j < *keep.count; j++) {
        Py_ssize_t i = base + keep.nonzero[j];
        if ((size_t)i >= (size_t)norm->size) {
            keep.nonzero[j] = -1;
            continue;
        }
        keep.nonzero[j] = i;
        keep.numbers[j] = normalised(norm, i, keep.numbers[j]);
    }
}

/* Write settled numbers (see ``settle``). */
static inline void write_settled(Keep keep, Out *out)
{
    for (Py_ssize_t j = 0; j < *keep.count; j++) {
        Py_ssize_t i = keep.nonzero[j];
        if (i < 0) {
            out->bad = 1;
        } else {
            out->data[i] = keep.numbers[j];
        }
    }
}

static int derive(Instr *in, PyObject *state, long me, Py_ssize_t at, const Norm *norm)
{
    Py_ssize_t count = PyTuple_GET_SIZE(in->inputs);
    if (count > 0) {
        int same = read_inputs(in, state, me);
        if (same != 0) {
            release(in->now, same < 0 ? 0 : count);
            return same < 0 ? -1 : 0;
        }
    }
    PyObject *made = call3(in->fn, state, in->seat, me);
    int failed = made == NULL || keep_numbers(in, made, keep_of(in, 0)) < 0;
    if (!failed) {
        settle(keep_of(in, 0), at, norm);
    }
    Py_XDECREF(made);
    Py_CLEAR(in->kept);
    PyObject *kept = failed || count == 0 ? NULL : PyTuple_New(count);
    for (Py_ssize_t j = 0; kept != NULL && j < count; j++) {
        PyObject *copy = snapshot(in->now[j]);
        if (copy == NULL) {
            Py_CLEAR(kept);
            break;
        }
        PyTuple_SET_ITEM(kept, j, copy);
    }
    release(in->now, count);
    if (failed || (count > 0 && kept == NULL)) {
        in->count = 0;
        return -1;
    }
    in->kept = kept;
    in->kept_me = me;
    return 0;
}

static int derive_frame(Instr *in, PyObject *frame, long me, Py_ssize_t at, const Norm *norm)
{
    if (in->kept != NULL && in->kept_me == me) {
        int same = same_value(frame, in->kept);
        if (same != 0) {
            return same < 0 ? -1 : 0;
        }
    }
    PyObject *made = call2(in->fn, frame, me);
    int failed = made == NULL || keep_numbers(in, made, keep_of(in, 0)) < 0;
    if (!failed) {
        settle(keep_of(in, 0), at, norm);
    }
    Py_XDECREF(made);
    Py_CLEAR(in->kept);
    if (failed) {
        return -1;
    }
    in->kept = snapshot(frame);
    in->kept_me = me;
    return in->kept == NULL ? -1 : 0;
}

/* Derived rows: the whole inputs are compared first (a change remakes every row), then
 * each row's items, attribute by attribute; only rows whose inputs changed are made again,
 * each by ``fn(state, row, me)``; every row is then written. */
static int derive_rows(Instr *in, PyObject *state, long me, Py_ssize_t at, Out *out)
{
    Py_ssize_t wholes = PyTuple_GET_SIZE(in->inputs);
    Py_ssize_t items = PyTuple_GET_SIZE(in->row_items);
    int every = 1;
    if (wholes > 0) {
        int same = read_inputs(in, state, me);
        if (same < 0) {
            return -1;
        }
        every = !same;
    } else if (in->kept != NULL && in->kept_me == me) {
        every = 0;
    }
    PyObject **lists = in->row_lists;
    int failed = 0;
    Py_ssize_t read = 0;
    for (; read < items; read++) {
        PyObject *list = read_attr(state, PyTuple_GET_ITEM(in->row_items, read),
                                   &in->row_slots[read]);
        if (list == NULL) {
            failed = 1;
            break;
        }
        lists[read] = PySequence_Fast(list, "derived rows read lists");
        Py_DECREF(list);
        if (lists[read] == NULL) {
            failed = 1;
            break;
        }
        if (PySequence_Fast_GET_SIZE(lists[read]) < in->rows) {
            PyErr_Format(PyExc_IndexError, "%U has fewer than %zd items",
                         PyTuple_GET_ITEM(in->row_items, read), in->rows);
            Py_DECREF(lists[read]);
            failed = 1;
            break;
        }
    }
    /* an attribute equal to its kept copy as a whole spares its rows' compares */
    unsigned long long changed = 0;
    for (Py_ssize_t j = 0; !failed && !every && j < items; j++) {
        int same = same_value(lists[j], PyList_GET_ITEM(in->kept_rows, j));
        if (same < 0) {
            failed = 1;
        } else if (!same) {
            changed |= j < 64 ? 1ULL << j : ~0ULL;
        }
    }
    for (Py_ssize_t r = 0; !failed && r < in->rows; r++) {
        int same = !every;
        for (Py_ssize_t j = 0; same && changed && j < items; j++) {
            if (!(changed >> (j < 64 ? j : 63) & 1)) {
                continue;
            }
            PyObject *kept = PyList_GET_ITEM(PyList_GET_ITEM(in->kept_rows, j), r);
            same = kept != Py_None &&
                   same_value(PySequence_Fast_GET_ITEM(lists[j], r), kept);
            if (same < 0) {
                failed = 1;
            }
        }
        if (!same && !failed) {
            PyObject *made = call3(in->fn, state, (long)r, me);
            failed = made == NULL || keep_numbers(in, made, keep_of(in, r)) < 0;
            if (!failed) {
                settle(keep_of(in, r), at + r * in->stride, out->norm);
            }
            Py_XDECREF(made);
            for (Py_ssize_t j = 0; j < items; j++) {
                PyObject *copy =
                    failed ? Py_NewRef(Py_None) : snapshot(PySequence_Fast_GET_ITEM(lists[j], r));
                if (copy == NULL) {
                    failed = 1;
                    copy = Py_NewRef(Py_None);
                }
                PyList_SetItem(PyList_GET_ITEM(in->kept_rows, j), r, copy);
            }
        }
        if (!failed) {
            write_settled(keep_of(in, r), out);
        }
    }
    release(lists, read);
    Py_CLEAR(in->kept);
    if (failed) {
        release(in->now, wholes);
        return -1;
    }
    PyObject *kept = PyTuple_New(wholes);
    for (Py_ssize_t j = 0; kept != NULL && j < wholes; j++) {
        PyObject *copy = snapshot(in->now[j]);
        if (copy == NULL) {
            Py_CLEAR(kept);
            break;
        }
        PyTuple_SET_ITEM(kept, j, copy);
    }
    release(in->now, wholes);
    if (kept == NULL) {
        return -1;
    }
    in->kept = kept;
    in->kept_me = me;
    return 0;
}

static int run(const Code *code, PyObject *state, long me, long n, Out *out, PyObject *frame,
               PyObject *below);

static int frames(Instr *in, PyObject *state, long me, long n, Out *out)
{
    PyObject *stack = read_attr(state, str_stack, &in->slot);
    if (stack == NULL) {
        return -1;
    }
    PyObject *seq = PySequence_Fast(stack, "the decision stack is a list");
    Py_DECREF(stack);
    if (seq == NULL) {
        return -1;
    }
    unsigned long long done = 0;
    unsigned long long every =
        in->n_groups == 64 ? ~0ULL : ((1ULL << in->n_groups) - 1);
    int failed = 0;
    /* when every group is read from the top frame only, no frame below it is looked at */
    Py_ssize_t last = (in->top & every) == every ? PySequence_Fast_GET_SIZE(seq) - 1 : 0;
    if (last < 0) {
        last = 0;
    }
    for (Py_ssize_t i = PySequence_Fast_GET_SIZE(seq) - 1; i >= last && done != every; i--) {
        PyObject *frame = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyTuple_Check(frame) || PyTuple_GET_SIZE(frame) == 0) {
            PyErr_SetString(PyExc_TypeError, "a frame is a non-empty tuple");
            failed = 1;
            break;
        }
        PyObject *group = PyDict_GetItemWithError(in->dict, PyTuple_GET_ITEM(frame, 0));
        if (group == NULL) {
            if (PyErr_Occurred()) {
                failed = 1;
                break;
            }
            continue;
        }
        long g = PyLong_AsLong(group);
        if (g < 0 || g >= in->n_groups) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "a frame group out of range");
            }
            failed = 1;
            break;
        }
        if (done >> g & 1) {
            continue;
        }
        done |= 1ULL << g;
        if (in->top >> g & 1 && i != PySequence_Fast_GET_SIZE(seq) - 1) {
            continue;
        }
        PyObject *below = i > 0 ? PySequence_Fast_GET_ITEM(seq, i - 1) : NULL;
        if (below != NULL && (!PyTuple_Check(below) || PyTuple_GET_SIZE(below) == 0)) {
            PyErr_SetString(PyExc_TypeError, "a frame is a non-empty tuple");
            failed = 1;
            break;
        }
        if (run(&in->groups[g], state, me, n, out, frame, below) < 0) {
            failed = 1;
            break;
        }
    }
    Py_DECREF(seq);
    return failed ? -1 : 0;
}

/* ``min(v / scale, cap)`` as Python computes it (``v / scale`` skipped for a scale of 1). */
static inline double scaled(const Instr *in, double v)
{
    if (in->scale != 1.0) {
        v = v / in->scale;
    }
    return v < in->cap ? v : in->cap;
}

static int write_kept(Instr *in, Out *out)
{
    write_settled(keep_of(in, 0), out);
    return 0;
}

static const char *what(const Instr *in)
{
    return in->name == NULL ? "a frame field" : PyUnicode_AsUTF8(in->name);
}

static int run_one(Instr *in, PyObject *state, long me, long n, Out *out, PyObject *frame,
                   PyObject *below)
{
    Py_ssize_t at = in->at;
    if (in->seat >= 0) {
        at += ((in->seat - me) % n + n) % n * in->stride;
    }
    switch (in->code) {
    case DERIVED:
        return derive(in, state, me, at, out->norm) < 0 ? -1 : write_kept(in, out);
    case FRAME_DERIVED:
        return derive_frame(in, frame, me, at, out->norm) < 0 ? -1 : write_kept(in, out);
    case DERIVED_ROWS:
        return derive_rows(in, state, me, at, out);
    case FRAMES:
        return frames(in, state, me, n, out);
    default:
        break;
    }
    PyObject *value;
    if ((in->code == VALUES || in->code == TOTAL) && in->mode == OF_SEAT) {
        value = get_attr(in, state);
    } else if (in->code == VALUES && in->mode == FRAME_FIELD) {
        if (frame == NULL) {
            PyErr_SetString(PyExc_ValueError, "values of a frame outside a frame");
            return -1;
        }
        value = Py_NewRef(frame);
    } else {
        value = read_value(in, state, frame, below);
    }
    if (value == NULL) {
        return -1;
    }
    if (value == Py_None) { /* a dotted name through nothing: nothing to write */
        Py_DECREF(value);
        return 0;
    }
    int failed = 0;
    switch (in->code) {
    case NUMBER: {
        double v;
        if (as_double(value, &v) < 0) {
            failed = 1;
        } else if (v != 0.0) {
            put(out, at, scaled(in, v));
        }
        break;
    }
    case VALUES: {
        PyObject *seq = PySequence_Fast(value, "values reads a list");
        if (seq == NULL) {
            failed = 1;
            break;
        }
        Py_ssize_t start = in->b + (in->mode == OF_SEAT    ? in->seat * in->a
                                    : in->mode == FRAME_FIELD ? in->k
                                                              : 0);
        if (start < 0 || start + in->a > PySequence_Fast_GET_SIZE(seq)) {
            PyErr_Format(PyExc_IndexError, "%s is too short", what(in));
            failed = 1;
        }
        for (Py_ssize_t j = 0; !failed && j < in->a; j++) {
            double v;
            if (as_double(PySequence_Fast_GET_ITEM(seq, start + j), &v) < 0) {
                failed = 1;
            } else if (v != 0.0) {
                put(out, at + j, scaled(in, v));
            }
        }
        Py_DECREF(seq);
        break;
    }
    case TOTAL: {
        PyObject *seq = PySequence_Fast(value, "total reads a list");
        if (seq == NULL) {
            failed = 1;
            break;
        }
        Py_ssize_t start = in->b + (in->mode == OF_SEAT ? in->seat * in->a : 0);
        if (start < 0 || start + in->a > PySequence_Fast_GET_SIZE(seq)) {
            PyErr_Format(PyExc_IndexError, "%s is too short", what(in));
            failed = 1;
        }
        double sum = 0.0;
        for (Py_ssize_t j = 0; !failed && j < in->a; j++) {
            double v;
            if (as_double(PySequence_Fast_GET_ITEM(seq, start + j), &v) < 0) {
                failed = 1;
            } else {
                sum += v;
            }
        }
        if (!failed && sum != 0.0) {
            put(out, at, scaled(in, sum));
        }
        Py_DECREF(seq);
        break;
    }
    case SEAT_VALUES: {
        PyObject *seq = PySequence_Fast(value, "seat_values reads a list");
        if (seq == NULL) {
            failed = 1;
            break;
        }
        if (in->a < 0 || in->a + n > PySequence_Fast_GET_SIZE(seq)) {
            PyErr_Format(PyExc_IndexError, "%s is too short", what(in));
            failed = 1;
        }
        for (long p = 0; !failed && p < n; p++) {
            double v;
            if (as_double(PySequence_Fast_GET_ITEM(seq, in->a + p), &v) < 0) {
                failed = 1;
            } else if (v != 0.0) {
                put(out, at + ((p - me) % n + n) % n * in->b, scaled(in, v));
            }
        }
        Py_DECREF(seq);
        break;
    }
    case ONEHOT: {
        long v = PyLong_AsLong(value);
        if (v == -1 && PyErr_Occurred()) {
            failed = 1;
            break;
        }
        v -= in->a;
        if (v >= in->b) {
            PyErr_Format(PyExc_ValueError, "%s is %ld, past its %ld places", what(in),
                         v + in->a, in->b);
            failed = 1;
        } else if (v >= 0) {
            put(out, at + v, 1.0);
        }
        break;
    }
    case SEATHOT: {
        long v = PyLong_AsLong(value);
        if (v == -1 && PyErr_Occurred()) {
            failed = 1;
        } else if (v >= 0 && ((v - me) % n + n) % n < in->a) {
            put(out, at + ((v - me) % n + n) % n, 1.0);
        }
        break;
    }
    case SEAT_BITS: {
        unsigned long long mask = PyLong_AsUnsignedLongLongMask(value);
        if (mask == (unsigned long long)-1 && PyErr_Occurred()) {
            failed = 1;
            break;
        }
        for (long p = 0; p < n && p < 64; p++) {
            if (mask >> p & 1) {
                put(out, at + ((p - me) % n + n) % n, 1.0);
            }
        }
        break;
    }
    case BITS: {
        unsigned long long mask = PyLong_AsUnsignedLongLongMask(value);
        if (mask == (unsigned long long)-1 && PyErr_Occurred()) {
            failed = 1;
            break;
        }
        if (in->a < 64) {
            mask &= (1ULL << in->a) - 1;
        }
        while (mask) {
            put(out, at + __builtin_ctzll(mask), 1.0);
            mask &= mask - 1;
        }
        break;
    }
    case MEMBERS: {
        PyObject *seq = PySequence_Fast(value, "members reads a list");
        if (seq == NULL) {
            failed = 1;
            break;
        }
        for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(seq); j++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, j));
            if (v == -1 && PyErr_Occurred()) {
                failed = 1;
                break;
            }
            if (v >= in->a) {
                PyErr_Format(PyExc_ValueError, "%s holds %ld, past its %ld places", what(in), v,
                             in->a);
                failed = 1;
                break;
            }
            if (v >= 0) {
                put(out, at + v, 1.0);
            }
        }
        Py_DECREF(seq);
        break;
    }
    case LENGTH: {
        Py_ssize_t len = PyObject_Length(value);
        if (len < 0) {
            failed = 1;
        } else if (len > 0) {
            put(out, at, scaled(in, (double)len));
        }
        break;
    }
    case LOOKUP: {
        PyObject *index = PyDict_GetItemWithError(in->dict, value);
        if (index == NULL) {
            failed = PyErr_Occurred() != NULL;
            break;
        }
        long v = PyLong_AsLong(index);
        if (v == -1 && PyErr_Occurred()) {
            failed = 1;
        } else {
            put(out, at + v, 1.0);
        }
        break;
    }
    default:
        PyErr_Format(PyExc_ValueError, "unknown instruction code %d", in->code);
        failed = 1;
    }
    Py_DECREF(value);
    return failed ? -1 : 0;
}

static int run(const Code *code, PyObject *state, long me, long n, Out *out, PyObject *frame,
               PyObject *below)
{
    for (Py_ssize_t i = 0; i < code->n; i++) {
        if (run_one(&code->ins[i], state, me, n, out, frame, below) < 0) {
            return -1;
        }
    }
    return 0;
}

static int program_encode(EncoderBase *base, PyObject *state, long seat, Out *out)
{
    Program *self = (Program *)base;
    const Code *code = seat < 0 && self->has_watching ? &self->watching : &self->code;
    return run(code, state, seat < 0 ? 0 : seat, self->players, out, NULL, NULL);
}

static PyObject *Program_encode(Program *self, PyObject *const *args, Py_ssize_t nargs)
{
    return encoder_call((EncoderBase *)self, args, nargs, program_encode);
}

static PyMethodDef Program_methods[] = {
    {"encode", (PyCFunction)(void (*)(void))Program_encode, METH_FASTCALL,
     "encode(state, seat, out): write the normalised vector of what seat (None: the "
     "spectator) sees into the float32 array out."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ProgramType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "boardlab._native.vector.Program",
    .tp_doc = "A declared observation program, compiled (see boardlab.engine.vector).",
    .tp_basicsize = sizeof(Program),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)(void (*)(void))program_init,
    .tp_dealloc = (destructor)(void (*)(void))program_dealloc,
    .tp_methods = Program_methods,
};

static struct PyModuleDef vector_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "boardlab._native.vector",
    .m_doc = "Runs declared observation programs (boardlab.engine.vector); knows no game.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit_vector(void)
{
    if (str_stack == NULL && (str_stack = PyUnicode_InternFromString("stack")) == NULL) {
        return NULL;
    }
    if (PyType_Ready(&ProgramType) < 0) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&vector_module);
    if (module == NULL) {
        return NULL;
    }
    Py_INCREF(&ProgramType);
    if (PyModule_AddObject(module, "Program", (PyObject *)&ProgramType) < 0) {
        Py_DECREF(&ProgramType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
