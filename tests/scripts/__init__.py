"""Tests of the shell scripts."""
