//! Ordering, ties, ranks and the metrics over a ranked list.
//!
//! **Ties.** Two scores are tied when [`same_score`] holds: equal (this covers `±∞`), or both finite
//! and `|a − b| ≤ 1e-9 · max(1, |a|, |b|)`. The formulas do a handful of floating-point operations
//! on integer counts, so rounding noise is around 1e-15 relative: far inside the tolerance (no false
//! non-ties). Two *different* values of a ratio of integers `p/q`, `r/s` differ by at least
//! `1/(q·s)`, which stays above 1e-9 while the denominators stay below ~31 600 (no false ties; see
//! `docs/RANKING.md` for the bound per formula).

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use serde::{Deserialize, Serialize};

use crate::score::Scored;

/// The tie tolerance, relative to `max(1, |a|, |b|)`.
pub const TIE_TOLERANCE: f64 = 1e-9;

/// Whether two scores are tied (see the module documentation).
pub fn same_score(a: f64, b: f64) -> bool {
    a == b
        || (a.is_finite()
            && b.is_finite()
            && (a - b).abs() <= TIE_TOLERANCE * a.abs().max(b.abs()).max(1.0))
}

/// Whether `a` is strictly above `b`, ties excluded.
pub fn above(a: f64, b: f64) -> bool {
    a > b && !same_score(a, b)
}

/// How elements are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Order {
    /// By score only (Apollo, CP, GZoltar).
    Score,
    /// By score, then confidence, both descending (SAT-TAR).
    ScoreThenConfidence,
}

/// Which rank of a tie group to report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RankKind {
    /// `|H| + |E|` (the papers' rank, docs/RANKING.md#ranks-and-metrics).
    Worst,
    /// `⌊|H| + ½ + |E|/2⌋`.
    Average,
    /// `|H| + 1`.
    Best,
}

/// An element's position: `higher` = |H| (strictly above), `equal` = |E| (tied, itself included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rank {
    /// Elements strictly above.
    pub higher: usize,
    /// Elements tied, itself included.
    pub equal: usize,
}

impl Rank {
    /// Worst rank `|H| + |E|`.
    pub fn worst(&self) -> usize {
        self.higher + self.equal
    }

    /// Average rank `⌊|H| + ½ + |E|/2⌋`, computed in integers as `⌈(2|H| + |E|)/2⌉`.
    pub fn average(&self) -> usize {
        (2 * self.higher + self.equal).div_ceil(2)
    }

    /// Best rank `|H| + 1`.
    pub fn best(&self) -> usize {
        self.higher + 1
    }

    /// The rank of the given kind.
    pub fn get(&self, kind: RankKind) -> usize {
        match kind {
            RankKind::Worst => self.worst(),
            RankKind::Average => self.average(),
            RankKind::Best => self.best(),
        }
    }
}

/// One line of a ranking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RankedEntry<E> {
    /// The element.
    pub id: E,
    /// Its score.
    pub score: f64,
    /// Its confidence.
    pub confidence: f64,
    /// Its position.
    pub rank: Rank,
}

/// Each fault's rank and the best of them (by worst rank, then best rank).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FaultRanks<E> {
    /// Every fault with its rank (`None` when the fault is not in the ranking).
    pub per_fault: Vec<(E, Option<Rank>)>,
    /// The best-ranked fault's rank.
    pub best: Option<Rank>,
}

/// A ranked list: entries by rank (tied entries in input order), with look-up by id.
#[derive(Debug, Clone)]
pub struct Ranking<E> {
    entries: Vec<RankedEntry<E>>,
    index: HashMap<E, usize>,
}

impl<E: Clone + Eq + Hash> Ranking<E> {
    /// Ranks scored elements; NaN scores or confidences count as `−∞`.
    pub fn new(scored: Vec<Scored<E>>, order: Order) -> Self {
        Self::preferring(scored, order, &HashSet::new())
    }

    /// Ranks scored elements as [`Ranking::new`], then breaks what `order` leaves tied in favour
    /// of the elements in `preferred`: they rank above the others they tie with. No element's
    /// worst rank grows (a tie group only splits), so the worst rank of a preferred element can
    /// only fall and that of any other stays.
    pub fn preferring(scored: Vec<Scored<E>>, order: Order, preferred: &HashSet<E>) -> Self {
        Self::tiered(scored, order, &|e| u32::from(!preferred.contains(e)))
    }

    /// Ranks scored elements as [`Ranking::new`], then breaks what `order` leaves tied by `tier`:
    /// a lower tier ranks above a higher one it ties with. As with [`Ranking::preferring`], a tie
    /// group only splits, so no element's worst rank grows.
    pub fn tiered(scored: Vec<Scored<E>>, order: Order, tier: &dyn Fn(&E) -> u32) -> Self {
        let mut items: Vec<(usize, Scored<E>)> =
            scored.into_iter().map(sanitize).enumerate().collect();
        items.sort_by(|(_, a), (_, b)| descending(a, b));
        let scores: Vec<f64> = items.iter().map(|(_, s)| s.score).collect();
        let ranks: Vec<Rank> = (0..items.len())
            .map(|i| rank_at(&items, &scores, i, order, tier))
            .collect();
        let mut entries: Vec<(usize, RankedEntry<E>)> = items
            .into_iter()
            .zip(ranks)
            .map(|((pos, s), rank)| {
                (
                    pos,
                    RankedEntry {
                        id: s.id,
                        score: s.score,
                        confidence: s.confidence,
                        rank,
                    },
                )
            })
            .collect();
        entries.sort_by_key(|(pos, e)| (e.rank.worst(), e.rank.best(), *pos));
        let entries: Vec<RankedEntry<E>> = entries.into_iter().map(|(_, e)| e).collect();
        let index = entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id.clone(), i))
            .collect();
        Ranking { entries, index }
    }

    /// All entries, best first.
    pub fn entries(&self) -> &[RankedEntry<E>] {
        &self.entries
    }

    /// Number of ranked elements.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the ranking is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry of an element.
    pub fn get(&self, id: &E) -> Option<&RankedEntry<E>> {
        self.index.get(id).map(|&i| &self.entries[i])
    }

    /// The rank of an element.
    pub fn rank_of(&self, id: &E) -> Option<Rank> {
        self.get(id).map(|e| e.rank)
    }

    /// EXAM: the element's rank of the given kind divided by the number of ranked elements.
    pub fn exam(&self, id: &E, kind: RankKind) -> Option<f64> {
        self.rank_of(id)
            .map(|r| r.get(kind) as f64 / self.len() as f64)
    }

    /// Top-N: whether the element's rank of the given kind is at most `n`.
    pub fn in_top_n(&self, id: &E, n: usize, kind: RankKind) -> Option<bool> {
        self.rank_of(id).map(|r| r.get(kind) <= n)
    }

    /// The first `n` entries of the list (fewer when the list is shorter).
    pub fn top(&self, n: usize) -> &[RankedEntry<E>] {
        &self.entries[..n.min(self.entries.len())]
    }

    /// Multiple faults: each fault's rank, and the best one.
    pub fn faults(&self, faults: &[E]) -> FaultRanks<E> {
        let per_fault: Vec<(E, Option<Rank>)> = faults
            .iter()
            .map(|f| (f.clone(), self.rank_of(f)))
            .collect();
        let best = per_fault
            .iter()
            .filter_map(|(_, r)| *r)
            .min_by_key(|r| (r.worst(), r.best()));
        FaultRanks { per_fault, best }
    }
}

fn sanitize<E>(mut s: Scored<E>) -> Scored<E> {
    if s.score.is_nan() {
        s.score = f64::NEG_INFINITY;
    }
    if s.confidence.is_nan() {
        s.confidence = f64::NEG_INFINITY;
    }
    s
}

fn descending<E>(a: &Scored<E>, b: &Scored<E>) -> Ordering {
    b.score
        .total_cmp(&a.score)
        .then(b.confidence.total_cmp(&a.confidence))
}

/// The rank of item `i` in a list sorted by descending score: among the items tied with it
/// under `order`, those of a lower tier rank above the others.
fn rank_at<E: Eq + Hash>(
    items: &[(usize, Scored<E>)],
    scores: &[f64],
    i: usize,
    order: Order,
    tier: &dyn Fn(&E) -> u32,
) -> Rank {
    let s = scores[i];
    let start = scores.partition_point(|&x| above(x, s));
    let end = scores.partition_point(|&x| !above(s, x));
    let window = &items[start..end];
    let c = items[i].1.confidence;
    let (higher, tied): (usize, Vec<&Scored<E>>) = match order {
        Order::Score => (0, window.iter().map(|(_, o)| o).collect()),
        Order::ScoreThenConfidence => (
            window
                .iter()
                .filter(|(_, o)| above(o.confidence, c))
                .count(),
            window
                .iter()
                .map(|(_, o)| o)
                .filter(|o| same_score(o.confidence, c))
                .collect(),
        ),
    };
    let mine = tier(&items[i].1.id);
    let above_in_tie = tied.iter().filter(|o| tier(&o.id) < mine).count();
    let equal = tied.iter().filter(|o| tier(&o.id) == mine).count();
    Rank {
        higher: start + higher + above_in_tie,
        equal,
    }
}
