"""The settings of the French reader that ``make models`` never runs: which candidates are
read, when a photo is read again finer or inverted, and how readings become cards; and every
stage's settings together (:class:`Settings`). The build's own settings (finding candidates,
cutting patches) stay in :mod:`recognizer.types`, whose code the networks' fingerprint covers:
a change here needs no new networks."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .reader import MIN_READING
from .types import DecodeSettings, EnrolSettings, FindSettings, LocateSettings, MarkerSettings


@dataclass(frozen=True, slots=True)
class ReadSettings:
    """Which candidates the reader reads, and when a photo is read again one octave finer."""

    max_read: int = 1500  # candidates read after the screen, the likeliest first: a textured
    # table (carpet, gravel) proposes thousands, a table of 54 cards a few hundred
    fine_unit: float = 9.0  # indices read this small (rank-to-suit, working pixels), or none at all...
    max_fine_pixels: int = 24_000_000  # ... and the photo is read again at twice its size, up to this


@dataclass(frozen=True, slots=True)
class GroupSettings:
    """From index readings to cards."""

    min_reading: float = MIN_READING  # a reading's probability, to be kept
    lone_reading: float = 0.6  # a card known by one index only: its reading at least this sure (the
    #   best F1 on synthetic validation scenes, seed 31337: 0.5 gave recall .708, precision .906;
    #   0.6 .695, .928; 0.7 .681, .938)
    same_reach: float = 0.8  # readings closer than this (in index units) are one index...
    rival_across: float = 0.5  # ... and readings of rival codes only where they lie this close
    #   across the surer one (its side to side): the indices of two cards in a tight fan or row sit
    #   0.6-1 unit apart across; on 150 synthetic validation scenes (seed 31337) 559 of 564
    #   pairs of readings of one index lay within 0.5 across, 2 of the 54 pairs of two indices did
    word_reach: float = 4.0  # readings along one joker's word, this far apart, are one index
    card_width: float = 7.0  # a card's width in index units (rank-to-suit distances), when unknown
    pair_reach: tuple[float, float] = (2.5, 30.0)  # a card's two indices: this many index units apart
    #   (a jumbo-index deck's two top indices sit 3.3 apart; from 4.0 to 2.5, the 507 table photos
    #   went from .853 / .911 to .855 / .912 and the stress table's cards counted twice from 21 to 7)
    pair_slope: tuple[float, float] = (0.9, 2.8)  # ... at opposite corners: further down than across
    centre_reach: float = 4.0  # two groups of one code whose opposite corners are centred this far
    #   apart (index units) are two cards: two copies (two decks mixed), not one card's four indices
    diagonal_slope: float = 0.5  # ... opposite corners: apart across by at least this share of down
    #   (two indices down one edge of a four-index card lean across by a third of it in a tilted photo)
    corner_slack: float = 0.8  # ... side by side (or one above the other): this far off the line
    corner_tilt: float = 0.45  # ... or, facing the same way, off it by this share of their distance
    #   (24 degrees: an index's own direction leans with a suit printed right of its rank, and an
    #   oblique photo turns the card's top edge against its indices)
    mirror_facing: float = 0.6  # ... their directions this close (cosine; 53 degrees apart: a suit
    #   printed beside its rank leans one top corner's index left and the other's right)
    art_scale: float = 0.5  # a reading inside a surer card, this much smaller, is print on its face
    twin_scale: float = 1.35  # ... of the card's size (either way), where its own index would be,
    twin_reach: float = 1.0  # ... this close (index units): a misreading of that card's index
    same_outline: float = 0.5  # two groups of one code facing opposite ways, one outline covering this
    #   share of the other's: one card's opposite corners (one framed askew), not two copies
    copy_doubt: float = 0.05  # a card read twice in one photo: an extra copy whose surest index
    #   gives another card, read nowhere else, at least this probability is read as that card (one
    #   deck holds one of each; 0: copies are never read again)
    card_ratio: float = 1.4  # height over width
    index_x: float = 0.10  # the rank's centre from the card's left edge, of its width
    index_y: float = 0.09  # ... and from its top edge, of its height


@dataclass(frozen=True, slots=True)
class LightInkSettings:
    """Cards printed in light ink on dark paper (black decks with gold, silver or white
    indices): a photo in which no card is read is read again with its brightness inverted."""

    enabled: bool = True
    min_paper: int = 128  # in the inverted photo: a glyph's neighbourhood is darker than mid-grey
    #   in its brightest channel (dark paper), so the specks of a pale table are no light ink
    finer: bool = False  # the inverted photo read one octave finer too, where its indices are small


@dataclass(frozen=True, slots=True)
class Settings:
    """Every stage's settings."""

    decode: DecodeSettings = field(default_factory=DecodeSettings)
    find: FindSettings = field(default_factory=FindSettings)
    read: ReadSettings = field(default_factory=ReadSettings)
    group: GroupSettings = field(default_factory=GroupSettings)
    light: LightInkSettings = field(default_factory=LightInkSettings)
    locate: LocateSettings = field(default_factory=LocateSettings)
    markers: MarkerSettings = field(default_factory=MarkerSettings)
    enrol: EnrolSettings = field(default_factory=EnrolSettings)


def decks_mixed(settings: Settings = Settings()) -> Settings:
    """``settings`` for photos that may hold two copies of a card (decks mixed): a card read
    twice stays twice (the one-deck rule, ``GroupSettings.copy_doubt``, off)."""
    return replace(settings, group=replace(settings.group, copy_doubt=0.0))
