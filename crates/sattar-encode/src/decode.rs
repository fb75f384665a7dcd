//! Decoding: a model (or a constant encoding) back into the input heap, the predicted run — its
//! termination, post-state, coverage and branch trace — and the verdict of every constraint.

use crate::code::BoundKey;
use crate::universe::{Atom, Origin, SymHeap, Universe};
use crate::value::Val;
use crate::Encoding;
use sattar_heap::{short_class, FieldType, Heap, IntKind, ObjId, Object, TestInput, Value};
use sattar_java::interp::canonical_outcome;
use sattar_java::{BranchEvent, Execution, StmtId, Termination};
use sattar_sat::{Bool, Model};
use sattar_spec::resolved::ConstraintKind;
use std::cell::Cell;
use std::collections::{BTreeSet, HashSet};

/// The implicit postcondition violated when an exception escapes (as the oracle names it).
pub const NO_EXCEPTION: &str = "noException";
/// The implicit postcondition violated by a run that does not end within its bounds.
pub const TERMINATES: &str = "terminates";

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

    /// The violated postconditions: `noException` if the run threw, `terminates` if it went past
    /// its bounds, else the false `ensures`.
    pub fn violated(&self) -> Vec<String> {
        if self.execution.exception().is_some() {
            return vec![NO_EXCEPTION.to_string()];
        }
        if self.execution.termination == Termination::StepLimit {
            return vec![TERMINATES.to_string()];
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

/// Object names of a decoded heap, by global atom: input and environment names, `Node0`-style
/// names for free atoms, and temporary names for new objects (renamed `new0…` like the
/// interpreter's).
struct Names {
    names: Vec<ObjId>,
}

impl Names {
    fn new(u: &Universe) -> Names {
        let taken: HashSet<String> = u
            .atoms
            .iter()
            .filter_map(|a| match &a.origin {
                Origin::Input(id) | Origin::Env(id) => Some(id.0.clone()),
                _ => None,
            })
            .collect();
        let clash = short_names_clash(u);
        let names = u
            .atoms
            .iter()
            .map(|a| match &a.origin {
                Origin::Input(id) | Origin::Env(id) => id.clone(),
                Origin::Free(i) => {
                    let name = &u.classes[a.class].name;
                    let base = if clash {
                        name.replace('.', "_")
                    } else {
                        short_class(name).to_string()
                    };
                    ObjId(format!("{base}{i}"))
                }
                Origin::Alloc(i) => {
                    let mut n = format!("alloc#{i}");
                    while taken.contains(&n) {
                        n.push('#');
                    }
                    ObjId(n)
                }
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
        // Every object before the call, the environment's included: what the run starts from.
        let start = d.input(self);
        let unwound: Vec<BoundKey> = self
            .walked
            .unwind
            .iter()
            .filter(|(_, b)| value(**b))
            .map(|(k, _)| *k)
            .collect();
        let execution = d.execution(self, &start, !unwound.is_empty());
        // The environment's objects (enum constants) are in every run's heap: not part of an input.
        let input = match &self.fixed {
            Some(i) => i.clone(),
            None => {
                let mut input = start;
                let env: Vec<&ObjId> = self
                    .universe
                    .atoms
                    .iter()
                    .filter_map(|a| match &a.origin {
                        Origin::Env(id) => Some(id),
                        _ => None,
                    })
                    .collect();
                input.heap.objects.retain(|id, _| !env.contains(&id));
                input
            }
        };
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
    fn int(&self, v: &sattar_sat::BitVec) -> i64 {
        let mut raw: i64 = 0;
        for (i, b) in v.bits().iter().enumerate().take(64) {
            raw |= i64::from((self.value)(*b)) << i;
        }
        let w = v.width().clamp(1, 64);
        let shift = 64 - w as u32;
        (raw << shift) >> shift
    }

    /// A symbolic value of type `ty` as a concrete one (an integer of unknown type as an `int`).
    fn val(&self, v: &Val, ty: Option<&FieldType>) -> Value {
        match v {
            Val::Int(x) => {
                let kind = ty.and_then(FieldType::int_kind).unwrap_or(IntKind::Int);
                Value::integer(kind, self.int(x))
            }
            Val::Bool(b) => Value::Bool((self.value)(*b)),
            Val::Ref(bits) => match bits.iter().position(|b| (self.value)(*b)) {
                Some(g) => self
                    .names
                    .names
                    .get(g)
                    .cloned()
                    .map_or(Value::Null, Value::Ref),
                None => Value::Null,
            },
        }
    }

    /// Atom `g` as an object of `heap`.
    fn object(&self, heap: &SymHeap, g: usize) -> Object {
        let (k, i) = (self.u.atoms[g].class, self.u.atoms[g].local);
        let class = &self.u.classes[k];
        let fields: std::collections::BTreeMap<String, Value> = class
            .fields
            .iter()
            .enumerate()
            .map(|(f, (name, ty, _))| {
                let v = heap.fields[k][f]
                    .get(i)
                    .map_or(Value::Null, |v| self.val(v, Some(ty)));
                (name.clone(), v)
            })
            .collect();
        let object = Object {
            class: class.name.clone(),
            fields,
        };
        // An array keeps the slots below its length only (all of them when a run went past the
        // array bound: its length is then more than the slots hold).
        match (object.elements(), object.length()) {
            (Some(elements), Some(n)) if n == elements.len() => {
                Object::array(class.name.clone(), elements)
            }
            (Some(elements), Some(n)) if n < elements.len() => {
                Object::array(class.name.clone(), elements[..n].to_vec())
            }
            _ => object,
        }
    }

    /// The existing atoms (before or after the call) and the statics of `heap`, as a heap.
    fn heap(&self, heap: &SymHeap, exists: impl Fn(&Atom) -> Option<Bool>) -> Heap {
        let mut out = Heap::default();
        for (g, a) in self.u.atoms.iter().enumerate() {
            if exists(a).is_some_and(|e| (self.value)(e)) {
                out.objects
                    .insert(self.names.names[g].clone(), self.object(heap, g));
            }
        }
        for (s, v) in self.u.statics.iter().zip(&heap.statics) {
            out.statics.insert(s.key.clone(), self.val(v, Some(&s.ty)));
        }
        out
    }

    fn input(&self, enc: &Encoding) -> TestInput {
        let heap = self.heap(&enc.pre_heap, |a| match a.origin {
            Origin::Alloc(_) => None,
            _ => Some(a.exists_pre),
        });
        let this = enc
            .this
            .as_ref()
            .and_then(|t| self.val(t, None).as_ref().cloned());
        let args = enc
            .sig
            .params
            .iter()
            .zip(&enc.args)
            .map(|((n, t), (_, v))| (n.clone(), self.val(v, Some(t))))
            .collect();
        TestInput { this, args, heap }
    }

    fn execution(&self, enc: &Encoding, input: &TestInput, unwound: bool) -> Execution {
        let w = &enc.walked;
        let thrown = w.exceptions.iter().find(|(_, b)| (self.value)(**b));
        let result = match (&enc.sig.ret, &w.result) {
            (Some(t), Some(v)) => Some(self.val(v, Some(t))),
            _ => None,
        };
        let termination = match thrown {
            Some((class, _)) => Termination::Threw(class.clone()),
            None if unwound => Termination::StepLimit,
            None => Termination::Returned(result.clone()),
        };
        let raw = self.heap(&w.heap, |a| Some(a.exists_post));
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
