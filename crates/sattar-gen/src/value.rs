//! Three-valued values: what the evaluator knows about a set or an integer on a partial
//! candidate. A set is bracketed by `lo` (members in every completion) and `hi` (members in
//! some completion); an integer by an interval. Both remember when they are exactly one unset
//! slot, so that a constraint on them can narrow that slot (propagation).

use crate::layout::Mask;

/// A truth value on a partial candidate: true or false in every completion, or not yet known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tri {
    /// Holds in every completion.
    True,
    /// Fails in every completion.
    False,
    /// Depends on slots not yet set.
    Unknown,
}

impl Tri {
    /// `True` or `False`.
    pub fn of(b: bool) -> Tri {
        if b {
            Tri::True
        } else {
            Tri::False
        }
    }

    /// Negation (unknown stays unknown).
    pub fn not(self) -> Tri {
        match self {
            Tri::True => Tri::False,
            Tri::False => Tri::True,
            Tri::Unknown => Tri::Unknown,
        }
    }
}

/// An integer in `lo..=hi`; `term` when it is exactly `slot + offset` for an unset slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct IntRange {
    /// Lowest possible value.
    pub lo: i64,
    /// Highest possible value.
    pub hi: i64,
    /// `(slot, offset)` when the value is an unset slot's plus a constant.
    pub term: Option<(u32, i64)>,
}

impl IntRange {
    /// A known value.
    pub fn exact(v: i64) -> IntRange {
        IntRange {
            lo: v,
            hi: v,
            term: None,
        }
    }

    /// Any value at all.
    pub fn any() -> IntRange {
        IntRange {
            lo: i64::MIN,
            hi: i64::MAX,
            term: None,
        }
    }

    /// Whether the value is known.
    pub fn is_exact(&self) -> bool {
        self.lo == self.hi
    }
}

/// Up to four unset reference slots whose values are surely members of a set (one join step
/// away from known members): the candidates a quantifier over the set can rule out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Feeds {
    slots: [u32; 4],
    len: u8,
}

impl Feeds {
    /// Just `slot`.
    pub fn one(slot: u32) -> Feeds {
        let mut f = Feeds::default();
        f.push(slot);
        f
    }

    /// Adds a slot; beyond four they are dropped (fewer candidates ruled out, nothing wrong).
    pub fn push(&mut self, slot: u32) {
        if usize::from(self.len) < self.slots.len() {
            self.slots[usize::from(self.len)] = slot;
            self.len += 1;
        }
    }

    /// Both lists.
    pub fn join(mut self, other: Feeds) -> Feeds {
        other.iter().for_each(|s| self.push(s));
        self
    }

    /// The slots.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.slots[..usize::from(self.len)].iter().copied()
    }
}

/// A set of objects between `lo` and `hi`; `term` when it is exactly an unset reference slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ObjectSet {
    /// Objects in the set in every completion.
    pub lo: Mask,
    /// Objects in the set in some completion.
    pub hi: Mask,
    /// The unset slot whose value (null or one object) the set is.
    pub term: Option<u32>,
    /// Unset slots whose values are members.
    pub feeds: Feeds,
}

impl ObjectSet {
    /// A set between `lo` and `hi`.
    pub fn new(lo: Mask, hi: Mask) -> ObjectSet {
        ObjectSet {
            lo,
            hi,
            term: None,
            feeds: Feeds::default(),
        }
    }

    /// A known set.
    pub fn exact(m: Mask) -> ObjectSet {
        ObjectSet::new(m, m)
    }

    /// Whether the set is known.
    pub fn is_exact(&self) -> bool {
        self.lo == self.hi
    }

    /// Bounds on the number of members.
    pub fn card(&self) -> (i64, i64) {
        let hi = i64::from(self.hi.count_ones());
        match self.term {
            // an unset slot is null or one object, however many objects it may still be
            Some(_) => (0, hi.min(1)),
            None => (i64::from(self.lo.count_ones()), hi),
        }
    }
}

/// A set of ints (or booleans as 0/1): sorted members in every completion, and in some
/// completion (`None`: unbounded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Many {
    /// Members in every completion (sorted, distinct).
    pub lo: Vec<i64>,
    /// Members in some completion (sorted, distinct), if bounded.
    pub hi: Option<Vec<i64>>,
}

impl Many {
    /// A known set.
    pub fn exact(v: Vec<i64>) -> Many {
        Many {
            hi: Some(v.clone()),
            lo: v,
        }
    }

    /// Whether the set is known.
    pub fn is_exact(&self) -> bool {
        self.hi.as_ref() == Some(&self.lo)
    }

    /// `self + other`.
    pub fn union(&self, o: &Many) -> Many {
        Many {
            lo: merge(&self.lo, &o.lo),
            hi: match (&self.hi, &o.hi) {
                (Some(a), Some(b)) => Some(merge(a, b)),
                _ => None,
            },
        }
    }

    /// `self & other`.
    pub fn inter(&self, o: &Many) -> Many {
        Many {
            lo: keep(&self.lo, |v| o.lo.binary_search(&v).is_ok()),
            hi: match (&self.hi, &o.hi) {
                (Some(a), Some(b)) => Some(keep(a, |v| b.binary_search(&v).is_ok())),
                (Some(a), None) | (None, Some(a)) => Some(a.clone()),
                (None, None) => None,
            },
        }
    }

    /// `self - other`.
    pub fn diff(&self, o: &Many) -> Many {
        let lo = match &o.hi {
            Some(h) => keep(&self.lo, |v| h.binary_search(&v).is_err()),
            None => Vec::new(),
        };
        let hi = self
            .hi
            .as_ref()
            .map(|h| keep(h, |v| o.lo.binary_search(&v).is_err()));
        Many { lo, hi }
    }
}

/// The three-valued value of a set expression.
#[derive(Clone, Debug)]
pub(crate) enum SetValue {
    /// Objects.
    Objects(ObjectSet),
    /// Exactly one int or boolean (a field of one object, an argument, a literal).
    One(IntRange),
    /// Any number of ints or booleans.
    Many(Many),
}

impl SetValue {
    /// The empty set of objects.
    pub fn none() -> SetValue {
        SetValue::Objects(ObjectSet::exact(0))
    }
}

/// Sorted union of two sorted lists.
pub(crate) fn merge(a: &[i64], b: &[i64]) -> Vec<i64> {
    let mut v: Vec<i64> = a.iter().chain(b).copied().collect();
    v.sort_unstable();
    v.dedup();
    v
}

fn keep(a: &[i64], pred: impl Fn(i64) -> bool) -> Vec<i64> {
    a.iter().copied().filter(|v| pred(*v)).collect()
}

/// Whether every member of sorted `a` is in sorted `b`.
pub(crate) fn subset(a: &[i64], b: &[i64]) -> bool {
    a.iter().all(|v| b.binary_search(v).is_ok())
}

/// The set bits of a mask, lowest first.
pub(crate) fn bits(mut m: Mask) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros();
        m &= m - 1;
        Some(i)
    })
}
