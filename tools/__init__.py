"""Helpers around the app, never imported by it in play: the screenshot tool
(``python main.py --screenshots DIR`` imports ``tools.shots`` only then), reproducible positions
and synthetic input for the tests and benchmarks (``scenarios``, ``battlehalma_positions``)."""
