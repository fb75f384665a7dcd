//! The encoding of a method's code: SSA with guards (see
//! docs/ENCODING.md#code-ssa-with-guards-coders). Every statement instance (after unrolling loops
//! and inlining calls) records the guard under which it runs; in grouped mode every value it
//! defines is a fresh variable constrained in the instance's group, so dropping the group frees
//! exactly what the statement defines.

use crate::universe::{Atom, Origin, SymHeap, Universe};
use crate::value::{bit, equal, fresh_like, ite, select, Val};
use sattar_heap::{FieldType, Value};
use sattar_java::interp::NPE;
use sattar_java::{
    BinOp, Block, Body, Label, Literal, MethodId, Node, NodeKind, Operand, Program, Rvalue, StmtId,
    Type, UnOp, VarId,
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
    /// The most circuit nodes the encoding may build (memory); see `--max-gates`.
    pub max_gates: usize,
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
}

/// Everything the walk over the code produced.
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
    /// The returned value (`None` for `void`).
    pub result: Option<Val>,
    /// A construct the encoding does not translate, if the code has one, and where
    /// (`File.java:LINE: `, empty before the first statement).
    pub unsupported: Option<(String, String)>,
}

/// A method activation: the receiver and the current value of each variable of its body.
struct Frame<'a> {
    this: Option<Val>,
    body: &'a Body,
    vars: Vec<Option<Val>>,
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
    /// Skip code no run can reach (off: every walk over the same bounds creates the same instances).
    skip_dead: bool,
    bounds: &'a Bounds,
    universe: Universe,
    heap: SymHeap,
    guard: Bool,
    frames: Vec<Frame<'a>>,
    labels: Vec<LabelCtx>,
    calls: Vec<CallCtx>,
    stack: Vec<MethodId>,
    group: Option<GroupId>,
    instances: Vec<Instance>,
    branches: Vec<BranchInstance>,
    cover: Vec<(StmtId, Bool)>,
    exceptions: BTreeMap<String, Bool>,
    unwind: BTreeMap<BoundKey, Bool>,
    overflow: Bool,
    allocs: usize,
    counts: HashMap<StmtId, usize>,
    /// A construct met that the encoding does not translate (the encoding is then refused), and
    /// where.
    unsupported: Option<(String, String)>,
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
            skip_dead: true,
            bounds,
            universe,
            heap,
            guard: Bool::TRUE,
            frames: Vec::new(),
            labels: Vec::new(),
            calls: Vec::new(),
            stack: Vec::new(),
            group: None,
            instances: Vec::new(),
            branches: Vec::new(),
            cover: Vec::new(),
            exceptions: BTreeMap::new(),
            unwind: BTreeMap::new(),
            overflow: Bool::FALSE,
            allocs: 0,
            counts: HashMap::new(),
            unsupported: None,
        }
    }

    /// Keeps unreachable code in the walk, so that walks over different pre-states with the same
    /// bounds create the same instances in the same order (their indices correspond).
    pub fn aligned(mut self) -> Self {
        self.skip_dead = false;
        self
    }

    /// Whether the current point is unreachable and may be skipped.
    fn dead(&self) -> bool {
        self.skip_dead && self.guard == Bool::FALSE
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
            result: if void { None } else { result },
            unsupported: self.unsupported,
        }
    }

    /// A value the current instance defines when it runs (`g`): in grouped mode a fresh value, with
    /// `g → x = v` in the instance's group (a declaration, a branch condition).
    fn define(&mut self, g: Bool, v: Val, ty: &Type) -> Val {
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
        if !self.grouped || self.group.is_none() {
            return ite(self.session.circuit_mut(), g, &new, old);
        }
        let fresh = self.define(g, new, ty);
        let c = self.session.circuit_mut();
        let kept = equal(c, &fresh, old);
        let frame = c.or2(g, kept);
        self.session.assert_hard(frame);
        fresh
    }

    fn fresh(&mut self, like: &Val, ty: &Type) -> Val {
        let len = self.ref_len(ty);
        let (fresh, wf) = fresh_like(self.session.circuit_mut(), like, len);
        self.session.assert_hard(wf);
        fresh
    }

    /// The number of atoms a reference of type `ty` can point at now.
    fn ref_len(&self, ty: &Type) -> usize {
        match ty {
            Type::Class(c) => self
                .universe
                .class_id(c)
                .map_or(0, |k| self.universe.classes[k].atoms.len()),
            _ => 0,
        }
    }

    fn default_val(&mut self, ty: &Type) -> Val {
        match ty {
            Type::Int => Val::Int(self.session.circuit_mut().bv_const(self.bounds.width, 0)),
            Type::Boolean | Type::Void => Val::Bool(Bool::FALSE),
            Type::Class(_) | Type::Null => Val::Ref(Vec::new()),
        }
    }

    /// Starts an instance of `id`: records its guard and, in grouped mode, opens its group.
    fn begin(&mut self, id: StmtId) {
        let n = self.counts.entry(id).or_insert(0);
        *n += 1;
        let group = self
            .grouped
            .then(|| self.session.new_group(format!("{id}#{n}")));
        self.group = group;
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

    fn go_past(&mut self, key: BoundKey, when: Bool) {
        let old = self.unwind.get(&key).copied().unwrap_or(Bool::FALSE);
        let new = self.session.circuit_mut().or2(old, when);
        self.unwind.insert(key, new);
    }

    /// A dereference of `v`: throws a `NullPointerException` when it is null.
    fn null_check(&mut self, v: &Val) {
        let bits = v.as_ref_bits().to_vec();
        let null = self.session.circuit_mut().none_of(&bits);
        let npe = self.session.circuit_mut().and2(self.guard, null);
        self.raise(NPE, npe);
        self.guard = self.session.circuit_mut().and2(self.guard, !null);
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
                self.write(&field.class, &field.name, &o, &v);
            }
            NodeKind::NullCheck(op) => {
                let v = self.operand(op);
                self.null_check(&v);
            }
            NodeKind::CheckCast { class, .. } => self.refuse(format!("a cast to {class}")),
            NodeKind::StoreStatic { field, .. } => {
                self.refuse(format!("the static field {}.{}", field.class, field.name))
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

    /// A branch test of `id` on the condition in `cond` (its instance began with `Enter`): the
    /// condition is a value the instance defines, recorded as a branch evaluation.
    fn branch(&mut self, id: StmtId, cond: VarId) {
        let c = self.operand(&Operand::Var(cond));
        let g = self.guard;
        let c = self.define(g, c, &Type::Boolean);
        self.bind(cond, c.clone());
        self.branches.push(BranchInstance {
            stmt: id,
            instance: self.instances.len() - 1,
            guard: self.guard,
            taken: c.as_bool(),
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
            self.block(head);
            if i == k {
                let g = self.guard;
                self.go_past(BoundKey::Loop(id), g);
                self.guard = Bool::FALSE;
                break;
            }
            self.block(body);
        }
        let exits = self.labels.pop().map_or(Bool::FALSE, |l| l.exits);
        self.guard = self.session.circuit_mut().or2(exits, self.guard);
    }

    fn field_of(&self, class: &str, field: &str) -> Option<(usize, usize, FieldType)> {
        let k = self.universe.class_id(class)?;
        let f = self.universe.classes[k].field(field)?;
        Some((k, f, self.universe.classes[k].fields[f].1.clone()))
    }

    fn read(&mut self, class: &str, field: &str, o: &Val) -> Val {
        let Some((k, f, ty)) = self.field_of(class, field) else {
            return Val::Bool(Bool::FALSE);
        };
        let default = self.default_val(&java_type(&ty));
        let vals = self.heap.fields[k][f].clone();
        select(self.session.circuit_mut(), o.as_ref_bits(), &vals, &default)
    }

    fn write(&mut self, class: &str, field: &str, o: &Val, v: &Val) {
        let Some((k, f, ty)) = self.field_of(class, field) else {
            return;
        };
        let ty = java_type(&ty);
        for i in 0..self.heap.fields[k][f].len() {
            let s = bit(o.as_ref_bits(), i);
            if s == Bool::FALSE {
                continue;
            }
            let sel = self.session.circuit_mut().and2(self.guard, s);
            let old = self.heap.fields[k][f][i].clone();
            self.heap.fields[k][f][i] = self.update(sel, v.clone(), &old, &ty);
        }
    }

    /// Notes a construct the encoding does not translate: the encoding is refused.
    fn refuse(&mut self, what: String) {
        if self.unsupported.is_some() {
            return;
        }
        let place = self.instances.last().map_or_else(String::new, |i| {
            let s = self.program.stmt(i.stmt);
            format!("{}:{}: ", self.program.file(s.file).path, s.line)
        });
        self.unsupported = Some((place, what));
    }

    /// The one method a call can run: the method itself, or its only implementation when the
    /// call dispatches (several implementations are refused until dispatch is encoded).
    fn static_target(&mut self, m: MethodId, virtual_call: bool) -> MethodId {
        if !virtual_call {
            return m;
        }
        let targets: std::collections::BTreeSet<MethodId> = self
            .program
            .dispatch
            .iter()
            .filter(|((called, _), _)| *called == m)
            .map(|(_, t)| *t)
            .collect();
        match targets.len() {
            1 => targets.into_iter().next().unwrap_or(m),
            0 if !self.program.method(m).body.block.is_empty() => m,
            _ => {
                let name = self.program.method(m).qualified_name();
                self.refuse(format!(
                    "a call of {name} dispatching on the receiver's class"
                ));
                m
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
            Operand::Const(Literal::Bool(b)) => Val::Bool(Bool::constant(*b)),
            Operand::Const(Literal::Null) => Val::Ref(Vec::new()),
            Operand::Const(Literal::Constant(id)) => {
                self.refuse(format!("the enum constant {id}"));
                Val::Ref(Vec::new())
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
                self.arith(BinOp::Sub, &zero, &v)
            }
            Rvalue::Unary(UnOp::Not, a) => Val::Bool(!self.operand(a).as_bool()),
            Rvalue::Binary(op, a, b) => {
                let l = self.operand(a);
                let r = self.operand(b);
                self.binary(*op, &l, &r)
            }
            Rvalue::Read { obj, field } => {
                let o = self.operand(obj);
                self.read(&field.class, &field.name, &o)
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
                if outer.is_some() {
                    self.refuse(format!("creating an object of the inner class {class}"));
                }
                let vals: Vec<Val> = args.iter().map(|a| self.operand(a)).collect();
                self.alloc(class, *ctor, vals)
            }
            Rvalue::ReadStatic(field) => {
                self.refuse(format!("the static field {}.{}", field.class, field.name));
                let t = self.var_type(var);
                self.default_val(&t)
            }
            Rvalue::InstanceOf { class, .. } => {
                self.refuse(format!("instanceof {class}"));
                Val::Bool(Bool::FALSE)
            }
            Rvalue::Call {
                method,
                recv,
                args,
                virtual_call,
            } => {
                let method = self.static_target(*method, *virtual_call);
                let rv = recv.as_ref().map(|r| self.operand(r));
                let vals: Vec<Val> = args.iter().map(|a| self.operand(a)).collect();
                match self.call(method, rv, vals) {
                    Some(v) => v,
                    None => {
                        let t = self.var_type(var);
                        self.default_val(&t)
                    }
                }
            }
        }
    }

    fn binary(&mut self, op: BinOp, l: &Val, r: &Val) -> Val {
        let (a, b) = match (l, r) {
            (Val::Int(a), Val::Int(b)) => (a.clone(), b.clone()),
            _ => {
                let eq = equal(self.session.circuit_mut(), l, r);
                return Val::Bool(if op == BinOp::Ne { !eq } else { eq });
            }
        };
        let c = self.session.circuit_mut();
        Val::Bool(match op {
            BinOp::Eq => c.bv_eq(&a, &b),
            BinOp::Ne => c.bv_ne(&a, &b),
            BinOp::Lt => c.bv_slt(&a, &b),
            BinOp::Le => c.bv_sle(&a, &b),
            BinOp::Gt => c.bv_sgt(&a, &b),
            BinOp::Ge => c.bv_sge(&a, &b),
            BinOp::Add | BinOp::Sub | BinOp::Mul => return self.arith(op, l, r),
            BinOp::And | BinOp::Or => Bool::FALSE, // short-circuit operators never get here
        })
    }

    /// `+ - *` wrapping at the bitwidth; below 32 bits, a wrap Java would not make is an overflow.
    fn arith(&mut self, op: BinOp, l: &Val, r: &Val) -> Val {
        let w = self.bounds.width;
        let zero = BitVec::from_bits(vec![Bool::FALSE; w]);
        let a = l.as_int().cloned().unwrap_or_else(|| zero.clone());
        let b = r.as_int().cloned().unwrap_or(zero);
        let c = self.session.circuit_mut();
        let (sum, wide) = match op {
            BinOp::Add => (c.bv_add(&a, &b), None),
            BinOp::Sub => (c.bv_sub(&a, &b), None),
            _ => {
                let (aw, bw) = (c.bv_resize(&a, 2 * w), c.bv_resize(&b, 2 * w));
                let p = c.bv_mul(&aw, &bw);
                (c.bv_resize(&p, w), Some(p))
            }
        };
        if w < 32 {
            let ovf = overflow(c, op, &a, &b, &sum, wide.as_ref());
            let here = c.and2(self.guard, ovf);
            self.overflow = self.session.circuit_mut().or2(self.overflow, here);
        }
        Val::Int(sum)
    }

    fn alloc(&mut self, class: &str, ctor: Option<MethodId>, args: Vec<Val>) -> Val {
        let Some(k) = self.universe.class_id(class) else {
            return Val::Ref(Vec::new());
        };
        let idx = self.universe.classes[k].atoms.len();
        self.universe.classes[k].atoms.push(Atom {
            origin: Origin::Alloc(self.allocs),
            exists_pre: Bool::FALSE,
            exists_post: self.guard,
        });
        self.allocs += 1;
        let inits: Vec<Value> = self.universe.classes[k]
            .fields
            .iter()
            .map(|(_, _, v)| v.clone())
            .collect();
        for (f, init) in inits.iter().enumerate() {
            let v = match init {
                Value::Int(i) => Val::Int(
                    self.session
                        .circuit_mut()
                        .bv_const(self.bounds.width, i64::from(*i)),
                ),
                Value::Bool(b) => Val::Bool(Bool::constant(*b)),
                _ => Val::Ref(Vec::new()),
            };
            self.heap.fields[k][f].push(v);
        }
        let r = Val::Ref(self.session.circuit_mut().one_hot_const(idx + 1, Some(idx)));
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
        });
        self.calls.push(CallCtx {
            returns: Bool::FALSE,
            value,
            ty: m.ret.clone(),
        });
        self.stack.push(method);
        self.block(&m.body.block);
        self.stack.pop();
        self.frames.pop();
        let ctx = self.calls.pop()?;
        self.guard = self.session.circuit_mut().or2(self.guard, ctx.returns);
        self.group = saved;
        Some(ctx.value)
    }
}

/// The Java type of a heap field type.
fn java_type(ty: &FieldType) -> Type {
    match ty {
        FieldType::Int => Type::Int,
        FieldType::Bool => Type::Boolean,
        FieldType::Ref(c) => Type::Class(c.clone()),
    }
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
