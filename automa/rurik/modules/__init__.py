"""The Stone & Blade solo modules, one file per module, switched on with ``modules=epic,warfare,factions``.

Each module file holds all that its module changes and ends with ``HOOKS``, its functions by the
hook point of the base game they register at (automa/rurik/hooks.py names and documents every hook
point). The base game never imports a module: the registry entry (automa/rurik/__init__.py) wires the
modules in play to the match, and with no module in play no module code runs. The modules' pieces
live in ``State.mod`` (a ``ModState``), which is ``None`` when no module is in play.

* ``epic``: Module A, epic structures (RK-SB-EPIC-1..4, RK-EOR-2, RK-OPEN-24);
* ``warfare``: Module B, warfare (RK-SB-WAR-1..6, RK-OPEN-26..28, RK-OPEN-34);
* ``factions``: Module C, rebel factions (RK-SB-FACT-1..4, RK-OPEN-25).

The event (intrigue) cards are not a module here: their texts are not available (RK-SB-EVENT-1,
RK-OPEN-39).
"""
