"""Leaf builders for gen_profiles.py: every numeric constant gets a range by one of the rules of
docs/profile-sources.md §0 (R1 fact … R7 model), and a nominal picked among candidates by R5's median.

Each builder returns the JSON leaf: value, low, high, source, low_source, high_source, assumption, basis
(+ candidates, candidate_sources, rule for R5). Integers throughout (ps, ns, bytes, counts)."""
import math

RULES = "docs/profile-sources.md §0"


def half_up(x):
    """Rounded half up to an integer (R5)."""
    return int(math.floor(x + 0.5))


def median(xs):
    """R5: the median; an even count gives the mean of the two middle values (rounded half up by the caller)."""
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def _leaf(value, source, basis, low, low_source, high, high_source, assumption=False, extra=None):
    assert isinstance(value, int) and not isinstance(value, bool), (source, value)
    assert isinstance(low, int) and isinstance(high, int), (source, low, high)
    assert low <= value <= high, (source, low, value, high)
    assert low_source and high_source
    d = {"value": value, "low": low, "high": high, "source": source, "low_source": low_source,
         "high_source": high_source, "assumption": assumption, "basis": basis}
    if extra:
        d.update(extra)
    return d


def fact(v, s):
    """R1: a source-code fact, a setting the mail states, a property by specification: exact."""
    return _leaf(v, s, "fact", v, "R1 fact: exact (the value's source)", v, "R1 fact: exact (the value's source)")


def model(v, s):
    """R7: a setting of the model, not a figure of the platform: exact."""
    return _leaf(v, s, "model", v, "R7 model setting: exact", v, "R7 model setting: exact")


def single(v, s):
    """R2 with one figure: the range is the figure."""
    return _leaf(v, s, "measured", v, "R2: single figure (the value's source)", v, "R2: single figure (the value's source)")


def measured(v, s, others):
    """R2: the value is the one candidate; others = [(figure, where from)] widen the range (bounds, alternatives)."""
    lo, lo_s, hi, hi_s = _hull([(v, "the value (its source)")] + list(others))
    return _leaf(v, s, "measured", lo, "R2: " + lo_s, hi, "R2: " + hi_s)


def derived(v, s, lo, lo_s, hi, hi_s):
    """R3: the formula at its inputs' ends."""
    return _leaf(v, s, "derived", lo, "R3: " + lo_s, hi, "R3: " + hi_s)


def picked(cands, s, others=(), basis="measured"):
    """R5: nominal = median of the candidates [(integer figure, where from)], rounded half up; others widen the range."""
    xs = [c for c, _ in cands]
    assert all(isinstance(x, int) for x in xs)
    v = half_up(median(xs))
    lo, lo_s, hi, hi_s = _hull(list(cands) + list(others))
    return _leaf(v, s, basis, lo, "R2/R5: " + lo_s, hi, "R2/R5: " + hi_s, extra={
        "candidates": xs, "candidate_sources": [w for _, w in cands], "rule": "median"})


def assume(v, s, alts=(), floor=None, ceil=None):
    """R6: [v/2, 2v] widened to alternatives the notes name, clipped at bounds a source or the model proves."""
    lo, lo_s = v // 2, "R6: value / 2"
    hi, hi_s = 2 * v, "R6: value x 2"
    for a, where in alts:
        if a < lo:
            lo, lo_s = a, "R6: an alternative the notes name: " + where
        if a > hi:
            hi, hi_s = a, "R6: an alternative the notes name: " + where
    if floor is not None and lo < floor[0]:
        lo, lo_s = floor[0], "R6 clipped at a proven bound: " + floor[1]
    if ceil is not None and hi > ceil[0]:
        hi, hi_s = ceil[0], "R6 clipped at a proven bound: " + ceil[1]
    return _leaf(v, s, "assumption", lo, lo_s, hi, hi_s, assumption=True)


def calibrated(v, s, k_lo, k_hi, how):
    """R4: the calibration's factor at its inputs' ends, applied to this residual."""
    lo, hi = int(math.floor(v * k_lo)), int(math.ceil(v * k_hi))
    return _leaf(v, s, "calibrated", min(lo, v), "R4: value x %.4f (%s)" % (k_lo, how), max(hi, v),
                 "R4: value x %.4f (%s)" % (k_hi, how))


def _hull(figures):
    lo = min(figures, key=lambda f: f[0])
    hi = max(figures, key=lambda f: f[0])
    return lo[0], "%d from %s" % lo, hi[0], "%d from %s" % hi
