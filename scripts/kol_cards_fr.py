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
ITEM_FR = {
    "weapon": "arme",
    "hat": "chapeau",
    "pair of pants": "pantalon",
    "food": "nourriture",
    "booze": "boisson",
    "combat item": "objet de combat",
}
SKILL_FR = {"Skill": "Compétence", "Spell": "Sort", "Song": "Chanson", "Craft": "Artisanat"}
GEAR_FR = {
    "your equipped weapon's power": "la puissance de votre arme équipée",
    "your equipped hat's power": "la puissance de votre chapeau équipé",
    "your equipped pants' power": "la puissance de votre pantalon équipé",
    "the total power of your equipped gear": "la puissance totale de votre équipement porté",
}


def _els(words: str) -> str:
    """``cold and hot`` -> ``froids et chauds``."""
    return " et ".join(ELS[w] for w in words.split(" and "))


def _el(words: str) -> str:
    """``cold and hot`` -> ``froid ou chaud`` (after "s'il est")."""
    return " ou ".join(EL[w] for w in words.split(" and "))


ELW = r"((?:sleaze|spooky|hot|cold|stench)(?: and (?:sleaze|spooky|hot|cold|stench))*)"
def _dmg(n: str) -> str:
    """``1 dégât``, ``3 dégâts`` (French: 0 and 1 take the singular)."""
    return f"{n} dégât" + ("s" if int(n) > 1 else "")


RULES: list[tuple[str, Callable[[re.Match[str]], str]]] = [
    (
        r"^Power (\d+)(?: (\w+))? · (\d+) meat · (Muscle|Mysticality|Moxie) (\d)\n"
        r"It lurks in (.+) and drops the (.+)\.$",
        lambda m: (
            f"Puissance {m[1]}{' ' + EL[m[2]] if m[2] else ''} · {m[3]} viande · "
            f"{ST[m[4]]} {m[5]}\nIl rôde dans {m[6]} et laisse tomber {m[7]}."
        ),
    ),
    (r"^newbie (hat|pants|weapon): ", lambda m: f"{KIND[m[1]]} de débutant : "),
    (
        r"^(combat|buff|noncombat|passive|spell), (\d+) meat: ",
        lambda m: f"{KIND[m[1]]}, {m[2]} viande : ",
    ),
    (r"^(booze|food|hat|pants|weapon|combat): ", lambda m: f"{KIND[m[1]]} : "),
    (r"Melee weapon, power (\d+)\.", lambda m: f"Arme de mêlée, puissance {m[1]}."),
    (r"Ranged weapon, power (\d+)\.", lambda m: f"Arme à distance, puissance {m[1]}."),
    (r"\bPower (\d+)\. ", lambda m: f"Puissance {m[1]}. "),
    (r"\b(Melee|Spell|Ranged|Evade) \+(\d+)", lambda m: f"{MV[m[1]]} +{m[2]}"),
    (
        r"Evasion \+(\d+) against monsters of every element",
        lambda m: f"Esquive +{m[1]} contre les monstres de tous les éléments",
    ),
    (
        r"Evasion \+(\d+) against " + ELW + " monsters",
        lambda m: f"Esquive +{m[1]} contre les monstres {_els(m[2])}",
    ),
    (r"\+(\d+) meat per kill", lambda m: f"+{m[1]} viande par monstre tué"),
    (r"; ", lambda m: " ; "),
    (r" while equipped\.", lambda m: " une fois équipé."),
    (r" while on", lambda m: " tant qu'il est actif"),
    (r" while you wield a melee weapon", lambda m: " si vous maniez une arme de mêlée"),
    (r" while you wield a ranged weapon", lambda m: " si vous maniez une arme à distance"),
    (r"Eat it: ", lambda m: "Mangez-la : "),
    (r"Drink it: ", lambda m: "Buvez-la : "),
    (r"Combat, (\d+) mojo: ", lambda m: f"Combat, {m[1]} mojo : "),
    (r"Combat: ", lambda m: "Combat : "),
    (r"Non-combat, (\d+) mojo: ", lambda m: f"Hors combat, {m[1]} mojo : "),
    (r"Buff, (\d+) mojo: ", lambda m: f"Buff, {m[1]} mojo : "),
    (r"Passive: ", lambda m: "Passive : "),
    (
        r"Spell, any mojo \(at least (\d+)\): ",
        lambda m: f"Sort, le mojo de votre choix (au moins {m[1]}) : ",
    ),
    (r"(\d+) against " + ELW + " monsters", lambda m: f"{m[1]} contre les monstres {_els(m[2])}"),
    (r"\((\d+) if " + ELW + r"\)", lambda m: f"({m[1]} s'il est {_el(m[2])})"),
    (r"the monster loses (\d+) power", lambda m: f"le monstre perd {m[1]} de puissance"),
    (r"that much damage plus (\d+)", lambda m: f"autant de dégâts plus {m[1]}"),
    (
        r"damage equal to (your equipped \w+'? ?s?'?\s?power"
        r"|the total power of your equipped gear)",
        lambda m: f"des dégâts égaux à {GEAR_FR[m[1]]}",
    ),
    (
        r"(\d+) damage plus (\d+) per (Skill|Spell|Song|Craft) you know\.",
        lambda m: f"{_dmg(m[1])} plus {m[2]} par {SKILL_FR[m[3]]} que vous connaissez.",
    ),
    (
        r"(\d+) damage plus (\d+) per (weapon|hat|pair of pants|food|booze|combat item) "
        r"in your display case\.",
        lambda m: f"{_dmg(m[1])} plus {m[2]} par {ITEM_FR[m[3]]} de votre vitrine.",
    ),
    (r"(\d+) damage", lambda m: _dmg(m[1])),
    (r"\bplus (\d+)\)", lambda m: f"plus {m[1]})"),
    (
        r"take a (Muscle|Mysticality|Moxie) (\d) stat card into your discard pile\.",
        lambda m: f"prenez une carte {ST[m[1]]} {m[2]} dans votre défausse.",
    ),
    (r"\+(\d+) mojo this phase\.", lambda m: f"+{m[1]} mojo pour cette phase."),
    (r"draw 1 stat card\.", lambda m: "piochez 1 carte de stat."),
    (r"draw (\d+) stat cards\.", lambda m: f"piochez {m[1]} cartes de stat."),
    (r"gain (\d+) meat\.", lambda m: f"gagnez {m[1]} viande."),
    (
        r"your lowest (Muscle|Mysticality|Moxie) card in your discard pile becomes one value "
        r"higher\.",
        lambda m: f"votre plus faible carte {ST[m[1]]} de la défausse monte d'une valeur.",
    ),
    (
        r"put one of your items with power into the Heap and take a (Muscle|Mysticality|Moxie) "
        r"stat card of that power \(4 at most\) into your discard pile\.",
        lambda m: (
            "mettez un de vos objets ayant une puissance dans le Tas et prenez une carte "
            f"{ST[m[1]]} de cette puissance (4 au plus) dans votre défausse."
        ),
    ),
    (
        r"take the Heap's top item, if it has a price, without paying\.",
        lambda m: "prenez l'objet du dessus du Tas, s'il a un prix, sans payer.",
    ),
]
ENGLISH = re.compile(
    r"\b(while|damage|monsters?|meat|Power|Drink|Eat|gain|draw|against|loses|lurks|take|"
    r"your|per|the|and|if|equal|Passive:|Non-combat)\b"
)


def _names() -> list[str]:
    """Every name of the content (names stay English), longest first."""
    from engine.games.kingdom_of_loathing.data import content

    c = content()
    names = [x.name for x in c.locations] + [x.name for x in c.skills]
    names += [x.monster.name for x in c.cards] + [x.item.name for x in c.cards]
    names += [x.name for x in c.newbie]
    return sorted(set(names), key=len, reverse=True)


def french(text: str) -> str:
    """The French of one English catalog text."""
    for pat, rep in RULES:
        text = re.sub(pat, rep, text, flags=re.M)
    bare = text.replace("Moxie", "")
    for name in _names():
        bare = bare.replace(name, "")
    left = ENGLISH.search(bare)
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
