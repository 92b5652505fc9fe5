"""Tests of World of Fighters."""
