"""Score a hand from Python, read its breakdown, and play it again in a live game.

python examples/score_hand.py
"""

from balatro_ecs import Game, score
from balatro_ecs.game.cards import CardSpec
from balatro_ecs.kernel.components import Area

# 1. One call, from a scenario dict (the same format `balatro-ecs score` reads).
result = score(
    {
        "played": [{"rank": "A", "suit": "S"}, {"rank": "A", "suit": "H", "enhancement": "glass"}],
        "held": [{"rank": "K", "suit": "D", "enhancement": "steel"}],
        "jokers": [{"name": "Scholar"}, {"name": "Baron", "edition": "holo"}],
    }
)
print(result.hand_name, result.chips, result.mult, result.score)
for event in result.breakdown:
    print(f"  {event.phase:<12} {event.source:<10} {event.describe_change()}")

# 2. The same hand built step by step in a Game (an ECS world you can inspect and change).
game = Game.empty(deck="Plasma Deck", seed="EXAMPLE1")
for text in ("AS", "AH glass"):
    game.add_card(CardSpec.parse(text), Area.PLAY)
game.add_card(CardSpec.parse("KD steel"), Area.HAND)
game.add_joker("Scholar")
game.add_joker("Baron")
print("Plasma Deck:", game.evaluate_play().score)
