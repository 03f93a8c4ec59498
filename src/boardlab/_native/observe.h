/* The normalisation and the call of the compiled observation kernel (``vector.c``).
 *
 * ``Program.encode(state, seat, out)`` writes the whole normalised observation vector of
 * ``seat`` (an int, or None for the spectator) into ``out``, a C-contiguous float32 buffer
 * of the program's size: ``encoder_call`` zeroes ``out`` and the program writes only its
 * non-zero entries, through ``put`` (or, for numbers it keeps, already normalised by
 * ``normalised``), which applies the adapters' normalisation
 * (``boardlab.encoding.vectors.Observer``: multiply by the entry's float32 scale, then clip
 * into [low, high], in float32 like numpy). The result is bit for bit
 * ``Observer(encodings, fast=False).vector(state, seat)``.
 *
 * ``put`` normalises what it writes, so an entry is written once with its final raw value
 * (sum first, then ``put``); writing an entry again replaces it.
 */
#ifndef BOARDLAB_OBSERVE_H
#define BOARDLAB_OBSERVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

/* The normalisation of one entry, side by side so that ``put`` reads one cache line. */
typedef struct {
    float scale; /* 1 when the observer does not scale */
    float low;
    float high;
} Bounds;

/* The normalisation of one observer: its bounds per entry (NULL until ``norm_init``). */
typedef struct {
    Py_ssize_t size;
    Bounds *bounds;
} Norm;

/* The vector being written; ``bad`` is set by a write out of range (an encoder bug). */
typedef struct {
    float *data;
    const Norm *norm;
    int bad;
} Out;

typedef struct {
    PyObject_HEAD
    Norm norm;
} EncoderBase;

/* Write the non-zero entries of ``seat``'s vector (seat -1: the spectator) into ``out``.
 * Return 0, or -1 with a Python exception set. */
typedef int (*EncodeFn)(EncoderBase *self, PyObject *state, long seat, Out *out);

#if defined(__GNUC__) || defined(__clang__)
#define OBSERVE_INLINE inline __attribute__((always_inline))
#else
#define OBSERVE_INLINE inline
#endif

/* The encoders' inner loop (hundreds of entries a call): always inlined, as compilers at
 * -O2 would not inline it everywhere. Multiplying by a scale of 1 changes no float. */
static OBSERVE_INLINE float normalised(const Norm *norm, Py_ssize_t i, double value)
{
    const Bounds *b = &norm->bounds[i];
    float f = (float)value * b->scale;
    if (f > b->high) {
        f = b->high;
    }
    if (f < b->low) {
        f = b->low;
    }
    return f;
}

static OBSERVE_INLINE void put(Out *out, Py_ssize_t i, double value)
{
    const Norm *norm = out->norm;
    if ((size_t)i >= (size_t)norm->size) {
        out->bad = 1;
        return;
    }
    out->data[i] = normalised(norm, i, value);
}

/* A copy of a float32 array of ``size`` entries (new memory, NULL with an exception). */
static float *copy_floats(PyObject *array, Py_ssize_t size, const char *name)
{
    Py_buffer view;
    if (PyObject_GetBuffer(array, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        return NULL;
    }
    float *copy = NULL;
    if (view.itemsize != 4 || view.format == NULL || strcmp(view.format, "f") != 0 ||
        view.len != size * 4) {
        PyErr_Format(PyExc_ValueError, "%s must be %zd float32 values", name, size);
    } else if ((copy = PyMem_Malloc(size * sizeof(float))) == NULL) {
        PyErr_NoMemory();
    } else {
        memcpy(copy, view.buf, size * sizeof(float));
    }
    PyBuffer_Release(&view);
    return copy;
}

/* Release ``norm``'s bounds (an encoder without them refuses to encode). */
static void norm_free(Norm *norm)
{
    PyMem_Free(norm->bounds);
    norm->bounds = NULL;
}

/* Fill ``norm`` (zeroed, as tp_alloc leaves it, or filled before: what it held is freed)
 * from the observer's float32 arrays; ``scale`` may be None (no scaling). Every entry's
 * bounds must hold 0 (the entries never written stay 0). Return 0, or -1 with an
 * exception. */
static int norm_init(Norm *norm, Py_ssize_t size, PyObject *scale, PyObject *low,
                     PyObject *high)
{
    norm_free(norm);
    float *lows = copy_floats(low, size, "low");
    float *highs = lows == NULL ? NULL : copy_floats(high, size, "high");
    float *scales = NULL;
    Bounds *bounds = NULL;
    int failed = highs == NULL ||
                 (scale != Py_None && (scales = copy_floats(scale, size, "scale")) == NULL);
    if (!failed && (bounds = PyMem_Malloc(size * sizeof(Bounds))) == NULL) {
        PyErr_NoMemory();
        failed = 1;
    }
    for (Py_ssize_t i = 0; !failed && i < size; i++) {
        bounds[i].scale = scales == NULL ? 1.0f : scales[i];
        bounds[i].low = lows[i];
        bounds[i].high = highs[i];
        if (lows[i] > 0.0f || highs[i] < 0.0f) {
            PyErr_Format(PyExc_ValueError, "entry %zd's bounds do not hold 0", i);
            failed = 1;
        }
    }
    PyMem_Free(lows);
    PyMem_Free(highs);
    PyMem_Free(scales);
    if (failed) {
        PyMem_Free(bounds);
        return -1;
    }
    norm->size = size;
    norm->bounds = bounds;
    return 0;
}

/* The body of every ``Encoder.encode(state, seat, out)`` (METH_FASTCALL). */
static PyObject *encoder_call(EncoderBase *self, PyObject *const *args, Py_ssize_t nargs,
                              EncodeFn encode)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "encode(state, seat, out) takes 3 arguments");
        return NULL;
    }
    if (self->norm.bounds == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the encoder was not initialised");
        return NULL;
    }
    long seat = -1;
    if (args[1] != Py_None) {
        seat = PyLong_AsLong(args[1]);
        if (seat == -1 && PyErr_Occurred()) {
            return NULL;
        }
        if (seat < 0) {
            PyErr_SetString(PyExc_ValueError, "seat must be a seat number or None");
            return NULL;
        }
    }
    Py_buffer view;
    if (PyObject_GetBuffer(args[2], &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        return NULL;
    }
    if (view.len != self->norm.size * 4 || view.itemsize != 4) {
        PyBuffer_Release(&view);
        PyErr_Format(PyExc_ValueError, "out must hold %zd float32 values", self->norm.size);
        return NULL;
    }
    Out out = {(float *)view.buf, &self->norm, 0};
    memset(out.data, 0, view.len);
    int failed = encode(self, args[0], seat, &out);
    PyBuffer_Release(&view);
    if (failed) {
        return NULL;
    }
    if (out.bad) {
        PyErr_SetString(PyExc_RuntimeError, "the encoder wrote outside the vector");
        return NULL;
    }
    Py_RETURN_NONE;
}

#endif
