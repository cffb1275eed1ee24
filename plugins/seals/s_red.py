"""Red Seal: the card acts once more when scored, when its held effect acts and when its
end-of-round effect acts (declared: no hook)."""

from balatro_ecs.plugin import content

from ..enhancements._shapes import seal

SEAL = seal("Red", retriggers=1)
balatro_content = content(SEAL)
