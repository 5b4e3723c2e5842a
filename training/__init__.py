"""Development tooling for the computer opponent, kept out of the installed app: the match runner
(``python -m training.arena``) and the fitting of the learned evaluations' weights
(``python -m training.train_eval``), which writes into ``game/ai/weights/``."""
