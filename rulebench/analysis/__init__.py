"""Analysis above the kernel: exact solving, sampling, precision, results, sweeps and balance.

Uses ``rulebench.core`` to play fights; the kernel never imports anything from here.
"""
