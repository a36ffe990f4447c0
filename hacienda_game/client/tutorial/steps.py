"""The guided first game as data: each step asks for one thing, says why in
one sentence, names what to light (a stage per choice: the card, then the
hex) and when it is done (a test on an event or on the learner's view, read
by ``director``).  The texts are marked here and worded where shown."""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import N_

EXPLAIN = 8.0                    # seconds an explanation stays unless a press goes on
SCENARIO = "first_game.json"     # the prepared deal, beside this module
LEARNER = 0                      # the seat the learner plays (the other is a gentle AI)
AI_LEVEL = "easy"


@dataclass(frozen=True)
class Step:
    key: str
    ask: str                     # what to do now (one thing)
    why: str                     # why, in one sentence
    done: str                    # a test in director.TESTS
    light: tuple[tuple[str, ...], ...] = ()   # stages: ("hand", card), ("hex", "X,Y"), ...
    picture: str | None = None   # a sprite beside the words
    learner: bool = True         # the learner acts (False: watch the table)
    any_order: bool = True       # may be done before the steps ahead of it
    pause: float = 0.0           # an explanation: read for this long (any press goes on)
    scores: str | None = None    # its words name each seat's points in this scoring category


STEPS: tuple[Step, ...] = (
    Step("buy_card", N_("Buy the forest card on the display: click it."),
         N_("Land cards put your tiles on the board; a face-up card costs 3 pesos."),
         "bought_land", (("market", "land", "forest"),), "card_land_forest"),
    Step("terrain", N_("Click your forest card, then one of the lit forest hexes."),
         N_("A terrain card goes on any free hex of its own terrain."),
         "terrain_tile", (("hand", "forest"), ("hex", "4,3")), "card_land_forest"),
    Step("pampas", N_("Play your pampas card next to your forest tile."),
         N_("Pampas is open grass: a pampas card must touch a land tile of yours."),
         "pampas_tile", (("hand", "pampas"), ("hex", "5,3")), "card_land_pampas"),
    Step("end_turn", N_("Three actions used: end your turn."),
         N_("Each turn has three actions; then the other player moves."),
         "learner_ended", (("button", "end"),), "icon_actions", any_order=False),
    Step("watch", N_("Watch Rosa play, one move at a time."),
         N_("Every move she makes is written in the log on the right."),
         "ai_ended", (), "icon_ai", learner=False, any_order=False),
    Step("herd", N_("Start a herd: play a pig next to your land."),
         N_("Animals go on free pampas touching your land or your herd of that animal."),
         "animal_token", (("hand", "pig"), ("hex", "6,3")), "card_animal_pig"),
    Step("market", N_("Click a pig card, then, of the lit hexes, the one by the market."),
         N_("A herd reaching a market side is paid its size plus the land it touches."),
         "market_paid", (("hand", "pig"), ("hex", "7,2")), "icon_market"),
    Step("chain", N_("Play your mountain card to make a chain of three."),
         N_("At each scoring a chain of 3 or more tiles is worth 2 points a tile."),
         "chain_of_three", (("hand", "mountain"), ("hex", "5,2")), "icon_chain"),
    Step("end_turn_2", N_("End your turn."),
         N_("Your pesos and points are on your row at the top right."),
         "learner_ended", (("button", "end"),), "icon_actions", any_order=False),
    Step("watch_2", N_("Rosa plays again: watch her moves."),
         N_("A gentle player leaves you room to learn."),
         "ai_ended", (), "icon_ai", learner=False, any_order=False),
    Step("harvest", N_("Harvest your chain: click Harvest, then your chain."),
         N_("A harvest pays 3 pesos a tile, once per chain, and marks it with a chip."),
         "harvested", (("button", "harvest"), ("hex", "4,3")), "chip"),
    Step("hacienda", N_("Buy a hacienda and build it on your chain."),
         N_("A hacienda scores 1 point per tile of its chain or herd at each scoring."),
         "hacienda_built", (("button", "hacienda"), ("hex", "5,3")), "icon_hacienda"),
    Step("water", N_("Buy a water tile, turn it and place it (the line below says how)."),
         N_("Each of your tiles and animals touching water scores 1 point."),
         "water_placed", (("button", "water"),), "icon_water"),
    Step("end_turn_3", N_("End your turn."),
         N_("Now play on: the game runs until both animal stacks are used up."),
         "learner_ended", (("button", "end"),), "icon_actions", any_order=False),
    Step("stack", N_("Buy animal cards until the first animal stack runs out."),
         N_("When it does, the round of turns is played to its end, then the intermediate"
            " scoring comes."),
         "stack_switched", (("market", "animal", ""),), "card_back_animal", any_order=False),
    Step("scoring", N_("Play to the round's end: the intermediate scoring comes."),
         N_("It counts markets, chains of 3 or more, haciendas, water, then pesos."),
         "intermediate", (("button", "end"),), "icon_score", any_order=False),
    # The intermediate scoring as it happened, one category at a time.
    Step("score_markets", N_("Markets: {points}."),
         N_("Markets your herds touch: 1 gives 1 point, 2 give 3, 3 give 6, 4 give 10."),
         "read", (), "icon_market", learner=False, any_order=False, pause=EXPLAIN,
         scores="markets"),
    Step("score_chains", N_("Chains: {points}."),
         N_("2 points a tile in every chain of 3 tiles or more; shorter ones score nothing."),
         "read", (), "icon_chain", learner=False, any_order=False, pause=EXPLAIN,
         scores="chains"),
    Step("score_haciendas", N_("Haciendas: {points}."),
         N_("1 point a tile of each chain or herd that carries a hacienda."),
         "read", (), "icon_hacienda", learner=False, any_order=False, pause=EXPLAIN,
         scores="haciendas"),
    Step("score_water", N_("Water: {points}."),
         N_("1 point for each of your land tiles and animals beside a water tile."),
         "read", (), "icon_water", learner=False, any_order=False, pause=EXPLAIN,
         scores="water"),
    Step("score_money", N_("Pesos: {points}."),
         N_("Every 10 pesos you hold give 1 point; you keep the pesos."),
         "read", (), "icon_money", learner=False, any_order=False, pause=EXPLAIN,
         scores="money"),
    Step("end_trigger", N_("Buy animal cards until the second animal stack runs out."),
         N_("That ends the game: the round is played to its end, then the final scoring."),
         "final_due", (("market", "animal", ""),), "card_back_animal", any_order=False),
    Step("final", N_("Play to the round's end: the final scoring ends the game."),
         N_("It counts the same five again; the most points wins, on a tie the most pesos."),
         "game_over", (("button", "end"),), "trophy", any_order=False),
)

# Said when the learner did something else than the step asked: it counts.
OTHER_MOVES: dict[str, str] = {
    "card_bought": N_("That works too: the card is in your hand for a later action."),
    "tile_placed": N_("That works too: every land tile can grow a chain."),
    "animal_placed": N_("That works too: that token grows your herds."),
    "market_paid": N_("That works too: a market paid you."),
    "hacienda_placed": N_("That works too: the hacienda scores at every scoring."),
    "water_placed": N_("That works too: water scores the pieces around it."),
    "harvest": N_("That works too: the harvest paid you."),
}
DONE = N_("Well done.")
PAID = N_("Paid: {herd} animals + {land} land = {amount} pesos.")
AI_MOVE = N_("Rosa's move: {move}")
FINISHED = N_("You have played a whole game of Hacienda!")
RESULT = N_("Final scoring: {points}. {winner} wins.")
SEAT_POINTS = N_("{name} {points}")          # one seat's points in a list of them
GO_ON = N_("Click or press a button to go on.")
AI_WATCH = N_("Each move of Rosa's is lit on the board; a click goes on at once.")
