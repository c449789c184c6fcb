"""The Root engine: a scripted player against the Clockwork bots (issue 33). So far its data files."""
