"""French /card texts of Kingdom of Loathing, generated from the English catalog.

The game's catalog texts are formulaic (``Power 8 cold · 2 meat · Muscle 2``, ``weapon:
Melee +2 while equipped.``), so their French is made by the rules below; names stay
names. ``python scripts/kol_cards_fr.py`` prints the ``[kingdom_of_loathing.*]`` entries
of ``referee/locales/cards.fr.toml`` (with the fingerprints of the English texts): run it
again when the engine's texts change (``python -m referee.card_text`` says which are stale),
and replace that part of the file. A text no rule covers stops it with an error.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.games import REGISTRY
from referee.card_text import fingerprint, slug

EL = {
    "hot": "chaud",
    "cold": "froid",
    "spooky": "effrayant",
    "stench": "puant",
    "sleaze": "graveleux",
}
ELS = {
    "hot": "chauds",
    "cold": "froids",
    "spooky": "effrayants",
    "stench": "puants",
    "sleaze": "graveleux",
}
ST = {
    "Muscle": "Muscle",
    "Mysticality": "Mysticité",
    "Moxie": "Moxie",
    "mu": "Muscle",
    "my": "Mysticité",
    "mx": "Moxie",
}
MV = {
    "Evade": "Esquive",
    "Melee": "Mêlée",
    "Ranged": "Distance",
    "Spell": "Sort",
    "Evasion": "Esquive",
}
KIND = {
    "booze": "boisson",
    "food": "nourriture",
    "hat": "chapeau",
    "pants": "pantalon",
    "weapon": "arme",
    "combat": "combat",
    "buff": "buff",
    "noncombat": "hors combat",
    "passive": "passive",
    "spell": "sort",
}
RULES: list[tuple[str, Callable[[re.Match[str]], str]]] = [
    (
        r"^Power (\d+)(?: (\w+))? · (\d+) meat · (Muscle|Mysticality|Moxie) (\d)\n"
        r"It guards (?:the )?(.+) with power (\d+)\.$",
        lambda m: (
            f"Puissance {m[1]}{' ' + EL[m[2]] if m[2] else ''} · {m[3]} viande · "
            f"{ST[m[4]]} {m[5]}\nIl garde {m[6]} avec une puissance de {m[7]}."
        ),
    ),
    (r"^newbie (hat|pants|weapon): ", lambda m: f"{KIND[m[1]]} de débutant : "),
    (
        r"^(combat|buff|noncombat|passive|spell), (\d+) meat: ",
        lambda m: f"{KIND[m[1]]}, {m[2]} viande : ",
    ),
    (r"^(booze|food|hat|pants|weapon|combat): ", lambda m: f"{KIND[m[1]]} : "),
    (
        r"Drink it: \+(\d+) mojo this phase\.",
        lambda m: f"Buvez-la : +{m[1]} mojo pour cette phase.",
    ),
    (r"Drink it: draw 1 stat card\.", lambda m: "Buvez-la : piochez 1 carte de stat."),
    (r"Drink it: draw (\d+) stat cards\.", lambda m: f"Buvez-la : piochez {m[1]} cartes de stat."),
    (
        r"Buff, (\d+) mojo: (\w+) \+(\d+) while on\.",
        lambda m: f"Buff, {m[1]} mojo : {MV[m[2]]} +{m[3]} tant qu'il est actif.",
    ),
    (r"Combat, (\d+) mojo: ", lambda m: f"Combat, {m[1]} mojo : "),
    (r"Combat: ", lambda m: "Combat : "),
    (
        r"(\d+) damage \((\d+) against (\w+) monsters\)\.",
        lambda m: f"{m[1]} dégâts ({m[2]} contre les monstres {ELS[m[3]]}).",
    ),
    (
        r"damage equal to your equipped weapon's power plus (\d+)\.",
        lambda m: f"des dégâts égaux à la puissance de votre arme équipée plus {m[1]}.",
    ),
    (
        r"the monster loses (\d+) power \((\d+) if (\w+)\)\.",
        lambda m: f"le monstre perd {m[1]} de puissance ({m[2]} s'il est {EL[m[3]]}).",
    ),
    (
        r"Eat it: take a (Muscle|Mysticality|Moxie) (\d) stat card into your discard pile\.",
        lambda m: f"Mangez-la : prenez une carte {ST[m[1]]} {m[2]} dans votre défausse.",
    ),
    (
        r"(\w+) \+(\d+) while equipped; Evasion \+(\d+) against (\w+) monsters\.",
        lambda m: (
            f"{MV[m[1]]} +{m[2]} une fois équipé ; Esquive +{m[3]} contre les monstres {ELS[m[4]]}."
        ),
    ),
    (
        r"Evade \+(\d+) while equipped; \+(\d+) meat per kill\.",
        lambda m: f"Esquive +{m[1]} une fois équipé ; +{m[2]} viande par monstre tué.",
    ),
    (r"(\w+) \+(\d+) while equipped\.", lambda m: f"{MV[m[1]]} +{m[2]} une fois équipé."),
    (
        r"Non-combat, (\d+) mojo: draw (\d+) stat cards\.",
        lambda m: f"Hors combat, {m[1]} mojo : piochez {m[2]} cartes de stat.",
    ),
    (
        r"Non-combat, (\d+) mojo: gain (\d+) meat\.",
        lambda m: f"Hors combat, {m[1]} mojo : gagnez {m[2]} viande.",
    ),
    (
        r"Passive: \+(\d+) meat whenever you kill a monster\.",
        lambda m: f"Passive : +{m[1]} viande chaque fois que vous tuez un monstre.",
    ),
    (r"Passive: (\w+) \+(\d+)\.", lambda m: f"Passive : {MV[m[1]]} +{m[2]}."),
    (
        r"Spell, any mojo \(at least (\d+)\): that much damage plus (\d+)\.",
        lambda m: f"Sort, le mojo de votre choix (au moins {m[1]}) : autant de dégâts plus {m[2]}.",
    ),
]
ENGLISH = re.compile(
    r"\b(while|damage|monsters?|meat|Power|Drink|Eat|gain|draw|against|loses|guards|Passive:|Non-combat)\b"
)


def french(text: str) -> str:
    """The French of one English catalog text."""
    for pat, rep in RULES:
        text = re.sub(pat, rep, text, flags=re.M)
    left = ENGLISH.search(text.replace("Moxie", ""))
    if left:
        raise ValueError(f"no French rule for {left.group(0)!r} in {text!r}")
    return text


def main() -> int:
    """Print the entries."""
    out = ["# Kingdom of Loathing: made by scripts/kol_cards_fr.py from the English texts."]
    for e in REGISTRY["kingdom_of_loathing"].catalog():
        out.append(
            f'\n[kingdom_of_loathing.{slug(e.name)}]\nsource = "{fingerprint(e.text)}"'
            f'\ntext = """\n{french(e.text)}"""'
        )
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
