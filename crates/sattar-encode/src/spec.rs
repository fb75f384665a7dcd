//! The encoding of relational specs over the symbolic pre- and post-state (see docs/ENCODING.md,
//! section Specs): object sets as membership vectors over every atom, fields as boolean matrices,
//! join as matrix product, closure by iterative squaring, `#` by a counting circuit, quantifiers
//! expanded over the atoms.
//! Integer sets are lists of (present, value) entries; spec arithmetic is done at a width wide
//! enough that it never wraps, like the evaluator's exact arithmetic.

use crate::universe::{SymHeap, Universe};
use crate::value::{bit, signed_bits, Val};
use sattar_heap::{BoxClass, FieldType, BOX_VALUE};
use sattar_sat::{BitVec, Bool, Circuit};
use sattar_spec::resolved::{FieldRef, Formula, IntCmp, IntExpr, Rel, SetExpr, SetType, State};
use sattar_spec::Quant;
use std::collections::HashMap;

/// The fewest members of a range `lo .. hi` the encoding enumerates.
pub const RANGE_ENTRIES: usize = 64;

/// A symbolic set of atoms.
#[derive(Clone, Debug)]
enum SymSet {
    /// Membership of every object atom (global index).
    Obj(Vec<Bool>),
    /// Integer entries: `(present, value)`, duplicates allowed.
    Int(Vec<(Bool, BitVec)>),
    /// Whether `true` and whether `false` are members.
    Bool(Bool, Bool),
}

/// What a quantified variable is bound to.
#[derive(Clone, Debug)]
enum Binding {
    Obj(usize),
    Int(BitVec),
    Bool(bool),
}

type Matrix = Vec<Vec<Bool>>;

/// The states and values a spec talks about.
pub struct SpecInputs<'a> {
    /// Every class's atoms (allocation atoms included).
    pub universe: &'a Universe,
    /// The heap before the call.
    pub pre: &'a SymHeap,
    /// The heap after the call.
    pub post: &'a SymHeap,
    /// The receiver.
    pub this: Option<Val>,
    /// Arguments: name, type, value.
    pub args: Vec<(String, FieldType, Val)>,
    /// The returned value and its type, if any.
    pub result: Option<(FieldType, Val)>,
    /// Bits of a code `int`.
    pub width: usize,
}

/// Encodes formulas of one method's spec.
pub struct SpecEncoder<'a> {
    c: &'a mut Circuit,
    s: SpecInputs<'a>,
    n: usize,
    swidth: usize,
    matrices: HashMap<String, Matrix>,
    post_extent: Option<Vec<Bool>>,
}

impl<'a> SpecEncoder<'a> {
    /// An encoder whose integer arithmetic is wide enough for every formula of `formulas`.
    pub fn new(c: &'a mut Circuit, s: SpecInputs<'a>, formulas: &[&Formula]) -> SpecEncoder<'a> {
        let n = s.universe.total_atoms();
        let mut swidth = s.width + 1;
        for f in formulas {
            swidth = swidth.max(formula_width(f, s.width, n) + 1);
        }
        SpecEncoder {
            c,
            s,
            n,
            swidth,
            matrices: HashMap::new(),
            post_extent: None,
        }
    }

    /// Whether `f` holds.
    pub fn formula(&mut self, f: &Formula) -> Bool {
        self.f(f, &mut HashMap::new())
    }

    fn f(&mut self, f: &Formula, b: &mut HashMap<u32, Binding>) -> Bool {
        match f {
            Formula::Const(v) => Bool::constant(*v),
            Formula::Subset(x, y) => {
                let (x, y) = (self.set(x, b), self.set(y, b));
                self.subset(&x, &y)
            }
            Formula::SetEq(x, y) => {
                let (x, y) = (self.set(x, b), self.set(y, b));
                let l = self.subset(&x, &y);
                let r = self.subset(&y, &x);
                self.c.and2(l, r)
            }
            Formula::IntCmp(op, x, y) => {
                let (x, y) = (self.int(x, b), self.int(y, b));
                self.compare(*op, &x, &y)
            }
            Formula::Mult(q, e) => {
                let set = self.set(e, b);
                let members = self.members(&set);
                self.count_quant(*q, &members)
            }
            Formula::Quant {
                q,
                vars,
                bound,
                body,
            } => {
                let domain = self.set(bound, b);
                self.quant(*q, vars.iter().map(|v| v.id).collect(), &domain, body, b)
            }
            Formula::Not(g) => !self.f(g, b),
            Formula::And(x, y) => {
                let (x, y) = (self.f(x, b), self.f(y, b));
                self.c.and2(x, y)
            }
            Formula::Or(x, y) => {
                let (x, y) = (self.f(x, b), self.f(y, b));
                self.c.or2(x, y)
            }
            Formula::Implies(x, y) => {
                let (x, y) = (self.f(x, b), self.f(y, b));
                self.c.implies(x, y)
            }
            Formula::IfElse(x, t, e) => {
                let (x, t, e) = (self.f(x, b), self.f(t, b), self.f(e, b));
                self.c.ite(x, t, e)
            }
            Formula::Iff(x, y) => {
                let (x, y) = (self.f(x, b), self.f(y, b));
                self.c.iff(x, y)
            }
        }
    }

    /// `no/some/one/lone` over membership literals.
    fn count_quant(&mut self, q: Quant, members: &[Bool]) -> Bool {
        match q {
            Quant::No => self.c.none_of(members),
            Quant::Some => self.c.or(members),
            Quant::One => self.c.exactly_one(members),
            Quant::Lone => self.c.at_most_one(members),
            Quant::All => self.c.and(members),
        }
    }

    fn quant(
        &mut self,
        q: Quant,
        vars: Vec<u32>,
        domain: &SymSet,
        body: &Formula,
        b: &mut HashMap<u32, Binding>,
    ) -> Bool {
        let elems = self.elements(domain);
        let mut tuples: Vec<(Bool, Vec<Binding>)> = vec![(Bool::TRUE, Vec::new())];
        for _ in &vars {
            let mut next = Vec::new();
            for (p, t) in &tuples {
                for (pe, e) in &elems {
                    let mut t = t.clone();
                    t.push(e.clone());
                    next.push((self.c.and2(*p, *pe), t));
                }
            }
            tuples = next;
        }
        let mut hits = Vec::new();
        let mut alls = Vec::new();
        for (p, t) in tuples {
            if p == Bool::FALSE {
                continue;
            }
            for (v, e) in vars.iter().zip(t) {
                b.insert(*v, e);
            }
            let holds = self.f(body, b);
            alls.push(self.c.implies(p, holds));
            hits.push(self.c.and2(p, holds));
        }
        for v in &vars {
            b.remove(v);
        }
        match q {
            Quant::All => self.c.and(&alls),
            other => self.count_quant(other, &hits),
        }
    }

    /// The distinct elements of a set, each with its presence.
    fn elements(&mut self, s: &SymSet) -> Vec<(Bool, Binding)> {
        match s {
            SymSet::Obj(bits) => bits
                .iter()
                .enumerate()
                .filter(|(_, p)| **p != Bool::FALSE)
                .map(|(j, p)| (*p, Binding::Obj(j)))
                .collect(),
            SymSet::Int(entries) => self
                .distinct(entries)
                .into_iter()
                .filter(|(p, _)| *p != Bool::FALSE)
                .map(|(p, v)| (p, Binding::Int(v)))
                .collect(),
            SymSet::Bool(t, f) => vec![(*t, Binding::Bool(true)), (*f, Binding::Bool(false))],
        }
    }

    /// Membership literals, one per distinct possible element.
    fn members(&mut self, s: &SymSet) -> Vec<Bool> {
        self.elements(s).into_iter().map(|(p, _)| p).collect()
    }

    /// Each entry present only if no earlier entry holds the same value.
    fn distinct(&mut self, entries: &[(Bool, BitVec)]) -> Vec<(Bool, BitVec)> {
        let mut out: Vec<(Bool, BitVec)> = Vec::with_capacity(entries.len());
        for (i, (p, v)) in entries.iter().enumerate() {
            let mut first = vec![*p];
            for (q, w) in &entries[..i] {
                let same = self.c.bv_eq(v, w);
                let dup = self.c.and2(*q, same);
                first.push(!dup);
            }
            out.push((self.c.and(&first), v.clone()));
        }
        out
    }

    fn member(&mut self, v: &BitVec, entries: &[(Bool, BitVec)]) -> Bool {
        let hits: Vec<Bool> = entries
            .iter()
            .map(|(p, w)| {
                let same = self.c.bv_eq(v, w);
                self.c.and2(*p, same)
            })
            .collect();
        self.c.or(&hits)
    }

    fn subset(&mut self, x: &SymSet, y: &SymSet) -> Bool {
        match (x, y) {
            (SymSet::Obj(a), SymSet::Obj(b)) => {
                let each: Vec<Bool> = (0..a.len().max(b.len()))
                    .map(|j| self.c.implies(bit(a, j), bit(b, j)))
                    .collect();
                self.c.and(&each)
            }
            (SymSet::Int(a), SymSet::Int(b)) => {
                let each: Vec<Bool> = a
                    .iter()
                    .map(|(p, v)| {
                        let m = self.member(v, b);
                        self.c.implies(*p, m)
                    })
                    .collect();
                self.c.and(&each)
            }
            (SymSet::Bool(t1, f1), SymSet::Bool(t2, f2)) => {
                let t = self.c.implies(*t1, *t2);
                let f = self.c.implies(*f1, *f2);
                self.c.and2(t, f)
            }
            // Sets of different kinds share no element: only the empty set is a subset.
            (x, _) => {
                let m = self.members(x);
                self.c.none_of(&m)
            }
        }
    }

    fn compare(&mut self, op: IntCmp, x: &BitVec, y: &BitVec) -> Bool {
        match op {
            IntCmp::Eq => self.c.bv_eq(x, y),
            IntCmp::Ne => self.c.bv_ne(x, y),
            IntCmp::Lt => self.c.bv_slt(x, y),
            IntCmp::Le => self.c.bv_sle(x, y),
            IntCmp::Gt => self.c.bv_sgt(x, y),
            IntCmp::Ge => self.c.bv_sge(x, y),
        }
    }

    fn int(&mut self, e: &IntExpr, b: &mut HashMap<u32, Binding>) -> BitVec {
        let w = self.swidth;
        match e {
            IntExpr::Lit(v) => self.c.bv_const(w, *v),
            IntExpr::Sum(s) => {
                let set = self.set(s, b);
                let SymSet::Int(entries) = set else {
                    return self.c.bv_const(w, 0);
                };
                let mut total = self.c.bv_const(w, 0);
                let zero = self.c.bv_const(w, 0);
                for (p, v) in self.distinct(&entries) {
                    let term = self.c.bv_ite(p, &v, &zero);
                    total = self.c.bv_add(&total, &term);
                }
                total
            }
            IntExpr::Card(s) => {
                let set = self.set(s, b);
                let m = self.members(&set);
                self.c.bv_count(&m, w)
            }
            IntExpr::Add(x, y) => {
                let (x, y) = (self.int(x, b), self.int(y, b));
                self.c.bv_add(&x, &y)
            }
            IntExpr::Sub(x, y) => {
                let (x, y) = (self.int(x, b), self.int(y, b));
                self.c.bv_sub(&x, &y)
            }
            IntExpr::Neg(x) => {
                let x = self.int(x, b);
                self.c.bv_neg(&x)
            }
            IntExpr::Mul(x, y) => {
                let (x, y) = (self.int(x, b), self.int(y, b));
                self.c.bv_mul(&x, &y)
            }
        }
    }

    fn empty(&self) -> Vec<Bool> {
        vec![Bool::FALSE; self.n]
    }

    /// A reference value as a set of atoms.
    fn ref_set(&self, v: &Val) -> Vec<Bool> {
        (0..self.n).map(|g| bit(v.as_ref_bits(), g)).collect()
    }

    /// A code value of type `ty` in state `st` as a singleton set (empty for null; a box's value
    /// for a box).
    fn value_set(&mut self, ty: &FieldType, v: &Val, st: State) -> SymSet {
        match (ty, v) {
            (t, Val::Int(x)) if t.int_kind().is_some() => {
                SymSet::Int(vec![(Bool::TRUE, self.c.bv_resize(x, self.swidth))])
            }
            (FieldType::Bool, Val::Bool(x)) => SymSet::Bool(*x, !*x),
            (FieldType::Ref(c), v) if BoxClass::named(c).is_some() => {
                let refs = vec![(Bool::TRUE, self.ref_set(v))];
                self.box_values(c, refs, st)
            }
            (FieldType::Ref(_), v) => SymSet::Obj(self.ref_set(v)),
            _ => SymSet::Obj(self.empty()),
        }
    }

    /// The values of the boxes of class `class` that `refs` point to, each where its condition
    /// holds: a box stands for its value in the spec.
    fn box_values(&mut self, class: &str, refs: Vec<(Bool, Vec<Bool>)>, st: State) -> SymSet {
        let value = FieldRef {
            class: class.into(),
            field: BOX_VALUE.into(),
            ty: BoxClass::named(class).map_or(FieldType::Int, |b| b.value_type()),
        };
        let cells = self.cells(&value, st);
        let mut ints = Vec::new();
        let (mut t, mut fl) = (Vec::new(), Vec::new());
        for (cond, bits) in &refs {
            for (g, v) in &cells {
                let here = self.c.and2(*cond, bit(bits, *g));
                if here == Bool::FALSE {
                    continue;
                }
                match v {
                    Val::Bool(x) => {
                        t.push(self.c.and2(here, *x));
                        fl.push(self.c.and2(here, !*x));
                    }
                    Val::Int(x) => ints.push((here, self.c.bv_resize(x, self.swidth))),
                    Val::Ref(_) => {}
                }
            }
        }
        if value.ty == FieldType::Bool {
            SymSet::Bool(self.c.or(&t), self.c.or(&fl))
        } else {
            SymSet::Int(ints)
        }
    }

    fn empty_of(&self, ty: &SetType) -> SymSet {
        match ty {
            SetType::Objects(_) => SymSet::Obj(self.empty()),
            SetType::Int => SymSet::Int(Vec::new()),
            SetType::Bool => SymSet::Bool(Bool::FALSE, Bool::FALSE),
        }
    }

    fn set(&mut self, e: &SetExpr, b: &mut HashMap<u32, Binding>) -> SymSet {
        match e {
            SetExpr::This(_) => match self.s.this.clone() {
                Some(v) => SymSet::Obj(self.ref_set(&v)),
                None => SymSet::Obj(self.empty()),
            },
            SetExpr::Null => SymSet::Obj(self.empty()),
            SetExpr::Result(ty) => match self.s.result.clone() {
                Some((t, v)) => self.value_set(&t, &v, State::Post),
                None => self.empty_of(ty),
            },
            SetExpr::Param(name, ty) => {
                let found = self.s.args.iter().find(|(n, _, _)| n == name).cloned();
                match found {
                    Some((_, t, v)) => self.value_set(&t, &v, State::Pre),
                    None => self.empty_of(ty),
                }
            }
            SetExpr::Var(v) => match b.get(&v.id) {
                Some(Binding::Obj(j)) => {
                    let mut s = self.empty();
                    s[*j] = Bool::TRUE;
                    SymSet::Obj(s)
                }
                Some(Binding::Int(x)) => SymSet::Int(vec![(Bool::TRUE, x.clone())]),
                Some(Binding::Bool(x)) => SymSet::Bool(Bool::constant(*x), Bool::constant(!*x)),
                None => self.empty_of(&v.ty),
            },
            SetExpr::Bool(x) => SymSet::Bool(Bool::constant(*x), Bool::constant(!*x)),
            SetExpr::Class(c, st) => SymSet::Obj(self.extent(c, *st)),
            SetExpr::Constant(id, _) => {
                let mut s = self.empty();
                if let Some(g) = self.s.universe.object(id) {
                    s[g] = Bool::TRUE;
                }
                SymSet::Obj(s)
            }
            SetExpr::Static(f, st) => {
                let key = format!("{}.{}", f.class, f.field);
                let held = self.s.universe.static_id(&key).and_then(|i| {
                    let heap = self.heap(*st);
                    heap.statics.get(i).cloned()
                });
                match held {
                    Some(v) => self.value_set(&f.ty, &v, *st),
                    None => self.empty_of(&SetType::of(&f.ty)),
                }
            }
            SetExpr::Join { left, rel, .. } => {
                let l = self.set(left, b);
                self.image(&l, rel)
            }
            SetExpr::Union(x, y) => {
                let (x, y) = (self.set(x, b), self.set(y, b));
                self.union(x, y)
            }
            SetExpr::Diff(x, y) => {
                let (x, y) = (self.set(x, b), self.set(y, b));
                self.diff(x, &y)
            }
            SetExpr::Inter(x, y) => {
                let (x, y) = (self.set(x, b), self.set(y, b));
                self.inter(x, &y)
            }
            SetExpr::IntValue(i) => SymSet::Int(vec![(Bool::TRUE, self.int(i, b))]),
            SetExpr::Range(lo_e, hi_e) => {
                let (lo, hi) = (self.int(lo_e, b), self.int(hi_e, b));
                let span = self.range_span(lo_e, hi_e);
                self.range(&lo, &hi, span)
            }
            SetExpr::Elem {
                array,
                index,
                state,
                elem,
            } => {
                let arrays = self.set(array, b);
                let i = self.int(index, b);
                self.array_elements(&arrays, Some(&i), *state, elem)
            }
            SetExpr::Elems { array, state, elem } => {
                let arrays = self.set(array, b);
                self.array_elements(&arrays, None, *state, elem)
            }
        }
    }

    /// The most slots an array has (the array bound).
    fn array_bound(&self) -> usize {
        (0..self.s.universe.classes.len())
            .map(|k| self.s.universe.slots(k).len())
            .max()
            .unwrap_or(0)
    }

    /// `lo .. hi`: its first [`RANGE_ENTRIES`] members (or as many as an array has slots, if
    /// more), or fewer when `span` (at most `hi - lo + 1` in every state within the bounds) is.
    fn range(&mut self, lo: &BitVec, hi: &BitVec, span: Option<i64>) -> SymSet {
        let cut = RANGE_ENTRIES.max(self.array_bound() + 1);
        let count = span.map_or(cut, |n| usize::try_from(n.max(0)).unwrap_or(cut).min(cut));
        let mut entries = Vec::new();
        for t in 0..count {
            let k = self
                .c
                .bv_const(self.swidth, i64::try_from(t).unwrap_or(i64::MAX));
            let v = self.c.bv_add(lo, &k);
            let present = self.c.bv_sle(&v, hi);
            entries.push((present, v));
        }
        SymSet::Int(entries)
    }

    /// At most how many members `lo .. hi` has in a state within the bounds, when its ends have
    /// bounds: a range over an array's indices has no more members than the array has slots.
    fn range_span(&self, lo: &IntExpr, hi: &IntExpr) -> Option<i64> {
        let b = i64::try_from(self.array_bound()).ok()?;
        let (_, hi_max) = int_bounds(hi, b)?;
        let (lo_min, _) = int_bounds(lo, b)?;
        hi_max.checked_sub(lo_min)?.checked_add(1)
    }

    /// Element `i` of every array in `arrays` in state `st` whose length exceeds `i`; with no
    /// index, every element below its length.
    fn array_elements(
        &mut self,
        arrays: &SymSet,
        i: Option<&BitVec>,
        st: State,
        elem: &FieldType,
    ) -> SymSet {
        let SymSet::Obj(members) = arrays else {
            return self.empty_of(&SetType::of(elem));
        };
        let u = self.s.universe;
        let heap = self.heap(st);
        let mut parts = Vec::new();
        for (k, class) in u.classes.iter().enumerate() {
            let Some(lf) = class.field(sattar_heap::ARRAY_LENGTH) else {
                continue;
            };
            for (local, &g) in class.atoms.iter().enumerate() {
                let m = bit(members, g);
                if m == Bool::FALSE {
                    continue;
                }
                // An object made by the run has no cells in the pre-state's heap.
                let Some(Val::Int(len)) = heap.fields[k][lf].get(local) else {
                    continue;
                };
                let len = self.c.bv_resize(len, self.swidth);
                for (j, f) in u.slots(k) {
                    let jc = self
                        .c
                        .bv_const(self.swidth, i64::try_from(j).unwrap_or(i64::MAX));
                    // A constant index (a range's entry, a literal) names one slot at most.
                    if matches!((i.and_then(BitVec::as_const), jc.as_const()), (Some(a), Some(b)) if a != b)
                    {
                        continue;
                    }
                    let at = i.map_or(Bool::TRUE, |i| self.c.bv_eq(i, &jc));
                    let within = self.c.bv_slt(&jc, &len);
                    let here = self.c.and2(at, within);
                    let here = self.c.and2(m, here);
                    if here == Bool::FALSE {
                        continue;
                    }
                    let Some(v) = heap.fields[k][f].get(local).cloned() else {
                        continue;
                    };
                    let set = self.value_set(elem, &v, st);
                    parts.push(self.guarded(here, set));
                }
            }
        }
        parts
            .into_iter()
            .fold(self.empty_of(&SetType::of(elem)), |acc, p| {
                self.union(acc, p)
            })
    }

    /// `set` where `cond` holds, empty elsewhere.
    fn guarded(&mut self, cond: Bool, set: SymSet) -> SymSet {
        match set {
            SymSet::Obj(bits) => SymSet::Obj(bits.iter().map(|&x| self.c.and2(cond, x)).collect()),
            SymSet::Int(es) => SymSet::Int(
                es.into_iter()
                    .map(|(p, v)| (self.c.and2(cond, p), v))
                    .collect(),
            ),
            SymSet::Bool(t, f) => SymSet::Bool(self.c.and2(cond, t), self.c.and2(cond, f)),
        }
    }

    fn union(&mut self, x: SymSet, y: SymSet) -> SymSet {
        match (x, y) {
            (SymSet::Obj(a), SymSet::Obj(b)) => SymSet::Obj(
                (0..self.n)
                    .map(|j| self.c.or2(bit(&a, j), bit(&b, j)))
                    .collect(),
            ),
            (SymSet::Int(mut a), SymSet::Int(b)) => {
                a.extend(b);
                SymSet::Int(a)
            }
            (SymSet::Bool(t1, f1), SymSet::Bool(t2, f2)) => {
                SymSet::Bool(self.c.or2(t1, t2), self.c.or2(f1, f2))
            }
            (x, SymSet::Obj(_)) => x, // an empty object set (null) united with ints or booleans
            (_, y) => y,
        }
    }

    /// `x - y` (`keep` = false) or `x & y` (`keep` = true).
    fn filter(&mut self, x: SymSet, y: &SymSet, keep: bool) -> SymSet {
        let pick = |c: &mut Circuit, p: Bool, m: Bool| c.and2(p, if keep { m } else { !m });
        match (x, y) {
            (SymSet::Obj(a), SymSet::Obj(b)) => SymSet::Obj(
                (0..self.n)
                    .map(|j| pick(self.c, bit(&a, j), bit(b, j)))
                    .collect(),
            ),
            (SymSet::Int(a), SymSet::Int(b)) => SymSet::Int(
                a.into_iter()
                    .map(|(p, v)| {
                        let m = self.member(&v, b);
                        (pick(self.c, p, m), v)
                    })
                    .collect(),
            ),
            (SymSet::Bool(t1, f1), SymSet::Bool(t2, f2)) => {
                SymSet::Bool(pick(self.c, t1, *t2), pick(self.c, f1, *f2))
            }
            (x, _) if keep => self.empty_like(&x),
            (x, _) => x,
        }
    }

    fn empty_like(&self, x: &SymSet) -> SymSet {
        match x {
            SymSet::Obj(_) => SymSet::Obj(self.empty()),
            SymSet::Int(_) => SymSet::Int(Vec::new()),
            SymSet::Bool(..) => SymSet::Bool(Bool::FALSE, Bool::FALSE),
        }
    }

    fn diff(&mut self, x: SymSet, y: &SymSet) -> SymSet {
        self.filter(x, y, false)
    }

    fn inter(&mut self, x: SymSet, y: &SymSet) -> SymSet {
        self.filter(x, y, true)
    }

    fn heap(&self, st: State) -> &'a SymHeap {
        match st {
            State::Pre => self.s.pre,
            State::Post => self.s.post,
        }
    }

    /// The objects of exactly class `c` in a state (the resolver unites the classes a class
    /// name stands for). After the call, a new object counts only if it is reachable from the
    /// receiver, the arguments or the result (what a run's post-state keeps).
    fn extent(&mut self, c: &str, st: State) -> Vec<Bool> {
        let mut out = self.empty();
        let Some(k) = self.s.universe.class_id(c) else {
            return out;
        };
        let visible = match st {
            State::Pre => None,
            State::Post => Some(self.post_extent()),
        };
        for &g in &self.s.universe.classes[k].atoms {
            out[g] = match &visible {
                Some(v) => v[g],
                None => self.s.universe.atoms[g].exists_pre,
            };
        }
        out
    }

    fn post_extent(&mut self) -> Vec<Bool> {
        if let Some(v) = &self.post_extent {
            return v.clone();
        }
        let mut roots = self.empty();
        let mut add = |c: &mut Circuit, s: &[Bool]| {
            for (r, x) in roots.iter_mut().zip(s) {
                *r = c.or2(*r, *x);
            }
        };
        if let Some(v) = self.s.this.clone() {
            add(self.c, &self.ref_set(&v));
        }
        let mut vals: Vec<(FieldType, Val)> = self
            .s
            .args
            .iter()
            .map(|(_, t, v)| (t.clone(), v.clone()))
            .collect();
        vals.extend(self.s.result.clone());
        for (t, v) in vals {
            if let FieldType::Ref(_) = t {
                add(self.c, &self.ref_set(&v));
            }
        }
        let all = self.all_refs(State::Post);
        let star = self.closure(&all, true);
        let reach = self.apply(&roots, &star);
        let mut out = self.empty();
        for (g, a) in self.s.universe.atoms.iter().enumerate() {
            out[g] = if a.exists_pre == Bool::FALSE {
                self.c.and2(a.exists_post, reach[g])
            } else {
                a.exists_post
            };
        }
        self.post_extent = Some(out.clone());
        out
    }

    /// The union of every reference field in a state, as a matrix.
    fn all_refs(&mut self, st: State) -> Matrix {
        let mut m = vec![self.empty(); self.n];
        for class in &self.s.universe.classes {
            for (name, ty, _) in &class.fields {
                if let FieldType::Ref(_) = ty {
                    let f = FieldRef {
                        class: class.name.clone(),
                        field: name.clone(),
                        ty: ty.clone(),
                    };
                    let fm = self.field_matrix(&f, st);
                    m = self.or_matrix(&m, &fm);
                }
            }
        }
        m
    }

    /// `s.rel`
    fn image(&mut self, s: &SymSet, rel: &Rel) -> SymSet {
        match rel {
            Rel::Field(f, st) if holds_values(&f.ty) => self.field_image(s, f, *st),
            Rel::Union(x, y) => {
                let (a, b) = (self.image(s, x), self.image(s, y));
                self.union(a, b)
            }
            Rel::Transpose(r) => self.preimage(s, r),
            _ => {
                let SymSet::Obj(bits) = s else {
                    return SymSet::Obj(self.empty());
                };
                let m = self.matrix(rel);
                SymSet::Obj(self.apply(bits, &m))
            }
        }
    }

    /// `s.~rel`
    fn preimage(&mut self, s: &SymSet, rel: &Rel) -> SymSet {
        match rel {
            Rel::Field(f, st) if holds_values(&f.ty) => self.field_preimage(s, f, *st),
            Rel::Union(x, y) => {
                let (a, b) = (self.preimage(s, x), self.preimage(s, y));
                self.union(a, b)
            }
            Rel::Transpose(r) => self.image(s, r),
            _ => {
                let SymSet::Obj(bits) = s else {
                    return SymSet::Obj(self.empty());
                };
                let m = self.matrix(rel);
                let t = transpose(&m);
                SymSet::Obj(self.apply(bits, &t))
            }
        }
    }

    /// The int or boolean values of field `f` of the objects in `s`.
    fn field_image(&mut self, s: &SymSet, f: &FieldRef, st: State) -> SymSet {
        let SymSet::Obj(bits) = s else {
            return self.empty_of(&SetType::of(&f.ty));
        };
        let cells = self.cells(f, st);
        match &f.ty {
            FieldType::Ref(c) if BoxClass::named(c).is_some() => {
                let refs = cells
                    .into_iter()
                    .map(|(g, v)| (bit(bits, g), self.ref_set(&v)))
                    .collect();
                self.box_values(c, refs, st)
            }
            FieldType::Bool => {
                let (mut t, mut fl) = (Vec::new(), Vec::new());
                for (g, v) in cells {
                    let x = v.as_bool();
                    t.push(self.c.and2(bit(bits, g), x));
                    fl.push(self.c.and2(bit(bits, g), !x));
                }
                SymSet::Bool(self.c.or(&t), self.c.or(&fl))
            }
            _ => SymSet::Int(
                cells
                    .into_iter()
                    .filter(|(g, _)| bit(bits, *g) != Bool::FALSE)
                    .map(|(g, v)| {
                        (
                            bit(bits, g),
                            self.c.bv_resize(
                                v.as_int().unwrap_or(&BitVec::from_bits(vec![])),
                                self.swidth,
                            ),
                        )
                    })
                    .collect(),
            ),
        }
    }

    /// The objects whose int or boolean field `f` holds a value of `s`.
    fn field_preimage(&mut self, s: &SymSet, f: &FieldRef, st: State) -> SymSet {
        let mut out = self.empty();
        if let FieldType::Ref(c) = &f.ty {
            // A box field: the objects whose box holds a value of `s`.
            for (g, v) in self.cells(f, st) {
                let refs = vec![(Bool::TRUE, self.ref_set(&v))];
                let held = self.box_values(c, refs, st);
                let common = self.inter(held, s);
                let members = self.members(&common);
                out[g] = self.c.or(&members);
            }
            return SymSet::Obj(out);
        }
        for (g, v) in self.cells(f, st) {
            out[g] = match (s, &v) {
                (SymSet::Int(entries), Val::Int(x)) => {
                    let x = self.c.bv_resize(x, self.swidth);
                    self.member(&x, entries)
                }
                (SymSet::Bool(t, fl), Val::Bool(x)) => self.c.ite(*x, *t, *fl),
                _ => Bool::FALSE,
            };
        }
        SymSet::Obj(out)
    }

    /// `(atom, value)` of field `f` for every atom of exactly its class in a state (the resolver
    /// names every class whose objects a navigation can reach).
    fn cells(&self, f: &FieldRef, st: State) -> Vec<(usize, Val)> {
        let u = self.s.universe;
        let heap = self.heap(st);
        u.cells(&f.class, &f.field, false)
            .into_iter()
            .filter_map(|(g, k, fi)| {
                let v = heap.fields.get(k)?.get(fi)?.get(u.atoms[g].local)?;
                Some((g, v.clone()))
            })
            .collect()
    }

    fn field_matrix(&mut self, f: &FieldRef, st: State) -> Matrix {
        let mut m = vec![self.empty(); self.n];
        let FieldType::Ref(_) = &f.ty else {
            return m;
        };
        for (g, v) in self.cells(f, st) {
            for (j, b) in v.as_ref_bits().iter().enumerate() {
                if let Some(slot) = m[g].get_mut(j) {
                    *slot = *b;
                }
            }
        }
        m
    }

    /// The matrix of an object-to-object relation (cached: quantifiers reuse closures).
    fn matrix(&mut self, rel: &Rel) -> Matrix {
        let key = format!("{rel:?}");
        if let Some(m) = self.matrices.get(&key) {
            return m.clone();
        }
        let m = match rel {
            Rel::Field(f, st) => self.field_matrix(f, *st),
            Rel::Union(x, y) => {
                let (a, b) = (self.matrix(x), self.matrix(y));
                self.or_matrix(&a, &b)
            }
            Rel::Transpose(r) => transpose(&self.matrix(r)),
            Rel::Closure { reflexive, rel } => {
                let inner = self.matrix(rel);
                self.closure(&inner, *reflexive)
            }
        };
        self.matrices.insert(key, m.clone());
        m
    }

    fn or_matrix(&mut self, a: &Matrix, b: &Matrix) -> Matrix {
        a.iter()
            .zip(b)
            .map(|(r, s)| r.iter().zip(s).map(|(x, y)| self.c.or2(*x, *y)).collect())
            .collect()
    }

    /// `a · b` over booleans.
    fn product(&mut self, a: &Matrix, b: &Matrix) -> Matrix {
        let mut out = vec![self.empty(); self.n];
        for (i, row) in a.iter().enumerate() {
            if self.c.exceeded() {
                break; // the encoding is refused for its size: no point in finishing it
            }
            let mut terms: Vec<Vec<Bool>> = vec![Vec::new(); self.n];
            for (k, x) in row.iter().enumerate().filter(|(_, x)| **x != Bool::FALSE) {
                for (j, y) in b[k].iter().enumerate().filter(|(_, y)| **y != Bool::FALSE) {
                    terms[j].push(self.c.and2(*x, *y));
                }
            }
            for (j, t) in terms.iter().enumerate() {
                out[i][j] = self.c.or(t);
            }
        }
        out
    }

    /// Transitive (or reflexive-transitive) closure by iterative squaring.
    fn closure(&mut self, m: &Matrix, reflexive: bool) -> Matrix {
        let mut t = m.clone();
        // Paths of length up to 2^i after i squarings; n atoms need paths of length < n.
        let mut reach = 1;
        while reach < self.n && !self.c.exceeded() {
            let sq = self.product(&t, &t);
            let next = self.or_matrix(&t, &sq);
            if next == t {
                break; // a constant relation converged early
            }
            t = next;
            reach *= 2;
        }
        if reflexive {
            for (i, row) in t.iter_mut().enumerate() {
                row[i] = Bool::TRUE;
            }
        }
        t
    }

    /// `s · m`: the atoms some member of `s` relates to.
    fn apply(&mut self, s: &[Bool], m: &Matrix) -> Vec<Bool> {
        let mut terms: Vec<Vec<Bool>> = vec![Vec::new(); self.n];
        for (i, row) in m.iter().enumerate() {
            let si = bit(s, i);
            if si == Bool::FALSE {
                continue;
            }
            for (j, x) in row.iter().enumerate().filter(|(_, x)| **x != Bool::FALSE) {
                terms[j].push(self.c.and2(si, *x));
            }
        }
        terms.iter().map(|t| self.c.or(t)).collect()
    }
}

/// Whether a field of this type holds values in the spec (primitives, and boxes by value).
fn holds_values(ty: &FieldType) -> bool {
    match ty {
        FieldType::Ref(c) => BoxClass::named(c).is_some(),
        _ => true,
    }
}

fn transpose(m: &Matrix) -> Matrix {
    let n = m.len();
    (0..n).map(|j| (0..n).map(|i| m[i][j]).collect()).collect()
}

/// Bits an integer expression needs so that it never wraps (`w`: code ints, `n`: atoms).
fn int_width(e: &IntExpr, w: usize, n: usize) -> usize {
    let count = signed_bits(n as i64 + 1) as usize;
    match e {
        IntExpr::Lit(v) => signed_bits(*v) as usize,
        IntExpr::Sum(_) => w + count,
        IntExpr::Card(_) => count,
        IntExpr::Add(x, y) | IntExpr::Sub(x, y) => int_width(x, w, n).max(int_width(y, w, n)) + 1,
        IntExpr::Neg(x) => int_width(x, w, n) + 1,
        IntExpr::Mul(x, y) => int_width(x, w, n) + int_width(y, w, n),
    }
}

/// The least and greatest value of `e` in a state within the bounds, where the spec's
/// arithmetic shows them: literals, and the `length` of arrays (in `0..=bound` within the bounds;
/// a sum counts distinct values, so the lengths of several arrays add up to at most
/// `0 + 1 + … + bound`).
fn int_bounds(e: &IntExpr, bound: i64) -> Option<(i64, i64)> {
    match e {
        IntExpr::Lit(n) => Some((*n, *n)),
        IntExpr::Sum(s) => match &**s {
            SetExpr::Join {
                rel: Rel::Field(f, _),
                ..
            } if f.field == sattar_heap::ARRAY_LENGTH && sattar_heap::is_array_class(&f.class) => {
                Some((0, bound.checked_mul(bound + 1)? / 2))
            }
            _ => None,
        },
        IntExpr::Add(x, y) => {
            let ((a, b), (c, d)) = (int_bounds(x, bound)?, int_bounds(y, bound)?);
            Some((a.checked_add(c)?, b.checked_add(d)?))
        }
        IntExpr::Sub(x, y) => {
            let ((a, b), (c, d)) = (int_bounds(x, bound)?, int_bounds(y, bound)?);
            Some((a.checked_sub(d)?, b.checked_sub(c)?))
        }
        IntExpr::Neg(x) => {
            let (a, b) = int_bounds(x, bound)?;
            Some((b.checked_neg()?, a.checked_neg()?))
        }
        IntExpr::Card(_) | IntExpr::Mul(..) => None,
    }
}

/// The widest integer expression of a formula.
fn formula_width(f: &Formula, w: usize, n: usize) -> usize {
    match f {
        Formula::IntCmp(_, x, y) => int_width(x, w, n).max(int_width(y, w, n)),
        Formula::Subset(x, y) | Formula::SetEq(x, y) => set_width(x, w, n).max(set_width(y, w, n)),
        Formula::Mult(_, e) => set_width(e, w, n),
        Formula::Quant { bound, body, .. } => set_width(bound, w, n).max(formula_width(body, w, n)),
        Formula::Not(g) => formula_width(g, w, n),
        Formula::And(x, y) | Formula::Or(x, y) | Formula::Implies(x, y) | Formula::Iff(x, y) => {
            formula_width(x, w, n).max(formula_width(y, w, n))
        }
        Formula::IfElse(x, y, z) => formula_width(x, w, n)
            .max(formula_width(y, w, n))
            .max(formula_width(z, w, n)),
        Formula::Const(_) => 1,
    }
}

fn set_width(e: &SetExpr, w: usize, n: usize) -> usize {
    match e {
        SetExpr::IntValue(i) => int_width(i, w, n),
        // A range's members go past `lo` by at most the entries enumerated (and slots ≤ 2^w).
        SetExpr::Range(lo, hi) => int_width(lo, w, n).max(int_width(hi, w, n)).max(w + 1) + 1,
        SetExpr::Elem { array, index, .. } => set_width(array, w, n).max(int_width(index, w, n)),
        SetExpr::Elems { array, .. } => set_width(array, w, n),
        SetExpr::Join { left, .. } => set_width(left, w, n),
        SetExpr::Union(x, y) | SetExpr::Diff(x, y) | SetExpr::Inter(x, y) => {
            set_width(x, w, n).max(set_width(y, w, n))
        }
        _ => 1,
    }
}
