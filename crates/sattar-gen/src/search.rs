//! Korat's search over partial candidates.
//!
//! A node is a partial candidate. It is evaluated three-valued: false prunes every completion
//! at once; unknown branches on a slot the evaluation read while unset (Korat's lazy
//! initialization: only fields the spec reads are ever enumerated); true is a valid input, once
//! the slots it never read take their first value and the arguments are enumerated.
//!
//! Isomorphism breaking is Korat's: a reference slot may take null, an object already in use, or
//! the first unused object of each class it may hold, never another unused one. So the objects
//! of each class are numbered in the order they are first reached, and two isomorphic heaps
//! cannot both be produced. Enum constants are no part of it: they are named objects every heap
//! holds, always in use.

use crate::compile::{Compiled, Constraint};
use crate::error::GenError;
use crate::layout::{bit, Layout, Mask, SlotKind};
use crate::logic::Ctx;
use crate::partial_eval::{Pass, Scratch};
use crate::state::{State, NULL};
use crate::value::{bits, Tri};
use std::ops::ControlFlow;

/// What a search found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Valid, pairwise non-isomorphic inputs.
    pub valid: u64,
    /// Partial candidates evaluated (Korat's "explored" count).
    pub explored: u64,
}

/// Receives each valid input as a finished candidate.
pub(crate) trait Sink {
    /// Called once per valid input; `Break` stops the search.
    fn emit(&mut self, lay: &Layout, st: &State) -> ControlFlow<()>;
}

/// One run of the search.
pub(crate) struct Search<'a, S> {
    lay: &'a Layout,
    cons: &'a [Constraint],
    all_fields: bool,
    budget: Option<u64>,
    st: State,
    sc: Scratch,
    stats: Stats,
    sink: S,
    /// The slots holding a part of their own ([`Layout::slot_owned`]).
    owned: Vec<usize>,
}

type Flow = Result<ControlFlow<()>, GenError>;

impl<'a, S: Sink> Search<'a, S> {
    /// A search over `lay` for inputs satisfying `cons`.
    pub fn new(
        lay: &'a Layout,
        compiled: &'a Compiled,
        all_fields: bool,
        budget: Option<u64>,
        sink: S,
    ) -> Self {
        let objects = lay.obj_class.len();
        Search {
            lay,
            cons: &compiled.constraints,
            all_fields,
            budget,
            st: State::new(lay),
            sc: Scratch::new(lay.slots(), compiled.vars, compiled.memos, objects),
            stats: Stats::default(),
            sink,
            owned: (0..lay.slots()).filter(|&s| lay.slot_owned[s]).collect(),
        }
    }

    /// Runs the whole search (or until the sink stops it). The receiver is chosen first: the
    /// first object of each class that is the method's (or each enum constant), one subtree each.
    pub fn run(mut self) -> Result<Stats, GenError> {
        // a `Break` from the sink only ends the search early
        let _ = match self.lay.receiver {
            Some(slot) => self.branch(slot)?,
            None => self.node()?,
        };
        Ok(self.stats)
    }

    fn node(&mut self) -> Flow {
        self.stats.explored += 1;
        if self.budget.is_some_and(|b| self.stats.explored > b) {
            return Err(GenError::BudgetExceeded {
                explored: self.stats.explored - 1,
            });
        }
        let mark = self.st.mark();
        let flow = match self.evaluate()? {
            Tri::False => Ok(ControlFlow::Continue(())),
            Tri::Unknown => self.decide(),
            Tri::True => self.leaf(),
        };
        self.st.undo_to(mark);
        flow
    }

    /// One pass over every constraint, then propagation; narrowings stay until backtracking.
    fn evaluate(&mut self) -> Result<Tri, GenError> {
        self.sc.begin();
        let mut pass = Pass {
            lay: self.lay,
            st: &mut self.st,
            sc: &mut self.sc,
        };
        let mut verdict = Tri::True;
        for c in self.cons {
            let r = pass.formula(&c.formula, Ctx::Pos);
            if pass.sc.overflow {
                return Err(GenError::Overflow {
                    constraint: c.name.clone(),
                });
            }
            match r {
                Tri::False => return Ok(Tri::False),
                Tri::Unknown => verdict = Tri::Unknown,
                Tri::True => {}
            }
        }
        Ok(if pass.propagate() {
            verdict
        } else {
            Tri::False
        })
    }

    /// What to do on an unknown verdict. Slots the evaluation read that have a single value
    /// left all get it at once, unless that value is a new object (taking it would renumber
    /// objects); then the search branches on such a slot (one child), else on the first slot
    /// read that has a choice. With nothing left to branch on, the candidate is evaluated again.
    fn decide(&mut self) -> Flow {
        let mut forced = Vec::new();
        let (mut fresh, mut open) = (None, None);
        for &s in &self.sc.seen {
            match (self.choices(s), self.sole_old_value(s)) {
                (0, _) => return Ok(ControlFlow::Continue(())),
                (1, Some(v)) => forced.push((s, v)),
                (1, None) => fresh = fresh.or(Some(s)),
                _ => open = open.or(Some(s)),
            }
        }
        for &(s, v) in &forced {
            self.st.assign(self.lay, s, v);
        }
        match (fresh.or(open), forced.is_empty()) {
            (Some(slot), _) => self.branch(slot),
            (None, false) => self.node(),
            // every read slot is set (cannot happen): fall back to any unset slot
            (None, true) => match self.next_unset(|_| true).or_else(|| self.unset_root()) {
                Some(slot) => self.branch(slot),
                None => Ok(ControlFlow::Continue(())),
            },
        }
    }

    /// The one value `slot` may take, if there is exactly one and it is not a new object.
    fn sole_old_value(&self, slot: u32) -> Option<i64> {
        let values = self.candidates(slot);
        match values.as_slice() {
            [v] if *v == NULL || !self.lay.is_object_slot(slot) => Some(*v),
            [v] if self.st.used_mask & bit(*v as u32) != 0 => Some(*v),
            _ => None,
        }
    }

    /// Tries every value of `slot`.
    fn branch(&mut self, slot: u32) -> Flow {
        for v in self.candidates(slot) {
            let mark = self.st.mark();
            self.st.assign(self.lay, slot, v);
            let flow = self.node()?;
            self.st.undo_to(mark);
            if flow.is_break() {
                return Ok(flow);
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// The constraints hold whatever the unset slots hold.
    fn leaf(&mut self) -> Flow {
        let all = self.all_fields;
        // unread fields keep their first value, unless propagation ruled it out
        let pending = self.next_unset(|v| all || !v.default_ok());
        if let Some(slot) = pending.or_else(|| self.unset_root()) {
            return self.branch(slot);
        }
        let short = self
            .lay
            .classes
            .iter()
            .enumerate()
            .any(|(c, info)| info.exact && self.st.used[c] != info.pool);
        if short {
            return Ok(ControlFlow::Continue(()));
        }
        self.stats.valid += 1;
        Ok(self.sink.emit(self.lay, &self.st))
    }

    /// The first unset field (of an object in use, in object and field order) that `want`s.
    fn next_unset(&self, want: impl Fn(&SlotView) -> bool) -> Option<u32> {
        bits(self.st.used_mask).find_map(|o| {
            (0..self.lay.field_count(o))
                .map(|fi| self.lay.slot(o, fi))
                .find(|s| !self.st.set[*s as usize] && want(&self.view(*s)))
        })
    }

    /// The first unset slot among the receiver, the arguments and the static fields.
    fn unset_root(&self) -> Option<u32> {
        self.lay.roots().find(|s| !self.st.set[*s as usize])
    }

    fn view(&self, slot: u32) -> SlotView<'_> {
        SlotView {
            lay: self.lay,
            st: &self.st,
            slot,
        }
    }

    /// How many values `slot` may still take.
    fn choices(&self, slot: u32) -> usize {
        let s = slot as usize;
        match self.lay.slot_kind[s] {
            SlotKind::Scalar(_) => (self.st.hi[s] - self.st.lo[s] + 1) as usize,
            SlotKind::Ref(t) => {
                let allowed = self.st.allowed[s];
                let in_use = (allowed & self.shareable(slot)).count_ones() as usize;
                let fresh = self.fresh(t, allowed).count();
                in_use + fresh + usize::from(self.st.null_ok[s])
            }
        }
    }

    /// The objects in use that `slot` may also hold: none for a slot holding a part of its own
    /// (a Random's AtomicLong, always a fresh object), and no such part for any other slot.
    fn shareable(&self, slot: u32) -> Mask {
        if self.lay.slot_owned[slot as usize] {
            return 0;
        }
        let owned = (self.owned.iter())
            .filter(|&&s| self.st.set[s] && self.st.val[s] != NULL)
            .fold(0, |m, &s| m | u32::try_from(self.st.val[s]).map_or(0, bit));
        self.st.used_mask & !owned
    }

    /// The first unused object of each class of type `t`, if still `allowed` (Korat's
    /// isomorphism breaking, class by class).
    fn fresh(&self, t: u16, allowed: Mask) -> impl Iterator<Item = u32> + '_ {
        let ty = &self.lay.types[usize::from(t)];
        ty.classes.iter().filter_map(move |&c| {
            let info = &self.lay.classes[usize::from(c)];
            let used = self.st.used[usize::from(c)];
            let o = info.start + used;
            (used < info.pool && allowed & bit(o) != 0).then_some(o)
        })
    }

    /// The values `slot` may take: null, objects in use (enum constants included), the first
    /// unused object of each class, each if still allowed; or the scalar domain within bounds.
    fn candidates(&self, slot: u32) -> Vec<i64> {
        let s = slot as usize;
        match self.lay.slot_kind[s] {
            SlotKind::Scalar(_) => {
                let dom = self.lay.dom(slot);
                dom[self.st.lo[s] as usize..=self.st.hi[s] as usize].to_vec()
            }
            SlotKind::Ref(t) => {
                let allowed = self.st.allowed[s];
                let nulls = self.st.null_ok[s].then_some(NULL);
                let in_use = bits(allowed & self.shareable(slot)).map(i64::from);
                let fresh = self.fresh(t, allowed).map(i64::from);
                nulls.into_iter().chain(in_use).chain(fresh).collect()
            }
        }
    }
}

/// A slot and the state, for filters.
pub(crate) struct SlotView<'a> {
    lay: &'a Layout,
    st: &'a State,
    slot: u32,
}

impl SlotView<'_> {
    /// Whether the slot's default (null, or the first value of its domain) is still allowed.
    fn default_ok(&self) -> bool {
        let s = self.slot as usize;
        match self.lay.slot_kind[s] {
            SlotKind::Ref(_) => self.st.null_ok[s],
            SlotKind::Scalar(_) => self.st.lo[s] == 0,
        }
    }
}
