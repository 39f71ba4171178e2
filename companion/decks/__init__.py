"""Decks of cards: the enrolled decks' library, the printed Insonnia deck and its pictures,
and the rendered scenes the benchmarks and tests read."""
