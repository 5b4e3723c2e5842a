"""Keliya's computer opponent: one Monte-Carlo tree search for every game, through the rules API only.

Never imports pygame: the search runs in a worker process (``worker``) off the UI thread.
"""
