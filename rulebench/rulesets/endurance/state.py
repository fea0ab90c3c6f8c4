"""The state words of endurance: a combatant's ``status`` var and the bleeding clock's length."""

from __future__ import annotations

# A combatant's ``status`` var. A non-fighter stands sheltered, neither acting nor struck, while a
# fighter of his side stands (docs/rules/endurance.md, "Traits and special cases"; reading: an enemy
# marked so too, the same creature meaning the same on either side); a party member who is not
# engaged is absent (docs/encounters.md, "Order, engagement and non-fighters"); the fallen bleed
# until the clock runs out or a wound kills them (docs/rules/endurance.md, "Wounds and bleeding out (Ausbluten)").
STANDING = "standing"
SHELTERED = "sheltered"
ABSENT = "absent"
BLEEDING = "bleeding"
STABILISED = "stabilised"  # fell in a day's earlier fight and was helped: lies, neither acting nor struck (carry.py)
SLAIN = "slain"
BLED_OUT = "bled out"

BLEED_ROUNDS_PER_BODY = 5  # docs/rules/endurance.md: dead after 5 × body rounds without help
