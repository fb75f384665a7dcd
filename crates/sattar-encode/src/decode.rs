//! Decoding: a model (or a constant encoding) back into the input heap, the predicted run — its
//! termination, post-state, coverage and branch trace — and the verdict of every constraint.

use crate::code::BoundKey;
use crate::universe::{Origin, Universe};
use crate::value::Val;
use crate::Encoding;
use sattar_heap::{short_class, Heap, ObjId, Object, TestInput, Value};
use sattar_java::interp::canonical_outcome;
use sattar_java::{BranchEvent, Execution, StmtId, Termination};
use sattar_sat::{Bool, Model};
use sattar_spec::resolved::ConstraintKind;
use std::cell::Cell;
use std::collections::{BTreeSet, HashSet};

/// The implicit postcondition violated when an exception escapes (as the oracle names it).
pub const NO_EXCEPTION: &str = "noException";

/// What a model says about one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The input (the fixed one, or the one the model chose).
    pub input: TestInput,
    /// The predicted run; `steps` counts statement starts and condition evaluations.
    pub execution: Execution,
    /// Every named constraint and whether it holds.
    pub constraints: Vec<(String, ConstraintKind, bool)>,
    /// Loops/recursions the run goes past (empty for a faithful run).
    pub unwound: Vec<BoundKey>,
}

impl Decoded {
    /// The input satisfies every invariant and precondition.
    pub fn pre_ok(&self) -> bool {
        self.constraints
            .iter()
            .all(|(_, k, h)| *k == ConstraintKind::Ensures || *h)
    }

    /// The violated postconditions: `noException` if the run threw, else the false `ensures`.
    pub fn violated(&self) -> Vec<String> {
        if self.execution.exception().is_some() {
            return vec![NO_EXCEPTION.to_string()];
        }
        self.constraints
            .iter()
            .filter(|(_, k, h)| *k == ConstraintKind::Ensures && !*h)
            .map(|(n, _, _)| n.clone())
            .collect()
    }

    /// The violated invariants and preconditions.
    pub fn pre_violated(&self) -> Vec<String> {
        self.constraints
            .iter()
            .filter(|(_, k, h)| *k != ConstraintKind::Ensures && !*h)
            .map(|(n, _, _)| n.clone())
            .collect()
    }
}

/// Object names of a decoded heap: input names, `Node0`-style names for free atoms, and
/// temporary names for new objects (renamed `new0…` like the interpreter's).
struct Names {
    names: Vec<Vec<ObjId>>,
}

impl Names {
    fn new(u: &Universe) -> Names {
        let taken: HashSet<String> = u
            .classes
            .iter()
            .flat_map(|c| &c.atoms)
            .filter_map(|a| match &a.origin {
                Origin::Input(id) => Some(id.0.clone()),
                _ => None,
            })
            .collect();
        let clash = short_names_clash(u);
        let names = u
            .classes
            .iter()
            .map(|c| {
                let base = if clash {
                    c.name.replace('.', "_")
                } else {
                    short_class(&c.name).to_string()
                };
                c.atoms
                    .iter()
                    .map(|a| match &a.origin {
                        Origin::Input(id) => id.clone(),
                        Origin::Free(i) => ObjId(format!("{base}{i}")),
                        Origin::Alloc(i) => {
                            let mut n = format!("alloc#{i}");
                            while taken.contains(&n) {
                                n.push('#');
                            }
                            ObjId(n)
                        }
                    })
                    .collect()
            })
            .collect();
        Names { names }
    }
}

fn short_names_clash(u: &Universe) -> bool {
    let mut seen = HashSet::new();
    u.classes.iter().any(|c| !seen.insert(short_class(&c.name)))
}

impl Encoding {
    /// Decodes a model of this encoding's session.
    pub fn decode(&self, model: &Model) -> Decoded {
        self.decode_with(&|b| model.value(b))
    }

    /// Decodes an encoding whose every literal is constant (a fixed input in direct mode);
    /// `None` if some literal is not.
    pub fn decode_constant(&self) -> Option<Decoded> {
        let all_const = Cell::new(true);
        let d = self.decode_with(&|b: Bool| {
            b.as_const().unwrap_or_else(|| {
                all_const.set(false);
                false
            })
        });
        all_const.get().then_some(d)
    }

    fn decode_with(&self, value: &dyn Fn(Bool) -> bool) -> Decoded {
        let names = Names::new(&self.universe);
        let d = Dec {
            u: &self.universe,
            names: &names,
            value,
        };
        let input = match &self.fixed {
            Some(i) => i.clone(),
            None => d.input(self),
        };
        let unwound: Vec<BoundKey> = self
            .walked
            .unwind
            .iter()
            .filter(|(_, b)| value(**b))
            .map(|(k, _)| *k)
            .collect();
        let execution = d.execution(self, &input, !unwound.is_empty());
        let constraints = self
            .constraints
            .iter()
            .map(|c| (c.name.clone(), c.kind, value(c.holds)))
            .collect();
        Decoded {
            input,
            execution,
            constraints,
            unwound,
        }
    }
}

struct Dec<'a> {
    u: &'a Universe,
    names: &'a Names,
    value: &'a dyn Fn(Bool) -> bool,
}

impl Dec<'_> {
    fn int(&self, v: &sattar_sat::BitVec) -> i32 {
        let mut raw: i64 = 0;
        for (i, b) in v.bits().iter().enumerate().take(32) {
            raw |= i64::from((self.value)(*b)) << i;
        }
        let w = v.width().min(32);
        let shift = 64 - w as u32;
        ((raw << shift) >> shift) as i32
    }

    /// A symbolic value of class `class` (for references) as a concrete one.
    fn val(&self, v: &Val, class: Option<&str>) -> Value {
        match v {
            Val::Int(x) => Value::Int(self.int(x)),
            Val::Bool(b) => Value::Bool((self.value)(*b)),
            Val::Ref(bits) => {
                let k = class.and_then(|c| self.u.class_id(c));
                let hit = bits.iter().position(|b| (self.value)(*b));
                match (k, hit) {
                    (Some(k), Some(i)) => self.names.names[k]
                        .get(i)
                        .cloned()
                        .map_or(Value::Null, Value::Ref),
                    _ => Value::Null,
                }
            }
        }
    }

    fn object(&self, heap: &crate::universe::SymHeap, k: usize, i: usize) -> Object {
        let class = &self.u.classes[k];
        let fields = class
            .fields
            .iter()
            .enumerate()
            .map(|(f, (name, ty, _))| {
                let target = match ty {
                    sattar_heap::FieldType::Ref(c) => Some(c.as_str()),
                    _ => None,
                };
                let v = heap.fields[k][f]
                    .get(i)
                    .map_or(Value::Null, |v| self.val(v, target));
                (name.clone(), v)
            })
            .collect();
        Object {
            class: class.name.clone(),
            fields,
        }
    }

    fn input(&self, enc: &Encoding) -> TestInput {
        let mut heap = Heap::default();
        for (k, class) in self.u.classes.iter().enumerate() {
            for (i, a) in class.atoms.iter().enumerate() {
                if matches!(a.origin, Origin::Free(_)) && (self.value)(a.exists_pre) {
                    heap.objects.insert(
                        self.names.names[k][i].clone(),
                        self.object(&enc.pre_heap, k, i),
                    );
                }
            }
        }
        let this = enc
            .this
            .as_ref()
            .and_then(|t| self.val(t, Some(&enc.sig.class)).as_ref().cloned());
        let args = enc
            .sig
            .params
            .iter()
            .zip(&enc.args)
            .map(|((n, ty), (_, v))| (n.clone(), self.val(v, ref_class(ty))))
            .collect();
        TestInput { this, args, heap }
    }

    fn execution(&self, enc: &Encoding, input: &TestInput, unwound: bool) -> Execution {
        let w = &enc.walked;
        let thrown = w.exceptions.iter().find(|(_, b)| (self.value)(**b));
        let result = match (&enc.sig.ret, &w.result) {
            (Some(ty), Some(v)) => Some(self.val(v, ref_class(ty))),
            _ => None,
        };
        let termination = match thrown {
            Some((class, _)) => Termination::Threw(class.clone()),
            None if unwound => Termination::StepLimit,
            None => Termination::Returned(result.clone()),
        };
        let mut raw = Heap::default();
        for (k, class) in self.u.classes.iter().enumerate() {
            for (i, a) in class.atoms.iter().enumerate() {
                if (self.value)(a.exists_post) {
                    raw.objects
                        .insert(self.names.names[k][i].clone(), self.object(&w.heap, k, i));
                }
            }
        }
        let (termination, post) = canonical_outcome(&raw, input, termination);
        let mut covered: BTreeSet<StmtId> = enc
            .instances
            .iter()
            .filter(|i| (self.value)(i.guard))
            .map(|i| i.stmt)
            .collect();
        covered.extend(
            w.cover
                .iter()
                .filter(|(_, g)| (self.value)(*g))
                .map(|(s, _)| *s),
        );
        let trace = enc
            .branches
            .iter()
            .filter(|b| (self.value)(b.guard))
            .map(|b| BranchEvent {
                stmt: b.stmt,
                taken: (self.value)(b.taken),
            })
            .collect();
        let steps = enc
            .instances
            .iter()
            .filter(|i| (self.value)(i.guard))
            .count() as u64;
        Execution {
            termination,
            post,
            covered,
            trace,
            trace_dropped: 0,
            steps,
        }
    }
}

fn ref_class(ty: &sattar_heap::FieldType) -> Option<&str> {
    match ty {
        sattar_heap::FieldType::Ref(c) => Some(c),
        _ => None,
    }
}
