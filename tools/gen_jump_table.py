"""Print PE_JUMP_POW (csrc/pe_rng.c): x**(2**(128+i)) mod P(x) for i = 0..20, where P is the
characteristic polynomial of the xoshiro256 state transition.

P is found by Berlekamp-Massey over GF(2) on 600 successive values of one state bit (the
transition is linear, so any state bit satisfies P's recurrence; L = 256 confirms the full degree);
row 0 must equal the reference JUMP constant of xoshiro256** (checked). Row i then advances a state
by 2**i jumps of 2**128 draws each, so stream k of a seed is reached with popcount(k) polynomial
applications instead of k jumps. Run: ``python tools/gen_jump_table.py``.
"""
from __future__ import annotations

M = (1 << 64) - 1
JUMP = [0x180EC6D33CFD0ABA, 0xD5A61266F0C9392C, 0xA9582618E03FC9AA, 0x39ABDC4529B1661C]


def rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & M


def step(s: list[int]) -> list[int]:
    s = list(s)
    t = (s[1] << 17) & M
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = rotl(s[3], 45)
    return s


def berlekamp_massey(seq: list[int]) -> tuple[list[int], int]:
    c, b, length, m = [1], [1], 0, 1
    for n in range(len(seq)):
        d = seq[n]
        for i in range(1, length + 1):
            d ^= c[i] & seq[n - i]
        if d == 0:
            m += 1
            continue
        t = c[:]
        c = c + [0] * (len(b) + m - len(c))
        for i, bit in enumerate(b):
            c[i + m] ^= bit
        if 2 * length <= n:
            length, b, m = n + 1 - length, t, 1
        else:
            m += 1
    return c[:length + 1], length


def main() -> None:
    s = [0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB, 0x2545F4914F6CDD1D]
    seq = []
    for _ in range(600):
        seq.append(s[0] & 1)
        s = step(s)
    c, deg = berlekamp_massey(seq)
    assert deg == 256, deg
    poly = 1 << deg
    for i in range(1, deg + 1):
        if c[i]:
            poly |= 1 << (deg - i)

    def mulmod(a: int, b: int) -> int:
        r = 0
        while b:
            if b & 1:
                r ^= a
            b >>= 1
            a <<= 1
            if a >> deg & 1:
                a ^= poly
        return r

    def powx(e: int) -> int:
        r, base = 1, 2
        while e:
            if e & 1:
                r = mulmod(r, base)
            base = mulmod(base, base)
            e >>= 1
        return r

    cur = powx(1 << 128)
    assert cur == sum(w << (64 * i) for i, w in enumerate(JUMP)), "row 0 must be the reference JUMP"
    for i in range(21):
        words = ", ".join(f"0x{(cur >> (64 * k)) & M:016x}ULL" for k in range(4))
        print(f"    {{{words}}}, /* 2**{i} jumps */")
        cur = mulmod(cur, cur)


if __name__ == "__main__":
    main()
