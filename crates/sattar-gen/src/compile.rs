//! The resolved spec compiled against the layout: classes, fields, parameters and quantified
//! variables become indices, so the evaluator never touches a string.

use crate::error::GenError;
use crate::layout::{Layout, SlotKind};
use sattar_heap::{BoxClass, FieldType, BOX_VALUE};
use sattar_spec::{
    ConstraintKind, FieldRef, Formula, IntCmp, IntExpr, Quant, Rel, ResolvedMethod, SetExpr,
    SetType, State, Var,
};
use std::collections::BTreeMap;

/// A compiled formula.
#[derive(Clone, Debug)]
pub(crate) enum CompiledFormula {
    Const(bool),
    Subset(CompiledSet, CompiledSet),
    SetEq(CompiledSet, CompiledSet),
    IntCmp(IntCmp, CompiledInt, CompiledInt),
    Mult(Quant, CompiledSet),
    Quant {
        q: Quant,
        vars: Vec<u32>,
        bound: CompiledSet,
        body: Box<CompiledFormula>,
    },
    Not(Box<CompiledFormula>),
    And(Box<CompiledFormula>, Box<CompiledFormula>),
    Or(Box<CompiledFormula>, Box<CompiledFormula>),
    Implies(Box<CompiledFormula>, Box<CompiledFormula>),
    IfElse(
        Box<CompiledFormula>,
        Box<CompiledFormula>,
        Box<CompiledFormula>,
    ),
    Iff(Box<CompiledFormula>, Box<CompiledFormula>),
}

/// A compiled set expression; `bool` flags say whether a value is an object.
#[derive(Clone, Debug)]
pub(crate) enum CompiledSet {
    Null,
    /// The receiver, an argument or a static field: its slot, and whether it holds an object.
    Root(u32, bool),
    /// An enum constant: its object.
    Object(u32),
    /// A quantified variable: its environment index, and whether it holds an object.
    Var(u32, bool),
    /// A boolean literal (0 or 1).
    Scalar(i64),
    Class(u16),
    Join(Box<CompiledSet>, CompiledRelation),
    Union(Box<CompiledSet>, Box<CompiledSet>),
    Diff(Box<CompiledSet>, Box<CompiledSet>),
    Inter(Box<CompiledSet>, Box<CompiledSet>),
    IntValue(Box<CompiledInt>),
}

/// A compiled relation.
#[derive(Clone, Debug)]
pub(crate) enum CompiledRelation {
    /// Field number `fi` of exactly class `class`, holding references of declared type
    /// `target` (or scalars if `None`).
    Field {
        class: u16,
        fi: u32,
        target: Option<u16>,
    },
    Union(Box<CompiledRelation>, Box<CompiledRelation>),
    /// `a` then `b` (a box field: the box, then its value).
    Then(Box<CompiledRelation>, Box<CompiledRelation>),
    Transpose(Box<CompiledRelation>),
    Closure {
        reflexive: bool,
        rel: Box<CompiledRelation>,
        /// Set when `rel` is a union of reference fields (`left + right`): successor sets can
        /// then be memoized per object.
        fields: Option<Fields>,
    },
}

/// The reference fields of a closure's relation, and the memo table of the closure.
#[derive(Clone, Debug)]
pub(crate) struct Fields {
    /// Index of the memo table.
    pub memo: u32,
    /// `(class, field number)` of each field.
    pub list: Vec<(u16, u32)>,
    /// Every object the fields can point to: an upper closure that reaches it is complete.
    pub sat: u128,
}

/// The fields of a union of forward reference fields, and the objects they can point to.
fn forward_fields(
    r: &CompiledRelation,
    lay: &Layout,
    out: &mut Vec<(u16, u32)>,
    sat: &mut u128,
) -> bool {
    match r {
        CompiledRelation::Field {
            class,
            fi,
            target: Some(t),
        } => {
            out.push((*class, *fi));
            *sat |= lay.types[usize::from(*t)].mask;
            true
        }
        CompiledRelation::Union(a, b) => {
            forward_fields(a, lay, out, sat) && forward_fields(b, lay, out, sat)
        }
        _ => false,
    }
}

/// A compiled integer expression.
#[derive(Clone, Debug)]
pub(crate) enum CompiledInt {
    Lit(i64),
    Sum(Box<CompiledSet>),
    Card(Box<CompiledSet>),
    Add(Box<CompiledInt>, Box<CompiledInt>),
    Sub(Box<CompiledInt>, Box<CompiledInt>),
    Neg(Box<CompiledInt>),
    Mul(Box<CompiledInt>, Box<CompiledInt>),
}

/// A compiled invariant or precondition.
#[derive(Clone, Debug)]
pub(crate) struct Constraint {
    /// Its name (for errors).
    pub name: String,
    /// The formula.
    pub formula: CompiledFormula,
}

/// The compiled invariants and preconditions, with the sizes of the evaluator's tables.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    /// The constraints, in spec order.
    pub constraints: Vec<Constraint>,
    /// How many quantified variables.
    pub vars: usize,
    /// How many memoizable closures.
    pub memos: usize,
}

/// Compiles the invariants and preconditions of `rm`.
pub(crate) fn compile(rm: &ResolvedMethod, lay: &Layout) -> Result<Compiled, GenError> {
    let mut cx = Compiler {
        lay,
        vars: BTreeMap::new(),
        name: String::new(),
        memos: 0,
    };
    let mut out = Vec::new();
    for c in rm
        .constraints
        .iter()
        .filter(|c| c.kind != ConstraintKind::Ensures)
    {
        cx.name = c.name.clone();
        out.push(Constraint {
            name: c.name.clone(),
            formula: cx.formula(&c.formula)?,
        });
    }
    Ok(Compiled {
        constraints: out,
        vars: cx.vars.len(),
        memos: cx.memos as usize,
    })
}

struct Compiler<'a> {
    lay: &'a Layout,
    vars: BTreeMap<u32, u32>,
    name: String,
    memos: u32,
}

type R<T> = Result<T, GenError>;

impl Compiler<'_> {
    fn unsupported(&self, reason: &str) -> GenError {
        GenError::Unsupported {
            constraint: self.name.clone(),
            reason: reason.to_string(),
        }
    }

    fn formula(&mut self, f: &Formula) -> R<CompiledFormula> {
        let b = |cx: &mut Self, g: &Formula| cx.formula(g).map(Box::new);
        Ok(match f {
            Formula::Const(v) => CompiledFormula::Const(*v),
            Formula::Subset(x, y) => CompiledFormula::Subset(self.set(x)?, self.set(y)?),
            Formula::SetEq(x, y) => CompiledFormula::SetEq(self.set(x)?, self.set(y)?),
            Formula::IntCmp(op, x, y) => CompiledFormula::IntCmp(*op, self.int(x)?, self.int(y)?),
            Formula::Mult(q, e) => CompiledFormula::Mult(*q, self.set(e)?),
            Formula::Quant {
                q,
                vars,
                bound,
                body,
            } => CompiledFormula::Quant {
                q: *q,
                vars: vars.iter().map(|v| self.var(v)).collect(),
                bound: self.set(bound)?,
                body: b(self, body)?,
            },
            Formula::Not(g) => CompiledFormula::Not(b(self, g)?),
            Formula::And(x, y) => CompiledFormula::And(b(self, x)?, b(self, y)?),
            Formula::Or(x, y) => CompiledFormula::Or(b(self, x)?, b(self, y)?),
            Formula::Implies(x, y) => CompiledFormula::Implies(b(self, x)?, b(self, y)?),
            Formula::IfElse(c, t, e) => {
                CompiledFormula::IfElse(b(self, c)?, b(self, t)?, b(self, e)?)
            }
            Formula::Iff(x, y) => CompiledFormula::Iff(b(self, x)?, b(self, y)?),
        })
    }

    fn var(&mut self, v: &Var) -> u32 {
        let next = self.vars.len() as u32;
        *self.vars.entry(v.id).or_insert(next)
    }

    fn set(&mut self, e: &SetExpr) -> R<CompiledSet> {
        let b = |cx: &mut Self, g: &SetExpr| cx.set(g).map(Box::new);
        Ok(match e {
            SetExpr::This(_) => match self.lay.receiver {
                Some(slot) => CompiledSet::Root(slot, true),
                None => return Err(self.unsupported("`this` in a static method")),
            },
            SetExpr::Null => CompiledSet::Null,
            SetExpr::Result(_) => return Err(self.unsupported("`result` describes the post-state")),
            SetExpr::Param(name, ty) => {
                let arg = self.lay.args.iter().find(|a| &a.name == name);
                let arg =
                    arg.ok_or_else(|| self.unsupported(&format!("unknown parameter `{name}`")))?;
                let (slot, java) = (arg.slot, arg.ty.clone());
                self.boxed_root(slot, &java)
                    .unwrap_or(CompiledSet::Root(slot, is_obj(ty)))
            }
            SetExpr::Var(v) => CompiledSet::Var(self.var(v), is_obj(&v.ty)),
            SetExpr::Bool(v) => CompiledSet::Scalar(i64::from(*v)),
            SetExpr::Class(_, State::Post) | SetExpr::Static(_, State::Post) => {
                return Err(self.post())
            }
            SetExpr::Class(c, State::Pre) => CompiledSet::Class(self.lay.class_of(c)?),
            SetExpr::Constant(id, _) => CompiledSet::Object(self.lay.constant(id)?),
            SetExpr::Static(f, State::Pre) => {
                let slot = self.lay.static_slot(&format!("{}.{}", f.class, f.field))?;
                let root = CompiledSet::Root(slot, matches!(f.ty, FieldType::Ref(_)));
                self.boxed_root(slot, &f.ty).unwrap_or(root)
            }
            SetExpr::Join { left, rel, .. } => CompiledSet::Join(b(self, left)?, self.rel(rel)?),
            SetExpr::Union(x, y) => CompiledSet::Union(b(self, x)?, b(self, y)?),
            SetExpr::Diff(x, y) => CompiledSet::Diff(b(self, x)?, b(self, y)?),
            SetExpr::Inter(x, y) => CompiledSet::Inter(b(self, x)?, b(self, y)?),
            SetExpr::IntValue(i) => CompiledSet::IntValue(Box::new(self.int(i)?)),
            SetExpr::Range(..) | SetExpr::Elem { .. } | SetExpr::Elems { .. } => {
                return Err(self.unsupported(
                    "it indexes arrays or ranges over integers (the generator does not enumerate arrays yet; `check` and `localize` find inputs with the SAT encoding)",
                ))
            }
        })
    }

    fn post(&self) -> GenError {
        self.unsupported("it reads the post-state (a prime)")
    }

    fn rel(&mut self, r: &Rel) -> R<CompiledRelation> {
        let b = |cx: &mut Self, g: &Rel| cx.rel(g).map(Box::new);
        Ok(match r {
            Rel::Field(_, State::Post) => return Err(self.post()),
            Rel::Field(f, State::Pre) => self.field(f)?,
            Rel::Union(x, y) => CompiledRelation::Union(b(self, x)?, b(self, y)?),
            Rel::Transpose(x) => CompiledRelation::Transpose(b(self, x)?),
            Rel::Closure { reflexive, rel } => {
                let rel = b(self, rel)?;
                let (mut list, mut sat) = (Vec::new(), 0);
                let fields = forward_fields(&rel, self.lay, &mut list, &mut sat).then(|| {
                    self.memos += 1;
                    Fields {
                        memo: self.memos - 1,
                        list,
                        sat,
                    }
                });
                CompiledRelation::Closure {
                    reflexive: *reflexive,
                    rel,
                    fields,
                }
            }
        })
    }

    /// A root holding a box: the box's value (the spec compares boxes by value).
    fn boxed_root(&self, slot: u32, java: &FieldType) -> Option<CompiledSet> {
        let value = self.box_value(java)?.ok()?;
        Some(CompiledSet::Join(
            Box::new(CompiledSet::Root(slot, true)),
            value,
        ))
    }

    /// The relation from a box of type `java` to its value, if `java` is a box class.
    fn box_value(&self, java: &FieldType) -> Option<R<CompiledRelation>> {
        let FieldType::Ref(c) = java else {
            return None;
        };
        let b = BoxClass::named(c)?;
        Some(self.plain_field(&FieldRef {
            class: b.class.into(),
            field: BOX_VALUE.into(),
            ty: b.value_type(),
        }))
    }

    fn field(&self, f: &FieldRef) -> R<CompiledRelation> {
        let to_box = self.plain_field(f)?;
        match self.box_value(&f.ty) {
            Some(value) => Ok(CompiledRelation::Then(Box::new(to_box), Box::new(value?))),
            None => Ok(to_box),
        }
    }

    fn plain_field(&self, f: &FieldRef) -> R<CompiledRelation> {
        let class = self.lay.class_of(&f.class)?;
        let info = &self.lay.classes[usize::from(class)];
        let fi = info.fields.iter().position(|(n, _)| n == &f.field);
        let fi = fi.ok_or_else(|| {
            GenError::Mismatch(format!("class `{}` has no field `{}`", f.class, f.field))
        })?;
        let target = match info.fields[fi].1 {
            SlotKind::Ref(t) => Some(t),
            SlotKind::Scalar(_) => None,
        };
        Ok(CompiledRelation::Field {
            class,
            fi: fi as u32,
            target,
        })
    }

    fn int(&mut self, e: &IntExpr) -> R<CompiledInt> {
        let b = |cx: &mut Self, g: &IntExpr| cx.int(g).map(Box::new);
        Ok(match e {
            IntExpr::Lit(v) => CompiledInt::Lit(*v),
            IntExpr::Sum(s) => CompiledInt::Sum(Box::new(self.set(s)?)),
            IntExpr::Card(s) => CompiledInt::Card(Box::new(self.set(s)?)),
            IntExpr::Add(x, y) => CompiledInt::Add(b(self, x)?, b(self, y)?),
            IntExpr::Sub(x, y) => CompiledInt::Sub(b(self, x)?, b(self, y)?),
            IntExpr::Neg(x) => CompiledInt::Neg(b(self, x)?),
            IntExpr::Mul(x, y) => CompiledInt::Mul(b(self, x)?, b(self, y)?),
        })
    }
}

fn is_obj(ty: &SetType) -> bool {
    matches!(ty, SetType::Objects(_))
}
