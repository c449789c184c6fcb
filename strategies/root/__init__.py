"""Player strategies for Root against the Clockwork bots."""
