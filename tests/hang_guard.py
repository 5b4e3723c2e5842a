"""How long a test waits on a child process before calling it hung: a guard against a hang, never
a measure. It is far above anything a child takes on a loaded machine (CI shares its cores), and
under the 30 minutes CI gives a whole run, so a child that never ends fails the test that started
it rather than the run; how quick a launch is, the benchmarks measure in CPU time."""

HANG_SECONDS = 900
