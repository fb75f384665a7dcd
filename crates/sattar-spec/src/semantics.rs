//! The concrete evaluator: a resolved spec on a pre- and post-state heap (the test oracle).

use crate::ast::Quant;
use crate::resolved::{
    ConstraintKind, Formula, IntExpr, Rel, ResolvedMethod, SetExpr, SetType, State, Var,
};
use sattar_heap::{FieldType, Heap, ObjId, Value};
use std::collections::{BTreeMap, BTreeSet};

/// An atom of the relational universe: an object, an integer or a boolean.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Atom {
    /// An object of a heap.
    Obj(ObjId),
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
}

/// A set of atoms.
pub type AtomSet = BTreeSet<Atom>;

/// Why a spec could not be evaluated on a state (a bad test, not a verdict).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// The method is not static but no receiver was given.
    #[error("the spec mentions `this` but no receiver object was given")]
    MissingThis,
    /// A parameter has no argument value.
    #[error("no value for parameter `{0}`")]
    MissingArg(String),
    /// `result` is mentioned but no return value was given.
    #[error("the spec mentions `result` but no return value was given")]
    MissingResult,
    /// Integer arithmetic left the i64 range.
    #[error("integer overflow while evaluating the spec")]
    Overflow,
    /// A range `lo .. hi` has more members than the evaluator enumerates.
    #[error(
        "the range {0} .. {1} has more than {MAX_RANGE} members; bound it by a length or size"
    )]
    RangeTooLarge(i64, i64),
}

/// The most members a range `lo .. hi` may have in an evaluation.
pub const MAX_RANGE: i64 = 1 << 20;

/// The outcome of one named constraint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The constraint's name.
    pub name: String,
    /// What it is.
    pub kind: ConstraintKind,
    /// Whether it holds.
    pub holds: bool,
}

/// Every named constraint of a method with whether it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The ensures set evaluated.
    pub ensures_set: Option<String>,
    /// Outcomes in constraint order (invariants on the pre-state, requires, ensures).
    pub outcomes: Vec<Outcome>,
}

impl Verdict {
    /// Whether every invariant (pre-state) and precondition holds: the input is valid.
    pub fn pre_ok(&self) -> bool {
        self.outcomes
            .iter()
            .filter(|o| o.kind != ConstraintKind::Ensures)
            .all(|o| o.holds)
    }

    /// The names of the violated postconditions.
    pub fn violated(&self) -> Vec<String> {
        self.failing(|k| k == ConstraintKind::Ensures)
    }

    /// The names of the violated invariants (pre-state) and preconditions.
    pub fn pre_violated(&self) -> Vec<String> {
        self.failing(|k| k != ConstraintKind::Ensures)
    }

    /// The class invariants that fail (a state one call left, judged as the next call's input).
    pub fn invariants_violated(&self) -> Vec<String> {
        self.failing(|k| k == ConstraintKind::Invariant)
    }

    /// Whether the input was valid and every postcondition holds.
    pub fn passed(&self) -> bool {
        self.pre_ok() && self.violated().is_empty()
    }

    fn failing(&self, pick: impl Fn(ConstraintKind) -> bool) -> Vec<String> {
        self.outcomes
            .iter()
            .filter(|o| pick(o.kind) && !o.holds)
            .map(|o| o.name.clone())
            .collect()
    }
}

/// Evaluates every constraint of `rm`: invariants and requires on `pre`, ensures on `pre`/`post`.
pub fn evaluate(
    rm: &ResolvedMethod,
    pre: &Heap,
    post: &Heap,
    this: Option<&ObjId>,
    args: &[(String, Value)],
    result: Option<&Value>,
) -> Result<Verdict, EvalError> {
    let env = Env::new(pre, post, this, args, result);
    run(rm, &env, |_| true)
}

/// Evaluates only the invariants and preconditions on `pre` (is this input valid?).
pub fn evaluate_pre(
    rm: &ResolvedMethod,
    pre: &Heap,
    this: Option<&ObjId>,
    args: &[(String, Value)],
) -> Result<Verdict, EvalError> {
    let env = Env::new(pre, pre, this, args, None);
    run(rm, &env, |k| k != ConstraintKind::Ensures)
}

fn run(
    rm: &ResolvedMethod,
    env: &Env,
    pick: impl Fn(ConstraintKind) -> bool,
) -> Result<Verdict, EvalError> {
    let mut outcomes = Vec::new();
    for c in rm.constraints.iter().filter(|c| pick(c.kind)) {
        outcomes.push(Outcome {
            name: c.name.clone(),
            kind: c.kind,
            holds: env.formula(&c.formula, &mut Bindings::new())?,
        });
    }
    Ok(Verdict {
        ensures_set: rm.ensures_set.clone(),
        outcomes,
    })
}

/// Evaluates one resolved formula (no quantified variables free).
pub fn eval_formula(
    f: &Formula,
    pre: &Heap,
    post: &Heap,
    this: Option<&ObjId>,
    args: &[(String, Value)],
    result: Option<&Value>,
) -> Result<bool, EvalError> {
    Env::new(pre, post, this, args, result).formula(f, &mut Bindings::new())
}

type Bindings = BTreeMap<u32, Atom>;
type EResult<T> = Result<T, EvalError>;

struct Env<'a> {
    pre: &'a Heap,
    post: &'a Heap,
    this: Option<&'a ObjId>,
    args: &'a [(String, Value)],
    result: Option<&'a Value>,
}

/// The atom of a value whose static type is `ty` in a state: where the type is a box class
/// (`java.lang.Integer`, …) the box stands for its value, as the spec compares boxes by value;
/// where it is `Object` or another class, a box is the object it is (as the encoder reads it).
fn atom_of_field(v: &Value, heaps: &[&Heap], ty: &FieldType) -> Option<Atom> {
    match ty {
        FieldType::Ref(c) if sattar_heap::BoxClass::named(c).is_none() => atom_of(v),
        _ => atom_in(v, heaps),
    }
}

/// [`atom_of_field`] for a value of spec type `ty` (a box parameter or result is an integer or
/// boolean to the spec).
fn atom_of_set(v: &Value, heaps: &[&Heap], ty: &SetType) -> Option<Atom> {
    match ty {
        SetType::Objects(_) => atom_of(v),
        _ => atom_in(v, heaps),
    }
}

/// The atom of a value in a state, a box standing for its value.
fn atom_in(v: &Value, heaps: &[&Heap]) -> Option<Atom> {
    if let Value::Ref(o) = v {
        let boxed = heaps
            .iter()
            .find_map(|h| h.get(o))
            .filter(|obj| sattar_heap::BoxClass::named(&obj.class).is_some());
        if let Some(obj) = boxed {
            return obj.get(sattar_heap::BOX_VALUE).and_then(atom_of);
        }
    }
    atom_of(v)
}

fn atom_of(v: &Value) -> Option<Atom> {
    match v {
        Value::Int(i) => Some(Atom::Int(i64::from(*i))),
        Value::Long(l) => Some(Atom::Int(*l)),
        Value::Bool(b) => Some(Atom::Bool(*b)),
        Value::Null => None,
        Value::Ref(o) => Some(Atom::Obj(o.clone())),
    }
}

impl<'a> Env<'a> {
    fn new(
        pre: &'a Heap,
        post: &'a Heap,
        this: Option<&'a ObjId>,
        args: &'a [(String, Value)],
        result: Option<&'a Value>,
    ) -> Self {
        Env {
            pre,
            post,
            this,
            args,
            result,
        }
    }

    fn heap(&self, s: State) -> &'a Heap {
        match s {
            State::Pre => self.pre,
            State::Post => self.post,
        }
    }

    fn formula(&self, f: &Formula, b: &mut Bindings) -> EResult<bool> {
        Ok(match f {
            Formula::Const(v) => *v,
            Formula::Subset(x, y) => self.set(x, b)?.is_subset(&self.set(y, b)?),
            Formula::SetEq(x, y) => self.set(x, b)? == self.set(y, b)?,
            Formula::IntCmp(op, x, y) => op.holds(self.int(x, b)?, self.int(y, b)?),
            Formula::Mult(q, e) => {
                let n = self.set(e, b)?.len();
                q.accepts(n, n)
            }
            Formula::Quant {
                q,
                vars,
                bound,
                body,
            } => self.quant(*q, vars, bound, body, b)?,
            Formula::Not(g) => !self.formula(g, b)?,
            Formula::And(x, y) => self.formula(x, b)? && self.formula(y, b)?,
            Formula::Or(x, y) => self.formula(x, b)? || self.formula(y, b)?,
            Formula::Implies(x, y) => !self.formula(x, b)? || self.formula(y, b)?,
            Formula::IfElse(c, t, e) => {
                if self.formula(c, b)? {
                    self.formula(t, b)?
                } else {
                    self.formula(e, b)?
                }
            }
            Formula::Iff(x, y) => self.formula(x, b)? == self.formula(y, b)?,
        })
    }

    fn quant(
        &self,
        q: Quant,
        vars: &[Var],
        bound: &SetExpr,
        body: &Formula,
        b: &mut Bindings,
    ) -> EResult<bool> {
        let domain: Vec<Atom> = self.set(bound, b)?.into_iter().collect();
        let mut hits = 0usize;
        let mut idx = vec![0usize; vars.len()];
        let mut more = !domain.is_empty() || vars.is_empty();
        while more {
            for (v, i) in vars.iter().zip(&idx) {
                b.insert(v.id, domain[*i].clone());
            }
            let holds = self.formula(body, b)?;
            hits += usize::from(holds);
            let decided = match q {
                Quant::All => !holds,
                Quant::Some | Quant::No => holds,
                Quant::One | Quant::Lone => hits > 1,
            };
            more = !decided && advance(&mut idx, domain.len());
        }
        for v in vars {
            b.remove(&v.id);
        }
        let all_hold = hits == domain.len().saturating_pow(vars.len() as u32);
        Ok(match q {
            Quant::All => all_hold,
            other => other.accepts(hits, hits),
        })
    }

    fn set(&self, e: &SetExpr, b: &Bindings) -> EResult<AtomSet> {
        let mut out = AtomSet::new();
        match e {
            SetExpr::This(_) => {
                out.insert(Atom::Obj(self.this.ok_or(EvalError::MissingThis)?.clone()));
            }
            SetExpr::Null => {}
            SetExpr::Result(ty) => {
                let r = self.result.ok_or(EvalError::MissingResult)?;
                out.extend(atom_of_set(r, &[self.post], ty));
            }
            SetExpr::Param(name, ty) => {
                let v = self.args.iter().find(|(n, _)| n == name);
                let (_, v) = v.ok_or_else(|| EvalError::MissingArg(name.clone()))?;
                out.extend(atom_of_set(v, &[self.pre, self.post], ty));
            }
            SetExpr::Var(v) => out.extend(b.get(&v.id).cloned()),
            SetExpr::Bool(v) => {
                out.insert(Atom::Bool(*v));
            }
            SetExpr::Class(c, s) => {
                out.extend(self.heap(*s).objects_of(c).map(|o| Atom::Obj(o.clone())));
            }
            SetExpr::Constant(id, _) => {
                out.insert(Atom::Obj(ObjId::new(id.as_str())));
            }
            SetExpr::Static(f, s) => {
                let key = format!("{}.{}", f.class, f.field);
                let heap = self.heap(*s);
                let v = heap.statics.get(&key);
                out.extend(v.and_then(|v| atom_of_field(v, &[heap], &f.ty)));
            }
            SetExpr::Join { left, rel, .. } => return Ok(self.image(&self.set(left, b)?, rel)),
            SetExpr::Union(x, y) => {
                out = self.set(x, b)?;
                out.extend(self.set(y, b)?);
            }
            SetExpr::Diff(x, y) => {
                let y = self.set(y, b)?;
                out = self.set(x, b)?.difference(&y).cloned().collect();
            }
            SetExpr::Inter(x, y) => {
                let y = self.set(y, b)?;
                out = self.set(x, b)?.intersection(&y).cloned().collect();
            }
            SetExpr::IntValue(i) => {
                out.insert(Atom::Int(self.int(i, b)?));
            }
            SetExpr::Range(lo, hi) => {
                let (lo, hi) = (self.int(lo, b)?, self.int(hi, b)?);
                if hi.saturating_sub(lo) >= MAX_RANGE {
                    return Err(EvalError::RangeTooLarge(lo, hi));
                }
                out.extend((lo..=hi).map(Atom::Int));
            }
            SetExpr::Elem {
                array,
                index,
                state,
                elem,
                ..
            } => {
                let i = self.int(index, b)?;
                let heap = self.heap(*state);
                for a in self.set(array, b)? {
                    let Atom::Obj(o) = a else { continue };
                    let Some(obj) = heap.get(&o) else { continue };
                    let within = usize::try_from(i).ok().filter(|&i| Some(i) < obj.length());
                    let v = within.and_then(|i| obj.get(&sattar_heap::element_field(i)));
                    out.extend(v.and_then(|v| atom_of_field(v, &[heap], elem)));
                }
            }
            SetExpr::Elems { array, state, elem } => {
                let heap = self.heap(*state);
                for a in self.set(array, b)? {
                    let Atom::Obj(o) = a else { continue };
                    let Some(obj) = heap.get(&o) else { continue };
                    for i in 0..obj.length().unwrap_or(0) {
                        let v = obj.get(&sattar_heap::element_field(i));
                        out.extend(v.and_then(|v| atom_of_field(v, &[heap], elem)));
                    }
                }
            }
        }
        Ok(out)
    }

    fn int(&self, e: &IntExpr, b: &Bindings) -> EResult<i64> {
        let ov = EvalError::Overflow;
        match e {
            IntExpr::Lit(v) => Ok(*v),
            IntExpr::Sum(s) => self.set(s, b)?.iter().try_fold(0i64, |acc, a| match a {
                Atom::Int(i) => acc.checked_add(*i).ok_or(EvalError::Overflow),
                _ => Ok(acc),
            }),
            IntExpr::Card(s) => i64::try_from(self.set(s, b)?.len()).map_err(|_| ov),
            IntExpr::Add(x, y) => self.int(x, b)?.checked_add(self.int(y, b)?).ok_or(ov),
            IntExpr::Sub(x, y) => self.int(x, b)?.checked_sub(self.int(y, b)?).ok_or(ov),
            IntExpr::Neg(x) => self.int(x, b)?.checked_neg().ok_or(ov),
            IntExpr::Mul(x, y) => self.int(x, b)?.checked_mul(self.int(y, b)?).ok_or(ov),
        }
    }

    /// `s.rel`
    fn image(&self, s: &AtomSet, rel: &Rel) -> AtomSet {
        match rel {
            Rel::Field(f, st) => {
                let heap = self.heap(*st);
                s.iter()
                    .filter_map(|a| match a {
                        Atom::Obj(o) => heap.get(o),
                        _ => None,
                    })
                    .filter(|obj| obj.class == f.class)
                    .filter_map(|obj| {
                        let v = obj.get(&f.field)?;
                        atom_of_field(v, &[heap], &f.ty)
                    })
                    .collect()
            }
            Rel::Union(x, y) => &self.image(s, x) | &self.image(s, y),
            Rel::Transpose(r) => self.preimage(s, r),
            Rel::Closure { reflexive, rel } => {
                closure(s, *reflexive, |frontier| self.image(frontier, rel))
            }
        }
    }

    /// `s.~rel`
    fn preimage(&self, s: &AtomSet, rel: &Rel) -> AtomSet {
        match rel {
            Rel::Field(f, st) => self
                .heap(*st)
                .objects
                .iter()
                .filter(|(_, obj)| obj.class == f.class)
                .filter(|(_, obj)| {
                    obj.get(&f.field)
                        .and_then(|v| atom_of_field(v, &[self.heap(*st)], &f.ty))
                        .is_some_and(|a| s.contains(&a))
                })
                .map(|(id, _)| Atom::Obj(id.clone()))
                .collect(),
            Rel::Union(x, y) => &self.preimage(s, x) | &self.preimage(s, y),
            Rel::Transpose(r) => self.image(s, r),
            Rel::Closure { reflexive, rel } => {
                closure(s, *reflexive, |frontier| self.preimage(frontier, rel))
            }
        }
    }
}

/// `s.^step` (or `s.*step` = `s + s.^step` when reflexive), by breadth-first search.
fn closure(s: &AtomSet, reflexive: bool, step: impl Fn(&AtomSet) -> AtomSet) -> AtomSet {
    let mut out = if reflexive { s.clone() } else { AtomSet::new() };
    let mut frontier = step(s);
    loop {
        let fresh: AtomSet = frontier.difference(&out).cloned().collect();
        if fresh.is_empty() {
            return out;
        }
        out.extend(fresh.iter().cloned());
        frontier = step(&fresh);
    }
}

/// The next index tuple in odometer order; false after the last.
fn advance(idx: &mut [usize], n: usize) -> bool {
    for i in idx.iter_mut().rev() {
        *i += 1;
        if *i < n {
            return true;
        }
        *i = 0;
    }
    false
}
