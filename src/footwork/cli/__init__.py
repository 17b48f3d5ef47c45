"""The `footwork` command line (an edge: it only calls the library)."""
