"""Synthesise the game's sound effects and its looping tune into assets/sounds/.

Chiptune style, made with numpy from square, triangle and noise waves under
short envelopes: nothing is sampled or downloaded.  Every file is a mono
16-bit WAV at 22,050 Hz written with the standard library's ``wave``; the
noise is seeded, so the same command always gives the same bytes.

    python tools/make_sounds.py [--out DIR] [--list]

The tune is 16 bars in A minor at 132 beats a minute (about 29 s): a
habanera bass (the tresillo, 3+3+2 eighths), a square-wave melody, off-beat
guitar-like plucks, a son clave, a shaker and a kick.  Notes that ring past
the end of the loop wrap round to its start, so it loops without a seam.
"""

from __future__ import annotations

import argparse
import io
import json
import wave
from pathlib import Path

import numpy as np

RATE = 22050
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sounds"
NOTE_NAMES = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


# ------------------------------------------------------------------ waves
def hz(note: str) -> float:
    """'A4' -> 440.0; sharps as 'G#4'."""
    name, octave = note[:-1], int(note[-1])
    semis = NOTE_NAMES[name[0]] + (1 if name.endswith("#") else 0)
    return 440.0 * 2 ** ((semis - 9) / 12 + octave - 4)


def _phase(freq: float | np.ndarray, n: int) -> np.ndarray:
    """Cycles elapsed at each sample (a frequency array sweeps the pitch)."""
    f = np.broadcast_to(np.asarray(freq, dtype=np.float64), (n,))
    return np.cumsum(f) / RATE


def square(freq: float | np.ndarray, seconds: float, duty: float = 0.5) -> np.ndarray:
    n = int(seconds * RATE)
    return np.where(_phase(freq, n) % 1.0 < duty, 1.0, -1.0)


def triangle(freq: float | np.ndarray, seconds: float) -> np.ndarray:
    n = int(seconds * RATE)
    p = _phase(freq, n) % 1.0
    # 16 steps, like the NES triangle channel.
    return np.round((4 * np.abs(p - 0.5) - 1) * 8) / 8


def noise(seconds: float, rng: np.random.Generator, hold: int = 1) -> np.ndarray:
    """White noise; ``hold`` > 1 repeats each value (a lower, grittier hiss)."""
    n = int(seconds * RATE)
    values = rng.uniform(-1.0, 1.0, n // hold + 1)
    return np.repeat(values, hold)[:n]


def sweep(start: float, end: float, seconds: float) -> np.ndarray:
    """A frequency gliding exponentially from start to end."""
    n = int(seconds * RATE)
    return start * (end / start) ** np.linspace(0.0, 1.0, n)


def envelope(n: int, attack: float = 0.003, decay: float = 0.1, sustain: float = 0.0,
             release: float = 0.02) -> np.ndarray:
    """Attack, then an exponential decay towards ``sustain``, and a short release."""
    t = np.arange(n) / RATE
    env = sustain + (1 - sustain) * np.exp(-np.maximum(t - attack, 0) / max(decay, 1e-4))
    a = max(1, int(attack * RATE))
    env[:a] *= np.linspace(0.0, 1.0, min(a, n))
    r = min(n, max(1, int(release * RATE)))
    env[n - r:] *= np.linspace(1.0, 0.0, r)
    return env


def tone(kind: str, freq: float | np.ndarray, seconds: float, **env) -> np.ndarray:
    wave_ = {"square": square, "pulse": lambda f, s: square(f, s, 0.25),
             "thin": lambda f, s: square(f, s, 0.125), "triangle": triangle}[kind](freq, seconds)
    return wave_ * envelope(len(wave_), **env)


def seq(*parts: tuple[float, np.ndarray], total: float) -> np.ndarray:
    """Mix parts, each (start seconds, samples), into one buffer."""
    out = np.zeros(int(total * RATE))
    for start, samples in parts:
        i = int(start * RATE)
        j = min(len(out), i + len(samples))
        out[i:j] += samples[:j - i]
    return out


def lowpass(x: np.ndarray, amount: float) -> np.ndarray:
    """A one-pole low-pass (0 < amount < 1: smaller is darker)."""
    y = np.empty_like(x)
    acc = 0.0
    for i, v in enumerate(x):
        acc += amount * (v - acc)
        y[i] = acc
    return y


# ---------------------------------------------------------------- effects
def effects(rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Every effect by name (float samples, roughly -1..1)."""
    fx: dict[str, np.ndarray] = {}
    # A card slides off the pile: a bright noise swish, then a little flick up.
    swish = noise(0.11, rng)
    swish = np.diff(swish, prepend=0.0) * 0.5 * envelope(len(swish), 0.02, 0.04)
    flick = tone("pulse", sweep(900, 1500, 0.05), 0.05, decay=0.03)
    fx["card"] = seq((0.0, swish * 0.8), (0.06, flick * 0.35), total=0.13)
    # A tile put down: a low thunk falling in pitch, with a wooden click on top.
    thunk = tone("triangle", sweep(190, 60, 0.16), 0.16, decay=0.06)
    click = noise(0.02, rng, hold=3) * envelope(int(0.02 * RATE), 0.001, 0.006)
    fx["tile"] = seq((0.0, thunk), (0.0, click * 0.6), total=0.17)
    # A herd reaches a market: a short trumpet-like fanfare, the last note held.
    notes = [("G4", 0.0, 0.09), ("C5", 0.09, 0.09), ("E5", 0.18, 0.09), ("G5", 0.27, 0.36)]
    parts = [(t, tone("pulse", hz(n), d, decay=0.25, sustain=0.5, release=0.05) * 0.45)
             for n, t, d in notes]
    parts += [(t, tone("triangle", hz(n) / 2, d, decay=0.3, sustain=0.6) * 0.4)
              for n, t, d in notes]
    vibrato = hz("G5") * (1 + 0.01 * np.sin(np.arange(int(0.36 * RATE)) / RATE * 2 * np.pi * 6))
    parts.append((0.27, tone("square", vibrato, 0.36, decay=0.2, sustain=0.3) * 0.15))
    fx["herd_market"] = seq(*parts, total=0.66)
    # Coins: the classic two-note chime.
    fx["coins"] = seq((0.0, tone("square", hz("B5"), 0.06, decay=0.5) * 0.35),
                      (0.06, tone("square", hz("E6"), 0.22, decay=0.08) * 0.35), total=0.28)
    # Harvest: a rustle of leaves under a rising triangle arpeggio.
    rustle = noise(0.4, rng, hold=2) * envelope(int(0.4 * RATE), 0.05, 0.12) * 0.25
    arp = [(0.04 * i, tone("triangle", hz(n), 0.12, decay=0.06) * 0.6)
           for i, n in enumerate(("C5", "E5", "G5", "C6", "E6"))]
    fx["harvest"] = seq((0.0, rustle), *arp, total=0.4)
    # A scoring step counts up: a tiny high tick.
    fx["score_tick"] = tone("thin", hz("A6"), 0.035, decay=0.012) * 0.3
    # Menus: a soft blip to move, a rising pair to confirm, a falling pair back.
    fx["menu_move"] = tone("pulse", hz("E5"), 0.045, decay=0.02) * 0.3
    fx["menu_confirm"] = seq((0.0, tone("pulse", hz("A5"), 0.05, decay=0.04) * 0.3),
                             (0.05, tone("pulse", hz("E6"), 0.09, decay=0.05) * 0.3),
                             total=0.14)
    fx["menu_back"] = seq((0.0, tone("pulse", hz("E5"), 0.05, decay=0.04) * 0.3),
                          (0.05, tone("pulse", hz("A4"), 0.08, decay=0.05) * 0.3), total=0.13)
    # Not allowed: a low double buzz.
    fx["error"] = seq((0.0, tone("square", hz("D3"), 0.07, decay=0.08) * 0.3),
                      (0.09, tone("square", hz("C#3"), 0.11, decay=0.08) * 0.3), total=0.2)
    # The game is won: a longer fanfare up the major scale.
    win = [("C5", 0.0), ("E5", 0.12), ("G5", 0.24), ("C6", 0.36), ("G5", 0.54), ("C6", 0.66)]
    parts = [(t, tone("pulse", hz(n), 0.5 if i == len(win) - 1 else 0.12, decay=0.3,
                      sustain=0.4) * 0.35) for i, (n, t) in enumerate(win)]
    parts += [(t, tone("triangle", hz(n) / 4, 0.12, decay=0.2, sustain=0.5) * 0.5)
              for n, t in win]
    fx["win"] = seq(*parts, total=1.18)
    # A coin drops into the counting purse: a bright clink that bounces once.
    fx["purse"] = seq((0.0, tone("thin", hz("E6"), 0.05, decay=0.02) * 0.3),
                      (0.045, tone("thin", hz("B6"), 0.07, decay=0.025) * 0.22), total=0.12)
    # The winner's celebration: a snare roll that speeds up, then a brass call
    # (ta-ta-ta-taaa) and a held major chord under a rising arpeggio.
    roll = []
    t, gap = 0.0, 0.11
    while t < 0.62:
        hit = noise(0.05, rng, hold=2) * envelope(int(0.05 * RATE), 0.001, 0.018)
        roll.append((t, hit * (0.18 + 0.25 * t)))
        t += gap
        gap = max(0.035, gap * 0.8)
    call = [("G4", 0.7, 0.1), ("G4", 0.82, 0.1), ("G4", 0.94, 0.1), ("C5", 1.06, 0.55),
            ("E5", 1.66, 0.12), ("G5", 1.8, 0.12), ("C6", 1.94, 0.9)]
    brass = [(at, tone("pulse", hz(n), d, decay=0.35, sustain=0.55, release=0.06) * 0.32)
             for n, at, d in call]
    brass += [(at, tone("square", hz(n) / 2, d, decay=0.3, sustain=0.4, release=0.06) * 0.12)
              for n, at, d in call]
    chord = [(1.94, tone("triangle", hz(n), 0.9, decay=0.5, sustain=0.6, release=0.2) * 0.25)
             for n in ("C4", "E4", "G4")]
    crash = noise(0.7, rng, hold=1) * envelope(int(0.7 * RATE), 0.002, 0.25) * 0.16
    fx["fanfare"] = seq(*roll, *brass, *chord, (1.94, crash),
                        (1.06, tone("triangle", hz("C3"), 0.55, decay=0.3) * 0.4),
                        (1.94, tone("triangle", hz("C3"), 0.9, decay=0.4) * 0.4), total=2.9)
    return fx


# ------------------------------------------------------------------- tune
BPM = 132
SLOTS = 8                                   # eighth notes a bar
CHORDS = ["Am", "Am", "Dm", "Dm", "E7", "E7", "Am", "Am",
          "F", "G", "C", "Am", "Dm", "E7", "Am", "E7"]
CHORD_NOTES = {"Am": ("A2", "C4", "E4", "A4"), "Dm": ("D3", "D4", "F4", "A4"),
               "E7": ("E2", "D4", "G#4", "B4"), "F": ("F2", "C4", "F4", "A4"),
               "G": ("G2", "D4", "G4", "B4"), "C": ("C3", "C4", "E4", "G4")}
FIFTHS = {"Am": "E3", "Dm": "A2", "E7": "B2", "F": "C3", "G": "D3", "C": "G2"}
# One bar a line, eight eighths: a note, '-' holds the last one, '.' rests.
MELODY = """
E5 - C5 A4 . A4 B4 C5
E5 - - D5 C5 - B4 A4
F5 - D5 A4 . A4 D5 F5
E5 - D5 C5 D5 - . .
B4 - G#4 E4 . E4 G#4 B4
D5 - C5 B4 C5 - B4 G#4
A4 - C5 E5 . E5 A5 G#5
A5 - - - E5 - . .
F5 - A5 F5 . C5 F5 A5
G5 - B5 G5 . D5 G5 B5
C6 - G5 E5 . C5 E5 G5
A5 - E5 C5 . A4 C5 E5
D5 - F5 A5 . F5 D5 F5
E5 - G#5 B5 . D5 C5 B4
A4 - C5 E5 A5 - G#5 -
B4 - D5 - E5 - G#4 .
"""
CLAVE = ((0, 3, 6), (2, 4))                 # son clave 3-2, two bars


def tune(rng: np.random.Generator) -> np.ndarray:
    eighth = 60.0 / BPM / 2
    slot_n = round(eighth * RATE)
    total = slot_n * SLOTS * len(CHORDS)
    out = np.zeros(total)

    def put(slot: int, samples: np.ndarray) -> None:
        # Wrap what rings past the end onto the start: a seamless loop.
        i = (slot * slot_n) % total
        end = i + len(samples)
        if end <= total:
            out[i:end] += samples
        else:
            out[i:] += samples[:total - i]
            out[:end - total] += samples[total - i:]

    bars = [line.split() for line in MELODY.strip().splitlines()]
    assert len(bars) == len(CHORDS) and all(len(b) == SLOTS for b in bars)
    for bar, (chord, line) in enumerate(zip(CHORDS, bars, strict=True)):
        base = bar * SLOTS
        # Melody: a note lasts over its '-' holds.
        for s, token in enumerate(line):
            if token in ("-", "."):
                continue
            length = 1
            while s + length < SLOTS and line[s + length] == "-":
                length += 1
            secs = length * eighth * 0.92
            lead = tone("pulse", hz(token), secs, attack=0.004, decay=0.18, sustain=0.55,
                        release=0.03)
            put(base + s, lead * 0.16)
        # Bass: the tresillo (slots 0, 3, 6): root, fifth, octave root.
        root, fifth = CHORD_NOTES[chord][0], FIFTHS[chord]
        for s, note, mult in ((0, root, 1), (3, fifth, 1), (6, root, 2)):
            length = (3 if s < 6 else 2) * eighth * 0.9
            put(base + s, tone("triangle", hz(note) * mult, length, decay=0.25, sustain=0.6)
                * 0.34)
        # Plucks on the off-beats: the chord, strummed a few ms apart.
        for s in (1, 2, 5, 7) if bar % 2 else (2, 3, 5, 7):
            for k, note in enumerate(CHORD_NOTES[chord][1:]):
                pluck = tone("thin", hz(note), 0.16, decay=0.05) * 0.045
                put(base + s, np.concatenate([np.zeros(k * 90), pluck]))
        # Drums: kick on 1 and the 'and' of 2, a shaker on every eighth, the clave.
        for s in (0, 3, 4):
            kick = tone("triangle", sweep(120, 45, 0.12), 0.12, decay=0.05)
            put(base + s, kick * (0.42 if s != 3 else 0.25))
        for s in range(SLOTS):
            shake = noise(0.05, rng)
            shake = np.diff(shake, prepend=0.0) * envelope(len(shake), 0.004, 0.012)
            put(base + s, shake * (0.06 if s % 2 else 0.035))
        for s in CLAVE[bar % 2]:
            put(base + s, tone("square", 2400, 0.03, decay=0.008) * 0.07
                + tone("square", 1600, 0.03, decay=0.01) * 0.05)
    # Filter the end once before the start, so the filter's state matches at the seam.
    lead_in = 2048
    return lowpass(np.concatenate([out[-lead_in:], out]), 0.55)[lead_in:]


# ------------------------------------------------------------------ files
def wav_bytes(samples: np.ndarray) -> bytes:
    """Normalised to a safe peak (never clipped) and written as 16-bit mono PCM."""
    peak = float(np.max(np.abs(samples))) or 1.0
    scaled = samples * (0.85 / peak) if peak > 0.85 else samples
    pcm = np.round(scaled * 32767).astype("<i2")
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


def build() -> dict[str, bytes]:
    """File name -> bytes of every sound (the same on every run)."""
    rng = np.random.default_rng(7)
    files = {f"{name}.wav": wav_bytes(s) for name, s in effects(rng).items()}
    files["music.wav"] = wav_bytes(tune(np.random.default_rng(11)))
    index = {"format": "hacienda-sounds/1", "rate": RATE,
             "effects": sorted(n[:-4] for n in files if n != "music.wav"),
             "music": "music.wav"}
    files["sounds.json"] = (json.dumps(index, indent=1) + "\n").encode()
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write into")
    parser.add_argument("--list", action="store_true", help="print each file's length")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, data in build().items():
        (args.out / name).write_bytes(data)
        total += len(data)
        if args.list:
            secs = (len(data) - 44) / 2 / RATE if name.endswith(".wav") else 0
            print(f"{name:18} {len(data):9,d} bytes {secs:6.2f} s")
    if args.list:
        print(f"{'total':18} {total:9,d} bytes")


if __name__ == "__main__":
    main()
