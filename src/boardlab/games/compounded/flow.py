"""The turn structure of Compounded: every frame opcode and its rule, in the order of a round.

``RULES`` is the one table the engine's stack driver (``engine.stack``) reads: a ``Step``
runs by itself, an ``Ask`` is a decision of the frame's player, with its kind, a prompt
(built only when read), its options and what answering does. A decision with a single
option is answered at once and one with none is dropped, so every decision a player sees
has at least two options. The game starts with ``(T_ROUND, -1)`` on the stack; each round
ends by replacing itself with the next ``T_ROUND`` unless the game is over, and the game
is over when the stack is empty (C-14.1).

A round (C-5) runs: ``T_ROUND`` queues the phases, then Discovery (C-6: draws, trading,
capacity), Study (C-7: claims, relocations), Research (C-8: goggles, Bunsen windows,
research turns), Lab (C-9: scoring turns with their resolution, reactions and cylinder),
the refill with its Lab Fire, the Lab Key window and the end of the round. Fires,
explosions and the Study drop are pushed by whatever causes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from boardlab.engine import Ask, Step
from boardlab.engine.stack import Rule, rules_table
from boardlab.games.compounded import discovery, fire, lab, research, rounds, study
from boardlab.games.compounded import frames as F

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState

RULES: Mapping[int, Rule[CompoundedState]] = rules_table(
    {
        # ------------------------------------------------------------ a round (C-5, C-14)
        F.T_ROUND: Step(rounds.start_round),
        # ------------------------------------------------------------ Discovery (C-6)
        F.T_DRAW: Step(discovery.discovery_draws),
        F.D_TRADE_TURN: Ask(
            "trade_offer",
            discovery.trade_offer_prompt,
            discovery.trade_offer_options,
            discovery.trade_offer,
        ),
        F.D_TRADE_BUILD: Ask(
            "trade_build",
            discovery.trade_build_prompt,
            discovery.trade_build_options,
            discovery.trade_build,
        ),
        F.D_TRADE_REPLY: Ask(
            "trade_reply",
            discovery.trade_reply_prompt,
            discovery.trade_reply_options,
            discovery.trade_reply,
        ),
        F.T_CAPACITY: Step(discovery.capacity_check),
        F.D_RETURN: Ask(
            "return_excess",
            discovery.return_excess_prompt,
            discovery.return_excess_options,
            discovery.return_excess,
        ),
        # ------------------------------------------------------------ Study (C-7)
        F.T_CLAIMS: Step(study.start_claims),
        F.D_CLAIM: Ask("claim", study.claim_prompt, study.claim_options, study.claim),
        F.T_RELOCATE: Step(study.relocation_round),
        F.D_RELOCATE: Ask(
            "relocate", study.relocate_prompt, study.relocate_options, study.relocate
        ),
        F.D_RELOCATE_TO: Ask(
            "relocate_target",
            study.relocate_target_prompt,
            study.relocate_target_options,
            study.relocate_target,
        ),
        # ------------------------------------------------------------ Research (C-8)
        F.T_RESEARCH: Step(research.research_step),
        F.T_GOGGLES: Step(research.goggles_round),
        F.D_GOGGLES: Ask(
            "goggles", research.goggles_prompt, research.goggles_options, research.goggles
        ),
        F.T_BUNSEN: Step(research.bunsen_window),
        F.D_BUNSEN: Ask("bunsen", research.bunsen_prompt, research.bunsen_options, research.bunsen),
        F.D_PLACE_ITEM: Ask(
            "place_item",
            research.place_item_prompt,
            research.place_item_options,
            research.place_item,
        ),
        F.D_TAKE: Ask(
            "exchange_take",
            research.exchange_take_prompt,
            research.exchange_take_options,
            research.exchange_take,
        ),
        F.D_PLACE_SPACE: Ask(
            "place_space",
            research.place_space_prompt,
            research.place_space_options,
            research.place_space,
        ),
        # ------------------------------------------------------------ Lab (C-9, C-10)
        F.T_LAB: Step(lab.lab_turns),
        F.T_SCORE: Step(lab.scoring_turn),
        F.D_SCORE: Ask("score", lab.score_prompt, lab.score_options, lab.score),
        # resolving one compound (C-9.2): experiment, equipment, reaction, items
        F.D_EXPERIMENT: Ask(
            "experiment", lab.experiment_prompt, lab.experiment_options, lab.experiment
        ),
        F.T_RES_EQUIP: Step(lab.equipment_step),
        F.T_RES_REACTION: Step(lab.reaction_step),
        F.D_STABILITY: Ask("stability", lab.stability_prompt, lab.stability_options, lab.stability),
        F.T_HANDLE: Step(lab.handle_round),
        F.D_HANDLE_ITEM: Ask(
            "handle_item", lab.handle_item_prompt, lab.handle_item_options, lab.handle_item
        ),
        F.D_HANDLE_SPACE: Ask(
            "handle_space", lab.handle_space_prompt, lab.handle_space_options, lab.handle_space
        ),
        F.T_RES_ITEMS: Step(lab.items_step),
        F.D_PAPER: Ask("paper", lab.paper_prompt, lab.paper_options, lab.paper),
        # the end of a scoring turn (C-9.5)
        F.T_CYLINDER: Step(lab.cylinder_step),
        F.D_CYLINDER: Ask("cylinder", lab.cylinder_prompt, lab.cylinder_options, lab.cylinder),
        # ------------------------------------------------------------ Study drop (C-7.4)
        F.T_STUDY_DROP: Step(study.study_drop),
        F.D_RELEASE: Ask(
            "release_claim",
            study.release_claim_prompt,
            study.release_claim_options,
            study.release_claim,
        ),
        # ------------------------------------------------------------ refill (C-9.6, C-9.7)
        F.T_REFILL: Step(lab.refill_field),
        # ------------------------------------------------------------ fires (C-9.8, C-11)
        F.T_LAB_FIRE: Step(fire.lab_fire),
        F.T_EXT_WINDOW: Step(fire.extinguisher_window),
        F.D_EXTINGUISH: Ask(
            "extinguish", fire.extinguish_prompt, fire.extinguish_options, fire.extinguish
        ),
        F.T_FIRE_PLACE: Step(fire.place_fire_tokens),
        F.T_EXPLODE: Step(fire.explode),
        F.T_SCATTER: Step(fire.scatter_items),
        F.D_SCATTER_ITEM: Ask(
            "scatter_item", fire.scatter_item_prompt, fire.scatter_item_options, fire.scatter_item
        ),
        F.D_SCATTER_SPACE: Ask(
            "scatter_space",
            fire.scatter_space_prompt,
            fire.scatter_space_options,
            fire.scatter_space,
        ),
        # ------------------------------------------------------------ end of the round (C-9.9)
        F.T_LAB_KEY: Step(lab.lab_key_window),
        F.D_LAB_KEY: Ask("lab_key", lab.lab_key_prompt, lab.lab_key_options, lab.lab_key),
        F.T_END_ROUND: Step(rounds.end_round),
    }
)
