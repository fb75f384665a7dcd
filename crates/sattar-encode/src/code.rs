//! The encoding of a method's code: SSA with guards (see
//! docs/ENCODING.md#code-ssa-with-guards-coders). Every statement instance (after unrolling loops
//! and inlining calls) records the guard under which it runs; in grouped mode every value it
//! defines is a fresh variable constrained in the instance's group, so dropping the group frees
//! exactly what the statement defines.

mod arrays;
mod strings;

use crate::universe::{Origin, SymHeap, Universe};
use crate::value::{bit, equal, fresh_like, ite, select, Val};
use sattar_heap::{BoxClass, IntKind, Value, BOX_VALUE};
use sattar_java::interp::{static_key, ABSTRACT_METHOD, ARITHMETIC, CLASS_CAST, NPE};
use sattar_java::{
    BinOp, Block, Body, FieldRef, Handler, Label, Literal, MethodId, Node, NodeKind, Operand,
    Program, Rvalue, StmtId, Type, UnOp, VarId, VarKind,
};
use sattar_sat::{BitVec, Bool, Circuit, GroupId, Session};
use std::collections::{BTreeMap, HashMap};

/// What a loop or recursion bound is attached to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BoundKey {
    /// A loop statement: how many times its body may run.
    Loop(StmtId),
    /// A method: how deeply it may be inlined into itself.
    Recursion(MethodId),
    /// Arrays: how many elements one may hold (the slots of every array class).
    ArrayLength,
}

/// The bounds of one encoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Bits of an `int` (32 = Java's own wrap-around, no overflow tracking).
    pub width: usize,
    /// Iterations (or recursion depth) for a bound not listed in `per`.
    pub unroll: u32,
    /// Per-loop / per-method bounds that differ from `unroll`.
    pub per: BTreeMap<BoundKey, u32>,
    /// The most statement instances the walk may create.
    pub max_instances: usize,
    /// The most circuit nodes the encoding may build (memory); see `--max-gates`.
    pub max_gates: usize,
    /// Grouped: relaxing a statement frees its targets and checks too
    /// ([`crate::EncodeOptions::relax_targets`]).
    pub relax_targets: bool,
}

impl Bounds {
    /// The bound of `key`.
    pub fn of(&self, key: BoundKey) -> u32 {
        self.per.get(&key).copied().unwrap_or(self.unroll).max(1)
    }
}

/// One execution of a statement in the unrolled, inlined program.
#[derive(Clone, Debug)]
pub struct Instance {
    /// The statement.
    pub stmt: StmtId,
    /// Whether this instance starts executing.
    pub guard: Bool,
    /// Its group (grouped mode only).
    pub group: Option<GroupId>,
    /// Whether the run of a fixed input executes it (`None` until known).
    pub executed: Option<bool>,
}

/// Tags a loop iteration in a [`BranchInstance::key`] (call sites are node addresses, below it).
const LOOP_ITERATION: u64 = 1 << 63;

/// One evaluation of a branch condition.
#[derive(Clone, Debug)]
pub struct BranchInstance {
    /// The branch statement.
    pub stmt: StmtId,
    /// Its statement instance (an index into the instances).
    pub instance: usize,
    /// Whether the condition was evaluated to the end (no exception inside it).
    pub guard: Bool,
    /// Its value.
    pub taken: Bool,
    /// Where it is evaluated: the call sites and loop iterations around it, then the statement.
    /// Two walks of the same program under the same bounds (a fixed input and a free pre-state)
    /// give corresponding evaluations the same key, whatever code each found unreachable.
    pub key: Vec<u64>,
}

/// Everything the walk over the code produced.
#[derive(Clone)]
pub struct Walked {
    /// The universe, now with the allocation atoms.
    pub universe: Universe,
    /// The heap after the call.
    pub heap: SymHeap,
    /// Statement instances in execution order.
    pub instances: Vec<Instance>,
    /// Branch evaluations in execution order.
    pub branches: Vec<BranchInstance>,
    /// Coverage that is not an instance (a `do` statement is covered on entry).
    pub cover: Vec<(StmtId, Bool)>,
    /// Escaping exceptions by class: under which condition each is thrown.
    pub exceptions: BTreeMap<String, Bool>,
    /// Runs that go past a bound, per bound.
    pub unwind: BTreeMap<BoundKey, Bool>,
    /// Runs whose arithmetic leaves the bitwidth (never at 32 bits).
    pub overflow: Bool,
    /// Runs that call a JDK method sattar does not model (`Object`'s identity `hashCode()`).
    pub unmodelled: Bool,
    /// The returned value (`None` for `void`).
    pub result: Option<Val>,
    /// The walk stopped at the instance budget (the encoding is then refused).
    pub too_large: bool,
}

impl Walked {
    /// The state before the call, as a walk that has not started: no instances, the pre-state
    /// heap as the heap after (what an encoding of the pre-state alone holds).
    pub fn not_started(universe: Universe, heap: SymHeap) -> Walked {
        Walked {
            universe,
            heap,
            instances: Vec::new(),
            branches: Vec::new(),
            cover: Vec::new(),
            exceptions: BTreeMap::new(),
            unwind: BTreeMap::new(),
            overflow: Bool::FALSE,
            unmodelled: Bool::FALSE,
            result: None,
            too_large: false,
        }
    }
}

/// A method activation: the receiver and the current value of each variable of its body.
struct Frame<'a> {
    this: Option<Val>,
    body: &'a Body,
    vars: Vec<Option<Val>>,
    /// For each catch parameter, under which condition it holds an exception of each class.
    caught: HashMap<VarId, BTreeMap<String, Bool>>,
    /// The group of each statement's latest instance in this activation (what `Resume` restores).
    open: HashMap<StmtId, Option<GroupId>>,
}

/// The ways control can leave a `try` other than exceptions, under their conditions: returns
/// of the current method, and breaks to each enclosing label (in `labels` order).
struct Abrupt {
    returns: Bool,
    exits: Vec<Bool>,
}

/// A loop or labelled block being encoded: its label and when control leaves it.
struct LabelCtx {
    label: Label,
    exits: Bool,
}

struct CallCtx {
    returns: Bool,
    value: Val,
    ty: Type,
}

/// Walks the code of one method.
pub struct Walker<'a> {
    program: &'a Program,
    session: &'a mut Session,
    grouped: bool,
    /// The call sites (node addresses and callees) and loop iterations the walk is in: the
    /// prefix of every branch evaluation's key.
    context: Vec<u64>,
    /// The node being walked (its address): a call's site.
    site: u64,
    bounds: &'a Bounds,
    universe: Universe,
    heap: SymHeap,
    guard: Bool,
    frames: Vec<Frame<'a>>,
    labels: Vec<LabelCtx>,
    calls: Vec<CallCtx>,
    stack: Vec<MethodId>,
    /// For each method, whether it is a modelled JDK method's (see `in_library`).
    library: Vec<bool>,
    group: Option<GroupId>,
    instances: Vec<Instance>,
    branches: Vec<BranchInstance>,
    cover: Vec<(StmtId, Bool)>,
    exceptions: BTreeMap<String, Bool>,
    unwind: BTreeMap<BoundKey, Bool>,
    overflow: Bool,
    unmodelled: Bool,
    allocs: usize,
    /// The shared boxes made so far: those a later boxing of the same value returns.
    boxes: Vec<SharedBox>,
    /// The string literals made so far (interned: a later evaluation returns them).
    literals: Vec<strings::Literal>,
    counts: HashMap<StmtId, usize>,
    too_large: bool,
}

/// A box that boxing conversion made for a cached value: later boxings of an equal value of the
/// same class return it.
struct SharedBox {
    class: String,
    value: Val,
    reference: Val,
    /// It was made (control reached it, the value is cached, and no earlier box held it).
    made: Bool,
}

impl<'a> Walker<'a> {
    /// A walker over `program` starting from the pre-state `heap`.
    pub fn new(
        program: &'a Program,
        session: &'a mut Session,
        grouped: bool,
        bounds: &'a Bounds,
        universe: Universe,
        heap: SymHeap,
    ) -> Walker<'a> {
        Walker {
            program,
            session,
            grouped,
            context: Vec::new(),
            site: 0,
            bounds,
            universe,
            heap,
            guard: Bool::TRUE,
            frames: Vec::new(),
            labels: Vec::new(),
            calls: Vec::new(),
            stack: Vec::new(),
            library: (0..program.methods.len())
                .map(|i| program.is_library_class(&program.method(MethodId(i as u32)).class))
                .collect(),
            group: None,
            instances: Vec::new(),
            branches: Vec::new(),
            cover: Vec::new(),
            exceptions: BTreeMap::new(),
            unwind: BTreeMap::new(),
            overflow: Bool::FALSE,
            unmodelled: Bool::FALSE,
            allocs: 0,
            boxes: Vec::new(),
            literals: Vec::new(),
            counts: HashMap::new(),
            too_large: false,
        }
    }

    /// Whether the current point is unreachable and may be skipped (everything is, past the
    /// instance budget).
    fn dead(&self) -> bool {
        self.too_large || self.guard == Bool::FALSE
    }

    /// Whether the circuit reached its node limit: the encoding is refused, so the walk stops.
    fn outgrown(&self) -> bool {
        self.session.circuit().exceeded()
    }

    /// Encodes a call of `method` on `this` with `args`, to the end of the method.
    pub fn run(mut self, method: MethodId, this: Option<Val>, args: Vec<Val>) -> Walked {
        let result = self.call(method, this, args);
        let void = self.program.method(method).ret == Type::Void;
        Walked {
            universe: self.universe,
            heap: self.heap,
            instances: self.instances,
            branches: self.branches,
            cover: self.cover,
            exceptions: self.exceptions,
            unwind: self.unwind,
            overflow: self.overflow,
            unmodelled: self.unmodelled,
            result: if void { None } else { result },
            too_large: self.too_large,
        }
    }

    /// A value the current instance defines when it runs (`g`): in grouped mode a fresh value, with
    /// `g → x = v` in the instance's group (a declaration, a branch condition).
    fn define(&mut self, g: Bool, v: Val, ty: &Type) -> Val {
        if self.in_library() {
            return v;
        }
        self.define_cell(g, v, ty)
    }

    /// A value the current instance defines, library code included: what a statement writes into
    /// the heap (a modelled JDK method's writes are the effects of the statement calling it).
    fn define_cell(&mut self, g: Bool, v: Val, ty: &Type) -> Val {
        let Some(group) = self.group.filter(|_| self.grouped) else {
            return v;
        };
        let fresh = self.fresh(&v, ty);
        let c = self.session.circuit_mut();
        let same = equal(c, &fresh, &v);
        let when = c.implies(g, same);
        // The group exists: it was created by `begin` in this session.
        let _ = self.session.assert_in_group(when, group);
        fresh
    }

    /// `x₁ = g ? new : old`. In grouped mode a fresh `x₁` with `g → x₁ = new` in the instance's group
    /// and the frame `¬g → x₁ = old` hard, so dropping the group frees `x₁` only where the statement
    /// runs.
    fn update(&mut self, g: Bool, new: Val, old: &Val, ty: &Type) -> Val {
        if self.in_library() {
            return ite(self.session.circuit_mut(), g, &new, old);
        }
        self.update_cell(g, new, old, ty)
    }

    /// `update` of a heap cell (a field, an element, a static): library code included.
    pub(crate) fn update_cell(&mut self, g: Bool, new: Val, old: &Val, ty: &Type) -> Val {
        if !self.grouped || self.group.is_none() {
            return ite(self.session.circuit_mut(), g, &new, old);
        }
        let fresh = self.define_cell(g, new, ty);
        let c = self.session.circuit_mut();
        let kept = equal(c, &fresh, old);
        let frame = c.or2(g, kept);
        self.session.assert_hard(frame);
        fresh
    }

    /// Whether the code being walked is a modelled JDK method's: it has no statements of its own
    /// and is trusted, so relaxing the statement that calls it frees the arguments it passes and
    /// the heap cells the call writes, not the model's own variables and branches.
    fn in_library(&self) -> bool {
        self.stack
            .last()
            .is_some_and(|m| self.library.get(m.0 as usize).copied().unwrap_or(false))
    }

    /// The arguments of a call of `method`: values the calling statement defines (relaxing it
    /// frees them: a wrong argument is then explained by the call, not only by the callee's
    /// code), each ranging over its expression's static type — what another expression in its
    /// place could be — or the parameter's type for a constant.
    fn arguments(&mut self, method: Option<MethodId>, args: &[Operand]) -> Vec<Val> {
        let program = self.program;
        let params = method.map_or(&[][..], |m| &program.method(m).params[..]);
        let g = self.guard;
        let mut vals = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let ty = match a {
                Operand::Var(v) => Some(self.var_type(*v)).filter(|t| matches!(t, Type::Class(_))),
                _ => None,
            };
            let ty = ty.unwrap_or_else(|| params.get(i).map_or(Type::Void, |p| p.ty.clone()));
            let v = self.operand(a);
            vals.push(self.define(g, v, &ty));
        }
        vals
    }

    fn fresh(&mut self, like: &Val, ty: &Type) -> Val {
        let allowed = self.ref_mask(ty);
        let (fresh, wf) = fresh_like(self.session.circuit_mut(), like, &allowed);
        self.session.assert_hard(wf);
        fresh
    }

    /// Which atoms (existing now) a reference of type `ty` can point at.
    fn ref_mask(&self, ty: &Type) -> Vec<bool> {
        match ty {
            Type::Class(c) => (0..self.universe.total_atoms())
                .map(|g| self.universe.atom_is_a(g, c))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Whether the reference `v` is an object that is a `class` (false for null).
    fn is_instance(&mut self, v: &Val, class: &str) -> Bool {
        let bits: Vec<Bool> = v
            .as_ref_bits()
            .iter()
            .enumerate()
            .filter(|(g, _)| *g < self.universe.total_atoms() && self.universe.atom_is_a(*g, class))
            .map(|(_, b)| *b)
            .collect();
        self.session.circuit_mut().or(&bits)
    }

    /// A cast of `v` to `class`: throws a `ClassCastException` when it is an object that is not one.
    fn check_cast(&mut self, v: &Val, class: &str) {
        let is = self.is_instance(v, class);
        let c = self.session.circuit_mut();
        let null = c.none_of(v.as_ref_bits());
        let ok = c.or2(null, is);
        self.check_fails(CLASS_CAST, !ok);
    }

    /// `v` without the atoms that are not a `class` (null stays null).
    fn narrowed(&self, v: &Val, class: &str) -> Val {
        let total = self.universe.total_atoms();
        let bits = v.as_ref_bits().iter().enumerate();
        Val::Ref(
            bits.map(
                |(g, b)| match g < total && !self.universe.atom_is_a(g, class) {
                    true => Bool::FALSE,
                    false => *b,
                },
            )
            .collect(),
        )
    }

    /// Whether `var` is a temporary the lowering made (assigned once per evaluation).
    fn is_temp(&self, var: VarId) -> bool {
        self.frames
            .last()
            .is_some_and(|f| f.body.var(var).kind == VarKind::Temp)
    }

    fn default_val(&mut self, ty: &Type) -> Val {
        match ty {
            Type::Int | Type::Integer(_) => {
                Val::Int(self.session.circuit_mut().bv_const(self.bounds.width, 0))
            }
            Type::Boolean | Type::Void => Val::Bool(Bool::FALSE),
            Type::Class(_) | Type::Null => Val::Ref(Vec::new()),
        }
    }

    /// Starts an instance of `id`: records its guard and, in grouped mode, opens its group.
    fn begin(&mut self, id: StmtId) {
        if self.instances.len() >= self.bounds.max_instances {
            self.too_large = true;
            self.guard = Bool::FALSE;
            return;
        }
        let n = self.counts.entry(id).or_insert(0);
        *n += 1;
        let group = self
            .grouped
            .then(|| self.session.new_group(format!("{id}#{n}")));
        self.group = group;
        if let Some(f) = self.frames.last_mut() {
            f.open.insert(id, group);
        }
        let executed = self.guard.as_const();
        self.instances.push(Instance {
            stmt: id,
            guard: self.guard,
            group,
            executed,
        });
    }

    fn raise(&mut self, class: &str, when: Bool) {
        let old = self.exceptions.get(class).copied().unwrap_or(Bool::FALSE);
        let new = self.session.circuit_mut().or2(old, when);
        self.exceptions.insert(class.to_string(), new);
    }

    /// A run-time check of the current statement: it throws `class` where `fails` holds, and the
    /// run goes on where it does not. Whether it throws is part of what the statement does: when
    /// targets are relaxed, `fails` is a value the instance defines, so relaxing the statement
    /// frees it too (a fix at a dereference need not dereference) and an exception escaping the
    /// method is explainable by the statement that threw it, not only by those that made its
    /// operands.
    pub(crate) fn check_fails(&mut self, class: &str, fails: Bool) {
        let g = self.guard;
        let fails = match self.bounds.relax_targets {
            true => self.define(g, Val::Bool(fails), &Type::Boolean).as_bool(),
            false => fails,
        };
        let thrown = self.session.circuit_mut().and2(g, fails);
        self.raise(class, thrown);
        self.guard = self.session.circuit_mut().and2(g, !fails);
    }

    fn go_past(&mut self, key: BoundKey, when: Bool) {
        let old = self.unwind.get(&key).copied().unwrap_or(Bool::FALSE);
        let new = self.session.circuit_mut().or2(old, when);
        self.unwind.insert(key, new);
    }

    /// A dereference of `v`: throws a `NullPointerException` when it is null.
    fn null_check(&mut self, v: &Val) {
        let null = self.session.circuit_mut().none_of(v.as_ref_bits());
        self.check_fails(NPE, null);
    }

    /// A division's divisor: throws an `ArithmeticException` when it is zero.
    fn zero_check(&mut self, v: &Val) {
        let c = self.session.circuit_mut();
        let zero = c.bv_const(self.bounds.width, 0);
        let is_zero = v.as_int().map_or(Bool::FALSE, |x| c.bv_eq(x, &zero));
        self.check_fails(ARITHMETIC, is_zero);
    }

    /// The value of `var` in the current frame, if it has one.
    fn value_of(&self, var: VarId) -> Option<Val> {
        self.frames
            .last()
            .and_then(|f| f.vars[var.0 as usize].clone())
    }

    fn bind(&mut self, var: VarId, v: Val) {
        // `run` pushes the first frame before any statement is encoded.
        if let Some(f) = self.frames.last_mut() {
            f.vars[var.0 as usize] = Some(v);
        }
    }

    fn var_type(&self, var: VarId) -> Type {
        self.frames
            .last()
            .map_or(Type::Void, |f| f.body.var(var).ty.clone())
    }

    /// Encodes a block; nesting and inlined calls recurse here, on a stack that grows as needed.
    fn block(&mut self, b: &'a Block) {
        sattar_java::deep(|| {
            for n in b {
                if self.dead() || self.outgrown() {
                    return; // unreachable from here on, or the encoding is refused
                }
                self.node(n);
            }
        })
    }

    fn node(&mut self, n: &'a Node) {
        match &n.kind {
            NodeKind::Enter => self.begin(n.stmt),
            NodeKind::Cover => self.cover.push((n.stmt, self.guard)),
            NodeKind::Let { var, value } => {
                self.site = std::ptr::from_ref(n) as usize as u64;
                let v = self.rvalue(value, *var);
                self.bind(*var, v);
            }
            NodeKind::Declare { var, init } => {
                let ty = self.var_type(*var);
                let v = match init {
                    Some(op) => self.operand(op),
                    None => self.default_val(&ty),
                };
                let g = self.guard;
                let v = self.define(g, v, &ty);
                self.bind(*var, v);
            }
            NodeKind::Assign { var, value } => {
                let ty = self.var_type(*var);
                let v = self.operand(value);
                let old = self.value_of(*var).unwrap_or_else(|| v.clone());
                let g = self.guard;
                let new = self.update(g, v, &old, &ty);
                self.bind(*var, new);
            }
            NodeKind::Store { obj, field, value } => {
                let o = self.operand(obj);
                let v = self.operand(value);
                self.store(field, o, &v);
            }
            NodeKind::NullCheck(op) => {
                let v = self.operand(op);
                self.null_check(&v);
            }
            NodeKind::ZeroCheck(op) => {
                let v = self.operand(op);
                self.zero_check(&v);
            }
            NodeKind::CheckCast { op, class } => {
                let v = self.operand(op);
                self.check_cast(&v, class);
                // Past the check the value is a `class` or null. A temporary is read only after
                // its definition on the same path, so it may drop the other atoms: calls on it
                // then dispatch to `class`'s methods only, not to every class's.
                if let Operand::Var(x) = op {
                    if self.is_temp(*x) {
                        let narrowed = self.narrowed(&v, class);
                        self.bind(*x, narrowed);
                    }
                }
            }
            NodeKind::IndexCheck { arr, index } => {
                let (a, i) = (self.operand(arr), self.operand(index));
                let class = self.array_class(arr);
                self.index_check(&a, &i, &class);
            }
            NodeKind::SizeCheck(op) => {
                let v = self.operand(op);
                self.size_check(&v);
            }
            NodeKind::StoreCheck { arr, value } => {
                let (a, v) = (self.operand(arr), self.operand(value));
                self.store_check(&a, &v);
            }
            NodeKind::ArrayCopy {
                src,
                src_pos,
                dest,
                dest_pos,
                len,
            } => {
                let (s, sp) = (self.operand(src), self.operand(src_pos));
                let (d, dp, l) = (
                    self.operand(dest),
                    self.operand(dest_pos),
                    self.operand(len),
                );
                self.array_copy(&s, &sp, &d, &dp, &l);
            }
            NodeKind::ArrayFill {
                arr,
                from,
                to,
                value,
            } => {
                let (a, lo, hi) = (self.operand(arr), self.operand(from), self.operand(to));
                let v = self.operand(value);
                self.array_fill(&a, &lo, &hi, &v);
            }
            NodeKind::StoreElem { arr, index, value } => {
                let (a, i, v) = (self.operand(arr), self.operand(index), self.operand(value));
                // Which element a statement writes is part of what it does: relaxing it frees
                // the index as well as the value (a wrong index is a common array fault).
                let g = self.guard;
                let i = self.define(g, i, &Type::Int);
                let ty = self.element_type(arr);
                self.store_elem(&a, &i, &v, &ty);
            }
            NodeKind::StoreStatic { field, value } => {
                let v = self.operand(value);
                self.write_static(field, v);
            }
            NodeKind::Branch { cond } => self.branch(n.stmt, *cond),
            NodeKind::If {
                cond,
                then_b,
                else_b,
            } => {
                let c = self.operand(cond).as_bool();
                let g = self.guard;
                self.guard = self.session.circuit_mut().and2(g, c);
                self.block(then_b);
                let after_then = self.guard;
                self.guard = self.session.circuit_mut().and2(g, !c);
                self.block(else_b);
                self.guard = self.session.circuit_mut().or2(after_then, self.guard);
            }
            NodeKind::Loop { label, head, body } => self.loop_(n.stmt, *label, head, body),
            NodeKind::Labeled { label, body } => {
                self.labels.push(LabelCtx {
                    label: *label,
                    exits: Bool::FALSE,
                });
                self.block(body);
                let exits = self.labels.pop().map_or(Bool::FALSE, |l| l.exits);
                self.guard = self.session.circuit_mut().or2(self.guard, exits);
            }
            NodeKind::Break(label) => {
                let g = self.guard;
                if let Some(i) = self.labels.iter().rposition(|l| l.label == *label) {
                    let old = self.labels[i].exits;
                    self.labels[i].exits = self.session.circuit_mut().or2(old, g);
                }
                self.guard = Bool::FALSE;
            }
            NodeKind::Return(value) => self.ret(value.as_ref()),
            NodeKind::Try {
                body,
                handlers,
                finally,
            } => self.try_(body, handlers, finally.as_ref()),
            NodeKind::Resume => {
                if let Some(g) = self.frames.last().and_then(|f| f.open.get(&n.stmt)) {
                    self.group = *g;
                }
            }
            NodeKind::Rethrow(var) => {
                let caught = self
                    .frames
                    .last()
                    .and_then(|f| f.caught.get(var).cloned())
                    .unwrap_or_default();
                for (class, held) in caught {
                    let g = self.session.circuit_mut().and2(self.guard, held);
                    self.raise(&class, g);
                }
                self.guard = Bool::FALSE;
            }
            NodeKind::Throw(exception) => {
                let g = self.guard;
                self.raise(exception, g);
                self.guard = Bool::FALSE;
            }
        }
    }

    fn ret(&mut self, value: Option<&Operand>) {
        let v = value.map(|op| self.operand(op));
        let g = self.guard;
        let Some(ctx) = self.calls.pop() else { return };
        let value = match v {
            Some(v) => self.update(g, v, &ctx.value, &ctx.ty),
            None => ctx.value,
        };
        let returns = self.session.circuit_mut().or2(ctx.returns, g);
        self.calls.push(CallCtx {
            returns,
            value,
            ty: ctx.ty,
        });
        self.guard = Bool::FALSE;
    }

    /// `try`: the exceptions the body throws go to the first handler that catches their class
    /// (each class under the condition that it is thrown); with a `finally`, everything that
    /// leaves the body or a handler — normally, by an exception, a return or a break — runs
    /// it once, under the disjunction of those (disjoint) conditions, and resumes afterwards in
    /// the mode it came with.
    fn try_(&mut self, body: &'a Block, handlers: &'a [Handler], finally: Option<&'a Block>) {
        let outer = std::mem::take(&mut self.exceptions);
        let before = finally.map(|_| self.take_abrupt());
        self.block(body);
        let mut pending = std::mem::take(&mut self.exceptions);
        let mut normal = vec![self.guard];
        for h in handlers {
            let mut caught = BTreeMap::new();
            for (class, when) in pending.iter_mut() {
                let catches = h.classes.iter().any(|c| self.program.is_subclass(class, c));
                if catches && *when != Bool::FALSE {
                    caught.insert(class.clone(), *when);
                    *when = Bool::FALSE;
                }
            }
            let conds: Vec<Bool> = caught.values().copied().collect();
            self.guard = self.session.circuit_mut().or(&conds);
            if let Some(f) = self.frames.last_mut() {
                f.caught.insert(h.param, caught);
            }
            self.block(&h.body);
            normal.push(self.guard);
        }
        // What the handlers threw leaves the try, with what no handler caught.
        for (class, when) in std::mem::take(&mut self.exceptions) {
            let old = pending.get(&class).copied().unwrap_or(Bool::FALSE);
            let both = self.session.circuit_mut().or2(old, when);
            pending.insert(class, both);
        }
        let normal = self.session.circuit_mut().or(&normal);
        self.exceptions = outer;
        let (Some(fin), Some(before)) = (finally, before) else {
            self.guard = normal;
            for (class, when) in pending {
                self.raise(&class, when);
            }
            return;
        };
        let abrupt = self.take_abrupt();
        self.restore_abrupt(before);
        let mut modes: Vec<Bool> = vec![normal, abrupt.returns];
        modes.extend(pending.values().copied());
        modes.extend(abrupt.exits.iter().copied());
        self.guard = self.session.circuit_mut().or(&modes);
        self.block(fin);
        self.resume(self.guard, normal, &pending, &abrupt);
    }

    /// After a `finally` completed normally (under `done`): continue in the mode control entered
    /// it with — on, thrown again, returned, or broken out to a label.
    fn resume(
        &mut self,
        done: Bool,
        normal: Bool,
        pending: &BTreeMap<String, Bool>,
        abrupt: &Abrupt,
    ) {
        for (class, when) in pending {
            let g = self.session.circuit_mut().and2(done, *when);
            self.raise(class, g);
        }
        let returns = self.session.circuit_mut().and2(done, abrupt.returns);
        if let Some(ctx) = self.calls.last_mut() {
            ctx.returns = self.session.circuit_mut().or2(ctx.returns, returns);
        }
        for (i, exit) in abrupt.exits.iter().enumerate() {
            let g = self.session.circuit_mut().and2(done, *exit);
            if let Some(l) = self.labels.get_mut(i) {
                l.exits = self.session.circuit_mut().or2(l.exits, g);
            }
        }
        self.guard = self.session.circuit_mut().and2(done, normal);
    }

    /// The returns of the current method and the exits of every enclosing label so far, each
    /// reset to false (so what a `try` adds can be told apart).
    fn take_abrupt(&mut self) -> Abrupt {
        let returns = self.calls.last_mut().map_or(Bool::FALSE, |c| {
            std::mem::replace(&mut c.returns, Bool::FALSE)
        });
        let exits = self
            .labels
            .iter_mut()
            .map(|l| std::mem::replace(&mut l.exits, Bool::FALSE))
            .collect();
        Abrupt { returns, exits }
    }

    /// Puts back what [`Walker::take_abrupt`] took.
    fn restore_abrupt(&mut self, a: Abrupt) {
        if let Some(c) = self.calls.last_mut() {
            c.returns = a.returns;
        }
        for (l, e) in self.labels.iter_mut().zip(a.exits) {
            l.exits = e;
        }
    }

    /// A branch test of `id` on the condition in `cond` (its instance began with `Enter`): the
    /// condition is a value the instance defines, recorded as a branch evaluation.
    fn branch(&mut self, id: StmtId, cond: VarId) {
        let c = self.operand(&Operand::Var(cond));
        let g = self.guard;
        let c = self.define(g, c, &Type::Boolean);
        self.bind(cond, c.clone());
        let mut key = self.context.clone();
        key.push(u64::from(id.0));
        self.branches.push(BranchInstance {
            stmt: id,
            instance: self.instances.len() - 1,
            guard: self.guard,
            taken: c.as_bool(),
            key,
        });
    }

    /// A loop, unrolled up to its bound: `k` iterations of head and body, then the head once
    /// more; a run still inside the loop there goes past the bound (the unwinding check).
    fn loop_(&mut self, id: StmtId, label: Label, head: &'a Block, body: &'a Block) {
        let k = self.bounds.of(BoundKey::Loop(id));
        self.labels.push(LabelCtx {
            label,
            exits: Bool::FALSE,
        });
        for i in 0..=k {
            if self.dead() || self.outgrown() {
                break;
            }
            self.context.push(LOOP_ITERATION | u64::from(i));
            self.block(head);
            if i == k {
                let g = self.guard;
                self.go_past(BoundKey::Loop(id), g);
                self.guard = Bool::FALSE;
                self.context.pop();
                break;
            }
            self.block(body);
            self.context.pop();
        }
        let exits = self.labels.pop().map_or(Bool::FALSE, |l| l.exits);
        self.guard = self.session.circuit_mut().or2(exits, self.guard);
    }

    /// The declared type of field `name` of objects of `class`.
    /// The static array class of operand `arr` (`java.lang.Object` if it is none).
    fn array_class(&self, arr: &Operand) -> String {
        match arr {
            Operand::Var(v) => match self.var_type(*v) {
                Type::Class(c) => c,
                _ => sattar_heap::OBJECT.into(),
            },
            _ => sattar_heap::OBJECT.into(),
        }
    }

    /// The element type of operand `arr`'s static array class.
    fn element_type(&self, arr: &Operand) -> Type {
        let class = self.array_class(arr);
        self.program
            .class(&class)
            .and_then(|c| c.element.clone())
            .unwrap_or(Type::Class(sattar_heap::OBJECT.into()))
    }

    fn field_type(&self, class: &str, name: &str) -> Type {
        self.program
            .fields_of(class)
            .into_iter()
            .find(|(_, f)| f.name == name)
            .map_or(Type::Void, |(_, f)| f.ty)
    }

    fn read(&mut self, field: &FieldRef, o: &Val) -> Val {
        let ty = self.field_type(&field.class, &field.name);
        let default = self.default_val(&ty);
        let sel = o.as_ref_bits();
        // Only the cells `o` may be: a read through a reference known to be a few atoms does not
        // look at every cell of the field.
        let cells: Vec<(usize, &Val)> = self
            .universe
            .cells(&field.class, &field.name, true)
            .into_iter()
            .filter(|&(g, _, _)| bit(sel, g) != Bool::FALSE)
            .map(|(g, k, f)| (g, &self.heap.fields[k][f][self.universe.atoms[g].local]))
            .collect();
        select(self.session.circuit_mut(), sel, &cells, &default)
    }

    /// A statement's `o.field = v`. Which object and which field it writes are part of what it
    /// does: when targets are relaxed, relaxing the statement frees the target object (any
    /// object of the field's class, or none) and which of that class's fields of the same type
    /// it writes, so a store to the wrong node or the wrong field (`n.left` for `n.right`) is
    /// explained by it.
    fn store(&mut self, field: &FieldRef, o: Val, v: &Val) {
        let g = self.guard;
        let relaxable = self.bounds.relax_targets && self.grouped && self.group.is_some();
        if !relaxable || self.in_library() {
            return self.write(field, &o, v);
        }
        let o = self.define(g, o, &Type::Class(field.class.clone()));
        let fields = self.same_typed_fields(field);
        let (Some(at), true) = (fields.iter().position(|f| f == field), fields.len() > 1) else {
            return self.write(field, &o, v);
        };
        let width = self.bounds.width;
        let at = self.session.circuit_mut().bv_const(width, at as i64);
        let which = self.define(g, Val::Int(at), &Type::Int);
        for (i, f) in fields.iter().enumerate() {
            let c = self.session.circuit_mut();
            let index = c.bv_const(width, i as i64);
            let chosen = which.as_int().map_or(Bool::FALSE, |w| c.bv_eq(w, &index));
            self.guard = c.and2(g, chosen);
            self.write(f, &o, v);
        }
        self.guard = g;
    }

    /// The fields of `field`'s class (inherited ones included) of its type and finality, itself
    /// included, while their indices fit the bitwidth's non-negative range.
    fn same_typed_fields(&self, field: &FieldRef) -> Vec<FieldRef> {
        let all = self.program.fields_of(&field.class);
        let Some((_, own)) = all.iter().find(|(_, f)| f.name == field.name) else {
            return vec![field.clone()];
        };
        let fit = 1usize << (self.bounds.width.saturating_sub(1)).min(16);
        let same: Vec<FieldRef> = (all.iter())
            .filter(|(_, f)| f.ty == own.ty && f.is_final == own.is_final)
            .map(|(c, f)| FieldRef {
                class: c.clone(),
                name: f.name.clone(),
            })
            .collect();
        match same.len() <= fit {
            true => same,
            false => vec![field.clone()],
        }
    }

    /// `o.field = v` where the statement runs (`self.guard`).
    fn write(&mut self, field: &FieldRef, o: &Val, v: &Val) {
        let ty = self.field_type(&field.class, &field.name);
        for (g, k, f) in self.universe.cells(&field.class, &field.name, true) {
            let s = bit(o.as_ref_bits(), g);
            if s == Bool::FALSE {
                continue;
            }
            let i = self.universe.atoms[g].local;
            let sel = self.session.circuit_mut().and2(self.guard, s);
            let old = self.heap.fields[k][f][i].clone();
            self.heap.fields[k][f][i] = self.update_cell(sel, v.clone(), &old, &ty);
        }
    }

    /// The value of a static field (its type's default if the program has no such field).
    fn read_static(&mut self, field: &FieldRef) -> Val {
        match self.universe.static_id(&static_key(field)) {
            Some(s) => self.heap.statics[s].clone(),
            None => {
                let ty = self.static_type(field);
                self.default_val(&ty)
            }
        }
    }

    fn write_static(&mut self, field: &FieldRef, v: Val) {
        let Some(s) = self.universe.static_id(&static_key(field)) else {
            return;
        };
        let ty = self.static_type(field);
        let old = self.heap.statics[s].clone();
        let g = self.guard;
        self.heap.statics[s] = self.update_cell(g, v, &old, &ty);
    }

    fn static_type(&self, field: &FieldRef) -> Type {
        self.program
            .class(&field.class)
            .and_then(|c| c.statics.iter().find(|f| f.name == field.name))
            .map_or(Type::Void, |f| f.ty.clone())
    }

    /// A virtual call of `m` on `recv`: one arm per method the receiver's class can run (in
    /// method order; classes with no implementation throw `AbstractMethodError`), each under
    /// "the receiver is an object of one of its classes", composed like the arms of an `if`.
    fn call_virtual(&mut self, m: MethodId, recv: Val, args: Vec<Val>) -> Option<Val> {
        let called = self.program.method(m);
        let mut arms: BTreeMap<Option<MethodId>, Vec<usize>> = BTreeMap::new();
        for k in self.universe.classes_of(&called.class) {
            let target = self.program.resolve(m, &self.universe.classes[k].name);
            arms.entry(target).or_default().push(k);
        }
        if let [(Some(t), _)] = arms.iter().collect::<Vec<_>>()[..] {
            if !self.bridges(m, *t) {
                return self.call(*t, Some(recv), args);
            }
        }
        let start = self.guard;
        let ret = self.program.method(m).ret.clone();
        let mut value = self.default_val(&ret);
        let mut after = Vec::new();
        for (target, classes) in arms {
            let bits: Vec<Bool> = classes
                .iter()
                .flat_map(|&k| self.universe.classes[k].atoms.clone())
                .map(|g| bit(recv.as_ref_bits(), g))
                .collect();
            let c = self.session.circuit_mut();
            let here = c.or(&bits);
            self.guard = c.and2(start, here);
            let Some(t) = target else {
                let g = self.guard;
                // A run reaching an unmodelled method is not one sattar can follow.
                if self.program.reaches_unmodelled(m) {
                    self.unmodelled = self.session.circuit_mut().or2(self.unmodelled, g);
                }
                self.raise(ABSTRACT_METHOD, g);
                continue;
            };
            self.bridge_casts(m, t, &args);
            if self.dead() {
                continue;
            }
            if let Some(v) = self.call(t, Some(recv.clone()), args.clone()) {
                value = ite(self.session.circuit_mut(), here, &v, &value);
            }
            after.push(self.guard);
        }
        self.guard = self.session.circuit_mut().or(&after);
        Some(value)
    }

    /// Whether running `t` for a call of `m` casts an argument (a bridge method's cast: `t`'s
    /// parameter has another erased type than `m`'s).
    fn bridges(&self, m: MethodId, t: MethodId) -> bool {
        let (called, runs) = (self.program.method(m), self.program.method(t));
        runs.params
            .iter()
            .zip(&called.params)
            .any(|(want, have)| want.ty != have.ty && matches!(want.ty, Type::Class(_)))
    }

    /// The casts of a bridge method: each argument whose parameter type differs is cast to it.
    fn bridge_casts(&mut self, m: MethodId, t: MethodId, args: &[Val]) {
        let (called, runs) = (self.program.method(m), self.program.method(t));
        for ((want, have), v) in runs.params.iter().zip(&called.params).zip(args) {
            if let (Type::Class(w), true) = (&want.ty, want.ty != have.ty) {
                self.check_cast(v, w);
            }
        }
    }

    /// An operand's value.
    fn operand(&mut self, op: &Operand) -> Val {
        match op {
            Operand::Const(Literal::Int(i)) => Val::Int(
                self.session
                    .circuit_mut()
                    .bv_const(self.bounds.width, i64::from(*i)),
            ),
            Operand::Const(Literal::Long(l)) => {
                Val::Int(self.session.circuit_mut().bv_const(self.bounds.width, *l))
            }
            Operand::Const(Literal::Bool(b)) => Val::Bool(Bool::constant(*b)),
            Operand::Const(Literal::Null) => Val::Ref(Vec::new()),
            Operand::Const(Literal::Constant(id)) => {
                let atom = self.universe.object(id);
                let n = atom.map_or(0, |g| g + 1);
                Val::Ref(self.session.circuit_mut().one_hot_const(n, atom))
            }
            Operand::This => self
                .frames
                .last()
                .and_then(|f| f.this.clone())
                .unwrap_or(Val::Ref(Vec::new())),
            Operand::Var(v) => match self.value_of(*v) {
                Some(val) => val,
                None => {
                    let t = self.var_type(*v);
                    self.default_val(&t)
                }
            },
        }
    }

    /// The value temporary `var` receives.
    fn rvalue(&mut self, value: &'a Rvalue, var: VarId) -> Val {
        match value {
            Rvalue::Use(a) => self.operand(a),
            Rvalue::Unary(UnOp::Neg, a) => {
                let v = self.operand(a);
                let zero = self.default_val(&Type::Int);
                let kind = self.int_kind_of(var);
                self.arith(BinOp::Sub, &zero, &v, kind)
            }
            Rvalue::Convert { to, op } => {
                let v = self.operand(op);
                self.convert(&v, *to)
            }
            Rvalue::Unary(UnOp::Not, a) => Val::Bool(!self.operand(a).as_bool()),
            Rvalue::Unary(UnOp::BitNot, a) => {
                let v = self.operand(a);
                let zero = BitVec::from_bits(vec![Bool::FALSE; self.bounds.width]);
                let x = v.as_int().cloned().unwrap_or(zero);
                Val::Int(self.session.circuit_mut().bv_not(&x))
            }
            Rvalue::Binary(op, a, b) => {
                let l = self.operand(a);
                let r = self.operand(b);
                let kind = self.int_kind_of(var);
                self.binary(*op, &l, &r, kind)
            }
            Rvalue::Read { obj, field } => {
                let o = self.operand(obj);
                self.read(field, &o)
            }
            Rvalue::Cond {
                cond,
                then_b,
                then_v,
                else_b,
                else_v,
            } => {
                let x = self.operand(cond).as_bool();
                let g = self.guard;
                self.guard = self.session.circuit_mut().and2(g, x);
                self.block(then_b);
                let va = self.operand(then_v);
                let ga = self.guard;
                self.guard = self.session.circuit_mut().and2(g, !x);
                self.block(else_b);
                let vb = self.operand(else_v);
                self.guard = self.session.circuit_mut().or2(ga, self.guard);
                ite(self.session.circuit_mut(), x, &va, &vb)
            }
            Rvalue::New {
                class,
                ctor,
                args,
                outer,
            } => {
                let vals = self.arguments(*ctor, args);
                let outer = outer.as_ref().map(|o| self.operand(o));
                self.alloc(class, *ctor, vals, outer)
            }
            Rvalue::ReadStatic(field) => self.read_static(field),
            Rvalue::Load { arr, index } => {
                let (a, i) = (self.operand(arr), self.operand(index));
                let ty = self.var_type(var);
                self.load(&a, &i, &ty)
            }
            Rvalue::NewArray { class, len } => {
                let l = self.operand(len);
                self.new_array(class, &l)
            }
            Rvalue::NewArrayLike { like, len } => {
                let (a, l) = (self.operand(like), self.operand(len));
                self.new_array_like(&a, &l)
            }
            Rvalue::Box { class, op } => {
                let v = self.operand(op);
                self.boxed(class, v)
            }
            Rvalue::Str(units) => self.literal(units),
            Rvalue::InstanceOf { op, class } => {
                let v = self.operand(op);
                Val::Bool(self.is_instance(&v, class))
            }
            Rvalue::Call {
                method,
                recv,
                args,
                virtual_call,
            } => {
                let rv = recv.as_ref().map(|r| self.operand(r));
                let vals = self.arguments(Some(*method), args);
                let result = match rv {
                    Some(r) if *virtual_call => self.call_virtual(*method, r, vals),
                    rv => self.call(*method, rv, vals),
                };
                match result {
                    Some(v) => v,
                    None => {
                        let t = self.var_type(var);
                        self.default_val(&t)
                    }
                }
            }
        }
    }

    /// The integer type temporary `var` holds (`int` for any other: a comparison's operands are
    /// compared exactly at any width).
    fn int_kind_of(&self, var: VarId) -> IntKind {
        self.var_type(var).int_kind().unwrap_or(IntKind::Int)
    }

    /// `v` converted to integer type `to` (JLS 5.1.2, 5.1.3). Values are exact at the bitwidth,
    /// so a widening keeps the bits, and so does a narrowing to a type the width cannot leave;
    /// otherwise the low bits of the type are kept and sign- (or, for `char`, zero-) extended.
    /// Below 17 bits a negative value cast to `char` is past the width: an overflow.
    fn convert(&mut self, v: &Val, to: IntKind) -> Val {
        let w = self.bounds.width;
        let Some(x) = v.as_int().cloned() else {
            return v.clone();
        };
        let n = to.bits() as usize;
        let c = self.session.circuit_mut();
        let r = match to {
            IntKind::Char if w <= n => {
                let negative = x.sign();
                let here = c.and2(self.guard, negative);
                self.overflow = self.session.circuit_mut().or2(self.overflow, here);
                x
            }
            IntKind::Char => {
                let low = c.bv_resize(&x, n);
                c.bv_zext(&low, w)
            }
            _ if w <= n => x,
            _ => {
                let low = c.bv_resize(&x, n);
                c.bv_resize(&low, w)
            }
        };
        Val::Int(r)
    }

    fn binary(&mut self, op: BinOp, l: &Val, r: &Val, kind: IntKind) -> Val {
        let (a, b) = match (l, r) {
            (Val::Int(a), Val::Int(b)) => (a.clone(), b.clone()),
            (Val::Bool(x), Val::Bool(y)) if op.is_bitwise() => {
                let c = self.session.circuit_mut();
                return Val::Bool(match op {
                    BinOp::BitAnd => c.and2(*x, *y),
                    BinOp::BitOr => c.or2(*x, *y),
                    _ => c.xor(*x, *y),
                });
            }
            _ => {
                let eq = equal(self.session.circuit_mut(), l, r);
                return Val::Bool(if op == BinOp::Ne { !eq } else { eq });
            }
        };
        if op.is_arithmetic() {
            return self.arith(op, l, r, kind);
        }
        let c = self.session.circuit_mut();
        Val::Bool(match op {
            BinOp::Eq => c.bv_eq(&a, &b),
            BinOp::Ne => c.bv_ne(&a, &b),
            BinOp::Lt => c.bv_slt(&a, &b),
            BinOp::Le => c.bv_sle(&a, &b),
            BinOp::Gt => c.bv_sgt(&a, &b),
            BinOp::Ge => c.bv_sge(&a, &b),
            // Arithmetic returned above; short-circuit operators never get here.
            _ => Bool::FALSE,
        })
    }

    /// Java's `int` or `long` arithmetic at the bitwidth; below the type's own width, a result
    /// Java would not wrap the same way is an overflow (the run is outside what the encoding
    /// represents).
    fn arith(&mut self, op: BinOp, l: &Val, r: &Val, kind: IntKind) -> Val {
        let w = self.bounds.width;
        let zero = BitVec::from_bits(vec![Bool::FALSE; w]);
        let a = l.as_int().cloned().unwrap_or_else(|| zero.clone());
        let b = r.as_int().cloned().unwrap_or(zero);
        let c = self.session.circuit_mut();
        let (result, ovf) = int_op(c, op, &a, &b, w, kind.bits() as usize);
        if ovf != Bool::FALSE {
            let here = c.and2(self.guard, ovf);
            self.overflow = self.session.circuit_mut().or2(self.overflow, here);
        }
        Val::Int(result)
    }

    /// `v` boxed in an object of box class `class` (JLS 5.1.7): for a cached value, the shared
    /// box an earlier boxing of an equal value made, if one did; otherwise a fresh atom, made only
    /// when it is not that shared box.
    fn boxed(&mut self, class: &str, v: Val) -> Val {
        let Some(b) = BoxClass::named(class) else {
            return Val::Ref(Vec::new());
        };
        let cached = self.is_cached(b, &v);
        let earlier: Vec<(Bool, Val)> = self
            .boxes
            .iter()
            .filter(|e| e.class == class)
            .map(|e| (e.made, e.reference.clone(), e.value.clone()))
            .collect::<Vec<_>>()
            .into_iter()
            .map(|(made, r, ev)| {
                let c = self.session.circuit_mut();
                let same = equal(c, &ev, &v);
                (c.and(&[made, same, cached]), r)
            })
            .collect();
        let c = self.session.circuit_mut();
        let hits: Vec<Bool> = earlier.iter().map(|(h, _)| *h).collect();
        let shared = c.or(&hits);
        let made = c.and2(self.guard, !shared);
        let fresh = self.alloc_when(class, None, Vec::new(), None, made);
        if let (Some(k), Some(f)) = (
            self.universe.class_id(class),
            self.universe
                .class_id(class)
                .and_then(|k| self.universe.classes[k].field(BOX_VALUE)),
        ) {
            if let Some(slot) = self.heap.fields[k][f].last_mut() {
                *slot = v.clone();
            }
        }
        let c = self.session.circuit_mut();
        let kept = c.and2(made, cached);
        let result = earlier
            .iter()
            .fold(fresh.clone(), |acc, (hit, r)| ite(c, *hit, r, &acc));
        self.boxes.push(SharedBox {
            class: class.to_string(),
            value: v,
            reference: fresh,
            made: kept,
        });
        result
    }

    /// Whether boxing `v` must share its box: within the class's cache (clipped to what the
    /// width holds, so a bound the width cannot write is never compared).
    fn is_cached(&mut self, b: &BoxClass, v: &Val) -> Bool {
        let Val::Int(x) = v else {
            return Bool::TRUE;
        };
        let w = self.bounds.width;
        let (min, max) = (-(1i64 << (w.min(63) - 1)), (1i64 << (w.min(63) - 1)) - 1);
        let (lo, hi) = (b.cached.0.max(min), b.cached.1.min(max));
        let c = self.session.circuit_mut();
        let lo_ok = if lo <= min {
            Bool::TRUE
        } else {
            let l = c.bv_const(w, lo);
            c.bv_sle(&l, x)
        };
        let hi_ok = if hi >= max {
            Bool::TRUE
        } else {
            let h = c.bv_const(w, hi);
            c.bv_sle(x, &h)
        };
        c.and2(lo_ok, hi_ok)
    }

    /// `new C(args)`: a fresh atom with its fields at their initial values (and an inner class's
    /// enclosing instance), then the constructor.
    fn alloc(
        &mut self,
        class: &str,
        ctor: Option<MethodId>,
        args: Vec<Val>,
        outer: Option<Val>,
    ) -> Val {
        let made = self.guard;
        self.alloc_when(class, ctor, args, outer, made)
    }

    /// [`Self::alloc`] of an atom that exists when `made` holds.
    fn alloc_when(
        &mut self,
        class: &str,
        ctor: Option<MethodId>,
        args: Vec<Val>,
        outer: Option<Val>,
        made: Bool,
    ) -> Val {
        let Some(k) = self.universe.class_id(class) else {
            return Val::Ref(Vec::new());
        };
        let g = self
            .universe
            .add_atom(k, Origin::Alloc(self.allocs), Bool::FALSE, made);
        self.allocs += 1;
        let inits: Vec<Value> = self.universe.classes[k]
            .fields
            .iter()
            .map(|(_, _, v)| v.clone())
            .collect();
        for (f, init) in inits.iter().enumerate() {
            let v = match init {
                Value::Bool(b) => Val::Bool(Bool::constant(*b)),
                i => match i.as_integer() {
                    Some(i) => Val::Int(self.session.circuit_mut().bv_const(self.bounds.width, i)),
                    None => Val::Ref(Vec::new()),
                },
            };
            self.heap.fields[k][f].push(v);
        }
        let outer_field = self
            .program
            .class(class)
            .and_then(|c| c.outer.as_ref())
            .and_then(|o| self.universe.classes[k].field(&o.field));
        if let (Some(f), Some(o)) = (outer_field, outer) {
            if let Some(slot) = self.heap.fields[k][f].last_mut() {
                *slot = o;
            }
        }
        let r = Val::Ref(self.session.circuit_mut().one_hot_const(g + 1, Some(g)));
        if let Some(ctor) = ctor {
            self.call(ctor, Some(r.clone()), args);
        }
        r
    }

    /// Inlines `method`; returns its value (`None` when the recursion bound cut the call off).
    fn call(&mut self, method: MethodId, this: Option<Val>, args: Vec<Val>) -> Option<Val> {
        let m = self.program.method(method);
        let depth = self.stack.iter().filter(|&&x| x == method).count() as u32;
        if self.outgrown() {
            return None;
        }
        if depth >= self.bounds.of(BoundKey::Recursion(method)) {
            let g = self.guard;
            self.go_past(BoundKey::Recursion(method), g);
            self.guard = Bool::FALSE;
            return None;
        }
        let mut vars: Vec<Option<Val>> = vec![None; m.body.vars.len()];
        for (slot, v) in vars.iter_mut().zip(args) {
            *slot = Some(v);
        }
        let value = self.default_val(&m.ret);
        let saved = self.group;
        self.frames.push(Frame {
            this,
            body: &m.body,
            vars,
            caught: HashMap::new(),
            open: HashMap::new(),
        });
        self.calls.push(CallCtx {
            returns: Bool::FALSE,
            value,
            ty: m.ret.clone(),
        });
        self.stack.push(method);
        self.context.extend([self.site, u64::from(method.0)]);
        self.block(&m.body.block);
        self.context.truncate(self.context.len() - 2);
        self.stack.pop();
        self.frames.pop();
        let ctx = self.calls.pop()?;
        self.guard = self.session.circuit_mut().or2(self.guard, ctx.returns);
        self.group = saved;
        Some(ctx.value)
    }
}

/// `a op b` at width `w` for a type of `n` bits (32 or 64), and whether the result is not
/// Java's: below `n` bits, a result that leaves the width (Java's would not wrap there); at `n`
/// bits, the width's wrap-around is Java's; above them (an `int` operation at 64 bits, where
/// `long`s need the width), the low `n` bits are kept and sign-extended as Java's wrap does.
/// Bitwise operators are exact at any width (sign extension commutes with them); a shift is done
/// at `n` bits, its distance masked to 5 or 6 bits as Java does, and must fit back into `w`.
fn int_op(
    c: &mut Circuit,
    op: BinOp,
    a: &BitVec,
    b: &BitVec,
    w: usize,
    n: usize,
) -> (BitVec, Bool) {
    if matches!(op, BinOp::Shl | BinOp::Shr | BinOp::UShr) {
        return shift(c, op, a, b, w, n);
    }
    let (r, ovf) = exact_op(c, op, a, b, w);
    match w.cmp(&n) {
        std::cmp::Ordering::Less => (r, ovf),
        std::cmp::Ordering::Equal => (r, Bool::FALSE),
        std::cmp::Ordering::Greater => {
            let low = c.bv_resize(&r, n);
            (c.bv_resize(&low, w), Bool::FALSE)
        }
    }
}

/// `a op b` at width `w`, and whether the exact result leaves the width.
fn exact_op(c: &mut Circuit, op: BinOp, a: &BitVec, b: &BitVec, w: usize) -> (BitVec, Bool) {
    let exact = |r: BitVec| (r, Bool::FALSE);
    match op {
        BinOp::Add | BinOp::Sub => {
            let r = if op == BinOp::Add {
                c.bv_add(a, b)
            } else {
                c.bv_sub(a, b)
            };
            let ovf = overflow(c, op, a, b, &r, None);
            (r, ovf)
        }
        BinOp::Mul => {
            let (aw, bw) = (c.bv_resize(a, 2 * w), c.bv_resize(b, 2 * w));
            let p = c.bv_mul(&aw, &bw);
            let r = c.bv_resize(&p, w);
            let ovf = overflow(c, op, a, b, &r, Some(&p));
            (r, ovf)
        }
        BinOp::Div | BinOp::Rem => {
            let (q, rem) = c.bv_sdivrem(a, b);
            if op == BinOp::Rem {
                return exact(rem);
            }
            // MIN / -1 wraps to MIN at the width; exactly it is 2^(w-1).
            let min = c.bv_const(w, (-1i64) << (w - 1));
            let minus_one = c.bv_const(w, -1);
            let (is_min, by_minus_one) = (c.bv_eq(a, &min), c.bv_eq(b, &minus_one));
            (q, c.and2(is_min, by_minus_one))
        }
        BinOp::BitAnd => exact(c.bv_and(a, b)),
        BinOp::BitOr => exact(c.bv_or(a, b)),
        BinOp::BitXor => exact(c.bv_xor(a, b)),
        _ => exact(a.clone()),
    }
}

/// A shift of an `n`-bit value, done at `n` bits with the distance's low 5 (int) or 6 (long)
/// bits; the result must fit back into `w` bits.
fn shift(c: &mut Circuit, op: BinOp, a: &BitVec, b: &BitVec, w: usize, n: usize) -> (BitVec, Bool) {
    let an = c.bv_resize(a, n);
    let bn = c.bv_resize(b, n);
    let d = c.bv_zext(&bn, if n == 64 { 6 } else { 5 });
    let rn = match op {
        BinOp::Shl => c.bv_shl(&an, &d),
        BinOp::Shr => c.bv_ashr(&an, &d),
        _ => c.bv_lshr(&an, &d),
    };
    let r = c.bv_resize(&rn, w);
    let back = c.bv_resize(&r, n);
    let ovf = c.bv_ne(&back, &rn);
    (r, ovf)
}

/// Whether `a op b` left the signed range of its width (`wide`: the double-width product).
fn overflow(
    c: &mut Circuit,
    op: BinOp,
    a: &BitVec,
    b: &BitVec,
    r: &BitVec,
    wide: Option<&BitVec>,
) -> Bool {
    let (sa, sb, sr) = (a.sign(), b.sign(), r.sign());
    match (op, wide) {
        (BinOp::Add, _) => {
            let same = c.iff(sa, sb);
            let flipped = c.xor(sr, sa);
            c.and2(same, flipped)
        }
        (BinOp::Sub, _) => {
            let differ = c.xor(sa, sb);
            let flipped = c.xor(sr, sa);
            c.and2(differ, flipped)
        }
        (_, Some(p)) => {
            let back = c.bv_resize(r, p.width());
            c.bv_ne(&back, p)
        }
        _ => Bool::FALSE,
    }
}
