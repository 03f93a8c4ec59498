"""The turn structure of Compounded: every frame key and its rule, in the order of a round.

``RULES`` is the one table the engine's stack driver (``engine.stack``) reads: a ``Step``
runs by itself, an ``Ask`` is a decision of the frame's player, with its kind, a prompt
(built only when read), its options and what answering does. A decision with a single
option is answered at once and one with none is dropped, so every decision a player sees
has at least two options. The game starts with a ``StartRound`` frame on the stack; each
round ends by replacing itself with the next one unless the game is over, and the game is
over when the stack is empty (C-14.1). Each frame kind's fields are in ``frames``.

A round (C-5) runs: ``StartRound`` queues the phases, then Discovery (C-6: draws, trading,
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

RULES: Mapping[str, Rule[CompoundedState]] = rules_table(
    {
        # ------------------------------------------------------------ a round (C-5, C-14)
        F.StartRound.key: Step(rounds.start_round),
        # ------------------------------------------------------------ Discovery (C-6)
        F.Draws.key: Step(discovery.discovery_draws),
        F.TradeOffer.key: Ask(
            "trade_offer",
            discovery.trade_offer_prompt,
            discovery.trade_offer_options,
            discovery.trade_offer,
        ),
        F.TradeBuild.key: Ask(
            "trade_build",
            discovery.trade_build_prompt,
            discovery.trade_build_options,
            discovery.trade_build,
        ),
        F.TradeReply.key: Ask(
            "trade_reply",
            discovery.trade_reply_prompt,
            discovery.trade_reply_options,
            discovery.trade_reply,
        ),
        F.CapacityCheck.key: Step(discovery.capacity_check),
        F.ReturnExcess.key: Ask(
            "return_excess",
            discovery.return_excess_prompt,
            discovery.return_excess_options,
            discovery.return_excess,
        ),
        # ------------------------------------------------------------ Study (C-7)
        F.StartClaims.key: Step(study.start_claims),
        F.Claim.key: Ask("claim", study.claim_prompt, study.claim_options, study.claim),
        F.RelocationRound.key: Step(study.relocation_round),
        F.Relocate.key: Ask(
            "relocate", study.relocate_prompt, study.relocate_options, study.relocate
        ),
        F.RelocateTarget.key: Ask(
            "relocate_target",
            study.relocate_target_prompt,
            study.relocate_target_options,
            study.relocate_target,
        ),
        # ------------------------------------------------------------ Research (C-8)
        F.ResearchPhase.key: Step(research.research_step),
        F.GogglesRound.key: Step(research.goggles_round),
        F.Goggles.key: Ask(
            "goggles", research.goggles_prompt, research.goggles_options, research.goggles
        ),
        F.BunsenWindow.key: Step(research.bunsen_window),
        F.Bunsen.key: Ask(
            "bunsen", research.bunsen_prompt, research.bunsen_options, research.bunsen
        ),
        F.PlaceItem.key: Ask(
            "place_item",
            research.place_item_prompt,
            research.place_item_options,
            research.place_item,
        ),
        F.ExchangeTake.key: Ask(
            "exchange_take",
            research.exchange_take_prompt,
            research.exchange_take_options,
            research.exchange_take,
        ),
        F.PlaceSpace.key: Ask(
            "place_space",
            research.place_space_prompt,
            research.place_space_options,
            research.place_space,
        ),
        # ------------------------------------------------------------ Lab (C-9, C-10)
        F.LabTurns.key: Step(lab.lab_turns),
        F.ScoringTurn.key: Step(lab.scoring_turn),
        F.Score.key: Ask("score", lab.score_prompt, lab.score_options, lab.score),
        # resolving one compound (C-9.2): experiment, equipment, reaction, items
        F.Experiment.key: Ask(
            "experiment", lab.experiment_prompt, lab.experiment_options, lab.experiment
        ),
        F.ResolveEquipment.key: Step(lab.equipment_step),
        F.ResolveReaction.key: Step(lab.reaction_step),
        F.Stability.key: Ask(
            "stability", lab.stability_prompt, lab.stability_options, lab.stability
        ),
        F.HandleRound.key: Step(lab.handle_round),
        F.HandleItem.key: Ask(
            "handle_item", lab.handle_item_prompt, lab.handle_item_options, lab.handle_item
        ),
        F.HandleSpace.key: Ask(
            "handle_space", lab.handle_space_prompt, lab.handle_space_options, lab.handle_space
        ),
        F.ResolveItems.key: Step(lab.items_step),
        F.Paper.key: Ask("paper", lab.paper_prompt, lab.paper_options, lab.paper),
        # the end of a scoring turn (C-9.5)
        F.CylinderCheck.key: Step(lab.cylinder_step),
        F.Cylinder.key: Ask("cylinder", lab.cylinder_prompt, lab.cylinder_options, lab.cylinder),
        # ------------------------------------------------------------ Study drop (C-7.4)
        F.StudyDrop.key: Step(study.study_drop),
        F.ReleaseClaim.key: Ask(
            "release_claim",
            study.release_claim_prompt,
            study.release_claim_options,
            study.release_claim,
        ),
        # ------------------------------------------------------------ refill (C-9.6, C-9.7)
        F.Refill.key: Step(lab.refill_field),
        # ------------------------------------------------------------ fires (C-9.8, C-11)
        F.LabFire.key: Step(fire.lab_fire),
        F.ExtinguisherWindow.key: Step(fire.extinguisher_window),
        F.Extinguish.key: Ask(
            "extinguish", fire.extinguish_prompt, fire.extinguish_options, fire.extinguish
        ),
        F.PlaceFireTokens.key: Step(fire.place_fire_tokens),
        F.Explode.key: Step(fire.explode),
        F.Scatter.key: Step(fire.scatter_items),
        F.ScatterItem.key: Ask(
            "scatter_item", fire.scatter_item_prompt, fire.scatter_item_options, fire.scatter_item
        ),
        F.ScatterSpace.key: Ask(
            "scatter_space",
            fire.scatter_space_prompt,
            fire.scatter_space_options,
            fire.scatter_space,
        ),
        # ------------------------------------------------------------ end of the round (C-9.9)
        F.LabKeyWindow.key: Step(lab.lab_key_window),
        F.LabKey.key: Ask("lab_key", lab.lab_key_prompt, lab.lab_key_options, lab.lab_key),
        F.EndRound.key: Step(rounds.end_round),
    }
)
