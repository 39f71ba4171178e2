"""Benchmarks and load tests (``make bench``), and the throwaway servers they start."""
