"""German bad-input errors keep what makes them useful: the file, the field and what was expected."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import rulebench
from rulebench.core.dice import Dice, DiceError, DiceScriptError, ScriptedRoller
from rulebench.core.encounter import load_encounter
from rulebench.core.errors import BadInput, EncounterError
from rulebench.core.i18n import set_language

BAD = """\
name = "Broken"
party = [{name = "Hero", melee = 12, weapon = "sword"}, {name = "Hero"}]
[enemy]
members = [{name = "Orc", lief = 2}]
"""


@pytest.fixture(autouse=True)
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language(None)


def test_a_german_encounter_error_names_file_field_and_what_was_expected(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(BAD, encoding="utf-8")
    with pytest.raises(EncounterError) as caught:
        load_encounter(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: 4 Probleme:")
    assert "party[0] (Hero).melee: erwartet wird eine ganze Zahl von 0 bis 8, angegeben ist 12" in message
    assert "party[0] (Hero).weapon: 'sword' ist keine Würfelschreibweise: erwartet wird NdS, NdS+K, NdS-K" in message
    assert "enemy.members[0] (Orc).lief: unbekanntes Feld 'lief' (meintest du 'life'?)" in message
    assert "party[1] (Hero).name: der Name 'Hero' ist schon vergeben an party[0] (Hero)" in message
    assert caught.value.file == str(path) and caught.value.field == "party[0].melee"


def test_a_missing_file_and_broken_toml_in_german(tmp_path: Path) -> None:
    with pytest.raises(EncounterError, match=r"nowhere\.toml: <file>: Datei nicht gefunden$"):
        load_encounter(tmp_path / "nowhere.toml")
    path = tmp_path / "bad.toml"
    path.write_text('name = "x"\nparty = [\n', encoding="utf-8")
    with pytest.raises(EncounterError, match=r"bad\.toml: <toml>: fehlerhaftes TOML am Ende der Datei: "):
        load_encounter(path)
    path.write_text('name = "x"\nparty = 3 3\n', encoding="utf-8")
    with pytest.raises(EncounterError, match=r"bad\.toml: <toml>: fehlerhaftes TOML in Zeile 2, Spalte \d+: "):
        load_encounter(path)


def test_german_option_dice_and_vary_errors_name_what_was_expected() -> None:
    with pytest.raises(DiceError, match=r"^'2x6' ist keine Würfelschreibweise: erwartet wird NdS"):
        Dice.parse("2x6")
    with pytest.raises(DiceScriptError, match=r"^--dice Position 1: 9 ist kein Ergebnis eines d6 \(erwartet 1 bis 6\)$"):
        ScriptedRoller([9]).roll(Dice.parse("1d6"))
    ogre = Path(__file__).resolve().parents[2] / "examples" / "ogre-duel.toml"
    with pytest.raises(BadInput, match=r"^--vary 'party\[0\]\.melee=3\.\.1': beim Bereich 3\.\.1 muss der Anfang unter dem Ende liegen$"):
        rulebench.sweep(ogre, "party[0].melee=3..1")
    with pytest.raises(BadInput, match=r"^-n/--fights 0: erwartet wird mindestens 1 Kampf$"):
        rulebench.compare(ogre, ["dsa"], fights=0)
