"""A trained policy network as an agent, run with numpy alone (no torch needed to play it).

The network is a file (``.npz``) holding a multilayer perceptron: the observation parts it
reads, in order (``inputs``: ``"action_mask"`` and ``"observation"`` for a
Stable-Baselines3 ``MultiInputPolicy``, whose feature extractor flattens and joins the keys
of the observation dict in that order), then ``layers`` weight matrices ``w0, w1, ...``
and biases ``b0, b1, ...``, every layer but the last followed by ``activation`` (``tanh``
or ``relu``); the last layer's outputs are the logits of the game's action codec. The
observation is the one the learning environments give (``boardlab.adapters.spaces``: the
normalised vector of ``Observer`` and the codec's mask), so the agent plays exactly what
it learned. ``NetworkAgent.choose`` sets the logits of illegal actions aside and plays the
arg-max (the first index on a tie), so it is deterministic.

``benchmarks/ppo_baseline.py`` trains Konoten's and writes it with ``save_network``; the
file shipped in ``policies/konoten_ppo.npz`` is the default of the ``"policy"`` agent:

>>> agent = make("policy")                    # boardlab.agents.make; Konoten, 2 players
>>> agent.choose(boardlab.new("konoten", 2, seed=1))

Playing it needs numpy and gymnasium (``pip install 'boardlab[rl]'``), which build the
observation.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

try:
    import numpy as np
    from numpy.typing import NDArray
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError("the policy agent needs numpy: pip install 'boardlab[rl]'") from error

from boardlab.agents.params import reject_unknown
from boardlab.encoding import vectors
from boardlab.encoding.encodings import Encodings, encodings
from boardlab.engine import Action, GameState

Predict = Callable[[dict[str, np.ndarray]], Any]

#: The Konoten policy trained by ``benchmarks/ppo_baseline.py``, shipped with the package.
DEFAULT_PATH = Path(__file__).parent / "policies" / "konoten_ppo.npz"
FORMAT = 1
ACTIVATIONS = ("tanh", "relu")
Array = NDArray[np.float32]


class PolicyAgent:
    """A boardlab agent that asks ``predict(observation)`` for a codec index."""

    #: It only reads the state it is given, so environments may show it the live state.
    reads_only = True

    def __init__(self, predict: Predict, name: str = "policy", model: Any = None) -> None:
        self.predict = predict
        self.name = name
        #: the object ``predict`` asks, when there is one (``frozen_policy``'s copy)
        self.model = model
        self.illegal_choices = 0
        self._observers: dict[tuple[str, int, str], tuple[Encodings, vectors.Observer]] = {}

    def _observer(self, state: GameState) -> tuple[Encodings, vectors.Observer]:
        key = (state.game, state.players, json.dumps(dict(state.options), sort_keys=True))
        found = self._observers.get(key)
        if found is None:
            enc = encodings(state.game, state.players, state.options)
            self.check(enc)
            found = self._observers[key] = (enc, vectors.Observer(enc))
        return found

    def check(self, enc: Encodings) -> None:
        """Raise ``ValueError`` if ``predict`` cannot play a game with these encodings (run
        once per game, player count and options; by default every game is played)."""

    def choose(self, state: GameState) -> Action:
        seat = state.to_move
        if seat is None:
            raise ValueError("the game is over: there is nothing to choose")
        enc, observer = self._observer(state)
        observation = {
            "observation": observer.vector(state, seat),
            "action_mask": vectors.action_mask(enc, state, seat),
        }
        chosen = self.predict(observation)
        index = vectors.as_index(chosen, enc.codec.size)
        if index is not None:
            try:
                return enc.codec.decode(index, state)
            except ValueError:
                pass
        self.illegal_choices += 1
        return state.legal_actions()[0]



class PolicyNetwork:
    """The weights of a policy MLP for one game and player count, and its forward pass."""

    def __init__(
        self,
        game: str,
        players: int,
        inputs: Sequence[str],
        weights: Sequence[Array],
        biases: Sequence[Array],
        activation: str = "tanh",
        info: Mapping[str, Any] | None = None,
    ) -> None:
        if activation not in ACTIVATIONS:
            raise ValueError(f"activation {activation!r} is not one of {list(ACTIVATIONS)}")
        if not weights or len(weights) != len(biases):
            raise ValueError("a policy network needs as many biases as weight matrices, >= 1")
        self.game = game
        self.players = players
        self.inputs = tuple(inputs)
        self.weights = [np.asarray(w, dtype=np.float32) for w in weights]
        self.biases = [np.asarray(b, dtype=np.float32) for b in biases]
        for w, b in zip(self.weights, self.biases, strict=True):
            if w.ndim != 2 or b.shape != (w.shape[1],):
                raise ValueError(f"layer shapes do not fit: weights {w.shape}, bias {b.shape}")
        for before, after in zip(self.weights, self.weights[1:], strict=False):
            if before.shape[1] != after.shape[0]:
                raise ValueError(f"layer shapes do not chain: {before.shape} then {after.shape}")
        self.activation = activation
        self.info = dict(info or {})

    @property
    def input_size(self) -> int:
        return int(self.weights[0].shape[0])

    @property
    def output_size(self) -> int:
        return int(self.weights[-1].shape[1])

    @classmethod
    def load(cls, path: str | Path) -> PolicyNetwork:
        """Read a network written by ``save``; ``ValueError`` for a file that is not one."""
        with np.load(Path(path), allow_pickle=False) as data:
            try:
                meta = json.loads(str(data["meta"]))
                if meta.get("format") != FORMAT:
                    raise ValueError(f"format {meta.get('format')!r}, not {FORMAT}")
                layers = int(meta["layers"])
                weights = [data[f"w{i}"] for i in range(layers)]
                biases = [data[f"b{i}"] for i in range(layers)]
                return cls(
                    meta["game"], int(meta["players"]), meta["inputs"], weights, biases,
                    meta["activation"], meta.get("info"),
                )
            except (KeyError, TypeError, ValueError) as error:
                raise ValueError(f"{path} is not a boardlab policy network: {error}") from error

    def save(self, path: str | Path) -> None:
        """Write the network as a compressed ``.npz`` (float32 weights, a JSON ``meta``)."""
        meta = {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "inputs": list(self.inputs),
            "layers": len(self.weights),
            "activation": self.activation,
            "info": self.info,
        }
        arrays: dict[str, Any] = {"meta": np.array(json.dumps(meta, sort_keys=True))}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"w{i}"], arrays[f"b{i}"] = w, b
        with Path(path).open("wb") as handle:
            np.savez_compressed(handle, **arrays)

    def features(self, observation: Mapping[str, Any]) -> Array:
        """The network's input: the observation's parts as float32, joined in ``inputs`` order
        (one row per observation when the parts are batches)."""
        parts = [np.asarray(observation[key], dtype=np.float32) for key in self.inputs]
        joined: Array = np.concatenate(parts, axis=-1)
        return joined

    def logits(self, observation: Mapping[str, Any]) -> Array:
        """The action logits of one observation dict (or a batch of them), before masking."""
        x = self.features(observation)
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            x = x @ w + b
            if i < last:
                x = np.tanh(x) if self.activation == "tanh" else np.maximum(x, 0.0)
        return x

    def best(self, observation: Mapping[str, Any]) -> int:
        """The legal index (``observation["action_mask"]``) with the highest logit."""
        logits = self.logits(observation)
        mask = np.asarray(observation["action_mask"], dtype=bool)
        if not mask.any():
            raise ValueError("no action is legal in this observation (all-0 mask)")
        return int(np.argmax(np.where(mask, logits, -np.inf)))


class NetworkAgent(PolicyAgent):
    """Plays the arg-max legal action of a ``PolicyNetwork`` (module doc): a ``PolicyAgent``
    whose ``predict`` is the network's ``best``.

    ``path``: the network file (default: the shipped Konoten policy). It plays only the
    game and player count it was trained on: ``choose`` raises ``ValueError`` for another.
    It only reads the state (``reads_only``). ``seed`` is accepted like every agent's and
    unused: the choice is deterministic.
    """

    name = "policy"
    PARAMS = ("path",)

    def __init__(
        self,
        seed: int = 0,
        path: str | Path | None = None,
        network: PolicyNetwork | None = None,
        **unknown: Any,
    ) -> None:
        reject_unknown(self.name, unknown, self.PARAMS)
        self.seed = seed
        self.network = network if network is not None else PolicyNetwork.load(
            DEFAULT_PATH if path is None else path
        )
        super().__init__(self.network.best, name=self.name)

    def check(self, enc: Encodings) -> None:
        """The network's game, player count and layer sizes must be those of ``enc``."""
        network = self.network
        if enc.game != network.game or enc.players != network.players:
            raise ValueError(
                f"this policy was trained on {network.game} with {network.players} players, "
                f"not {enc.game} with {enc.players}"
            )
        width = enc.encoder.size + (enc.codec.size if "action_mask" in network.inputs else 0)
        if width != network.input_size or enc.codec.size != network.output_size:
            raise ValueError(
                f"the policy's layers ({network.input_size} inputs, {network.output_size} "
                f"actions) do not fit {enc.game}'s encodings ({width}, {enc.codec.size})"
            )
