"""Generate PayDesk's two alert sounds: resources/sounds/paid.wav and refused.wav.

Run ``python tools/make_sounds.py`` from the checkout to rewrite them. The output
is byte-for-byte reproducible: everything below is integer arithmetic (a sine
table from an integer Taylor series, a 32-bit phase accumulator, integer
envelopes), so no platform's libm or float rounding can change a sample, and
tests/support/test_sound_player.py checks that the committed files are exactly what
this script makes.

The sounds are short on purpose (the cashier hears them while facing the buyer,
often many times an hour): 16-bit mono 44.1 kHz, peak-normalised (see PEAKS),
with raised-cosine fades at both ends of every note so nothing clicks.

- paid: a bright rising chime, E6 then A6, bell-like partials, soft decay;
- refused: a lower, softer descending two-tone, E5 then C5, nearly pure sines,
  so it tells "not paid" without sounding like an alarm.
"""

from __future__ import annotations

import argparse
import io
import wave
from dataclasses import dataclass
from pathlib import Path

RATE = 44_100
#: Fixed-point one for sines and envelopes (Q30).
ONE = 1 << 30
#: Sine table size (a power of two); linear interpolation between entries keeps
#: the error (about 3e-7 of full scale) far below one 16-bit step.
TABLE_BITS = 12
_FRAC_BITS = 32 - TABLE_BITS
_PI = 314_159_265_358_979_323_846_264_338 * ONE // 10**26  # π to 26 decimals

OUT_DIR = Path(__file__).resolve().parents[1] / "resources" / "sounds"


def _sin_fixed(angle: int) -> int:
    """sin(angle) in Q30 for an angle in Q30 radians, by a Taylor series in integers."""
    angle %= 2 * _PI
    if angle > _PI:
        angle -= 2 * _PI
    if angle > _PI // 2:
        angle = _PI - angle
    elif angle < -_PI // 2:
        angle = -_PI - angle
    term = total = angle
    for k in range(1, 24, 2):  # up to x**25/25!: far past Q30 precision for |x| <= pi/2
        term = -term * angle // ONE * angle // ONE // ((k + 1) * (k + 2))
        total += term
    return total


_TABLE = [_sin_fixed(2 * _PI * i // (1 << TABLE_BITS)) for i in range((1 << TABLE_BITS) + 1)]


def _sin_phase(phase: int) -> int:
    """sin(2π · phase / 2**32) in Q30, from the table with linear interpolation."""
    phase &= 0xFFFF_FFFF
    index, frac = phase >> _FRAC_BITS, phase & ((1 << _FRAC_BITS) - 1)
    low, high = _TABLE[index], _TABLE[index + 1]
    return low + ((high - low) * frac >> _FRAC_BITS)


def _raised_cosine(step: int, steps: int) -> int:
    """0 → ONE along half a cosine over ``steps`` samples: a fade with no corner."""
    quarter = 1 << 30  # a quarter turn in 32-bit phase units
    return (ONE - _sin_phase(quarter + (step << 31) // steps)) // 2


@dataclass(frozen=True)
class Note:
    millihertz: int
    start_ms: int
    length_ms: int
    level: int  # per mille
    attack_ms: int
    decay_ms: int  # time constant of the exponential decay of the fundamental
    release_ms: int
    #: (harmonic number, level per mille); higher partials decay faster, like a bell.
    partials: tuple[tuple[int, int], ...]


def _ms(ms: int) -> int:
    return RATE * ms // 1000


def _add_note(mix: list[int], note: Note) -> None:
    start, length = _ms(note.start_ms), _ms(note.length_ms)
    attack, release = _ms(note.attack_ms), _ms(note.release_ms)
    for harmonic, level in note.partials:
        step = note.millihertz * harmonic * (1 << 32) // (RATE * 1000)
        tau = _ms(note.decay_ms) // harmonic
        decay = ONE - ONE // tau  # exp(-1/tau), to first order, as an integer recurrence
        envelope = ONE
        phase = 0
        for n in range(length):
            gain = envelope
            if n < attack:
                gain = gain * _raised_cosine(n, attack) >> 30
            if n >= length - release:
                gain = gain * _raised_cosine(length - 1 - n, release) >> 30
            mix[start + n] += (_sin_phase(phase) * gain >> 30) * level * note.level
            phase += step
            envelope = envelope * decay >> 30


def _render_frames(notes: tuple[Note, ...], peak: int) -> bytes:
    total = max(_ms(n.start_ms) + _ms(n.length_ms) for n in notes)
    mix = [0] * total
    for note in notes:
        _add_note(mix, note)
    loudest = max(abs(sample) for sample in mix)
    out = bytearray()
    for sample in mix:
        value = (2 * sample * peak + loudest) // (2 * loudest)  # rounded; the loudest is peak
        out += value.to_bytes(2, "little", signed=True)
    return bytes(out)


_CHIME = ((1, 1000), (2, 300), (3, 110), (4, 40))
_SOFT = ((1, 1000), (2, 90))

SOUNDS: dict[str, tuple[Note, ...]] = {
    "paid": (
        Note(1_318_510, 0, 240, 800, 4, 110, 40, _CHIME),  # E6
        Note(1_760_000, 110, 390, 1000, 4, 170, 80, _CHIME),  # A6, ringing out
    ),
    "refused": (
        Note(659_255, 0, 250, 1000, 14, 200, 50, _SOFT),  # E5
        Note(523_251, 220, 300, 900, 14, 200, 90, _SOFT),  # C5
    ),
}

#: Peak sample after normalising: -1 dBFS (32767 * 10 ** (-1 / 20)) for "paid",
#: the news the cashier listens for; -3 dBFS for "refused", whose pure low tones
#: would otherwise sound louder than the chime (more energy at the same peak).
PEAKS = {"paid": 29_204, "refused": 23_197}


def render(name: str) -> bytes:
    """The complete .wav file for sound ``name``."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(_render_frames(SOUNDS[name], PEAKS[name]))
    return buffer.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="folder to write into")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name in SOUNDS:
        path = args.out / f"{name}.wav"
        path.write_bytes(render(name))
        print(f"{path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
