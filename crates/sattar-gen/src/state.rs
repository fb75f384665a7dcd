//! The partial candidate: which slots are set and to what, what the unset ones may still take
//! (narrowed by propagation), and which objects are in use. Every change is trailed so that
//! backtracking restores the exact previous state.

use crate::layout::{bit, Layout, Mask, SlotKind};

/// The value of a reference slot that holds null.
pub(crate) const NULL: i64 = -1;

/// One undoable change.
#[derive(Clone, Copy, Debug)]
enum Undo {
    /// A slot was set; `fresh` is the object (and its class) it brought into use, if any.
    Set {
        slot: u32,
        fresh: Option<(u32, u16)>,
    },
    /// A reference slot's allowed objects / null were narrowed from these.
    Allowed { slot: u32, mask: Mask, null: bool },
    /// A scalar slot's domain-index bounds were narrowed from these.
    Bounds { slot: u32, lo: u32, hi: u32 },
}

/// The partial candidate.
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// Whether each slot is set.
    pub set: Vec<bool>,
    /// The value of each set slot: an object index or [`NULL`] for references, the value for scalars.
    pub val: Vec<i64>,
    /// For reference slots: objects still allowed.
    pub allowed: Vec<Mask>,
    /// For reference slots: whether null is still allowed.
    pub null_ok: Vec<bool>,
    /// For scalar slots: the lowest domain index still allowed.
    pub lo: Vec<u32>,
    /// For scalar slots: the highest domain index still allowed.
    pub hi: Vec<u32>,
    /// Counted objects in use per class: always the first `used[c]` objects of class `c`.
    pub used: Vec<u32>,
    /// The bits of all objects in use (the enum constants always are).
    pub used_mask: Mask,
    trail: Vec<Undo>,
}

impl State {
    /// Nothing set but the enum constants' fields; the constants in use.
    pub fn new(lay: &Layout) -> State {
        let n = lay.slots();
        let mut st = State {
            set: vec![false; n],
            val: vec![0; n],
            allowed: vec![0; n],
            null_ok: lay.slot_nullable.clone(),
            lo: vec![0; n],
            hi: vec![0; n],
            used: vec![0; lay.classes.len()],
            used_mask: lay.fixed,
            trail: Vec::new(),
        };
        for (s, kind) in lay.slot_kind.iter().enumerate() {
            match *kind {
                SlotKind::Ref(t) => st.allowed[s] = lay.types[usize::from(t)].mask,
                SlotKind::Scalar(d) => st.hi[s] = (lay.domains[d as usize].len() - 1) as u32,
            }
        }
        for &(slot, v) in &lay.preset {
            st.set[slot as usize] = true;
            st.val[slot as usize] = v;
        }
        st
    }

    /// A point to come back to with [`State::undo_to`].
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Undoes every change made since `mark`.
    pub fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Undo::Set { slot, fresh }) => {
                    self.set[slot as usize] = false;
                    if let Some((o, c)) = fresh {
                        self.used_mask &= !bit(o);
                        self.used[usize::from(c)] -= 1;
                    }
                }
                Some(Undo::Allowed { slot, mask, null }) => {
                    self.allowed[slot as usize] = mask;
                    self.null_ok[slot as usize] = null;
                }
                Some(Undo::Bounds { slot, lo, hi }) => {
                    self.lo[slot as usize] = lo;
                    self.hi[slot as usize] = hi;
                }
                None => break,
            }
        }
    }

    /// Sets `slot` to `v` (an object index or [`NULL`] for references); an object not yet in use
    /// must be the first unused one of its class (Korat's isomorphism breaking).
    pub fn assign(&mut self, lay: &Layout, slot: u32, v: i64) {
        let s = slot as usize;
        self.set[s] = true;
        self.val[s] = v;
        let mut fresh = None;
        if let (SlotKind::Ref(_), Ok(o)) = (lay.slot_kind[s], u32::try_from(v)) {
            if self.used_mask & bit(o) == 0 {
                let c = lay.obj_class[o as usize];
                self.used[usize::from(c)] += 1;
                self.used_mask |= bit(o);
                fresh = Some((o, c));
            }
        }
        self.trail.push(Undo::Set { slot, fresh });
    }

    /// Narrows reference slot `slot` to objects in `mask` (and null only if `null`); false if
    /// nothing is left.
    pub fn restrict_ref(&mut self, slot: u32, mask: Mask, null: bool) -> bool {
        let s = slot as usize;
        let (old_mask, old_null) = (self.allowed[s], self.null_ok[s]);
        let (new_mask, new_null) = (old_mask & mask, old_null && null);
        if (new_mask, new_null) != (old_mask, old_null) {
            self.trail.push(Undo::Allowed {
                slot,
                mask: old_mask,
                null: old_null,
            });
            self.allowed[s] = new_mask;
            self.null_ok[s] = new_null;
        }
        new_mask != 0 || new_null
    }

    /// Narrows scalar slot `slot` to domain indices `lo..=hi` (intersected with its current
    /// bounds); `Some(changed)`, or `None` if nothing is left.
    pub fn restrict_bounds(&mut self, slot: u32, lo: u32, hi: u32) -> Option<bool> {
        let s = slot as usize;
        let (old_lo, old_hi) = (self.lo[s], self.hi[s]);
        let (new_lo, new_hi) = (old_lo.max(lo), old_hi.min(hi));
        if new_lo > new_hi {
            return None;
        }
        if (new_lo, new_hi) == (old_lo, old_hi) {
            return Some(false);
        }
        self.trail.push(Undo::Bounds {
            slot,
            lo: old_lo,
            hi: old_hi,
        });
        self.lo[s] = new_lo;
        self.hi[s] = new_hi;
        Some(true)
    }
}
