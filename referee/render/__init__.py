"""Rendering: turning engine views and events into Discord embeds, pictures and components."""
