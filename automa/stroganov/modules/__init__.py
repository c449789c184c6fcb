"""The four Turukhan modules (ST-TK-GEN-1), one file each: each registers its rules at the base game's hook
points (automa/stroganov/hooks.py) with ``register(hooks)``; automa/stroganov/__init__.py wires those in play."""
