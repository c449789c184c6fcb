"""Built-in player strategies for Rurik solo."""
