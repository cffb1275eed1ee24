/* The optional compiled form of three hot functions of balatro_ecs/kernel/rng.py.
 *
 * rng.py is the reference: every function here computes the same bits as its pure-Python
 * counterpart there (first_draw, _walk, LuaRandom.seed + LuaRandom.shuffle), and
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

/* Python's float % 1.0 (float_rem): fmod, moved into [0, 1), zero as +0.0. */
static inline double py_mod1(double x) {
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
    for (Py_ssize_t k = n - 1; k >= 0; k--, i--) {
        if (num == 0.0) {
            PyErr_SetString(PyExc_ZeroDivisionError, "float division by zero");
            return NULL;
        }
        double x = (1.1239285023 / num) * (double)(unsigned char)data[k];
        x = x * PI_D;
        x = x + PI_D * (double)i;
        num = py_mod1(x);
    }
    return PyFloat_FromDouble(num);
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
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_rng_c",
    "The compiled form of balatro_ecs.kernel.rng's hot functions (optional).", -1, methods,
};

PyMODINIT_FUNC PyInit__rng_c(void) {
    return PyModule_Create(&module);
}
