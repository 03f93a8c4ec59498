"""An observation vector declared once: its parts, the names and bounds of their entries,
and how each entry is read from the state.

A game declares its vector with ``VectorDeclaration``: a row of named parts, each with
one name per entry, bounds, and the ops that write it. An op reads one thing of the state
(``Read``: an attribute, an item of it, a seat's item, or a field of a pending frame) and
writes it in one of a few generic ways: a number, a run of numbers, a one-hot, a seat
counted from the observer, the bits of a mask, the members of a list, a length. What
the rules derive (a running score, whether a condition holds, a lens's effect) is written
by ``derived``: a function of the game's own rules, given the state, the part's seat and
the observer, whose result is reused while the attributes it names do not change.

Parts declared in ``seat_parts`` repeat once per seat, rotated so that the observer's own
come first (``seat0``); a part declared ``from_frame`` reads the innermost frame of the
decision stack whose key its group names (the pending lens, the gains still to take...).

``compile`` turns the declaration into a program: a flat tuple of instructions that
``run`` interprets here (the reference, and the path without a C compiler) and that
``boardlab._native.vector`` runs compiled, knowing nothing of any game. Both give the
same numbers (``tests/engine/test_vector.py``; each game's ``test_observation.py`` checks
its own along playouts). Only what the seat may see is read: each game's tests redraw
everything hidden from the seat and check that its vector does not change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardlab.engine.observe import Out

#: Where a ``Read`` takes its value: the attribute, item ``k`` of it, the part's seat's
#: item of it (or its run of ``k`` items), field ``k`` of the frame its part reads, or field
#: ``k`` of the frame just below that one.
WHOLE, ITEM, OF_SEAT, FRAME_FIELD, BELOW_FIELD = range(5)

#: The instruction codes shared with ``_native/vector.c``.
(
    NUMBER,
    VALUES,
    ONEHOT,
    SEATHOT,
    BITS,
    MEMBERS,
    LENGTH,
    DERIVED,
    FRAME_DERIVED,
    LOOKUP,
    FRAMES,
    SEAT_VALUES,
    DERIVED_ROWS,
    SEAT_BITS,
    TOTAL,
) = range(15)

#: What a derived function gives: its part's numbers in a row (at most its width), or a
#: dict of only the entries not 0 (entry -> number), cheaper for a wide, sparse part.
Made = Sequence[float] | dict[int, float]
#: ``fn(state, seat, me)``: a part's numbers, ``seat`` the part's seat (-1 outside
#: ``seat_parts`` and ``each_seat``), ``me`` the observer (0 for the spectator).
Derive = Callable[[Any, int, int], Made]
#: ``fn(frame, me)``: the numbers a frame gives its part.
DeriveFrame = Callable[[tuple[Any, ...], int], Made]
#: One instruction: code, where it writes, the seat stride and seat (-1: none), the
#: attribute read ("" for a frame field), how it is read, its index, the code's argument.
Instruction = tuple[int, int, int, int, str, int, int, Any]


@dataclass(frozen=True, slots=True)
class Read:
    """One value of the state (see ``WHOLE``...)."""

    attr: str
    mode: int = WHOLE
    k: int = 0


def attr(name: str) -> Read:
    """The state's attribute ``name``; a dotted name follows attributes (``decision.kind``),
    and a None on the way writes nothing."""
    return Read(name, WHOLE)


def item(name: str, k: int) -> Read:
    """Item ``k`` of the state's attribute ``name``."""
    return Read(name, ITEM, k)


def of_seat(name: str, run: int = 0) -> Read:
    """The part's seat's item of the per-seat attribute ``name`` (in ``seat_parts`` and
    ``each_seat``); with ``run``, as a ``derived`` input, the seat's ``run`` items of a flat
    list that keeps ``run`` items a seat (a list)."""
    return Read(name, OF_SEAT, run)


def frame_field(k: int) -> Read:
    """Field ``k`` of the frame the part reads (``from_frame``; a ``Layout`` field); with
    ``values``, the run of fields from ``k``."""
    return Read("", FRAME_FIELD, k)


def below_field(k: int, key: str = "") -> Read:
    """Field ``k`` of the frame just below the one the part reads; nothing when there is
    none, or when ``key`` is given and that frame is of another kind (field 0 is its key)."""
    return Read(key, BELOW_FIELD, k)


@dataclass(frozen=True, slots=True)
class Op:
    """One way of writing a read value at offset ``at`` of its part."""

    code: int
    read: Read | None
    at: int = 0
    arg: Any = None
    #: the frame group it reads ("": its part's)
    group: str = ""
    #: written once per seat, ``stride`` entries apart from the observer on (``each_seat``)
    seat_stride: int = 0


def framed(group: str, *ops: Op) -> tuple[Op, ...]:
    """``ops`` reading the innermost frame of ``group`` (see ``VectorDeclaration.frames``)."""
    return tuple(Op(op.code, op.read, op.at, op.arg, group, op.seat_stride) for op in ops)


def each_seat(stride: int, *ops: Op) -> tuple[Op, ...]:
    """``ops`` written once per seat inside one part, the observer's first and each next
    seat ``stride`` entries further: ``of_seat`` reads (and ``derived`` inputs) read that
    seat's item, and a ``derived`` function is given that seat. The part's entries are laid
    out seat after seat, as ``seat_parts`` lays out whole parts."""
    if stride < 1:
        raise ValueError("each_seat needs a stride of at least 1")
    return tuple(Op(op.code, op.read, op.at, op.arg, op.group, stride) for op in ops)


def number(read: Read, at: int = 0, scale: float = 1.0, cap: float | None = None) -> Op:
    """The value itself, divided by ``scale`` and at most ``cap`` (``min(value / scale,
    cap)``, computed as Python does, in doubles)."""
    return Op(NUMBER, read, at, (float(scale), cap))


def values(
    read: Read,
    count: int,
    start: int = 0,
    at: int = 0,
    scale: float = 1.0,
    cap: float | None = None,
) -> Op:
    """Items ``start`` to ``start + count`` of a list, in a row, each as ``number``
    writes it; with ``of_seat`` the list is flat, ``count`` items a seat, and the part's
    seat's run is read."""
    return Op(VALUES, read, at, (count, start, float(scale), cap))


def total(
    read: Read,
    count: int,
    start: int = 0,
    at: int = 0,
    scale: float = 1.0,
    cap: float | None = None,
) -> Op:
    """The sum of items ``start`` to ``start + count`` of a list (with ``of_seat``, of the
    part's seat's run, as ``values`` reads it), as ``number`` writes it."""
    if read.mode in (FRAME_FIELD, BELOW_FIELD):
        raise ValueError("total reads a list of the state")
    return Op(TOTAL, read, at, (count, start, float(scale), cap))


def seat_values(
    read: Read,
    start: int = 0,
    at: int = 0,
    stride: int = 1,
    scale: float = 1.0,
    cap: float | None = None,
) -> Op:
    """Each seat's item of a per-seat list (items ``start`` to ``start + players``), as
    ``number`` writes it, at ``at + stride * k`` for the seat ``k`` places after the
    observer: per-seat counts laid out in the observer's order."""
    return Op(SEAT_VALUES, read, at, (start, stride, float(scale), cap))


def onehot(read: Read, width: int, minus: int = 0, at: int = 0) -> Op:
    """A 1 at ``value - minus``; nothing for a negative value (none)."""
    return Op(ONEHOT, read, at, (minus, width))


def seat(read: Read, at: int = 0, seats: int | None = None) -> Op:
    """A 1 at the seat ``value`` counted from the observer; nothing for -1, nor for a seat
    ``seats`` or more places after the observer (``seats=1``: whether it is the observer)."""
    return Op(SEATHOT, read, at, seats)


def seat_bits(read: Read, at: int = 0) -> Op:
    """A 1 at every seat whose bit is set in the mask ``value``, counted from the observer."""
    return Op(SEAT_BITS, read, at)


def bits(read: Read, width: int, at: int = 0) -> Op:
    """A 1 at every set bit of the mask ``value`` below ``width`` (the bits above it are
    the rules' own flags: not read)."""
    return Op(BITS, read, at, width)


def members(read: Read, width: int, at: int = 0) -> Op:
    """A 1 at every item of the list ``value`` (negative items: empty places)."""
    return Op(MEMBERS, read, at, width)


def length(read: Read, at: int = 0, scale: float = 1.0, cap: float | None = None) -> Op:
    """The length of ``value``, as ``number`` writes it."""
    return Op(LENGTH, read, at, (float(scale), cap))


def lookup(read: Read, index: Mapping[Any, int], at: int = 0) -> Op:
    """A 1 at ``index[value]``; nothing for a value it does not name (None...)."""
    return Op(LOOKUP, read, at, dict(index))


def derived(fn: Derive, inputs: Iterable[str | Read], width: int, at: int = 0) -> Op:
    """``fn(state, seat, me)``, recomputed only when one of its ``inputs`` (everything
    ``fn`` reads: attribute names, or ``item``/``of_seat`` reads of one item of an
    attribute) changed; with no inputs, at every call. ``width`` may run over the parts
    after its own, which then declare no ops of their own, and over entries of its own part
    that other ops write (it writes only the numbers that are not 0: a part's seats spread
    over a board's places, one place apart)."""
    reads = tuple(Read(x) if isinstance(x, str) else x for x in inputs)
    for read in reads:
        if read.mode in (FRAME_FIELD, BELOW_FIELD) or "." in read.attr:
            raise ValueError(f"a derived op's input is an attribute or an item of one: {read}")
    return Op(DERIVED, None, at, (fn, tuple((r.attr, r.mode, r.k) for r in reads), width))


def derived_rows(
    fn: Derive,
    rows: int,
    stride: int,
    items: Iterable[str],
    inputs: Iterable[str] = (),
    at: int = 0,
    width: int | None = None,
) -> Op:
    """``rows`` derived parts in a row, ``stride`` entries apart: row ``r`` is
    ``fn(state, r, me)``, its ``width`` numbers (``stride`` unless given) written from
    ``at + r * stride``, made again only when item ``r`` of one of the attributes ``items``
    changed (or one of the whole attributes ``inputs``: then every row). One instruction
    for a board's places, which costs far less than one ``derived`` op per place; a place's
    entries may come from several, each made again only when its own items change."""
    names = tuple(items)
    wholes = tuple((name, WHOLE, 0) for name in inputs)
    width = stride if width is None else width
    if rows < 1 or stride < 1 or not names or not 1 <= width <= stride:
        raise ValueError("derived rows need rows, a stride, items and a width within the stride")
    if any("." in name for name in (*names, *(w[0] for w in wholes))):
        raise ValueError("derived rows read attributes of the state itself")
    return Op(DERIVED_ROWS, None, at, (fn, names, wholes, rows, width, stride))


def frame_derived(fn: DeriveFrame, width: int, at: int = 0) -> Op:
    """``fn(frame, me)`` of the frame the part reads (``width`` as ``derived``'s)."""
    return Op(FRAME_DERIVED, None, at, (fn, width))


@dataclass(frozen=True, slots=True)
class Part:
    """A named run of entries: their names, bounds and the ops that write them."""

    name: str
    entries: tuple[str, ...]
    ops: tuple[Op, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    frame_group: str = ""


def part(
    name: str,
    entries: Iterable[str],
    *ops: Op,
    low: float | Sequence[float] = 0.0,
    high: float | Sequence[float] = 1.0,
    from_frame: str = "",
) -> Part:
    """A part of the vector; ``low``/``high`` one bound for all entries or one each."""
    names = tuple(entries)
    if len(set(names)) != len(names):
        raise ValueError(f"part {name} names an entry twice")
    width = len(names)
    lows = _bounds(low, width, name, "low")
    highs = _bounds(high, width, name, "high")
    for op in ops:
        if not 0 <= op.at < max(width, 1):
            raise ValueError(f"part {name} writes at {op.at}, outside its {width} entries")
        if op.code == DERIVED_ROWS and op.at + (op.arg[3] - 1) * op.arg[5] + op.arg[4] > width:
            raise ValueError(f"part {name} has too few entries for its derived rows")
        reads_frame = op.code == FRAME_DERIVED or (
            op.read is not None and op.read.mode in (FRAME_FIELD, BELOW_FIELD)
        )
        if reads_frame and not (op.group or from_frame):
            raise ValueError(f"part {name} reads a frame field but reads no frame")
    return Part(name, names, ops, lows, highs, from_frame)


def _bounds(value: float | Sequence[float], width: int, name: str, what: str) -> tuple[float, ...]:
    if isinstance(value, int | float):
        return (float(value),) * width
    made = tuple(float(v) for v in value)
    if len(made) != width:
        raise ValueError(f"part {name} has {width} entries and {len(made)} {what} bounds")
    return made


@dataclass
class VectorDeclaration:
    """The parts of one game's vector at one player count, in order (see the module)."""

    players: int
    #: (part, seat group index or -1) in order
    _parts: list[tuple[Part, int]] = field(default_factory=list)
    _groups: list[tuple[Part, ...]] = field(default_factory=list)
    #: frame key -> the group of parts that reads frames of that key
    _frame_groups: dict[str, str] = field(default_factory=dict)
    #: the groups read only from the top frame of the stack
    _top_groups: set[str] = field(default_factory=set)

    def add(self, *parts: Part) -> None:
        """Parts read once (not per seat)."""
        self._parts.extend((p, -1) for p in parts)

    def seat_parts(self, *parts: Part) -> None:
        """Parts repeated for every seat, named ``seat<k>.<name>``, the observer's first."""
        self._groups.append(parts)
        self._parts.extend((p, len(self._groups) - 1) for p in parts)

    def frames(self, groups: Mapping[str, str], top: bool = False) -> None:
        """Which frame keys feed which ``from_frame`` group: the innermost frame of each
        group's keys on the decision stack is the one its parts read; with ``top``, only the
        top frame of the stack (the pending decision's own), when it is of those keys."""
        self._frame_groups.update(groups)
        if top:
            self._top_groups.update(groups.values())

    def compile(self) -> Vector:
        """The layout and program (see ``Vector``)."""
        return Vector(self)


class Vector:
    """A compiled declaration: ``fields()``, ``entries()``, ``low``, ``high``, ``size`` and
    the ``program`` that ``run`` (or the compiled kernel) executes."""

    __slots__ = ("_entries", "_fields", "high", "low", "players", "program", "size")

    def __init__(self, declaration: VectorDeclaration) -> None:
        n = self.players = declaration.players
        fields: dict[str, tuple[int, int]] = {}
        entries: list[str] = []
        low: list[float] = []
        high: list[float] = []
        program: list[Instruction] = []
        group_names = sorted(set(declaration._frame_groups.values()))
        frame_programs: dict[str, list[Instruction]] = {g: [] for g in group_names}
        placed: dict[int, int] = {}  # seat group -> start of its first repetition
        parts = declaration._parts
        i = 0
        while i < len(parts):
            piece, group = parts[i]
            if group < 0:
                self._place(piece, "", len(low), -1, 0, fields, entries, low, high)
                self._emit(piece, len(low) - len(piece.entries), -1, 0, program, frame_programs, n)
                i += 1
                continue
            members = declaration._groups[group]
            width = sum(len(p.entries) for p in members)
            start = placed[group] = len(low)
            for k in range(n):
                offset = start + k * width
                for p in members:
                    self._place(p, f"seat{k}.", offset, -1, 0, fields, entries, low, high)
                    offset += len(p.entries)
            for s in range(n):
                offset = start
                for p in members:
                    self._emit(p, offset, s, width, program, frame_programs, n)
                    offset += len(p.entries)
            i += len(members)
        if group_names:
            keys = {key: group_names.index(g) for key, g in declaration._frame_groups.items()}
            subprograms = tuple(tuple(frame_programs[g]) for g in group_names)
            top = sum(1 << k for k, g in enumerate(group_names) if g in declaration._top_groups)
            program.append((FRAMES, 0, 0, -1, "stack", WHOLE, 0, (keys, subprograms, top)))
        self._fields = fields
        self._entries = tuple(entries)
        self.low, self.high = tuple(low), tuple(high)
        self.size = len(low)
        self.program = tuple(program)

    @staticmethod
    def _place(
        piece: Part,
        prefix: str,
        start: int,
        _seat: int,
        _stride: int,
        fields: dict[str, tuple[int, int]],
        entries: list[str],
        low: list[float],
        high: list[float],
    ) -> None:
        name = prefix + piece.name
        if name in fields:
            raise ValueError(f"two parts are named {name}")
        if start != len(low):
            raise AssertionError("parts are placed in order")
        fields[name] = (start, start + len(piece.entries))
        entries.extend(f"{name}.{entry}" for entry in piece.entries)
        low.extend(piece.low)
        high.extend(piece.high)

    @staticmethod
    def _emit(
        piece: Part,
        start: int,
        seat_of: int,
        stride: int,
        program: list[Instruction],
        frame_programs: dict[str, list[Instruction]],
        players: int,
    ) -> None:
        for op in piece.ops:
            if op.seat_stride:
                if seat_of >= 0:
                    raise ValueError(f"part {piece.name} repeats per seat twice (each_seat)")
                if op.at + (players - 1) * op.seat_stride >= len(piece.entries):
                    raise ValueError(f"part {piece.name} has too few entries for each seat")
                for each in range(players):
                    one = Op(op.code, op.read, op.at, op.arg, op.group)
                    Vector._emit(
                        Part(piece.name, piece.entries, (one,), (), (), piece.frame_group),
                        start,
                        each,
                        op.seat_stride,
                        program,
                        frame_programs,
                        players,
                    )
                continue
            group = op.group or piece.frame_group
            target = program
            if group:
                if group not in frame_programs:
                    raise ValueError(
                        f"part {piece.name} reads frame group {group!r}, which no key feeds"
                    )
                target = frame_programs[group]
            read = op.read or Read("")
            if op.code == DERIVED_ROWS:
                if seat_of >= 0 or group:
                    raise ValueError(f"part {piece.name} repeats derived rows per seat or frame")
                target.append((op.code, start + op.at, op.arg[5], -1, "", WHOLE, 0, op.arg[:5]))
                continue
            seat_reads = [read.mode]
            if op.code == DERIVED:
                seat_reads += [mode for _, mode, _ in op.arg[1]]
            if OF_SEAT in seat_reads and seat_of < 0:
                raise ValueError(f"part {piece.name} reads a seat's item outside seat_parts")
            if read.mode == BELOW_FIELD and not group:
                raise ValueError(f"part {piece.name} reads below a frame but reads no frame")
            target.append(
                (op.code, start + op.at, stride, seat_of, read.attr, read.mode, read.k, op.arg)
            )

    def fields(self) -> dict[str, tuple[int, int]]:
        """Named parts as ``(start, stop)`` ranges that tile the vector in order."""
        return dict(self._fields)

    def entries(self) -> tuple[str, ...]:
        """One name per entry: its part's name, a dot, what it holds."""
        return self._entries

    def run(
        self, state: Any, seat: int | None, out: Out | list[float], kept: Kept | None = None
    ) -> None:
        """Write the non-zero raw entries of what ``seat`` sees into the zeroed ``out``;
        with ``kept`` (a dict the caller keeps between calls), derived parts are reused
        while their inputs are equal, as the compiled kernel does."""
        me = seat or 0
        _run(self.program, state, me, self.players, out, None, kept)


#: Derived parts kept between calls: instruction id -> (observer, inputs or frame, numbers).
Kept = dict[int, tuple[int, Any, Made]]


def _snapshot(value: Any) -> Any:
    """A copy that later changes to ``value`` do not reach (lists copied, recursively)."""
    if type(value) is list:
        return [_snapshot(v) for v in value]
    return value


def _derive(i: Instruction, state: Any, me: int, kept: Kept | None) -> Made:
    fn, inputs, _ = i[7]
    if kept is None or not inputs:
        made: Made = fn(state, i[3], me)
        return made
    now = [_input(state, name, mode, k, i[3]) for name, mode, k in inputs]
    entry = kept.get(id(i))
    if entry is not None and entry[0] == me and entry[1] == now:
        return entry[2]
    made = fn(state, i[3], me)
    kept[id(i)] = (me, _snapshot(now), made)
    return made


def _input(state: Any, name: str, mode: int, k: int, seat_of: int) -> Any:
    value = getattr(state, name)
    if mode == ITEM:
        return value[k]
    if mode == OF_SEAT:
        return value[seat_of] if not k else list(value[seat_of * k : seat_of * k + k])
    return value


def _derive_rows(
    i: Instruction, state: Any, me: int, out: Out | list[float], kept: Kept | None
) -> None:
    fn, names, wholes, rows, width = i[7]
    stride = i[2]
    lists = [getattr(state, name) for name in names]
    now = [getattr(state, name) for name, _, _ in wholes]
    entry = kept.get(id(i)) if kept is not None else None
    if entry is None or entry[0] != me or entry[1][0] != now:
        fresh: list[Made | None] = [None] * rows
        entry = (me, (_snapshot(now), [None] * rows, fresh), ())
    rows_kept: list[Any] = entry[1][1]
    made: list[Made | None] = entry[1][2]
    for r in range(rows):
        items = [values[r] for values in lists]
        numbers = made[r]
        if numbers is None or rows_kept[r] != items:
            numbers = made[r] = fn(state, r, me)
            rows_kept[r] = _snapshot(items)
        _write_all(out, i[1] + r * stride, numbers, width)
    if kept is not None:
        kept[id(i)] = entry


def _derive_frame(i: Instruction, frame: tuple[Any, ...], me: int, kept: Kept | None) -> Made:
    fn = i[7][0]
    if kept is None:
        made: Made = fn(frame, me)
        return made
    entry = kept.get(id(i))
    if entry is not None and entry[0] == me and entry[1] == frame:
        return entry[2]
    made = fn(frame, me)
    kept[id(i)] = (me, frame, made)
    return made


def _value(
    state: Any, frame: tuple[Any, ...] | None, below: tuple[Any, ...] | None, i: Instruction
) -> Any:
    _, _, _, seat_of, name, mode, k, _ = i
    if mode == FRAME_FIELD:
        assert frame is not None
        return frame[k]
    if mode == BELOW_FIELD:
        if below is None or (name and below[0] != name):
            return None
        return below[k]
    value = state
    for step in name.split("."):
        value = getattr(value, step)
        if value is None:
            return None
    if mode == ITEM:
        return value[k]
    if mode == OF_SEAT:
        return value[seat_of]
    return value


def _run(
    program: Sequence[Instruction],
    state: Any,
    me: int,
    n: int,
    out: Out | list[float],
    frame: tuple[Any, ...] | None,
    kept: Kept | None,
    below: tuple[Any, ...] | None = None,
) -> None:
    for i in program:
        code, at, stride, seat_of, _, mode, _, arg = i
        if seat_of >= 0:
            at += (seat_of - me) % n * stride
        if code == DERIVED:
            _write_all(out, at, _derive(i, state, me, kept), arg[2])
            continue
        if code == FRAME_DERIVED:
            assert frame is not None
            _write_all(out, at, _derive_frame(i, frame, me, kept), arg[1])
            continue
        if code == FRAMES:
            _frames(arg, state, me, n, out, kept)
            continue
        if code == DERIVED_ROWS:
            _derive_rows(i, state, me, out, kept)
            continue
        if code == VALUES and mode == FRAME_FIELD:
            assert frame is not None
            count, start, scale, cap = arg
            for j, v in enumerate(frame[i[6] + start : i[6] + start + count]):
                if v:
                    out[at + j] = _scaled(v, scale, cap)
            continue
        value = _value(state, frame, below, i)
        if value is None:
            continue
        if code == NUMBER:
            if value:
                out[at] = _scaled(value, arg[0], arg[1])
        elif code == VALUES:
            count, start, scale, cap = arg
            if mode == OF_SEAT:
                value = getattr(state, i[4])
                start += seat_of * count
            for j in range(count):
                v = value[start + j]
                if v:
                    out[at + j] = _scaled(v, scale, cap)
        elif code == TOTAL:
            count, start, scale, cap = arg
            if mode == OF_SEAT:
                value = getattr(state, i[4])
                start += seat_of * count
            summed = sum(value[start : start + count])
            if len(value) < start + count:
                raise IndexError(f"{i[4]} is too short")
            if summed:
                out[at] = _scaled(summed, scale, cap)
        elif code == SEAT_VALUES:
            start, step, scale, cap = arg
            for p in range(n):
                v = value[start + p]
                if v:
                    out[at + (p - me) % n * step] = _scaled(v, scale, cap)
        elif code == ONEHOT:
            minus, width = arg
            v = value - minus
            if v >= width:
                raise ValueError(f"{i[4] or 'a frame field'} is {value}, past its {width} places")
            if v >= 0:
                out[at + v] = 1
        elif code == SEATHOT:
            if value >= 0 and (arg is None or (value - me) % n < arg):
                out[at + (value - me) % n] = 1
        elif code == SEAT_BITS:
            for p in range(n):
                if value >> p & 1:
                    out[at + (p - me) % n] = 1
        elif code == BITS:
            value &= (1 << arg) - 1
            while value:
                low = value & -value
                out[at + low.bit_length() - 1] = 1
                value ^= low
        elif code == MEMBERS:
            for v in value:
                if v >= arg:
                    raise ValueError(f"{i[4]} holds {v}, past its {arg} places")
                if v >= 0:
                    out[at + v] = 1
        elif code == LENGTH:
            if value:
                out[at] = _scaled(len(value), arg[0], arg[1])
        elif code == LOOKUP:
            index = arg.get(value)
            if index is not None:
                out[at + index] = 1


def _scaled(value: float, scale: float, cap: float | None) -> float:
    if scale != 1.0:
        value = value / scale
    return value if cap is None else min(value, cap)


def _write_all(out: Out | list[float], at: int, numbers: Made, width: int) -> None:
    if isinstance(numbers, dict):
        for j, v in numbers.items():
            if not 0 <= j < width:
                raise ValueError(f"a derived part wrote entry {j} of {width}")
            if v:
                out[at + j] = v
        return
    if len(numbers) > width:
        raise ValueError(f"a derived part gave {len(numbers)} numbers for {width} entries")
    for j, v in enumerate(numbers):
        if v:
            out[at + j] = v


def _frames(
    arg: tuple[dict[str, int], tuple[tuple[Instruction, ...], ...], int],
    state: Any,
    me: int,
    n: int,
    out: Out | list[float],
    kept: Kept | None,
) -> None:
    keys, subprograms, top = arg
    done = 0
    every = (1 << len(subprograms)) - 1
    stack = state.stack
    # when every group is read from the top frame only, no frame below it is looked at
    last = max(len(stack) - 1, 0) if top & every == every else 0
    for k in range(len(stack) - 1, last - 1, -1):
        frame = stack[k]
        group = keys.get(frame[0])
        if group is None or done >> group & 1:
            continue
        done |= 1 << group
        if top >> group & 1 and k != len(stack) - 1:
            continue
        below = stack[k - 1] if k else None
        _run(subprograms[group], state, me, n, out, frame, kept, below)
        if done == every:
            break
