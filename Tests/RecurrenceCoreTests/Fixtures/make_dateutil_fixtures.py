#!/usr/bin/env python3
"""Writes dateutil-occurrences.jsonl: expected occurrences of RFC 5545 rules, from python-dateutil.

Run with python-dateutil installed (pip install python-dateutil); the Swift tests read the
committed output and need no Python. Each line: rrule, dtstart (wall clock), tz, expected
(ISO 8601 with offsets). dateutil steps wall-clock times; each is placed in the zone with
fold=0, which is the project's DST policy (a repeated time takes the earlier instant, a skipped
one is pushed forward by the gap). Two wall-clock times that land on one instant are merged.
"""
import json
import random
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr

ZONES = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Apia", "UTC"]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def some(rng, pool, most):
    return sorted(set(rng.choice(pool) for _ in range(rng.randint(1, most))), key=pool.index)


def rule(rng):
    freq = rng.choice(["DAILY", "WEEKLY", "MONTHLY", "MONTHLY", "YEARLY"])
    parts = [f"FREQ={freq}"]
    if rng.random() < 0.5:
        parts.append(f"INTERVAL={rng.randint(2, 4)}")
    if freq == "DAILY":
        if rng.random() < 0.4:
            parts.append("BYDAY=" + ",".join(some(rng, DAYS, 3)))
        if rng.random() < 0.2:
            parts.append("BYMONTHDAY=" + ",".join(map(str, some(rng, list(range(1, 32)) + [-1], 3))))
    elif freq == "WEEKLY":
        if rng.random() < 0.7:
            parts.append("BYDAY=" + ",".join(some(rng, DAYS, 3)))
        if rng.random() < 0.2:
            parts.append("WKST=" + rng.choice(["SU", "SA", "WE"]))
    elif freq == "MONTHLY":
        kind = rng.randint(0, 4)
        if kind == 0:
            parts.append("BYMONTHDAY=" + ",".join(map(str, some(rng, list(range(1, 32)) + [-1, -2, -7], 3))))
        elif kind == 1:
            parts.append("BYDAY=" + ",".join(f"{rng.choice([1, 2, 3, 4, 5, -1, -2])}{d}" for d in some(rng, DAYS, 2)))
        elif kind == 2:
            parts.append("BYDAY=" + ",".join(some(rng, DAYS, 5)))
            parts.append("BYSETPOS=" + ",".join(map(str, sorted(set(rng.choice([1, 2, 3, 15, -1, -2]) for _ in range(2))))))
        elif kind == 3:
            parts.append("BYMONTHDAY=28,29,30,31;BYSETPOS=-1")
    else:
        if rng.random() < 0.8:
            parts.append("BYMONTH=" + ",".join(map(str, sorted(some(rng, list(range(1, 13)), 2)))))
        kind = rng.randint(0, 2)
        if kind == 0:
            parts.append("BYMONTHDAY=" + ",".join(map(str, some(rng, list(range(1, 32)) + [-1], 2))))
        elif kind == 1:
            parts.append("BYDAY=" + ",".join(f"{rng.choice([1, 2, -1])}{d}" for d in some(rng, DAYS, 1)))
    if rng.random() < 0.7:
        parts.append("BYHOUR=" + ",".join(map(str, sorted(some(rng, [0, 1, 2, 3, 7, 9, 12, 17, 23], 2)))))
        parts.append("BYMINUTE=" + ",".join(map(str, sorted(some(rng, [0, 15, 30, 45], 2)))))
    end = rng.random()
    if end < 0.15:
        parts.append(f"COUNT={rng.randint(1, 12)}")
    return ";".join(parts)


def year_parts_rule(rng):
    """Weeks and days of the year: yearly expansions, and days of the year as a limit."""
    freq = rng.choice(["YEARLY", "YEARLY", "YEARLY", "DAILY", "WEEKLY", "MONTHLY"])
    parts = [f"FREQ={freq}"]
    if rng.random() < 0.3:
        parts.append(f"INTERVAL={rng.randint(2, 3)}")
    # No -52 or -53: dateutil does not look for them in the next week-year (its "TODO: Check
    # -numweeks for next year"), so it misses December days that are in week -53 of the next
    # year's numbering. EngineTests checks those by hand.
    weeks = [1, 2, 10, 20, 26, 52, 53, -1, -2]
    year_days = [1, 2, 32, 59, 60, 100, 200, 365, 366, -1, -2, -100, -365, -366]
    kind = rng.randint(0, 5) if freq == "YEARLY" else 1
    if kind in (0, 2, 4):
        parts.append("BYWEEKNO=" + ",".join(map(str, some(rng, weeks, 2))))
        if rng.random() < 0.7:
            parts.append("BYDAY=" + ",".join(some(rng, DAYS, 2)))
        if rng.random() < 0.3:
            parts.append("WKST=" + rng.choice(["SU", "SA", "WE", "TH"]))
    if kind in (1, 2, 5):
        parts.append("BYYEARDAY=" + ",".join(map(str, some(rng, year_days, 3))))
        if rng.random() < 0.3 and not any(p.startswith("BYDAY") for p in parts):
            parts.append("BYDAY=" + ",".join(some(rng, DAYS, 4)))
    if kind == 3:
        ordinal = rng.choice([1, 2, 3, 10, 20, 33, -1, -10])
        day = rng.choice(DAYS)
        parts.append(f"BYDAY={ordinal}{day}")
        parts.append("BYMONTHDAY=" + ",".join(map(str, some(rng, list(range(1, 32)) + [-1], 3))))
    if kind in (4, 5) and rng.random() < 0.6:
        parts.append("BYMONTH=" + ",".join(map(str, sorted(some(rng, list(range(1, 13)), 3)))))
    if rng.random() < 0.3:
        parts.append("BYSETPOS=" + rng.choice(["1", "-1", "2"]))
    if rng.random() < 0.5:
        parts.append("BYHOUR=" + ",".join(map(str, sorted(some(rng, [0, 1, 2, 9, 17, 23], 2)))))
        parts.append("BYMINUTE=" + rng.choice(["0", "30"]))
    return ";".join(parts)


def sub_daily_rule(rng):
    """Hourly and minutely rules with hours, minutes and day limits.

    Only in zones without DST (UTC, Asia/Kolkata): there dateutil's wall-clock steps are the
    engine's elapsed-time steps. EngineTests and SubDailyTests cover DST by hand.
    """
    freq = rng.choice(["HOURLY", "MINUTELY"])
    parts = [f"FREQ={freq}"]
    if rng.random() < 0.7:
        parts.append(f"INTERVAL={rng.choice([2, 3, 5, 7, 15, 45, 90, 7919] if freq == 'MINUTELY' else [2, 3, 5, 7, 25])}")
    if rng.random() < 0.6:
        parts.append("BYHOUR=" + ",".join(map(str, sorted(some(rng, list(range(24)), 4)))))
    if rng.random() < 0.6:
        parts.append("BYMINUTE=" + ",".join(map(str, sorted(some(rng, [0, 1, 5, 15, 30, 45, 59], 4)))))
    limit = rng.randint(0, 4)
    if limit == 0:
        parts.append("BYDAY=" + ",".join(some(rng, DAYS, 3)))
    elif limit == 1:
        parts.append("BYMONTHDAY=" + ",".join(map(str, some(rng, list(range(1, 32)) + [-1], 4))))
    elif limit == 2:
        parts.append("BYMONTH=" + ",".join(map(str, sorted(some(rng, list(range(1, 13)), 4)))))
    elif limit == 3:
        parts.append("BYYEARDAY=" + ",".join(map(str, some(rng, list(range(1, 366, 7)) + [-1], 6))))
    if rng.random() < 0.1:
        parts.append(f"COUNT={rng.randint(1, 12)}")
    return ";".join(parts)


# Each section: a rule generator, a seed, how many rules and the zones they cycle through
# (sections are appended, so the earlier sections' rules stay as they were).
SECTIONS = [
    (rule, 20261130, 300, ZONES),
    (year_parts_rule, 20261201, 150, ZONES),
    (sub_daily_rule, 20261202, 120, ["UTC", "Asia/Kolkata"]),
]


def main():
    out = []
    for generate, seed, count, zones in SECTIONS:
        out.extend(section(generate, random.Random(seed), count, zones))
    with open("dateutil-occurrences.jsonl", "w") as f:
        for row in out:
            f.write(json.dumps(row) + "\n")


def section(generate, rng, count, zones):
    out = []
    while len(out) < count:
        text = generate(rng)
        tz = zones[len(out) % len(zones)]
        year = 2011 if tz == "Pacific/Apia" else rng.randint(2020, 2030)
        month = 12 if tz == "Pacific/Apia" else rng.choice([3, 4, 9, 10, 11, rng.randint(1, 12)])
        dtstart = datetime(year, month, rng.randint(1, 28), rng.randint(0, 23), rng.choice([0, 30]))
        if rng.random() < 0.1 and "COUNT" not in text:
            until = dtstart.replace(year=dtstart.year + 1)
            text += ";UNTIL=" + until.strftime("%Y%m%dT%H%M%S")
        zone = ZoneInfo(tz)
        expected = []
        last = None
        try:
            walls = rrulestr(text, dtstart=dtstart)[:40]
        except ValueError:
            continue  # dateutil refuses steps that can never meet the listed minutes or hours
        for wall in walls:
            instant = wall.replace(tzinfo=zone).astimezone(timezone.utc)
            if instant == last:
                continue
            last = instant
            expected.append(instant.astimezone(zone).isoformat())
            if len(expected) == 8:
                break
        out.append({"rrule": text, "dtstart": dtstart.isoformat(), "tz": tz, "expected": expected})
    return out


if __name__ == "__main__":
    main()
