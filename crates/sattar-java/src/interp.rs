//! The reference interpreter of the IR: the oracle that the SAT encoding and the JVM bridge are
//! tested against. It follows Java semantics for the subset: 32-bit wrapping arithmetic,
//! short-circuit `&&`/`||`, left-to-right evaluation, and the JLS order of null checks (a field
//! assignment's target is checked after the right-hand side is evaluated, a call's receiver after
//! its arguments).

use crate::ir::*;
use sattar_heap::{Heap, ObjId, Object, TestInput, Value};
use std::collections::{BTreeMap, BTreeSet};

/// The class name the interpreter reports for a null dereference.
pub const NPE: &str = "java.lang.NullPointerException";
/// The class name reported when calls nest deeper than [`Limits::max_depth`].
pub const STACK_OVERFLOW: &str = "java.lang.StackOverflowError";

/// Bounds on one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Statements and condition evaluations before the run is stopped.
    pub max_steps: u64,
    /// Nested calls before a `StackOverflowError`.
    pub max_depth: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: 100_000,
            max_depth: 1_000,
        }
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The method returned (with its value, `None` for void).
    Returned(Option<Value>),
    /// An exception escaped: its qualified class name.
    Threw(String),
    /// The step budget ran out (an infinite loop, or a budget too small).
    StepLimit,
    /// The code under test called `System.exit` with this status (JVM engine only).
    Exited(i32),
    /// The wall-clock limit ran out (JVM engine only).
    TimedOut,
    /// The JVM process died (JVM engine only): what is known about why.
    Crashed(String),
}

impl Termination {
    /// A short label for reports: `returned`, `threw java.lang.X`, `step limit`, ….
    pub fn label(&self) -> String {
        match self {
            Termination::Returned(_) => "returned".into(),
            Termination::Threw(e) => format!("threw {e}"),
            Termination::StepLimit => "step limit".into(),
            Termination::Exited(c) => format!("System.exit({c})"),
            Termination::TimedOut => "timed out".into(),
            Termination::Crashed(why) => format!("JVM crashed: {why}"),
        }
    }
}

/// One evaluation of a branch condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BranchEvent {
    /// The branch statement.
    pub stmt: StmtId,
    /// The condition's value.
    pub taken: bool,
}

/// What a run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Execution {
    /// How it ended.
    pub termination: Termination,
    /// The post-state: every input object (identity kept) plus the new objects reachable from the
    /// receiver, the arguments and the result, named `new0`, `new1`, … in traversal order.
    pub post: Heap,
    /// The statements that started executing.
    pub covered: BTreeSet<StmtId>,
    /// Branch outcomes in execution order.
    pub trace: Vec<BranchEvent>,
    /// Steps used.
    pub steps: u64,
}

impl Execution {
    /// The returned value, if the method returned one.
    pub fn result(&self) -> Option<&Value> {
        match &self.termination {
            Termination::Returned(v) => v.as_ref(),
            _ => None,
        }
    }
    /// The escaping exception's class, if any.
    pub fn exception(&self) -> Option<&str> {
        match &self.termination {
            Termination::Threw(e) => Some(e),
            _ => None,
        }
    }
}

/// A problem with the request itself (not with the program's behaviour).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// The input does not fit the method.
    #[error("the input does not fit {method}: {why}")]
    BadInput {
        /// The method.
        method: String,
        /// What is wrong.
        why: String,
    },
}

/// Why evaluation stopped early.
enum Stop {
    Throw(String),
    StepLimit,
}

/// How a statement completed.
enum Flow {
    Normal,
    Break,
    Continue,
    Return(Option<Value>),
}

type Ev<T> = Result<T, Stop>;

struct Frame {
    this: Option<ObjId>,
    locals: BTreeMap<String, Value>,
}

struct Machine<'p> {
    program: &'p Program,
    heap: Heap,
    limits: Limits,
    steps: u64,
    depth: u32,
    fresh: u32,
    covered: BTreeSet<StmtId>,
    trace: Vec<BranchEvent>,
}

/// Runs `method` on `input` within `limits`.
pub fn run(
    program: &Program,
    method: MethodId,
    input: &TestInput,
    limits: Limits,
) -> Result<Execution, RunError> {
    let m = program.method(method);
    let bad = |why: String| RunError::BadInput {
        method: m.qualified_name(),
        why,
    };
    if m.is_static == input.this.is_some() {
        return Err(bad(if m.is_static {
            "a static method takes no receiver".into()
        } else {
            "a receiver is needed".into()
        }));
    }
    if let Some(t) = &input.this {
        if input.heap.get(t).is_none_or(|o| o.class != m.class) {
            return Err(bad(format!(
                "the receiver {t} is not a {} of the heap",
                m.class
            )));
        }
    }
    let mut args = Vec::new();
    for p in &m.params {
        let v = input
            .arg(&p.name)
            .ok_or_else(|| bad(format!("missing argument {}", p.name)))?;
        args.push(v.clone());
    }
    let mut mc = Machine {
        program,
        heap: input.heap.clone(),
        limits,
        steps: 0,
        depth: 0,
        fresh: 0,
        covered: BTreeSet::new(),
        trace: Vec::new(),
    };
    let termination = match mc.invoke(method, input.this.clone(), args) {
        Ok(v) => Termination::Returned(v),
        Err(Stop::Throw(e)) => Termination::Threw(e),
        Err(Stop::StepLimit) => Termination::StepLimit,
    };
    let (termination, post) = canonical_outcome(&mc.heap, input, termination);
    Ok(Execution {
        termination,
        post,
        covered: mc.covered,
        trace: mc.trace,
        steps: mc.steps,
    })
}

/// The post-state as every engine reports it: input objects keep their ids, new objects reachable
/// from the receiver, the arguments or a returned reference are renamed `new0, new1, …` in traversal
/// order (the returned reference renamed alike), unreachable new objects dropped.
pub fn canonical_outcome(
    heap: &Heap,
    input: &TestInput,
    termination: Termination,
) -> (Termination, Heap) {
    let mut roots = input.roots();
    if let Termination::Returned(Some(Value::Ref(r))) = &termination {
        roots.push(r.clone());
    }
    let keep: BTreeSet<ObjId> = input.heap.objects.keys().cloned().collect();
    let (post, rename) = heap.canonical_fresh_renaming(&keep, &roots);
    let termination = match termination {
        Termination::Returned(Some(Value::Ref(r))) => Termination::Returned(Some(
            rename
                .get(&r)
                .map_or(Value::Null, |n| Value::Ref(n.clone())),
        )),
        other => other,
    };
    (termination, post)
}

fn throw<T>(class: &str) -> Ev<T> {
    Err(Stop::Throw(class.to_string()))
}

impl Machine<'_> {
    fn step(&mut self) -> Ev<()> {
        self.steps += 1;
        if self.steps > self.limits.max_steps {
            return Err(Stop::StepLimit);
        }
        Ok(())
    }

    fn visit(&mut self, id: StmtId) -> Ev<()> {
        self.covered.insert(id);
        self.step()
    }

    fn invoke(&mut self, m: MethodId, this: Option<ObjId>, args: Vec<Value>) -> Ev<Option<Value>> {
        if self.depth >= self.limits.max_depth {
            return throw(STACK_OVERFLOW);
        }
        let method = self.program.method(m);
        let locals = method
            .params
            .iter()
            .map(|p| p.name.clone())
            .zip(args)
            .collect();
        let mut frame = Frame { this, locals };
        self.depth += 1;
        let flow = self.block(&method.body, &mut frame);
        self.depth -= 1;
        match flow? {
            Flow::Return(v) => Ok(v),
            _ => Ok(None),
        }
    }

    fn block(&mut self, b: &Block, f: &mut Frame) -> Ev<Flow> {
        for s in b {
            match self.stmt(s, f)? {
                Flow::Normal => {}
                other => return Ok(other),
            }
        }
        Ok(Flow::Normal)
    }

    fn branch(&mut self, id: StmtId, cond: &Expr, f: &mut Frame) -> Ev<bool> {
        self.visit(id)?;
        let taken = self.eval(cond, f)? == Value::Bool(true);
        self.trace.push(BranchEvent { stmt: id, taken });
        Ok(taken)
    }

    fn stmt(&mut self, s: &Stmt, f: &mut Frame) -> Ev<Flow> {
        match s {
            Stmt::Local { id, name, ty, init } => {
                self.visit(*id)?;
                let v = match init {
                    Some(e) => self.eval(e, f)?,
                    None => ty
                        .field_type()
                        .map_or(Value::Null, |t| Value::default_for(&t)),
                };
                f.locals.insert(name.clone(), v);
            }
            Stmt::Assign {
                id,
                target,
                op,
                value,
            } => {
                self.visit(*id)?;
                self.assign(target, *op, value, f)?;
            }
            Stmt::Expr { id, expr } => {
                self.visit(*id)?;
                self.eval(expr, f)?;
            }
            Stmt::If {
                id,
                cond,
                then_b,
                else_b,
            } => {
                let arm = if self.branch(*id, cond, f)? {
                    then_b
                } else {
                    else_b
                };
                return self.block(arm, f);
            }
            Stmt::While { id, cond, body } => {
                return self.for_loop(*id, cond, true, body, &Vec::new(), f)
            }
            Stmt::DoWhile { id, body, cond } => {
                self.covered.insert(*id);
                loop {
                    match self.block(body, f)? {
                        Flow::Break => break,
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        Flow::Normal | Flow::Continue => {}
                    }
                    if !self.branch(*id, cond, f)? {
                        break;
                    }
                }
            }
            Stmt::For {
                id,
                init,
                cond,
                update,
                body,
            } => {
                if let flow @ Flow::Return(_) = self.block(init, f)? {
                    return Ok(flow);
                }
                let always = Expr {
                    kind: ExprKind::Lit(Literal::Bool(true)),
                    ty: Type::Boolean,
                    span: Span::default(),
                };
                return self.for_loop(
                    *id,
                    cond.as_ref().unwrap_or(&always),
                    cond.is_some(),
                    body,
                    update,
                    f,
                );
            }
            Stmt::Break { id } => {
                self.visit(*id)?;
                return Ok(Flow::Break);
            }
            Stmt::Continue { id } => {
                self.visit(*id)?;
                return Ok(Flow::Continue);
            }
            Stmt::Return { id, value } => {
                self.visit(*id)?;
                let v = value.as_ref().map(|e| self.eval(e, f)).transpose()?;
                return Ok(Flow::Return(v));
            }
            Stmt::Throw { id, exception } => {
                self.visit(*id)?;
                return throw(exception);
            }
            Stmt::Block(b) => return self.block(b, f),
        }
        Ok(Flow::Normal)
    }

    /// `while` and `for`: test, body, update; `records` says whether the test is a real branch.
    fn for_loop(
        &mut self,
        id: StmtId,
        cond: &Expr,
        records: bool,
        body: &Block,
        update: &Block,
        f: &mut Frame,
    ) -> Ev<Flow> {
        loop {
            let go = if records {
                self.branch(id, cond, f)?
            } else {
                self.visit(id).map(|_| true)?
            };
            if !go {
                return Ok(Flow::Normal);
            }
            match self.block(body, f)? {
                Flow::Break => return Ok(Flow::Normal),
                Flow::Return(v) => return Ok(Flow::Return(v)),
                Flow::Normal | Flow::Continue => {}
            }
            self.block(update, f)?;
        }
    }

    fn obj(&self, v: &Value) -> Ev<ObjId> {
        match v {
            Value::Ref(o) => Ok(o.clone()),
            _ => throw(crate::interp::NPE),
        }
    }

    fn read_field(&self, o: &ObjId, field: &str) -> Ev<Value> {
        match self.heap.field(o, field) {
            Some(v) => Ok(v.clone()),
            // Validated inputs always carry every field; a missing one reads as its default.
            None => Ok(Value::Null),
        }
    }

    fn assign(
        &mut self,
        target: &LValue,
        op: Option<BinOp>,
        value: &Expr,
        f: &mut Frame,
    ) -> Ev<()> {
        match target {
            LValue::Local(name) => {
                let v = self.eval(value, f)?;
                let new = match op {
                    None => v,
                    Some(op) => arith(op, f.locals.get(name).unwrap_or(&Value::Int(0)), &v),
                };
                f.locals.insert(name.clone(), new);
            }
            LValue::Field { obj, field, .. } => {
                let ov = self.eval(obj, f)?;
                let new = match op {
                    None => {
                        let v = self.eval(value, f)?;
                        let o = self.obj(&ov)?;
                        (o, v)
                    }
                    Some(op) => {
                        let o = self.obj(&ov)?;
                        let old = self.read_field(&o, field)?;
                        let v = self.eval(value, f)?;
                        (o, arith(op, &old, &v))
                    }
                };
                if let Some(object) = self.heap.objects.get_mut(&new.0) {
                    object.fields.insert(field.clone(), new.1);
                }
            }
        }
        Ok(())
    }

    fn eval(&mut self, e: &Expr, f: &mut Frame) -> Ev<Value> {
        Ok(match &e.kind {
            ExprKind::Lit(Literal::Int(i)) => Value::Int(*i),
            ExprKind::Lit(Literal::Bool(b)) => Value::Bool(*b),
            ExprKind::Lit(Literal::Null) => Value::Null,
            ExprKind::This => f.this.clone().map_or(Value::Null, Value::Ref),
            ExprKind::Local(n) => f.locals.get(n).cloned().unwrap_or(Value::Null),
            ExprKind::Field { obj, field, .. } => {
                let ov = self.eval(obj, f)?;
                let o = self.obj(&ov)?;
                self.read_field(&o, field)?
            }
            ExprKind::Unary(UnOp::Neg, a) => match self.eval(a, f)? {
                Value::Int(i) => Value::Int(i.wrapping_neg()),
                other => other,
            },
            ExprKind::Unary(UnOp::Not, a) => Value::Bool(self.eval(a, f)? != Value::Bool(true)),
            ExprKind::Binary(BinOp::And, a, b) => {
                let l = self.eval(a, f)? == Value::Bool(true);
                Value::Bool(l && self.eval(b, f)? == Value::Bool(true))
            }
            ExprKind::Binary(BinOp::Or, a, b) => {
                let l = self.eval(a, f)? == Value::Bool(true);
                Value::Bool(l || self.eval(b, f)? == Value::Bool(true))
            }
            ExprKind::Binary(op, a, b) => {
                let l = self.eval(a, f)?;
                let r = self.eval(b, f)?;
                binary(*op, &l, &r)
            }
            ExprKind::Cond(c, a, b) => {
                if self.eval(c, f)? == Value::Bool(true) {
                    self.eval(a, f)?
                } else {
                    self.eval(b, f)?
                }
            }
            ExprKind::New { class, ctor, args } => self.new_object(class, *ctor, args, f)?,
            ExprKind::Call { recv, method, args } => {
                let rv = recv.as_ref().map(|r| self.eval(r, f)).transpose()?;
                let vals = self.eval_args(args, f)?;
                let this = rv.map(|v| self.obj(&v)).transpose()?;
                self.invoke(*method, this, vals)?.unwrap_or(Value::Null)
            }
        })
    }

    fn eval_args(&mut self, args: &[Expr], f: &mut Frame) -> Ev<Vec<Value>> {
        args.iter().map(|a| self.eval(a, f)).collect()
    }

    fn new_object(
        &mut self,
        class: &str,
        ctor: Option<MethodId>,
        args: &[Expr],
        f: &mut Frame,
    ) -> Ev<Value> {
        let vals = self.eval_args(args, f)?;
        let id = loop {
            let cand = ObjId(format!("new{}", self.fresh));
            self.fresh += 1;
            if !self.heap.objects.contains_key(&cand) {
                break cand;
            }
        };
        let fields = self
            .program
            .class(class)
            .map(|c| {
                c.fields
                    .iter()
                    .map(|fd| (fd.name.clone(), initial_value(fd)))
                    .collect()
            })
            .unwrap_or_default();
        self.heap.objects.insert(
            id.clone(),
            Object {
                class: class.to_string(),
                fields,
            },
        );
        if let Some(c) = ctor {
            self.invoke(c, Some(id.clone()), vals)?;
        }
        Ok(Value::Ref(id))
    }
}

fn initial_value(fd: &Field) -> Value {
    match &fd.init {
        Some(Literal::Int(i)) => Value::Int(*i),
        Some(Literal::Bool(b)) => Value::Bool(*b),
        Some(Literal::Null) => Value::Null,
        None => fd
            .ty
            .field_type()
            .map_or(Value::Null, |t| Value::default_for(&t)),
    }
}

fn int(v: &Value) -> i32 {
    match v {
        Value::Int(i) => *i,
        _ => 0,
    }
}

fn arith(op: BinOp, l: &Value, r: &Value) -> Value {
    let (a, b) = (int(l), int(r));
    Value::Int(match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        _ => 0,
    })
}

fn binary(op: BinOp, l: &Value, r: &Value) -> Value {
    use BinOp::*;
    match op {
        Add | Sub | Mul => arith(op, l, r),
        Eq => Value::Bool(l == r),
        Ne => Value::Bool(l != r),
        Lt => Value::Bool(int(l) < int(r)),
        Le => Value::Bool(int(l) <= int(r)),
        Gt => Value::Bool(int(l) > int(r)),
        Ge => Value::Bool(int(l) >= int(r)),
        And | Or => Value::Bool(false),
    }
}
