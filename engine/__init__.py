"""Hajime's pure rules engine: no Discord, no database, no asyncio, no clock, no I/O.

The public API is :mod:`engine.core` (the vocabulary shared by every game) and
:data:`engine.games.REGISTRY` (one object per game).
"""
