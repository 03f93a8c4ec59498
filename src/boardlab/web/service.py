"""The games a server plays: states rebuilt from the event log, cached, and changed by moves.

Each game's state is cached in the process with the ``version`` of the log it was built
from. A read checks the row's version (one query) and catches up by applying the new
actions, or rebuilds by replay after an undo made elsewhere. A move is checked against the
cache under the game's lock and written with the version it was built on (one transaction);
if another process wrote first, the game is refreshed and the move checked again.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

import boardlab
from boardlab.agents import levels
from boardlab.engine import GameState, IllegalAction, LoadError, registry
from boardlab.undo import why_not_undo
from boardlab.web.agent_specs import check_spec
from boardlab.web.positions import SEED_RANGE, decision_id
from boardlab.web.settings import Settings
from boardlab.web.store import Move, News, Record, Seat, Store
from boardlab.web.tokens import new_game_id, new_token, random_seed, token_hash, well_formed


class Refusal(Exception):
    """A request refused with an HTTP ``status`` and one sentence for a person."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Game:
    """One game as this process knows it: the record, seats, actions and the current state."""

    record: Record
    seats: list[Seat]
    moves: list[Move]
    state: GameState
    version: int
    seats_version: int
    lock: asyncio.Lock
    used: float = field(default_factory=time.monotonic)  # when last read or changed
    heard: int = -1  # the newest version another process was heard to write (PostgreSQL)

    @property
    def id(self) -> str:
        return self.record.id

    def seat_of(self, token: str) -> Seat | None:
        """The seat whose token is ``token``, or ``None``."""
        if not well_formed(token):
            return None
        digest = token_hash(token)
        for seat in self.seats:
            if seat.token_hash is not None and seat.token_hash == digest:
                return seat
        return None

    def free_seats(self) -> list[int]:
        """The open seats nobody has taken yet (a seat reserved for its link is never free)."""
        return [s.seat for s in self.seats if s.kind == OPEN and not s.claimed]

    def status(self, state: GameState | None = None) -> str:
        """``over``, ``open`` (an open seat is free) or ``playing``."""
        if (state or self.state).is_over:
            return "over"
        return "open" if self.free_seats() else "playing"


HUMAN, OPEN, BOT = "human", "open", "bot"
"""Seat kinds: a person invited by the seat's link (reserved for it), a person seat anyone
may take from the lobby, a bot."""


@dataclass(frozen=True)
class NewSeat:
    """A seat as the lobby asks for it: ``human``, ``open``, or ``bot`` with an agent spec."""

    kind: str
    agent: str | None = None


Listener = Callable[[str], None]
CACHE_LIMIT = 2000  # games kept in memory before finished ones are forgotten
INLINE_REPLAY = 200  # actions replayed on the event loop; longer logs replay in a thread
CLIENT_WINDOW = 3600.0  # seconds over which a client's new games are counted
T = TypeVar("T")


class Service:
    """Creates, reads and changes games; tells ``listeners`` the id of every game it changed."""

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.cache: dict[str, Game] = {}
        self.listeners: list[Listener] = []
        self.forgotten: list[Listener] = []  # told the id of each game that left memory
        self._locks: dict[str, asyncio.Lock] = {}
        self._replayer = ThreadPoolExecutor(2, thread_name_prefix="replay")
        self._created: dict[str, deque[float]] = {}  # a client's creation times, this window
        self._creating = asyncio.Lock()  # bot-only games are counted then written one by one

    # ------------------------------------------------------------------ reading
    async def current(self, game_id: str) -> Game:
        """The game as the database has it now (404 if there is none)."""
        if not well_formed(game_id):  # checked before any query
            raise Refusal(404, f"there is no game {game_id[:80]!r}")
        async with self._lock(game_id):
            game = self.cache.get(game_id)
            if game is None:
                news = await self.store.news(game_id, -1, 0, -1)
            else:
                news = await self.store.news(game_id, game.version, len(game.moves),
                                             game.seats_version)
            if news is None:
                self.cache.pop(game_id, None)
                self._locks.pop(game_id, None)  # unknown ids must not pile up locks
                raise Refusal(404, f"there is no game {game_id!r}")
            rebuilt = None
            if game is None or news.rebuild:
                rebuilt = await self.replayed(news.record, [m.action for m in news.moves])
            game = self._catch_up(game, news, rebuilt)
            game.used = time.monotonic()
            return game

    async def cached(self, game_id: str) -> Game:
        """The cached game, loaded if this process has not seen it (no query when cached)."""
        game = self.cache.get(game_id)
        if game is None:
            return await self.current(game_id)
        game.used = time.monotonic()
        return game

    def heard(self, game_id: str, version: int | None) -> None:
        """A process (maybe this one) wrote ``version`` of ``game_id``: a move on a cached
        copy older than that reads the news first, rather than trying a write bound to fail
        (a NOTIFY may arrive late: the write's version check stays the guard)."""
        game = self.cache.get(game_id)
        if game is not None and version is not None and version > game.heard:
            game.heard = version

    async def replayed(self, record: Record, history: Sequence[str]) -> GameState:
        """``replay(record, history)``, in a thread when the log is long (the event loop keeps
        answering meanwhile)."""
        if len(history) <= INLINE_REPLAY:
            return replay(record, history)
        return await self._off_loop(replay, record, history)

    async def _off_loop(self, work: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._replayer, work, *args)

    def _catch_up(self, game: Game | None, news: News, rebuilt: GameState | None) -> Game:
        """``game`` brought up to ``news`` (read under the game's lock), or built from it
        (``rebuilt``: the state after all of ``news.moves``, when they are the whole log)."""
        record = news.record
        if game is None:
            assert news.seats is not None and rebuilt is not None
            game = Game(record, news.seats, news.moves, rebuilt, record.version,
                        record.seats_version, self._lock(record.id))
            self._remember(game)
            return game
        if news.rebuild:  # an undo made elsewhere: replay the whole log
            assert rebuilt is not None
            game.state = rebuilt
            game.moves = news.moves
        elif news.moves:
            state = game.state.clone()
            for move in news.moves:
                state.apply(move.action)
            game.state, game.moves = state, game.moves + news.moves
        if news.seats is not None:
            game.seats, game.seats_version = news.seats, record.seats_version
        game.record, game.version = record, record.version
        return game

    def _remember(self, game: Game) -> None:
        """Cache ``game``; past ``CACHE_LIMIT`` games, forget the oldest finished ones (the
        games being played stay: bots and sockets rely on them)."""
        self.cache[game.id] = game
        if len(self.cache) <= CACHE_LIMIT:
            return
        for old in [g for g in self.cache.values() if g.state.is_over and not g.lock.locked()]:
            del self.cache[old.id]
            self._locks.pop(old.id, None)
            if len(self.cache) <= CACHE_LIMIT // 2:
                break

    def forget_idle(self) -> list[str]:
        """Let every game unused for ``settings.idle_seconds`` leave memory (it comes back from
        its log when next asked for); the ids of those forgotten."""
        cutoff = time.monotonic() - self.settings.idle_seconds
        idle = [g.id for g in self.cache.values() if g.used < cutoff and not g.lock.locked()]
        for game_id in idle:
            del self.cache[game_id]
            self._locks.pop(game_id, None)
            for listener in self.forgotten:
                listener(game_id)
        return idle

    async def forget_idle_forever(self) -> None:
        """``forget_idle`` every quarter of the idle time, until cancelled."""
        while True:
            await asyncio.sleep(min(60.0, self.settings.idle_seconds / 4))
            self.forget_idle()

    def _lock(self, game_id: str) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def seat(self, game: Game, token: str) -> int:
        """The seat of ``token`` in ``game`` (403 for an unknown one), claimed on first use."""
        seat = game.seat_of(token)
        if seat is None:
            game = await self.current(game.id)  # a seat may have been joined elsewhere
            seat = game.seat_of(token)
            if seat is None:
                raise Refusal(403, "this link's token is not a seat of this game")
        if not seat.claimed:
            await self._claim(game, seat.seat, None)
        return seat.seat

    async def listing(self, limit: int | None = None) -> list[dict[str, Any]]:
        """Every game (or the ``limit`` newest), newest first: id, game, players, status,
        free seats, moves, creation time and who sits where."""
        return [
            {"id": record.id, "game": record.game, "players": record.players,
             "status": record.status, "free_seats": free, "moves": record.moves,
             "created_at": record.created_at, "source": record.source,
             "seats": [{"seat": s.seat, "kind": s.kind, "agent": s.agent, "taken": s.claimed}
                       for s in seats]}
            for record, free, seats in await self.store.listing(limit)
        ]

    async def bot_turns(self) -> list[str]:
        """The ids of the unfinished games whose seat to move is a bot."""
        return await self.store.bot_turns()

    # ------------------------------------------------------------------ creating
    async def create(self, game_name: str, players: int, seed: int | None,
                     options: Mapping[str, Any], seats: Sequence[NewSeat],
                     client: str | None = None, hints: bool = False
                     ) -> tuple[Game, dict[int, str]]:
        """A new game and the token of each human seat (422 for a bad setting; 429 when the
        ``client`` address made too many games this hour, or too many bot-only games run);
        with ``hints``, its people may ask for hints."""
        known = boardlab.api.games()
        if game_name not in known:
            raise Refusal(422, f"unknown game {game_name!r}; games: {', '.join(known)}")
        if len(seats) != players:
            raise Refusal(422, f"give one seat for each of the {players} players "
                               f"({len(seats)} given)")
        for number, wanted in enumerate(seats):
            if wanted.kind == BOT:
                try:
                    check_spec(wanted.agent or "")
                except ValueError as error:
                    raise Refusal(422, f"seat {number}: {error}") from None
        seed = random_seed() if seed is None else seed
        try:
            state = boardlab.new(game_name, players, seed, **options)
        except (ValueError, TypeError) as error:
            raise Refusal(422, str(error)) from None
        tokens = {n: new_token() for n, s in enumerate(seats) if s.kind == HUMAN}
        rows = [Seat(n, s.kind, s.agent if s.kind == BOT else None,
                     token_hash(tokens[n]) if n in tokens else None, False)
                for n, s in enumerate(seats)]
        opened = any(s.kind == OPEN for s in seats)
        status = "over" if state.is_over else "open" if opened else "playing"
        self._count_client(client)
        if state.is_over or any(s.kind != BOT for s in seats):
            game = await self._insert(game_name, players, seed, dict(options), status,
                                      "lobby", rows, [], state, hints)
            return game, tokens
        async with self._creating:
            running = await self.store.bot_only_games()
            if running >= self.settings.bot_games:
                raise Refusal(429, f"this server runs {running} games of bots alone, its "
                                   "limit: give a seat to a person, or try again later")
            game = await self._insert(game_name, players, seed, dict(options), status,
                                      "lobby", rows, [], state, hints)
        return game, tokens

    def _count_client(self, client: str | None) -> None:
        """Count one more game for ``client``; 429 past ``settings.games_per_client`` in
        the last hour."""
        if client is None:
            return
        now = time.monotonic()
        if len(self._created) > 10_000:  # drop the clients with nothing in the window
            for address in [a for a, t in self._created.items() if t[-1] < now - CLIENT_WINDOW]:
                del self._created[address]
        times = self._created.setdefault(client, deque())
        while times and times[0] < now - CLIENT_WINDOW:
            times.popleft()
        if len(times) >= self.settings.games_per_client:
            wait = int(times[0] + CLIENT_WINDOW - now) + 1
            raise Refusal(429, f"this address made {len(times)} games in the last hour, the "
                               f"limit of this server: try again in {wait} seconds")
        times.append(now)

    async def upload(self, text: str, client: str | None = None) -> Game:
        """A finished (or any) game from an untrusted save, fully verified in a thread (422 if
        it does not replay; 429 as for ``create``)."""
        self._count_client(client)
        saved, moves, state = await self._off_loop(_verified, text)
        rows = [Seat(n, HUMAN, None, None, True) for n in range(state.players)]
        options = _json_options(saved)
        return await self._insert(saved.game, saved.players, saved.seed, options,
                                  "over" if state.is_over else "playing", "upload", rows,
                                  moves, state)

    async def _insert(self, game_name: str, players: int, seed: int, options: dict[str, Any],
                      status: str, source: str, rows: list[Seat], moves: list[Move],
                      state: GameState, hints: bool = False) -> Game:
        for _attempt in range(5):
            record = Record(new_game_id(), game_name, players, seed, options, time.time(),
                            status, source, len(moves), len(moves), 0, state.to_move, hints)
            try:
                await self.store.create(record, rows, moves)
            except Exception as error:  # an id taken already (vanishingly rare): draw another
                if "UNIQUE" not in str(error).upper() and "DUPLICATE" not in str(error).upper():
                    raise
                continue
            game = Game(record, rows, list(moves), state, len(moves), 0, self._lock(record.id))
            self._remember(game)
            self._changed(record.id)
            return game
        raise RuntimeError("could not draw a free game id")

    async def join(self, game_id: str, wanted: int | None) -> tuple[int, str]:
        """Take a free open seat (``wanted``, or the first free one) with a new token; a
        seat reserved for its link is never taken this way."""
        game = await self.current(game_id)
        free = game.free_seats()
        if wanted is not None:
            if not 0 <= wanted < game.record.players:
                raise Refusal(422, f"seat {wanted} is not a seat of this "
                                   f"{game.record.players}-player game")
            if wanted not in free:
                raise Refusal(409, _not_free(game.seats[wanted]))
            seat = wanted
        elif not free:
            raise Refusal(409, "this game has no open seat to take")
        else:
            seat = free[0]
        token = new_token()
        if not await self._claim(game, seat, token_hash(token)):
            raise Refusal(409, f"seat {seat} was just taken by someone else")
        return seat, token

    async def _claim(self, game: Game, seat: int, digest: str | None) -> bool:
        rest = [s for s in game.seats if s.seat != seat]
        after = "open" if any(s.kind == OPEN and not s.claimed for s in rest) else "playing"
        status = "over" if game.state.is_over else after
        done = await self.store.claim(game.id, seat, digest, status)
        await self.current(game.id)
        if done:
            self._changed(game.id)
        return done

    # ------------------------------------------------------------------ changing
    async def move(self, game_id: str, token: str, decision: int, action: str,
                   bot_seat: int | None = None) -> tuple[Game, int]:
        """Play ``action`` on decision ``decision`` for the seat of ``token`` (or for the bot
        seat ``bot_seat``); the game and the seat after the move is written."""
        game = await self.cached(game_id)
        fresh = game.heard > game.version  # another process moved it: catch up first
        if fresh:
            game = await self.current(game_id)
        seat = bot_seat if bot_seat is not None else await self.seat(game, token)
        while True:
            async with game.lock:
                problem = _refusal(game.state, seat, decision, action, decision_id(game))
                if problem is None:
                    twin = game.state.clone()
                    twin.apply(action)
                    move = Move(len(game.moves), seat, action)
                    if await self.store.append(game.id, game.version, move, game.status(twin),
                                               twin.to_move):
                        game.state, game.version = twin, game.version + 1
                        game.moves = [*game.moves, move]
                        break
                    problem = Refusal(409, "another move was made on this game at the same "
                                           "time; this one was not played")
            if fresh:
                raise problem
            game, fresh = await self.current(game_id), True  # another process may have moved
        self._changed(game.id)
        return game, seat

    async def undo(self, game_id: str, token: str) -> tuple[Game, int]:
        """Take back the last move if it was the seat's own and nobody could learn from it."""
        game = await self.current(game_id)
        seat = await self.seat(game, token)
        async with game.lock:
            if not game.moves:
                raise Refusal(409, "there is no move to take back")
            last = game.moves[-1]
            if last.seat != seat:
                raise Refusal(409, "your last move cannot be taken back: another seat has "
                                   "played since")
            before = await self.replayed(game.record, [m.action for m in game.moves[:-1]])
            reason = why_not_undo(before, game.state, seat)
            if reason:
                raise Refusal(409, f"your last move cannot be taken back: {reason}")
            if not await self.store.remove_last(game.id, game.version, last.n,
                                                game.status(before), before.to_move):
                raise Refusal(409, "another move was made on this game at the same time; "
                                   "nothing was taken back")
            game.state, game.version, game.moves = before, game.version + 1, game.moves[:-1]
        self._changed(game.id)
        return game, seat

    def _changed(self, game_id: str) -> None:
        for listener in self.listeners:
            listener(game_id)

    # ------------------------------------------------------------------ looking back
    async def replay_at(self, game_id: str, step: int | None) -> tuple[Game, GameState, int]:
        """The game, its state after ``step`` actions (default: all) and that step."""
        game = await self.current(game_id)
        steps = len(game.moves)
        at = steps if step is None else step
        if not 0 <= at <= steps:
            raise Refusal(422, f"step {at} is not between 0 and {steps}")
        if at == steps:
            return game, game.state, at
        return game, await self.replayed(game.record, [m.action for m in game.moves[:at]]), at

    async def save(self, game_id: str) -> str:
        """The JSON save of a finished game (409 while it is played: a save holds every secret)."""
        game = await self.current(game_id)
        if not game.state.is_over:
            raise Refusal(409, "the save is available once the game is over "
                               "(it holds every seat's secrets)")
        return game.state.to_json()


def replay(record: Record, history: Sequence[str]) -> GameState:
    """The state of ``record``'s game after the moves ``history``: its seats' choices, since
    the engine plays every decision with a single option itself. Moves written before it
    did hold those too: they are then replayed as a whole history."""
    state = boardlab.new(record.game, record.players, record.seed, **record.options)
    try:
        for action in history:
            state.apply(action)
    except IllegalAction:
        return boardlab.replay(record.game, record.players, record.seed, history,
                               **record.options)
    return state


def _verified(text: str) -> tuple[GameState, list[Move], GameState]:
    """An untrusted save loaded with full verification, its seats' moves (the engine plays
    the forced ones) and the state they lead to; ``Refusal`` 422 if it does not replay."""
    try:
        saved = boardlab.load(text, verify=True)
    except (LoadError, IllegalAction, ValueError, TypeError, KeyError,
            OverflowError, RecursionError) as error:
        raise Refusal(422, f"the save does not replay: {error}") from None
    if saved.seed not in SEED_RANGE:
        raise Refusal(422, "the save's seed is outside the signed 64-bit range")
    state = boardlab.new(saved.game, saved.players, saved.seed, **dict(saved.options))
    moves: list[Move] = []
    while len(state.history) < len(saved.history):
        action = saved.history[len(state.history)]
        moves.append(Move(len(moves), state.to_move, action))
        state.apply(action)
    return saved, moves, state


def _not_free(seat: Seat) -> str:
    """Why ``seat`` cannot be joined, in words."""
    if seat.kind == HUMAN:
        return f"seat {seat.seat} is reserved for the person its link was sent to"
    if seat.kind == BOT:
        return f"seat {seat.seat} is played by a bot"
    return f"seat {seat.seat} was taken already"


def _refusal(state: GameState, seat: int, decision: int, action: str, pending_id: int | None
             ) -> Refusal | None:
    """Why ``seat`` may not play ``action`` on ``decision`` now, or ``None`` if it may
    (``pending_id``: the id the server gives the pending decision, see ``positions``)."""
    pending = state.decision
    if pending is None:
        return Refusal(409, "the game is over")
    if pending.player != seat:
        return Refusal(409, f"it is not your turn: P{pending.player + 1} is to move")
    if decision != pending_id:
        return Refusal(409, f"decision {decision} is no longer pending: decision {pending_id} "
                            "is (reload the page)")
    if not any(option.id == action for option in pending.options):
        return Refusal(422, f"{action!r} is not an option of this decision")
    return None


def _json_options(state: GameState) -> dict[str, Any]:
    """A state's options as plain JSON values."""
    import json

    return dict(json.loads(json.dumps(dict(state.options))))


def spec_catalog() -> list[dict[str, Any]]:
    """Every game with its title, player counts, options and named bot levels, for the
    lobby."""
    listing = []
    for name in boardlab.api.games():
        try:
            spec = registry.spec(name)
        except ValueError:
            continue
        listing.append({
            "name": name, "title": spec.title, "summary": spec.summary,
            "min_players": spec.min_players, "max_players": spec.max_players,
            "options": [{"name": o.name, "default": _plain(o.default), "help": o.help,
                         "choices": None if o.choices is None else [_plain(c) for c in o.choices]}
                        for o in spec.options],
            "bot_levels": _bot_levels(name),
        })
    return listing


def _bot_levels(game: str) -> list[dict[str, Any]]:
    """The game's named bot levels with their measured strength (none for a game without)."""
    try:
        shown: list[dict[str, Any]] = levels.for_game(game).to_json()["levels"]
    except ValueError:
        return []
    return shown


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
