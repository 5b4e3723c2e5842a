"""Development tooling for the computer opponent, kept out of the installed app: the match runner
(``python -m training.arena``) with the players it matches the levels against (``players``: random,
greedy and the alpha-beta yardstick, ``alphabeta``), the fitting of the learned evaluations'
weights (``python -m training.train_eval``, into ``game/ai/weights/``) and the building of the
opening books (``python -m training.book``, into ``game/ai/books/``)."""
