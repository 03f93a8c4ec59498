"""A game's state fields, declared once by kind; slots, copying, saving and restoring follow.

A game state lists every field of its own in one ``Fields`` declaration and takes its
``__slots__`` from it::

    class KonotenState(StackState):
        FIELDS = Fields(numbers=("phase", "round"), int_lists=("vp",), tuple_lists=("lenses",))
        __slots__ = FIELDS.names

        phase: int  # annotations stay for the type checker; they must name the same fields
        ...

When the class is created the engine checks that its slots and annotations name exactly the
declared fields (``TypeError`` otherwise) and gives it ``copy_fields``, ``snapshot`` and
``restore``. ``copy_fields`` is compiled once per class into one assignment per field, as
fast as the same lines written by hand: ``clone`` is the hot path of every search bot.

The kinds:

* ``numbers``: one int each;
* ``int_lists``: a list of ints, copied by slicing;
* ``tuple_lists``: a list of tuples of ints (replaced, never mutated), copied by slicing;
* ``tuples``: a tuple of ints, replaced and never mutated, so copies share it;
* ``derived``: rebuilt from the other fields by ``derive(state)`` after a restore, shared
  by copies and never saved.

A ``StackState``'s ``stack`` (copied by the engine's ``clone``) is saved with the fields,
its frames as nested lists. ``renamed`` maps a field's former name to its name now, so a
save written before a rename still loads.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class _Kind:
    """How a field of one kind is copied, saved and restored: expression templates in which
    ``{}`` stands for the value read (from the state, or from the saved data)."""

    copy: str
    save: str
    load: str


_NUMBER = _Kind(copy="{}", save="{}", load="int({})")
_INT_LIST = _Kind(copy="{}[:]", save="{}[:]", load="[int(x) for x in {}]")
_TUPLE_LIST = _Kind(
    copy="{}[:]", save="[list(x) for x in {}]", load="[tuple([int(y) for y in x]) for x in {}]"
)
_TUPLE = _Kind(copy="{}", save="list({})", load="tuple([int(x) for x in {}])")

_STACK = "stack"


class Fields:
    """Every field of a game state by kind (see the module doc); ``names`` in declared order."""

    __slots__ = ("_kinds", "derive", "derived", "names", "renamed")

    def __init__(
        self,
        *,
        numbers: tuple[str, ...] = (),
        int_lists: tuple[str, ...] = (),
        tuple_lists: tuple[str, ...] = (),
        tuples: tuple[str, ...] = (),
        derived: tuple[str, ...] = (),
        derive: Callable[[Any], None] | None = None,
        renamed: Mapping[str, str] | None = None,
    ) -> None:
        kinds: dict[str, _Kind | None] = {}
        for group, kind in (
            (numbers, _NUMBER),
            (int_lists, _INT_LIST),
            (tuple_lists, _TUPLE_LIST),
            (tuples, _TUPLE),
            (derived, None),
        ):
            for name in group:
                if name in kinds or name == _STACK:
                    raise ValueError(f"field {name!r} is declared twice (or is the engine's)")
                kinds[name] = kind
        if derived and derive is None:
            raise ValueError(f"derived fields {derived} need the function that rebuilds them")
        self._kinds = kinds
        self.names: tuple[str, ...] = tuple(kinds)
        self.derived = derived
        self.derive = derive
        self.renamed: Mapping[str, str] = dict(renamed or {})
        for old, new in self.renamed.items():
            if new not in kinds or old in kinds:
                raise ValueError(f"rename {old!r} -> {new!r}: the new name must be a field")

    def current(self, data: Any) -> Any:
        """A saved snapshot with every former field name replaced by today's."""
        renamed = self.renamed
        if not renamed or not isinstance(data, dict) or not any(key in renamed for key in data):
            return data
        return {renamed.get(key, key): value for key, value in data.items()}

    def install(self, cls: type) -> None:
        """Check ``cls``'s slots and annotations against the declaration, then give it the
        ``copy_fields``, ``snapshot`` and ``restore`` that it does not define itself."""
        self.check(cls)
        saves_stack = any(_STACK in getattr(base, "__slots__", ()) for base in cls.__mro__[1:])
        for name, method in (
            ("copy_fields", self._copier()),
            ("snapshot", self._saver(saves_stack)),
            ("restore", self._loader(saves_stack)),
        ):
            if name not in cls.__dict__:
                method.__qualname__ = f"{cls.__qualname__}.{name}"
                setattr(cls, name, method)

    def check(self, cls: type) -> None:
        """``TypeError`` unless ``cls``'s own slots and annotations are the declared fields."""
        declared = set(self.names)
        slots = cls.__dict__.get("__slots__", ())
        annotated = set(inspect.get_annotations(cls))
        for what, names in (("__slots__", set(slots)), ("annotations", annotated)):
            if names != declared:
                raise TypeError(
                    f"{cls.__name__}: its {what} and its FIELDS disagree: "
                    f"not declared {sorted(names - declared)}, "
                    f"declared but missing {sorted(declared - names)}"
                )

    # ------------------------------------------------------------------ generated methods
    def _copier(self) -> Callable[[Any, Any], None]:
        lines = [
            f"    twin.{name} = {kind.copy.format('self.' + name)}"
            for name, kind in self._kinds.items()
            if kind is not None
        ]
        lines += [f"    twin.{name} = self.{name}" for name in self.derived]
        return _compiled("copy_fields", "self, twin", lines or ["    pass"], {})

    def _saver(self, saves_stack: bool) -> Callable[[Any], dict[str, Any]]:
        items = [
            f"        {name!r}: {kind.save.format('self.' + name)},"
            for name, kind in self._kinds.items()
            if kind is not None
        ]
        if saves_stack:
            items.append(f"        {_STACK!r}: [_frame_to_json(frame) for frame in self.stack],")
        lines = ["    return {", *items, "    }"]
        return _compiled("snapshot", "self", lines, {"_frame_to_json": _frame_to_json})

    def _loader(self, saves_stack: bool) -> Callable[[Any, dict[str, Any]], None]:
        lines = ["    data = _current(data)"] if self.renamed else []
        lines += [
            f"    self.{name} = {kind.load.format(f'data[{name!r}]')}"
            for name, kind in self._kinds.items()
            if kind is not None
        ]
        if saves_stack:
            lines.append(f"    self.stack = [_frame_from_json(f) for f in data[{_STACK!r}]]")
        if self.derive is not None:
            lines.append("    _derive(self)")
        namespace = {
            "_current": self.current,
            "_derive": self.derive,
            "_frame_from_json": _frame_from_json,
        }
        return _compiled("restore", "self, data", lines or ["    pass"], namespace)


def _compiled(
    name: str, args: str, body: list[str], namespace: dict[str, Any]
) -> Callable[..., Any]:
    """The function ``name`` made from ``body``, its lines, with ``namespace`` as globals."""
    source = f"def {name}({args}):\n" + "\n".join(body) + "\n"
    scope = dict(namespace)
    exec(compile(source, f"<fields {name}>", "exec"), scope)
    function: Callable[..., Any] = scope[name]
    function.__source__ = source  # type: ignore[attr-defined]  # for a reader, and the tests
    return function


def _frame_to_json(frame: Any) -> Any:
    if isinstance(frame, tuple | list):
        return [_frame_to_json(item) for item in frame]
    return frame


def _frame_from_json(frame: Any) -> Any:
    if isinstance(frame, list):
        return tuple([_frame_from_json(item) for item in frame])
    return frame


__all__ = ["Fields"]
