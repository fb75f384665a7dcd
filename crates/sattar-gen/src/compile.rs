//! The resolved spec compiled against the layout: classes, fields, parameters and quantified
//! variables become indices, so the evaluator never touches a string.

use crate::error::GenError;
use crate::layout::{Layout, SlotKind};
use sattar_spec::{
    ConstraintKind, FieldRef, Formula, IntCmp, IntExpr, Quant, Rel, ResolvedMethod, SetExpr,
    SetType, State, Var,
};
use std::collections::BTreeMap;

/// A compiled formula.
#[derive(Clone, Debug)]
pub(crate) enum CF {
    Const(bool),
    Subset(CS, CS),
    SetEq(CS, CS),
    IntCmp(IntCmp, CI, CI),
    Mult(Quant, CS),
    Quant {
        q: Quant,
        vars: Vec<u32>,
        bound: CS,
        body: Box<CF>,
    },
    Not(Box<CF>),
    And(Box<CF>, Box<CF>),
    Or(Box<CF>, Box<CF>),
    Implies(Box<CF>, Box<CF>),
    IfElse(Box<CF>, Box<CF>, Box<CF>),
    Iff(Box<CF>, Box<CF>),
}

/// A compiled set expression; `bool` flags say whether a value is an object.
#[derive(Clone, Debug)]
pub(crate) enum CS {
    This,
    Null,
    /// An argument: its slot, and whether it holds an object.
    Param(u32, bool),
    /// A quantified variable: its environment index, and whether it holds an object.
    Var(u32, bool),
    /// A boolean literal (0 or 1).
    Scalar(i64),
    Class(u16),
    Join(Box<CS>, CR),
    Union(Box<CS>, Box<CS>),
    Diff(Box<CS>, Box<CS>),
    Inter(Box<CS>, Box<CS>),
    IntValue(Box<CI>),
}

/// A compiled relation.
#[derive(Clone, Debug)]
pub(crate) enum CR {
    /// Field number `fi` of class `class`, holding objects of `target` (or scalars if `None`).
    Field {
        class: u16,
        fi: u32,
        target: Option<u16>,
    },
    Union(Box<CR>, Box<CR>),
    Transpose(Box<CR>),
    Closure {
        reflexive: bool,
        rel: Box<CR>,
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
fn forward_fields(r: &CR, lay: &Layout, out: &mut Vec<(u16, u32)>, sat: &mut u128) -> bool {
    match r {
        CR::Field {
            class,
            fi,
            target: Some(t),
        } => {
            out.push((*class, *fi));
            *sat |= lay.classes[usize::from(*t)].mask;
            true
        }
        CR::Union(a, b) => forward_fields(a, lay, out, sat) && forward_fields(b, lay, out, sat),
        _ => false,
    }
}

/// A compiled integer expression.
#[derive(Clone, Debug)]
pub(crate) enum CI {
    Lit(i64),
    Sum(Box<CS>),
    Card(Box<CS>),
    Add(Box<CI>, Box<CI>),
    Sub(Box<CI>, Box<CI>),
    Neg(Box<CI>),
}

/// A compiled invariant or precondition.
#[derive(Clone, Debug)]
pub(crate) struct Constraint {
    /// Its name (for errors).
    pub name: String,
    /// The formula.
    pub formula: CF,
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
        rm,
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
    rm: &'a ResolvedMethod,
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

    fn formula(&mut self, f: &Formula) -> R<CF> {
        let b = |cx: &mut Self, g: &Formula| cx.formula(g).map(Box::new);
        Ok(match f {
            Formula::Const(v) => CF::Const(*v),
            Formula::Subset(x, y) => CF::Subset(self.set(x)?, self.set(y)?),
            Formula::SetEq(x, y) => CF::SetEq(self.set(x)?, self.set(y)?),
            Formula::IntCmp(op, x, y) => CF::IntCmp(*op, self.int(x)?, self.int(y)?),
            Formula::Mult(q, e) => CF::Mult(*q, self.set(e)?),
            Formula::Quant {
                q,
                vars,
                bound,
                body,
            } => CF::Quant {
                q: *q,
                vars: vars.iter().map(|v| self.var(v)).collect(),
                bound: self.set(bound)?,
                body: b(self, body)?,
            },
            Formula::Not(g) => CF::Not(b(self, g)?),
            Formula::And(x, y) => CF::And(b(self, x)?, b(self, y)?),
            Formula::Or(x, y) => CF::Or(b(self, x)?, b(self, y)?),
            Formula::Implies(x, y) => CF::Implies(b(self, x)?, b(self, y)?),
            Formula::IfElse(c, t, e) => CF::IfElse(b(self, c)?, b(self, t)?, b(self, e)?),
            Formula::Iff(x, y) => CF::Iff(b(self, x)?, b(self, y)?),
        })
    }

    fn var(&mut self, v: &Var) -> u32 {
        let next = self.vars.len() as u32;
        *self.vars.entry(v.id).or_insert(next)
    }

    fn set(&mut self, e: &SetExpr) -> R<CS> {
        let b = |cx: &mut Self, g: &SetExpr| cx.set(g).map(Box::new);
        Ok(match e {
            SetExpr::This(_) if self.rm.sig.is_static => {
                return Err(self.unsupported("`this` in a static method"))
            }
            SetExpr::This(_) => CS::This,
            SetExpr::Null => CS::Null,
            SetExpr::Result(_) => return Err(self.unsupported("`result` describes the post-state")),
            SetExpr::Param(name, ty) => {
                let arg = self.lay.args.iter().find(|a| &a.name == name);
                let arg =
                    arg.ok_or_else(|| self.unsupported(&format!("unknown parameter `{name}`")))?;
                CS::Param(arg.slot, is_obj(ty))
            }
            SetExpr::Var(v) => CS::Var(self.var(v), is_obj(&v.ty)),
            SetExpr::Bool(v) => CS::Scalar(i64::from(*v)),
            SetExpr::Class(_, State::Post) => return Err(self.post()),
            SetExpr::Class(c, State::Pre) => CS::Class(self.lay.class_of(c)?),
            SetExpr::Join { left, rel, .. } => CS::Join(b(self, left)?, self.rel(rel)?),
            SetExpr::Union(x, y) => CS::Union(b(self, x)?, b(self, y)?),
            SetExpr::Diff(x, y) => CS::Diff(b(self, x)?, b(self, y)?),
            SetExpr::Inter(x, y) => CS::Inter(b(self, x)?, b(self, y)?),
            SetExpr::IntValue(i) => CS::IntValue(Box::new(self.int(i)?)),
        })
    }

    fn post(&self) -> GenError {
        self.unsupported("it reads the post-state (a prime)")
    }

    fn rel(&mut self, r: &Rel) -> R<CR> {
        let b = |cx: &mut Self, g: &Rel| cx.rel(g).map(Box::new);
        Ok(match r {
            Rel::Field(_, State::Post) => return Err(self.post()),
            Rel::Field(f, State::Pre) => self.field(f)?,
            Rel::Union(x, y) => CR::Union(b(self, x)?, b(self, y)?),
            Rel::Transpose(x) => CR::Transpose(b(self, x)?),
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
                CR::Closure {
                    reflexive: *reflexive,
                    rel,
                    fields,
                }
            }
        })
    }

    fn field(&self, f: &FieldRef) -> R<CR> {
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
        Ok(CR::Field {
            class,
            fi: fi as u32,
            target,
        })
    }

    fn int(&mut self, e: &IntExpr) -> R<CI> {
        let b = |cx: &mut Self, g: &IntExpr| cx.int(g).map(Box::new);
        Ok(match e {
            IntExpr::Lit(v) => CI::Lit(*v),
            IntExpr::Sum(s) => CI::Sum(Box::new(self.set(s)?)),
            IntExpr::Card(s) => CI::Card(Box::new(self.set(s)?)),
            IntExpr::Add(x, y) => CI::Add(b(self, x)?, b(self, y)?),
            IntExpr::Sub(x, y) => CI::Sub(b(self, x)?, b(self, y)?),
            IntExpr::Neg(x) => CI::Neg(b(self, x)?),
        })
    }
}

fn is_obj(ty: &SetType) -> bool {
    matches!(ty, SetType::Objects(_))
}
