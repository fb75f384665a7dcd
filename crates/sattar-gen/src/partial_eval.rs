//! Three-valued evaluation of set and integer expressions on a partial candidate.
//!
//! Reading an unset slot of an object in use records the slot (the search branches on the first
//! one recorded: Korat's "last accessed field", turned around) and yields what the slot may
//! still hold. Objects not in use are never read: only sets built from set slots reach `lo`.

use crate::compile::{CompiledInt, CompiledRelation, CompiledSet, Fields};
use crate::layout::{bit, Layout, Mask, SlotKind};
use crate::propagate::Prim;
use crate::state::{State, NULL};
use crate::value::{bits, Feeds, IntRange, Many, ObjectSet, SetValue};

/// Work space reused across evaluations.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// Quantified variables' values (object index or scalar).
    pub env: Vec<i64>,
    /// Unset slots read during this pass, in order of first read.
    pub seen: Vec<u32>,
    stamp: Vec<u32>,
    pass: u32,
    /// Integer constraints that must hold, collected for propagation.
    pub prims: Vec<Prim>,
    /// A narrowing left a slot with no value: the candidate is dead.
    pub conflict: bool,
    /// An exact integer computation overflowed.
    pub overflow: bool,
    /// While positive, reads are hypothetical and not recorded.
    pub quiet: u32,
    open: Option<Option<u32>>,
    /// Per memoizable closure, per object: the pass it was computed in and its value.
    memo: Vec<Vec<(u32, Memo)>>,
}

/// A memo entry of closure descendants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Memo {
    /// Not computed this pass.
    #[default]
    Todo,
    /// Being computed (reaching it again means a cycle).
    Busy,
    /// Computed: descendants and exactness, or `None` on a cycle.
    Done(Option<(Mask, bool)>),
}

impl Scratch {
    /// Work space for `slots` slots, `vars` quantified variables, `memos` closures over
    /// `objects` objects.
    pub fn new(slots: usize, vars: usize, memos: usize, objects: usize) -> Scratch {
        Scratch {
            env: vec![0; vars],
            stamp: vec![0; slots],
            memo: vec![vec![(0, Memo::Todo); objects]; memos],
            ..Scratch::default()
        }
    }

    fn memo_get(&self, memo: usize, o: u32) -> Memo {
        match self.memo[memo][o as usize] {
            (pass, m) if pass == self.pass => m,
            _ => Memo::Todo,
        }
    }

    fn memo_set(&mut self, memo: usize, o: u32, m: Memo) {
        self.memo[memo][o as usize] = (self.pass, m);
    }

    /// Starts a new pass.
    pub fn begin(&mut self) {
        self.pass = self.pass.wrapping_add(1);
        if self.pass == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.memo.iter_mut().flatten().for_each(|m| m.0 = 0);
            self.pass = 1;
        }
        self.seen.clear();
        self.prims.clear();
        self.conflict = false;
        self.overflow = false;
        self.open = None;
    }
}

/// One evaluation pass over the constraints.
pub(crate) struct Pass<'a> {
    /// The universe.
    pub lay: &'a Layout,
    /// The candidate (narrowed in place by propagation).
    pub st: &'a mut State,
    /// Work space.
    pub sc: &'a mut Scratch,
}

impl Pass<'_> {
    /// Notes that an unset slot was read.
    pub fn record(&mut self, slot: u32) {
        let s = slot as usize;
        if self.sc.quiet == 0 && self.sc.stamp[s] != self.sc.pass {
            self.sc.stamp[s] = self.sc.pass;
            self.sc.seen.push(slot);
        }
    }

    /// The value of scalar slot `slot`.
    pub fn slot_int(&mut self, slot: u32) -> IntRange {
        let s = slot as usize;
        if self.st.set[s] {
            return IntRange::exact(self.st.val[s]);
        }
        self.record(slot);
        let dom = self.lay.dom(slot);
        IntRange {
            lo: dom[self.st.lo[s] as usize],
            hi: dom[self.st.hi[s] as usize],
            term: Some((slot, 0)),
        }
    }

    /// The value of reference slot `slot` as a set.
    fn ref_slot(&mut self, slot: u32) -> ObjectSet {
        let s = slot as usize;
        if self.st.set[s] {
            return ObjectSet::exact(obj_bit(self.st.val[s]));
        }
        self.record(slot);
        ObjectSet {
            term: Some(slot),
            feeds: Feeds::one(slot),
            ..ObjectSet::new(0, self.st.allowed[s])
        }
    }

    /// The values an unset scalar slot may still take, plus `off`.
    pub fn possible(&self, slot: u32, off: i64) -> Vec<i64> {
        let s = slot as usize;
        let dom = self.lay.dom(slot);
        let range = self.st.lo[s] as usize..=self.st.hi[s] as usize;
        dom[range].iter().map(|v| v.saturating_add(off)).collect()
    }

    /// The first unset reference slot of an object in use (or the receiver, an argument, a static
    /// field): while there is one, objects not yet in use may still join the heap.
    fn open(&mut self) -> Option<u32> {
        if let Some(o) = self.sc.open {
            return o;
        }
        let lay = self.lay;
        let st = &*self.st;
        let unset_ref =
            |s: u32| matches!(lay.slot_kind[s as usize], SlotKind::Ref(_)) && !st.set[s as usize];
        let fields =
            bits(st.used_mask).flat_map(|o| (0..lay.field_count(o)).map(move |fi| lay.slot(o, fi)));
        let found = fields.chain(lay.roots()).find(|s| unset_ref(*s));
        self.sc.open = Some(found);
        found
    }

    /// A set expression.
    pub fn set(&mut self, e: &CompiledSet) -> SetValue {
        match e {
            CompiledSet::Null => SetValue::none(),
            CompiledSet::Root(slot, true) => SetValue::Objects(self.ref_slot(*slot)),
            CompiledSet::Root(slot, false) => SetValue::One(self.slot_int(*slot)),
            CompiledSet::Object(o) => SetValue::Objects(ObjectSet::exact(bit(*o))),
            CompiledSet::Var(v, true) => {
                SetValue::Objects(ObjectSet::exact(obj_bit(self.sc.env[*v as usize])))
            }
            CompiledSet::Var(v, false) => SetValue::One(IntRange::exact(self.sc.env[*v as usize])),
            CompiledSet::Scalar(v) => SetValue::One(IntRange::exact(*v)),
            CompiledSet::Class(c) => SetValue::Objects(self.extent(*c)),
            CompiledSet::Join(l, r) => {
                let s = self.set(l);
                self.image(&s, r)
            }
            CompiledSet::Union(x, y) => {
                let (a, b) = (self.set(x), self.set(y));
                self.union(a, b)
            }
            CompiledSet::Inter(x, y) => {
                let (a, b) = (self.set(x), self.set(y));
                match (a, b) {
                    (SetValue::Objects(a), SetValue::Objects(b)) => {
                        SetValue::Objects(ObjectSet::new(a.lo & b.lo, a.hi & b.hi))
                    }
                    (a, b) => SetValue::Many(self.many(a).inter(&self.many(b))),
                }
            }
            CompiledSet::Diff(x, y) => {
                let (a, b) = (self.set(x), self.set(y));
                match (a, b) {
                    (SetValue::Objects(a), SetValue::Objects(b)) => {
                        SetValue::Objects(ObjectSet::new(a.lo & !b.hi, a.hi & !b.lo))
                    }
                    (a, b) => SetValue::Many(self.many(a).diff(&self.many(b))),
                }
            }
            CompiledSet::IntValue(i) => SetValue::One(self.int(i)),
        }
    }

    /// A scalar set value as a general set.
    pub fn many(&self, v: SetValue) -> Many {
        match v {
            SetValue::Many(m) => m,
            SetValue::One(iv) if iv.is_exact() => Many::exact(vec![iv.lo]),
            SetValue::One(IntRange {
                term: Some((slot, off)),
                ..
            }) => Many {
                lo: Vec::new(),
                hi: Some(self.possible(slot, off)),
            },
            SetValue::One(iv) if iv.hi.saturating_sub(iv.lo) <= 4096 => Many {
                lo: Vec::new(),
                hi: Some((iv.lo..=iv.hi).collect()),
            },
            SetValue::One(_) => Many {
                lo: Vec::new(),
                hi: None,
            },
            // objects never meet scalars in a well-typed spec
            SetValue::Objects(_) => Many::exact(Vec::new()),
        }
    }

    /// The objects of exactly class `c` in the heap: those in use (its enum constants always
    /// are), and while the heap is open maybe more.
    fn extent(&mut self, c: u16) -> ObjectSet {
        let mask = self.lay.classes[usize::from(c)].mask;
        let lo = self.st.used_mask & mask;
        if lo == mask {
            return ObjectSet::exact(lo);
        }
        let hi = match self.open() {
            Some(slot) => {
                self.record(slot);
                mask
            }
            None => lo,
        };
        ObjectSet::new(lo, hi)
    }

    /// `s.r`
    fn image(&mut self, s: &SetValue, r: &CompiledRelation) -> SetValue {
        if let SetValue::Objects(ov) = s {
            if let Some(out) = self.walk(*ov, r, true) {
                return SetValue::Objects(out);
            }
        }
        match (r, s) {
            (CompiledRelation::Field { class, fi, .. }, SetValue::Objects(ov)) => {
                self.scalar_field(*ov, *class, *fi)
            }
            (CompiledRelation::Field { target, .. }, _) => empty(target.is_some()),
            (CompiledRelation::Union(a, b), _) => {
                let (x, y) = (self.image(s, a), self.image(s, b));
                self.union(x, y)
            }
            (CompiledRelation::Then(a, b), _) => {
                let x = self.image(s, a);
                self.image(&x, b)
            }
            (CompiledRelation::Transpose(a), _) => self.preimage(s, a),
            (CompiledRelation::Closure { .. }, _) => s.clone(),
        }
    }

    /// `s.~r`
    fn preimage(&mut self, s: &SetValue, r: &CompiledRelation) -> SetValue {
        if let SetValue::Objects(ov) = s {
            if let Some(out) = self.walk(*ov, r, false) {
                return SetValue::Objects(out);
            }
        }
        match r {
            CompiledRelation::Field { class, fi, target } => {
                let target = Target::new(self, s, target.is_some());
                SetValue::Objects(self.field_preimage(&target, *class, *fi))
            }
            CompiledRelation::Union(a, b) => {
                let (x, y) = (self.preimage(s, a), self.preimage(s, b));
                self.union(x, y)
            }
            CompiledRelation::Then(a, b) => {
                let x = self.preimage(s, b);
                self.preimage(&x, a)
            }
            CompiledRelation::Transpose(a) => self.image(s, a),
            CompiledRelation::Closure { .. } => s.clone(),
        }
    }

    /// `s.r` (`forward`) or `s.~r` when `r` relates objects to objects; `None` when a scalar
    /// field is involved. The hot path of closures: no enum, no allocation.
    fn walk(&mut self, s: ObjectSet, r: &CompiledRelation, forward: bool) -> Option<ObjectSet> {
        match r {
            CompiledRelation::Field {
                class,
                fi,
                target: Some(_),
            } => Some(if forward {
                self.obj_field(s, *class, *fi)
            } else {
                let target = Target::Objects { lo: s.lo, hi: s.hi };
                self.field_preimage(&target, *class, *fi)
            }),
            CompiledRelation::Field { .. } => None,
            CompiledRelation::Union(a, b) => {
                let x = self.walk(s, a, forward)?;
                let y = self.walk(s, b, forward)?;
                Some(ObjectSet {
                    feeds: x.feeds.join(y.feeds),
                    ..ObjectSet::new(x.lo | y.lo, x.hi | y.hi)
                })
            }
            CompiledRelation::Then(a, b) if forward => {
                let x = self.walk(s, a, true)?;
                self.walk(x, b, true)
            }
            CompiledRelation::Then(a, b) => {
                let x = self.walk(s, b, false)?;
                self.walk(x, a, false)
            }
            CompiledRelation::Transpose(a) => self.walk(s, a, !forward),
            CompiledRelation::Closure {
                reflexive,
                rel,
                fields,
            } => {
                let memo = fields.as_ref().filter(|_| forward);
                Some(self.closure(s, rel, *reflexive, (forward, memo)))
            }
        }
    }

    fn union(&self, x: SetValue, y: SetValue) -> SetValue {
        match (x, y) {
            (SetValue::Objects(a), SetValue::Objects(b)) => SetValue::Objects(ObjectSet {
                feeds: a.feeds.join(b.feeds),
                ..ObjectSet::new(a.lo | b.lo, a.hi | b.hi)
            }),
            (a, b) => SetValue::Many(self.many(a).union(&self.many(b))),
        }
    }

    /// `s.f` for reference field number `fi` of class `c`: lower and upper images in one loop.
    fn obj_field(&mut self, s: ObjectSet, c: u16, fi: u32) -> ObjectSet {
        let cm = self.lay.classes[usize::from(c)].mask;
        let (mlo, mhi) = (s.lo & cm, s.hi & cm);
        let (mut lo, mut hi, mut feeds) = (0, 0, Feeds::default());
        for o in bits(mlo | mhi) {
            let slot = self.lay.slot(o, fi);
            let sl = slot as usize;
            let (in_lo, in_hi) = (mlo & bit(o) != 0, mhi & bit(o) != 0);
            if self.st.set[sl] {
                let v = obj_bit(self.st.val[sl]);
                lo |= if in_lo { v } else { 0 };
                hi |= if in_hi { v } else { 0 };
                continue;
            }
            if in_lo {
                self.record(slot);
                feeds.push(slot);
            }
            hi |= if in_hi { self.st.allowed[sl] } else { 0 };
        }
        // one known object: the image is exactly its slot
        let term = if s.is_exact() && s.lo.count_ones() == 1 && mlo != 0 {
            let slot = self.lay.slot(mlo.trailing_zeros(), fi);
            (!self.st.set[slot as usize]).then_some(slot)
        } else {
            None
        };
        ObjectSet {
            lo,
            hi,
            term,
            feeds,
        }
    }

    /// `s.f` for scalar field number `fi` of class `c`.
    fn scalar_field(&mut self, s: ObjectSet, c: u16, fi: u32) -> SetValue {
        let cm = self.lay.classes[usize::from(c)].mask;
        let (mlo, mhi) = (s.lo & cm, s.hi & cm);
        let single = s.is_exact() && s.lo.count_ones() == 1;
        match (single, mlo) {
            (true, 0) => empty(false),
            (true, m) => SetValue::One(self.slot_int(self.lay.slot(m.trailing_zeros(), fi))),
            _ => SetValue::Many(self.scalar_image(mlo, mhi, fi)),
        }
    }

    /// The scalar field `fi` of several objects.
    fn scalar_image(&mut self, mlo: u128, mhi: u128, fi: u32) -> Many {
        let mut lo = Vec::new();
        for o in bits(mlo) {
            let slot = self.lay.slot(o, fi);
            if self.st.set[slot as usize] {
                lo.push(self.st.val[slot as usize]);
            } else {
                self.record(slot);
            }
        }
        let mut hi = Vec::new();
        for o in bits(mhi) {
            let slot = self.lay.slot(o, fi);
            if self.st.set[slot as usize] {
                hi.push(self.st.val[slot as usize]);
            } else {
                hi.extend(self.possible(slot, 0));
            }
        }
        lo.sort_unstable();
        lo.dedup();
        hi.sort_unstable();
        hi.dedup();
        Many { lo, hi: Some(hi) }
    }

    /// The objects of class `c` whose field `fi` is in `target`.
    fn field_preimage(&mut self, target: &Target, c: u16, fi: u32) -> ObjectSet {
        let cm = self.lay.classes[usize::from(c)].mask;
        let used = self.st.used_mask & cm;
        let (mut lo, mut hi) = (0, 0);
        for o in bits(used) {
            let slot = self.lay.slot(o, fi);
            let sl = slot as usize;
            if self.st.set[sl] {
                let v = self.st.val[sl];
                lo |= if target.surely(v) { bit(o) } else { 0 };
                hi |= if target.maybe(v) { bit(o) } else { 0 };
            } else {
                self.record(slot);
                hi |= if target.may_hit(self, slot) {
                    bit(o)
                } else {
                    0
                };
            }
        }
        if let Some(slot) = self.open().filter(|_| target.nonempty()) {
            self.record(slot);
            hi |= cm & !used;
        }
        ObjectSet::new(lo, hi)
    }

    /// `s.^r` (or `s.*r`), forward or backward along `r`: lower and upper closures side by
    /// side.
    fn closure(
        &mut self,
        s: ObjectSet,
        rel: &CompiledRelation,
        reflexive: bool,
        how: (bool, Option<&Fields>),
    ) -> ObjectSet {
        let (forward, memo) = how;
        // hypothetical reads must not fill the memo: its entries stand for recorded reads
        if let Some(fields) = memo.filter(|_| self.sc.quiet == 0) {
            return self.fields_closure(s, rel, reflexive, fields);
        }
        let (mut lo_seen, mut hi_seen) = (0u128, 0u128);
        let mut expand = ObjectSet::new(s.lo, s.hi);
        while expand.lo | expand.hi != 0 {
            let front = self.step(expand, rel, forward);
            let (nlo, nhi) = (front.lo & !lo_seen, front.hi & !hi_seen);
            lo_seen |= nlo;
            hi_seen |= nhi;
            expand = ObjectSet::new(nlo, nhi);
        }
        if reflexive {
            lo_seen |= s.lo;
            hi_seen |= s.hi;
        }
        // no feeds: ruling out candidates deep in a closure costs more than it saves
        ObjectSet::new(lo_seen, hi_seen)
    }

    /// The closure over a union of reference fields, the hot case (`*(left + right)`, `*next`):
    /// each object's descendants are computed once per pass (memoized); the upper closure is the
    /// lower one when no unset slot was met, else everything the fields can reach.
    fn fields_closure(
        &mut self,
        s: ObjectSet,
        rel: &CompiledRelation,
        reflexive: bool,
        fields: &Fields,
    ) -> ObjectSet {
        let (mut seen, mut exact) = (0u128, s.is_exact());
        let mut expand = s.lo;
        while expand != 0 {
            let mut cyclic = 0;
            for o in bits(expand) {
                match self.descend(fields, o) {
                    Some((desc, ex)) => {
                        seen |= desc;
                        exact &= ex;
                    }
                    None => cyclic |= bit(o),
                }
            }
            // on a cycle the memo gives up: walk breadth-first from there
            let front = self.step(ObjectSet::exact(cyclic), rel, true);
            exact &= front.is_exact();
            expand = front.lo & !seen;
            seen |= expand;
        }
        let lo = if reflexive { seen | s.lo } else { seen };
        let hi = match (exact, reflexive) {
            (true, _) => lo,
            (false, true) => lo | fields.sat | s.hi,
            (false, false) => lo | fields.sat,
        };
        ObjectSet::new(lo, hi)
    }

    /// `o.^fields` over set slots and whether it is exact (every slot on the way set), memoized
    /// for the pass; `None` if `o` is on a cycle of set slots.
    fn descend(&mut self, fields: &Fields, o: u32) -> Option<(Mask, bool)> {
        let memo = fields.memo as usize;
        match self.sc.memo_get(memo, o) {
            Memo::Done(d) => return d,
            Memo::Busy => return None,
            Memo::Todo => self.sc.memo_set(memo, o, Memo::Busy),
        }
        let class = self.lay.obj_class[o as usize];
        let (mut desc, mut exact, mut acyclic) = (0u128, true, true);
        for &(_, fi) in fields.list.iter().filter(|(c, _)| *c == class) {
            let slot = self.lay.slot(o, fi);
            let sl = slot as usize;
            if !self.st.set[sl] {
                self.record(slot);
                // a slot narrowed to null is as good as set
                exact &= self.st.allowed[sl] == 0;
                continue;
            }
            let v = self.st.val[sl];
            if v == NULL {
                continue;
            }
            match self.descend(fields, v as u32) {
                Some((d, e)) => {
                    desc |= d | bit(v as u32);
                    exact &= e;
                }
                None => acyclic = false,
            }
        }
        let out = acyclic.then_some((desc, exact));
        self.sc.memo_set(memo, o, Memo::Done(out));
        out
    }

    fn step(&mut self, s: ObjectSet, rel: &CompiledRelation, forward: bool) -> ObjectSet {
        // a closure over a scalar field is ill-typed: nothing is reached
        self.walk(s, rel, forward).unwrap_or(ObjectSet::exact(0))
    }

    /// An integer expression.
    pub fn int(&mut self, e: &CompiledInt) -> IntRange {
        match e {
            CompiledInt::Lit(v) => IntRange::exact(*v),
            CompiledInt::Sum(s) => {
                let v = self.set(s);
                self.sum(v)
            }
            CompiledInt::Card(s) => {
                let (lo, hi) = match self.set(s) {
                    SetValue::Objects(ov) => ov.card(),
                    SetValue::One(_) => (1, 1),
                    SetValue::Many(m) => {
                        (m.lo.len() as i64, m.hi.map_or(i64::MAX, |h| h.len() as i64))
                    }
                };
                IntRange { lo, hi, term: None }
            }
            CompiledInt::Add(x, y) => {
                let (a, b) = (self.int(x), self.int(y));
                self.add(a, b)
            }
            CompiledInt::Sub(x, y) => {
                let (a, b) = (self.int(x), self.int(y));
                let neg_b = self.neg(b);
                self.add(a, neg_b)
            }
            CompiledInt::Neg(x) => {
                let a = self.int(x);
                self.neg(a)
            }
            CompiledInt::Mul(x, y) => {
                let (a, b) = (self.int(x), self.int(y));
                self.mul(a, b)
            }
        }
    }

    fn sum(&mut self, v: SetValue) -> IntRange {
        match v {
            SetValue::One(iv) => iv,
            SetValue::Objects(_) => IntRange::exact(0),
            SetValue::Many(m) => {
                let mut total = 0i64;
                for x in &m.lo {
                    total = self.checked(total.checked_add(*x));
                }
                let Some(hi) = &m.hi else {
                    return IntRange::any();
                };
                let maybe = hi.iter().filter(|v| m.lo.binary_search(v).is_err());
                let (neg, pos) = maybe.fold((0i64, 0i64), |(n, p), v| {
                    (n.saturating_add((*v).min(0)), p.saturating_add((*v).max(0)))
                });
                IntRange {
                    lo: total.saturating_add(neg),
                    hi: total.saturating_add(pos),
                    term: None,
                }
            }
        }
    }

    fn add(&mut self, a: IntRange, b: IntRange) -> IntRange {
        if a.is_exact() && b.is_exact() && a.term.is_none() && b.term.is_none() {
            return IntRange::exact(self.checked(a.lo.checked_add(b.lo)));
        }
        let term = match (a.term, b.term) {
            (Some((s, off)), None) if b.is_exact() => off.checked_add(b.lo).map(|o| (s, o)),
            (None, Some((s, off))) if a.is_exact() => off.checked_add(a.lo).map(|o| (s, o)),
            _ => None,
        };
        IntRange {
            lo: a.lo.saturating_add(b.lo),
            hi: a.hi.saturating_add(b.hi),
            term,
        }
    }

    fn neg(&mut self, a: IntRange) -> IntRange {
        if a.is_exact() && a.term.is_none() {
            return IntRange::exact(self.checked(a.lo.checked_neg()));
        }
        IntRange {
            lo: a.hi.saturating_neg(),
            hi: a.lo.saturating_neg(),
            term: None,
        }
    }

    /// The range of `a * b`: exact when both are, else the extremes of the corner products.
    fn mul(&mut self, a: IntRange, b: IntRange) -> IntRange {
        if a.is_exact() && b.is_exact() && a.term.is_none() && b.term.is_none() {
            return IntRange::exact(self.checked(a.lo.checked_mul(b.lo)));
        }
        let corners = [
            a.lo.saturating_mul(b.lo),
            a.lo.saturating_mul(b.hi),
            a.hi.saturating_mul(b.lo),
            a.hi.saturating_mul(b.hi),
        ];
        IntRange {
            lo: corners.iter().copied().min().unwrap_or(i64::MIN),
            hi: corners.iter().copied().max().unwrap_or(i64::MAX),
            term: None,
        }
    }

    /// An exact result, or the overflow flag (the pass then fails with an error).
    fn checked(&mut self, v: Option<i64>) -> i64 {
        v.unwrap_or_else(|| {
            self.sc.overflow = true;
            0
        })
    }
}

/// What a preimage looks for: objects (masks) or scalars.
enum Target {
    Objects { lo: u128, hi: u128 },
    Scalars(Many),
}

impl Target {
    fn new(p: &Pass, s: &SetValue, to_obj: bool) -> Target {
        match (s, to_obj) {
            (SetValue::Objects(ov), true) => Target::Objects {
                lo: ov.lo,
                hi: ov.hi,
            },
            (SetValue::Objects(_), false) | (_, true) => Target::Objects { lo: 0, hi: 0 },
            (s, false) => Target::Scalars(p.many(s.clone())),
        }
    }

    fn surely(&self, v: i64) -> bool {
        match self {
            Target::Objects { lo, .. } => obj_bit(v) & lo != 0,
            Target::Scalars(m) => m.lo.binary_search(&v).is_ok(),
        }
    }

    fn maybe(&self, v: i64) -> bool {
        match self {
            Target::Objects { hi, .. } => obj_bit(v) & hi != 0,
            Target::Scalars(m) => m.hi.as_ref().is_none_or(|h| h.binary_search(&v).is_ok()),
        }
    }

    fn may_hit(&self, p: &Pass, slot: u32) -> bool {
        match self {
            Target::Objects { hi, .. } => p.st.allowed[slot as usize] & hi != 0,
            Target::Scalars(_) => p.possible(slot, 0).iter().any(|v| self.maybe(*v)),
        }
    }

    fn nonempty(&self) -> bool {
        match self {
            Target::Objects { hi, .. } => *hi != 0,
            Target::Scalars(m) => m.hi.as_ref().is_none_or(|h| !h.is_empty()),
        }
    }
}

/// The bit of a reference value (none for null).
pub(crate) fn obj_bit(v: i64) -> u128 {
    if v == NULL {
        0
    } else {
        bit(v as u32)
    }
}

/// The empty set of objects or of scalars.
fn empty(obj: bool) -> SetValue {
    if obj {
        SetValue::none()
    } else {
        SetValue::Many(Many::exact(Vec::new()))
    }
}
