"""The Stone & Blade solo modules, one file per module, switched on with ``modules=epic,warfare,factions``.

Each module is hooked in at named points of the engine's procedures. Every hook sits behind a flag
read once per game (``Match.epic``, ``Match.warfare``, ``Match.factions``), so a module that is not
in play costs one attribute test at most. The modules' pieces live in ``State.mod`` (a
``ModState``), which is ``None`` when no module is in play.

* ``epic``: Module A, epic structures (RK-SB-EPIC-1..4, RK-EOR-2, RK-OPEN-24);
* ``warfare``: Module B, warfare (RK-SB-WAR-1..6, RK-OPEN-26..28, RK-OPEN-34);
* ``factions``: Module C, rebel factions (RK-SB-FACT-1..4, RK-OPEN-25).

The event (intrigue) cards are not a module here: their texts are not available (RK-SB-EVENT-1,
RK-OPEN-39).
"""
