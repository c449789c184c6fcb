"""The four Turukhan modules, each hooked into the engine at named points (ST-TK-GEN-1)."""
