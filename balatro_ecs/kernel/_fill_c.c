/* The optional compiled form of balatro_ecs.kernel.records.fill: many objects of a slotted
 * class made at once, each slot set from a column, without calling __init__.
 *
 * records.py holds the reference (the same objects made in Python); tests/test_records.py
 * checks the two equal. The package works without this module (setup.py builds it as an
 * optional extension; records.py falls back to Python when it is absent or when
 * BALATRO_ECS_PURE_PYTHON is set).
 *
 * fill(cls, count, fields) -> list of `count` new objects of `cls`. Each field is a tuple
 * (name, source, mode): `name` a slot of `cls` (a member descriptor of an object slot);
 * mode 0: every object gets `source`; mode 1: object j gets source[j]; mode k + 2: object
 * j gets source[j][k] (an item of a tuple). Slots not named stay unset.
 *
 * read(cls, objects, names) -> a tuple of columns, one per name: column i holds each
 * object's attribute names[i], in order. Each name must be an object slot of cls; an object
 * of exactly cls is read from the slot, any other through getattr (an unset slot raises
 * AttributeError either way, as getattr does).
 *
 * by_identity(kept, objects) -> a list: what the dict kept holds under each object's id
 * (id(obj)), None where it holds nothing.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

/* The public names of 3.12+, spelt for the older releases too. */
#ifndef Py_T_OBJECT_EX
#define Py_T_OBJECT_EX T_OBJECT_EX
#endif
#ifndef Py_READONLY
#define Py_READONLY READONLY
#endif

typedef struct {
    Py_ssize_t offset;
    PyObject *fast; /* the source as a fast sequence (mode >= 1), or the constant */
    Py_ssize_t mode;
} field_t;

/* A new object of cls made as object.__new__(cls) makes it, with its checks (a class
 * object.__new__ cannot make safely, such as a builtin container's subclass, or an
 * abstract class, raises the same TypeError the Python reference raises). */
static PyObject *checked_new(PyTypeObject *cls) {
    PyObject *new = PyObject_GetAttrString((PyObject *)&PyBaseObject_Type, "__new__");
    if (new == NULL) {
        return NULL;
    }
    PyObject *obj = PyObject_CallOneArg(new, (PyObject *)cls);
    Py_DECREF(new);
    if (obj != NULL && !Py_IS_TYPE(obj, cls)) {
        Py_DECREF(obj);
        PyErr_Format(PyExc_TypeError, "fill: object.__new__ made no %s", cls->tp_name);
        return NULL;
    }
    return obj;
}

static PyObject *fill(PyObject *module, PyObject *args) {
    PyTypeObject *cls;
    Py_ssize_t count;
    PyObject *fields;
    if (!PyArg_ParseTuple(args, "O!nO:fill", &PyType_Type, &cls, &count, &fields)) {
        return NULL;
    }
    if (count < 0) {
        PyErr_SetString(PyExc_ValueError, "fill: count must not be negative");
        return NULL;
    }
    int loose = cls->tp_dictoffset != 0 || cls->tp_itemsize != 0;
#ifdef Py_TPFLAGS_MANAGED_DICT
    loose = loose || (cls->tp_flags & Py_TPFLAGS_MANAGED_DICT);
#endif
    if (loose) {
        PyErr_Format(PyExc_TypeError, "fill: %s is not a slotted class", cls->tp_name);
        return NULL;
    }
    /* A tuple of its own: no code run below (a descriptor, the garbage collector) can
     * change or free the fields while they are read. */
    PyObject *seq = PySequence_Tuple(fields);
    if (seq == NULL) {
        return NULL;
    }
    Py_ssize_t nfields = PyTuple_GET_SIZE(seq);
    field_t *spec = PyMem_Calloc(nfields ? nfields : 1, sizeof(field_t));
    PyObject *out = NULL;
    Py_ssize_t i, j;
    if (spec == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < nfields; i++) {
        PyObject *item = PyTuple_GET_ITEM(seq, i);
        PyObject *name, *source;
        Py_ssize_t mode;
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
            PyErr_SetString(PyExc_TypeError, "fill: a field is a (name, source, mode) tuple");
            goto done;
        }
        if (!PyArg_ParseTuple(item, "UOn:fill field", &name, &source, &mode)) {
            goto done;
        }
        if (mode < 0) {
            PyErr_Format(PyExc_ValueError, "fill: field %R has mode %zd (not 0, 1 or k + 2)", name,
                         mode);
            goto done;
        }
        PyObject *descr = PyObject_GetAttr((PyObject *)cls, name);
        if (descr == NULL) {
            goto done;
        }
        /* A member descriptor of cls or one of its bases (one of another class, put in
         * the class under another name, describes another layout). */
        if (!Py_IS_TYPE(descr, &PyMemberDescr_Type) ||
            !PyType_IsSubtype(cls, PyDescr_TYPE(descr))) {
            Py_DECREF(descr);
            PyErr_Format(PyExc_TypeError, "fill: %R is not a slot of %s", name, cls->tp_name);
            goto done;
        }
        PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
        int usable = member->type == Py_T_OBJECT_EX && !(member->flags & Py_READONLY);
        spec[i].offset = member->offset;
        Py_DECREF(descr); /* (the class keeps it) */
        if (!usable) {
            PyErr_Format(PyExc_TypeError, "fill: %R is not a writable object slot", name);
            goto done;
        }
        spec[i].mode = mode;
        if (mode == 0) {
            Py_INCREF(source);
            spec[i].fast = source;
        } else {
            spec[i].fast = PySequence_Fast(source, "fill: a column must be a sequence");
            if (spec[i].fast == NULL) {
                goto done;
            }
            if (PySequence_Fast_GET_SIZE(spec[i].fast) != count) {
                PyErr_Format(PyExc_ValueError, "fill: column %R has %zd items, not %zd", name,
                             PySequence_Fast_GET_SIZE(spec[i].fast), count);
                goto done;
            }
        }
    }
    out = PyList_New(count);
    if (out == NULL) {
        goto done;
    }
    for (j = 0; j < count; j++) {
        /* The first through object.__new__ (its checks), the rest as it makes them. */
        PyObject *obj = j == 0 ? checked_new(cls) : cls->tp_alloc(cls, 0);
        if (obj == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, j, obj);
        for (i = 0; i < nfields; i++) {
            PyObject *value;
            if (spec[i].mode == 0) {
                value = spec[i].fast;
            } else {
                /* (a finalizer the garbage collector runs during tp_alloc could have
                 * shortened a list column) */
                if (j >= PySequence_Fast_GET_SIZE(spec[i].fast)) {
                    PyErr_SetString(PyExc_ValueError, "fill: a column changed size");
                    Py_CLEAR(out);
                    goto done;
                }
                value = PySequence_Fast_GET_ITEM(spec[i].fast, j);
                if (spec[i].mode >= 2) {
                    Py_ssize_t k = spec[i].mode - 2;
                    if (!PyTuple_Check(value) || k >= PyTuple_GET_SIZE(value)) {
                        PyErr_SetString(PyExc_TypeError, "fill: an item is not a long enough tuple");
                        Py_CLEAR(out);
                        goto done;
                    }
                    value = PyTuple_GET_ITEM(value, k);
                }
            }
            PyObject **slot = (PyObject **)((char *)obj + spec[i].offset);
            Py_INCREF(value);
            Py_XSETREF(*slot, value);
        }
    }
done:
    if (spec != NULL) {
        for (i = 0; i < nfields; i++) {
            Py_XDECREF(spec[i].fast);
        }
        PyMem_Free(spec);
    }
    Py_DECREF(seq);
    return out;
}

/* The member descriptor's offset of `name`, an object slot of cls (-1 and an error set if
 * it is not one). */
static Py_ssize_t slot_offset(PyTypeObject *cls, PyObject *name, const char *who) {
    PyObject *descr = PyObject_GetAttr((PyObject *)cls, name);
    if (descr == NULL) {
        return -1;
    }
    if (!Py_IS_TYPE(descr, &PyMemberDescr_Type) || !PyType_IsSubtype(cls, PyDescr_TYPE(descr))) {
        Py_DECREF(descr);
        PyErr_Format(PyExc_TypeError, "%s: %R is not a slot of %s", who, name, cls->tp_name);
        return -1;
    }
    PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
    Py_ssize_t offset = member->type == Py_T_OBJECT_EX ? member->offset : -1;
    Py_DECREF(descr); /* (the class keeps it) */
    if (offset < 0) {
        PyErr_Format(PyExc_TypeError, "%s: %R is not an object slot", who, name);
    }
    return offset;
}

static PyObject *read_columns(PyObject *module, PyObject *args) {
    PyTypeObject *cls;
    PyObject *objects, *names;
    if (!PyArg_ParseTuple(args, "O!OO:read", &PyType_Type, &cls, &objects, &names)) {
        return NULL;
    }
    PyObject *names_t = PySequence_Tuple(names);
    if (names_t == NULL) {
        return NULL;
    }
    /* A tuple of its own: a getattr below cannot change the objects read. */
    PyObject *objs = PySequence_Tuple(objects);
    if (objs == NULL) {
        Py_DECREF(names_t);
        return NULL;
    }
    Py_ssize_t nnames = PyTuple_GET_SIZE(names_t), count = PyTuple_GET_SIZE(objs), i, j;
    PyObject *out = PyTuple_New(nnames);
    if (out == NULL) {
        goto fail;
    }
    for (i = 0; i < nnames; i++) {
        PyObject *name = PyTuple_GET_ITEM(names_t, i);
        if (!PyUnicode_Check(name)) {
            PyErr_SetString(PyExc_TypeError, "read: a name must be a str");
            goto fail;
        }
        Py_ssize_t offset = slot_offset(cls, name, "read");
        if (offset < 0) {
            goto fail;
        }
        PyObject *column = PyTuple_New(count);
        if (column == NULL) {
            goto fail;
        }
        PyTuple_SET_ITEM(out, i, column);
        for (j = 0; j < count; j++) {
            PyObject *obj = PyTuple_GET_ITEM(objs, j);
            PyObject *value;
            if (Py_IS_TYPE(obj, cls)) {
                value = *(PyObject **)((char *)obj + offset);
                if (value == NULL) {
                    PyErr_Format(PyExc_AttributeError, "'%s' object has no attribute '%U'",
                                 cls->tp_name, name);
                    goto fail;
                }
                Py_INCREF(value);
            } else {
                value = PyObject_GetAttr(obj, name);
                if (value == NULL) {
                    goto fail;
                }
            }
            PyTuple_SET_ITEM(column, j, value);
        }
    }
    Py_DECREF(names_t);
    Py_DECREF(objs);
    return out;
fail:
    Py_XDECREF(out);
    Py_DECREF(names_t);
    Py_DECREF(objs);
    return NULL;
}

static PyObject *by_identity(PyObject *module, PyObject *args) {
    PyObject *kept, *objects;
    if (!PyArg_ParseTuple(args, "O!O:by_identity", &PyDict_Type, &kept, &objects)) {
        return NULL;
    }
    PyObject *objs = PySequence_Tuple(objects);
    if (objs == NULL) {
        return NULL;
    }
    Py_ssize_t count = PyTuple_GET_SIZE(objs), j;
    PyObject *out = PyList_New(count);
    if (out == NULL) {
        Py_DECREF(objs);
        return NULL;
    }
    for (j = 0; j < count; j++) {
        PyObject *key = PyLong_FromVoidPtr(PyTuple_GET_ITEM(objs, j)); /* id(obj) */
        if (key == NULL) {
            Py_DECREF(out);
            Py_DECREF(objs);
            return NULL;
        }
        PyObject *value = PyDict_GetItemWithError(kept, key); /* borrowed */
        Py_DECREF(key);
        if (value == NULL) {
            if (PyErr_Occurred()) {
                Py_DECREF(out);
                Py_DECREF(objs);
                return NULL;
            }
            value = Py_None;
        }
        Py_INCREF(value);
        PyList_SET_ITEM(out, j, value);
    }
    Py_DECREF(objs);
    return out;
}

static PyMethodDef methods[] = {
    {"fill", fill, METH_VARARGS, "fill(cls, count, fields) -> list: objects of a slotted class."},
    {"read", read_columns, METH_VARARGS, "read(cls, objects, names) -> tuple: their slots as columns."},
    {"by_identity", by_identity, METH_VARARGS, "by_identity(kept, objects) -> list: kept.get(id(o))."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fill_c", "Compiled form of balatro_ecs.kernel.records.fill, read and by_identity.", -1,
    methods,
};

PyMODINIT_FUNC PyInit__fill_c(void) { return PyModule_Create(&module); }
