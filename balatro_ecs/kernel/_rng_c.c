/* The optional compiled form of the hot functions of balatro_ecs/kernel/rng.py.
 *
 * rng.py is the reference: every function here computes the same bits as its pure-Python
 * counterpart there (first_draw, _walk, LuaRandom.seed + LuaRandom.shuffle, _advance_py,
 * _roll_py, _round13), and
 * tests/test_rng_compiled.py checks them equal over many inputs. The package works without
 * this module (setup.py builds it as an optional extension; rng.py falls back to Python when
 * it is absent or when BALATRO_ECS_PURE_PYTHON is set).
 *
 * Exactness: doubles are IEEE binary64, every operation is written in the order Python
 * evaluates it, and the build passes -ffp-contract=off so that no a*b+c becomes a fused
 * multiply-add (which rounds once instead of twice and would change the last bit).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define PI_D 3.141592653589793
#define E_D 2.718281828459045

static inline uint64_t bits_of(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static inline double double_of(uint64_t u) {
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

/* One step of a TW223 word (k, q, s): LuaJIT's generator, as rng._word_step. */
#define WORD_STEP(z, k, q, s) \
    ((((((z) << (q)) ^ (z)) >> ((k) - (s)))) ^ (((z) & (UINT64_MAX << (64 - (k)))) << (s)))

typedef struct {
    uint64_t z0, z1, z2, z3;
} tw223;

static inline uint64_t tw_step(tw223 *g) {
    g->z0 = WORD_STEP(g->z0, 63, 31, 18);
    g->z1 = WORD_STEP(g->z1, 58, 19, 28);
    g->z2 = WORD_STEP(g->z2, 55, 24, 7);
    g->z3 = WORD_STEP(g->z3, 47, 21, 8);
    return ((g->z0 ^ g->z1 ^ g->z2 ^ g->z3) & 0x000FFFFFFFFFFFFFULL) | 0x3FF0000000000000ULL;
}

/* math.randomseed(d): four words from successive d*pi + e (each at least 1 << shift), then
 * ten warm-up steps (rng._seed_words over rng._TABLES). */
static void tw_seed(tw223 *g, double d) {
    uint64_t u;
    d = d * PI_D + E_D;
    u = bits_of(d);
    g->z0 = u < 2 ? u + 2 : u;
    d = d * PI_D + E_D;
    u = bits_of(d);
    g->z1 = u < 64 ? u + 64 : u;
    d = d * PI_D + E_D;
    u = bits_of(d);
    g->z2 = u < 512 ? u + 512 : u;
    d = d * PI_D + E_D;
    u = bits_of(d);
    g->z3 = u < 131072 ? u + 131072 : u;
    for (int i = 0; i < 10; i++) {
        tw_step(g);
    }
}

static inline double tw_random(tw223 *g) {
    return double_of(tw_step(g)) - 1.0;
}

/* first_draw(d): math.randomseed(d); return math.random() */
static PyObject *first_draw(PyObject *self, PyObject *arg) {
    double d = PyFloat_AsDouble(arg);
    if (d == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    tw223 g;
    tw_seed(&g, d);
    return PyFloat_FromDouble(tw_random(&g));
}

/* Python's float % 1.0 (float_rem): fmod, moved into [0, 1), zero as +0.0. For x >= 0 it
 * is x - floor(x), to the bit: floor(x) is exact and so is the difference (the fraction
 * of a double is a double), +0.0 for a whole x; fmod's cost grows with x's exponent (the
 * hash's steps reach 1e15 and more), floor's does not. */
static inline double py_mod1(double x) {
    if (x >= 0.0) {
        return x - floor(x); /* (inf gives nan, as fmod does) */
    }
    double mod = fmod(x, 1.0);
    if (mod) {
        if (mod < 0) {
            mod += 1.0;
        }
    } else {
        mod = 0.0;
    }
    return mod;
}

/* The string hash's steps over the n bytes at b, from the last, at positions *i down to
 * *i - n + 1, starting from *num: 0, or -1 when a step would divide by zero (num == 0).
 * *i and *num are left where the walk stopped. */
static inline int walk_bytes(const char *b, Py_ssize_t n, Py_ssize_t *i, double *num) {
    double v = *num;
    Py_ssize_t at = *i;
    for (Py_ssize_t k = n - 1; k >= 0; k--, at--) {
        if (v == 0.0) {
            *i = at;
            *num = v;
            return -1;
        }
        double x = (1.1239285023 / v) * (double)(unsigned char)b[k];
        x = x * PI_D;
        x = x + PI_D * (double)at;
        v = py_mod1(x);
    }
    *i = at;
    *num = v;
    return 0;
}

/* _walk(data, offset, num): the string hash's steps over data from its end. */
static PyObject *walk(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "walk(data, offset, num) takes 3 arguments");
        return NULL;
    }
    char *data;
    Py_ssize_t n;
    if (PyBytes_AsStringAndSize(args[0], &data, &n) < 0) {
        return NULL;
    }
    Py_ssize_t offset = PyLong_AsSsize_t(args[1]);
    if (offset == -1 && PyErr_Occurred()) {
        return NULL;
    }
    double num = PyFloat_AsDouble(args[2]);
    if (num == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    Py_ssize_t i = offset + n;
    if (walk_bytes(data, n, &i, &num) < 0) {
        PyErr_SetString(PyExc_ZeroDivisionError, "float division by zero");
        return NULL;
    }
    return PyFloat_FromDouble(num);
}

/* Python's round(x, 13) for a finite x >= 0 (what the game's string.format("%.13f") does
 * to a stream's state): the decimal nearest to x with 13 digits after the point (ties to
 * even, on x's exact value), then the double nearest to that. With 128-bit integers the
 * first step is exact integer arithmetic (x = m * 2^e, so x * 10^13 = m * 10^13 / 2^-e)
 * and the second one division of two exact doubles (q < 2^44, 10^13), which IEEE rounds
 * correctly; without them, through the correctly rounded conversions to and from text. */
static double round13(double x) {
#if defined(__SIZEOF_INT128__)
    if (x == 0.0 || !isfinite(x)) {
        return x; /* as round() leaves them */
    }
    int exp;
    double frac = frexp(x, &exp); /* x = frac * 2^exp, frac in [0.5, 1) */
    uint64_t m = (uint64_t)ldexp(frac, 53); /* exact: 53 bits */
    int shift = 53 - exp;                    /* x = m / 2^shift */
    if (shift <= 0) {
        return x; /* x >= 2^53: whole already */
    }
    unsigned __int128 p = (unsigned __int128)m * 10000000000000ULL; /* < 2^97 */
    if (shift >= 98) {
        return 0.0; /* below 0.5e-13 */
    }
    unsigned __int128 q = p >> shift;
    unsigned __int128 rem = p - (q << shift);
    unsigned __int128 half = (unsigned __int128)1 << (shift - 1);
    if (rem > half || (rem == half && (q & 1))) {
        q += 1;
    }
    if (q >> 53) { /* only for x far above a stream's range (q not exact as a double) */
        goto text;
    }
    return (double)(uint64_t)q / 1e13;
text:
#endif
    {
        char *repr = PyOS_double_to_string(x, 'f', 13, 0, NULL);
        if (repr == NULL) {
            return -1.0; /* MemoryError set */
        }
        double back = PyOS_string_to_double(repr, NULL, NULL);
        PyMem_Free(repr);
        return back;
    }
}

/* round13(x): round13 as a function (for the tests: it must be round(x, 13)). */
static PyObject *py_round13(PyObject *self, PyObject *arg) {
    double x = PyFloat_AsDouble(arg);
    if (x == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    if (!(x >= 0.0) || !isfinite(x)) {
        PyErr_SetString(PyExc_ValueError, "round13: x must be finite and >= 0");
        return NULL;
    }
    double r = round13(x);
    if (r == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    return PyFloat_FromDouble(r);
}

/* The stream ``key``'s next state (rng._advance_py): its state, or for a new stream the
 * hash of key + seed (its name kept once in ``keys``, cleared past ``limit``), moved on
 * and rounded to 13 decimals, stored back; returns the draw's seed value, (state +
 * hashed) / 2. -1.0 with an exception set on failure. */
static double advance(PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError,
                        "advance(state, key, seed, hashed_seed, keys, limit) takes 6 arguments");
        return -1.0;
    }
    PyObject *state = args[0], *key = args[1], *seed = args[2], *keys = args[4];
    if (!PyDict_Check(state) || !PyDict_Check(keys)) {
        PyErr_SetString(PyExc_TypeError, "advance: state and keys must be dicts");
        return -1.0;
    }
    if (!PyUnicode_Check(key) || !PyUnicode_Check(seed)) {
        PyErr_SetString(PyExc_TypeError, "advance: the stream key and the seed must be str");
        return -1.0;
    }
    double hashed = PyFloat_AsDouble(args[3]);
    if (hashed == -1.0 && PyErr_Occurred()) {
        return -1.0;
    }
    Py_ssize_t limit = PyLong_AsSsize_t(args[5]);
    if (limit == -1 && PyErr_Occurred()) {
        return -1.0;
    }
    double s;
    PyObject *found = PyDict_GetItemWithError(state, key); /* borrowed */
    Py_INCREF(key);
    if (found == NULL) {
        if (PyErr_Occurred()) {
            Py_DECREF(key);
            return -1.0;
        }
        PyObject *kept = PyDict_SetDefault(keys, key, key); /* borrowed */
        if (kept == NULL) {
            Py_DECREF(key);
            return -1.0;
        }
        Py_INCREF(kept);
        Py_DECREF(key);
        key = kept;
        if (PyDict_GET_SIZE(keys) > limit) {
            PyDict_Clear(keys);
        }
        Py_ssize_t kn, sn;
        const char *kb = PyUnicode_AsUTF8AndSize(key, &kn);
        const char *sb = kb == NULL ? NULL : PyUnicode_AsUTF8AndSize(seed, &sn);
        if (sb == NULL) {
            Py_DECREF(key);
            return -1.0;
        }
        /* pseudohash(key + seed): the walk from the end of the joined text */
        double num = 1.0;
        Py_ssize_t i = kn + sn;
        if (walk_bytes(sb, sn, &i, &num) < 0 || walk_bytes(kb, kn, &i, &num) < 0) {
            goto zero;
        }
        s = num;
    } else {
        s = PyFloat_AsDouble(found);
        if (s == -1.0 && PyErr_Occurred()) {
            Py_DECREF(key);
            return -1.0;
        }
    }
    {
        s = round13(py_mod1(2.134453429141 + s * 1.72431234));
        if (s == -1.0 && PyErr_Occurred()) {
            Py_DECREF(key);
            return -1.0;
        }
        s = fabs(s);
    }
    PyObject *value = PyFloat_FromDouble(s);
    if (value == NULL || PyDict_SetItem(state, key, value) < 0) {
        Py_XDECREF(value);
        Py_DECREF(key);
        return -1.0;
    }
    Py_DECREF(value);
    Py_DECREF(key);
    return (s + hashed) / 2;
zero:
    Py_DECREF(key);
    PyErr_SetString(PyExc_ZeroDivisionError, "float division by zero");
    return -1.0;
}

/* advance(state, key, seed, hashed_seed, keys, limit): GameRandom.seed_for's work. */
static PyObject *py_advance(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    double d = advance(args, nargs);
    if (d == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    return PyFloat_FromDouble(d);
}

/* roll(state, key, seed, hashed_seed, keys, limit): first_draw(advance(...)), the game's
 * pseudorandom(key) in one call. */
static PyObject *py_roll(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    double d = advance(args, nargs);
    if (d == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    tw223 g;
    tw_seed(&g, d);
    return PyFloat_FromDouble(tw_random(&g));
}

/* pick(state, key, seed, hashed_seed, keys, limit, items): items[floor(roll * len(items))]
 * with the roll of py_roll, for a non-empty sequence (rng._pick_py; the stream does not
 * move when items is empty or not a sequence). */
static PyObject *py_pick(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError,
                        "pick(state, key, seed, hashed_seed, keys, limit, items) takes 7 arguments");
        return NULL;
    }
    PyObject *items = args[6];
    Py_ssize_t n = PySequence_Size(items);
    if (n < 0) {
        return NULL;
    }
    if (n == 0) {
        PyErr_SetString(PyExc_ValueError, "pick: cannot draw from an empty sequence");
        return NULL;
    }
    double d = advance(args, 6);
    if (d == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    tw223 g;
    tw_seed(&g, d);
    Py_ssize_t index = (Py_ssize_t)floor(tw_random(&g) * (double)n);
    if (PyList_CheckExact(items)) {
        PyObject *item = PyList_GET_ITEM(items, index);
        Py_INCREF(item);
        return item;
    }
    if (PyTuple_CheckExact(items)) {
        PyObject *item = PyTuple_GET_ITEM(items, index);
        Py_INCREF(item);
        return item;
    }
    return PySequence_GetItem(items, index);
}

/* shuffle(d, items): LuaRandom(d).shuffle(items) for a list, in place. */
static PyObject *shuffle(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "shuffle(seed, items) takes 2 arguments");
        return NULL;
    }
    double d = PyFloat_AsDouble(args[0]);
    if (d == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    PyObject *items = args[1];
    if (!PyList_CheckExact(items)) {
        PyErr_SetString(PyExc_TypeError, "shuffle: items must be a list");
        return NULL;
    }
    tw223 g;
    tw_seed(&g, d);
    for (Py_ssize_t i = PyList_GET_SIZE(items) - 1; i > 0; i--) {
        double r = tw_random(&g);
        Py_ssize_t j = (Py_ssize_t)floor(r * (double)(i + 1));
        PyObject *a = PyList_GET_ITEM(items, i);
        PyList_SET_ITEM(items, i, PyList_GET_ITEM(items, j));
        PyList_SET_ITEM(items, j, a);
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"first_draw", (PyCFunction)first_draw, METH_O,
     "math.randomseed(d); return math.random() -- as rng.first_draw."},
    {"walk", (PyCFunction)(void (*)(void))walk, METH_FASTCALL,
     "The string hash's steps over data from its end -- as rng._walk."},
    {"shuffle", (PyCFunction)(void (*)(void))shuffle, METH_FASTCALL,
     "LuaRandom(seed).shuffle(items) for a list, in place -- as rng.LuaRandom.shuffle."},
    {"advance", (PyCFunction)(void (*)(void))py_advance, METH_FASTCALL,
     "A stream's next seed value, its state moved on -- as rng._advance_py."},
    {"roll", (PyCFunction)(void (*)(void))py_roll, METH_FASTCALL,
     "first_draw(advance(...)): the game's pseudorandom(key) -- as rng._roll_py."},
    {"pick", (PyCFunction)(void (*)(void))py_pick, METH_FASTCALL,
     "items[floor(roll(...) * len(items))] -- as rng._pick_py."},
    {"round13", (PyCFunction)py_round13, METH_O, "round(x, 13) for a finite x >= 0."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_rng_c",
    "The compiled form of balatro_ecs.kernel.rng's hot functions (optional).", -1, methods,
};

PyMODINIT_FUNC PyInit__rng_c(void) {
    return PyModule_Create(&module);
}
