"""Fuzzing the encounter files: mutated examples through the command line."""
