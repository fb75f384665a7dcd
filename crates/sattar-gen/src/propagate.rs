//! Bounds propagation: integer comparisons that must hold (found in positive positions during a
//! pass) narrow the domains of the unset slots they mention, to a fixpoint. A BST's ordering
//! constraints, for instance, pin every key once the shape is complete.

use crate::partial_eval::Pass;
use crate::value::IntRange;
use sattar_spec::IntCmp;

/// One side of a primitive constraint.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Side {
    /// An unset scalar slot plus a constant.
    Term(u32, i64),
    /// A value known to lie in `lo..=hi`.
    Const(i64, i64),
}

impl Side {
    /// The side of an integer value.
    pub fn of(v: IntRange) -> Side {
        match v.term {
            Some((slot, off)) => Side::Term(slot, off),
            None => Side::Const(v.lo, v.hi),
        }
    }
}

/// `a op b` with `op` one of `<`, `<=`, `=`, `!=`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Prim {
    op: IntCmp,
    a: Side,
    b: Side,
}

impl Prim {
    /// `a op b`, with `>` and `>=` turned around.
    pub fn new(op: IntCmp, a: Side, b: Side) -> Prim {
        match op {
            IntCmp::Gt => Prim {
                op: IntCmp::Lt,
                a: b,
                b: a,
            },
            IntCmp::Ge => Prim {
                op: IntCmp::Le,
                a: b,
                b: a,
            },
            op => Prim { op, a, b },
        }
    }
}

/// The comparison that holds exactly when `op` does not.
pub(crate) fn negate(op: IntCmp) -> IntCmp {
    match op {
        IntCmp::Eq => IntCmp::Ne,
        IntCmp::Ne => IntCmp::Eq,
        IntCmp::Lt => IntCmp::Ge,
        IntCmp::Le => IntCmp::Gt,
        IntCmp::Gt => IntCmp::Le,
        IntCmp::Ge => IntCmp::Lt,
    }
}

/// Rounds over all primitives before giving up on a fixpoint (each round narrows something, so
/// this only bounds pathological domains; stopping early is sound).
const MAX_ROUNDS: usize = 256;

impl Pass<'_> {
    /// Narrows slots until no primitive changes anything; false if a slot runs out of values.
    pub fn propagate(&mut self) -> bool {
        for _ in 0..MAX_ROUNDS {
            let mut changed = false;
            for i in 0..self.sc.prims.len() {
                match self.apply(self.sc.prims[i]) {
                    Some(c) => changed |= c,
                    None => return false,
                }
            }
            if !changed {
                break;
            }
        }
        true
    }

    /// One primitive: `Some(changed)`, or `None` on a conflict.
    fn apply(&mut self, p: Prim) -> Option<bool> {
        let (a, b) = (self.side(p.a), self.side(p.b));
        Some(match p.op {
            IntCmp::Lt => {
                self.at_most(p.a, b.1.saturating_sub(1))?
                    | self.at_least(p.b, a.0.saturating_add(1))?
            }
            IntCmp::Le => self.at_most(p.a, b.1)? | self.at_least(p.b, a.0)?,
            IntCmp::Eq => {
                self.at_least(p.a, b.0)?
                    | self.at_most(p.a, b.1)?
                    | self.at_least(p.b, a.0)?
                    | self.at_most(p.b, a.1)?
            }
            _ => self.avoid(p.a, b)? | self.avoid(p.b, a)?,
        })
    }

    /// The interval of a side now.
    fn side(&self, s: Side) -> (i64, i64) {
        match s {
            Side::Const(lo, hi) => (lo, hi),
            Side::Term(slot, off) => {
                let dom = self.lay.dom(slot);
                let (lo, hi) = (self.st.lo[slot as usize], self.st.hi[slot as usize]);
                (
                    dom[lo as usize].saturating_add(off),
                    dom[hi as usize].saturating_add(off),
                )
            }
        }
    }

    /// Makes `s <= v`.
    fn at_most(&mut self, s: Side, v: i64) -> Option<bool> {
        match s {
            Side::Const(lo, _) => (lo <= v).then_some(false),
            Side::Term(slot, off) => {
                let n = self
                    .lay
                    .dom(slot)
                    .partition_point(|x| x.saturating_add(off) <= v);
                let hi = u32::try_from(n.checked_sub(1)?).ok()?;
                self.st.restrict_bounds(slot, 0, hi)
            }
        }
    }

    /// Makes `s >= v`.
    fn at_least(&mut self, s: Side, v: i64) -> Option<bool> {
        match s {
            Side::Const(_, hi) => (hi >= v).then_some(false),
            Side::Term(slot, off) => {
                let dom = self.lay.dom(slot);
                let n = dom.partition_point(|x| x.saturating_add(off) < v);
                if n == dom.len() {
                    return None;
                }
                self.st.restrict_bounds(slot, n as u32, u32::MAX)
            }
        }
    }

    /// Makes `s != other` when `other` is known and `s` would hit it at an end of its range.
    fn avoid(&mut self, s: Side, other: (i64, i64)) -> Option<bool> {
        let (lo, hi) = self.side(s);
        if other.0 != other.1 {
            return Some(false);
        }
        let v = other.0;
        match (lo == v, hi == v) {
            (true, true) => None,
            (true, false) => self.at_least(s, v.saturating_add(1)),
            (false, true) => self.at_most(s, v.saturating_sub(1)),
            (false, false) => Some(false),
        }
    }
}
