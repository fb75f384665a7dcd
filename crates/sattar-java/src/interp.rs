//! The reference interpreter of the IR: the oracle that the SAT encoding and the JVM bridge are
//! tested against. It follows Java semantics for the subset: 32-bit wrapping arithmetic,
//! short-circuit `&&`/`||`, left-to-right evaluation, and the JLS order of null checks (a field
//! assignment's target is checked after the right-hand side is evaluated, a call's receiver after
//! its arguments).

use crate::ir::*;
use crate::library::{CHAR_ARRAY, STRING, STRING_CHARS};
use sattar_heap::Value;
use sattar_heap::{
    element_field, BoxClass, Heap, ObjId, Object, TestInput, ARRAY_LENGTH, BOX_VALUE,
};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Instant;

/// The class name the interpreter reports for a null dereference.
pub const NPE: &str = "java.lang.NullPointerException";
/// The class name reported for a failed cast.
pub const CLASS_CAST: &str = "java.lang.ClassCastException";
/// The class name reported when a call finds no implementation (never in code javac accepts).
pub const ABSTRACT_METHOD: &str = "java.lang.AbstractMethodError";
/// The class name reported for an integer division or remainder by zero.
pub const ARITHMETIC: &str = "java.lang.ArithmeticException";
/// The class name reported for an array index outside the array.
pub const INDEX_OUT_OF_BOUNDS: &str = "java.lang.ArrayIndexOutOfBoundsException";
/// The class name reported for `new T[n]` with a negative `n`.
pub const NEGATIVE_SIZE: &str = "java.lang.NegativeArraySizeException";
/// The class name reported for storing an object of the wrong class into a covariant array.
pub const ARRAY_STORE: &str = "java.lang.ArrayStoreException";
/// The class name reported when calls nest deeper than [`Limits::max_depth`].
pub const STACK_OVERFLOW: &str = "java.lang.StackOverflowError";

/// The most branch events a run records; later ones are counted in
/// [`Execution::trace_dropped`]. The run itself goes on: this bounds sattar's memory (a few MB),
/// never what the code under test may do. Every engine keeps the same prefix.
pub const TRACE_LIMIT: usize = 1 << 20;

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
    /// The wall-clock limit ran out.
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

    /// Whether the run did not end within its budget: the steps ran out or the stack overflowed
    /// (what a bound that may not grow further is judged by).
    pub fn is_endless(&self) -> bool {
        match self {
            Termination::StepLimit => true,
            Termination::Threw(e) => e == STACK_OVERFLOW,
            _ => false,
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
    /// Branch outcomes in execution order: the first [`TRACE_LIMIT`].
    pub trace: Vec<BranchEvent>,
    /// Branch outcomes past [`TRACE_LIMIT`], counted but not recorded.
    pub trace_dropped: u64,
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
    /// The method reaches code sattar does not analyse.
    #[error("{0}")]
    Unsupported(Box<sattar_diag::Diagnostic>),
}

/// Why evaluation stopped early.
enum Stop {
    Throw(String),
    StepLimit,
    TimedOut,
    /// The run reached a JDK method sattar does not model: no engine can say what it does.
    Unmodelled(Box<sattar_diag::Diagnostic>),
}

/// How often (in steps, a power of two) the interpreter looks at the clock when it has a deadline:
/// often enough that a step grown slow (a collection model copying a long array) cannot overrun it
/// by much, rarely enough that the clock costs nothing beside the steps.
const CLOCK_EVERY: u64 = 1 << 6;

/// How a core node completed.
enum Flow {
    Normal,
    Break(Label),
    Return(Option<Value>),
}

type Ev<T> = Result<T, Stop>;

/// A method activation: the receiver and the body's variables.
struct Frame<'p> {
    this: Option<ObjId>,
    body: &'p Body,
    vars: Vec<Option<Value>>,
    /// The exception class each catch parameter holds (what `throw e;` rethrows).
    caught: HashMap<VarId, String>,
}

struct Machine<'p> {
    program: &'p Program,
    heap: Heap,
    limits: Limits,
    steps: u64,
    depth: u32,
    fresh: u32,
    /// The shared box of each cached (class, value) boxed so far in this run.
    boxes: HashMap<(String, i64), ObjId>,
    /// The run's interned string literals, by their chars.
    literals: HashMap<Vec<u16>, ObjId>,
    /// The largest `Integer` boxing shares.
    integer_cache_high: i64,
    covered: BTreeSet<StmtId>,
    trace: Vec<BranchEvent>,
    trace_dropped: u64,
    deadline: Option<Instant>,
    /// The statement whose node runs now (where a refusal points).
    at: Option<StmtId>,
}

/// Runs `method` on `input` within `limits`.
pub fn run(
    program: &Program,
    method: MethodId,
    input: &TestInput,
    limits: Limits,
) -> Result<Execution, RunError> {
    run_until(program, method, input, limits, None)
}

/// [`run`], stopped as [`Termination::TimedOut`] at `deadline` (the wall clock of `--timeout`).
pub fn run_until(
    program: &Program,
    method: MethodId,
    input: &TestInput,
    limits: Limits,
    deadline: Option<Instant>,
) -> Result<Execution, RunError> {
    run_with_cache(
        program,
        method,
        input,
        limits,
        deadline,
        DEFAULT_INTEGER_CACHE_HIGH,
    )
}

/// The largest `Integer` boxing shares by default (the JDK's `-XX:AutoBoxCacheMax`).
pub const DEFAULT_INTEGER_CACHE_HIGH: i64 = 127;

/// [`run_until`] on a JVM whose `Integer` cache reaches `integer_cache_high` (JLS 5.1.7 only
/// requires 127; `-XX:AutoBoxCacheMax` raises it): a verdict that changes with it depends on
/// the JVM's settings.
pub fn run_with_cache(
    program: &Program,
    method: MethodId,
    input: &TestInput,
    limits: Limits,
    deadline: Option<Instant>,
    integer_cache_high: i64,
) -> Result<Execution, RunError> {
    let m = program.method(method);
    program
        .check_supported(method)
        .map_err(|d| RunError::Unsupported(Box::new(d)))?;
    let input = &program.with_environment(input);
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
        if input
            .heap
            .get(t)
            .is_none_or(|o| !program.is_subclass(&o.class, &m.class))
        {
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
        boxes: HashMap::new(),
        literals: HashMap::new(),
        integer_cache_high,
        covered: BTreeSet::new(),
        trace: Vec::new(),
        trace_dropped: 0,
        deadline,
        at: None,
    };
    let termination = match mc.invoke(method, input.this.clone(), args) {
        Ok(v) => Termination::Returned(v),
        Err(Stop::Throw(e)) => Termination::Threw(e),
        Err(Stop::StepLimit) => Termination::StepLimit,
        Err(Stop::TimedOut) => Termination::TimedOut,
        Err(Stop::Unmodelled(d)) => return Err(RunError::Unsupported(d)),
    };
    let (termination, post) = canonical_outcome(&mc.heap, input, termination);
    Ok(Execution {
        termination,
        post,
        covered: mc.covered,
        trace: mc.trace,
        trace_dropped: mc.trace_dropped,
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

impl<'p> Machine<'p> {
    fn step(&mut self) -> Ev<()> {
        self.steps += 1;
        if self.steps > self.limits.max_steps {
            return Err(Stop::StepLimit);
        }
        if self.steps & (CLOCK_EVERY - 1) == 0 && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            return Err(Stop::TimedOut);
        }
        Ok(())
    }

    fn invoke(&mut self, m: MethodId, this: Option<ObjId>, args: Vec<Value>) -> Ev<Option<Value>> {
        if self.depth >= self.limits.max_depth {
            return throw(STACK_OVERFLOW);
        }
        let method = self.program.method(m);
        let mut vars: Vec<Option<Value>> = vec![None; method.body.vars.len()];
        for (slot, v) in vars.iter_mut().zip(args) {
            *slot = Some(v);
        }
        let mut frame = Frame {
            this,
            body: &method.body,
            vars,
            caught: HashMap::new(),
        };
        self.depth += 1;
        let flow = deep(|| self.block(&method.body.block, &mut frame));
        self.depth -= 1;
        match flow? {
            Flow::Return(v) => Ok(v),
            _ => Ok(None),
        }
    }

    fn block(&mut self, b: &'p Block, f: &mut Frame<'p>) -> Ev<Flow> {
        for n in b {
            match self.node(n, f)? {
                Flow::Normal => {}
                other => return Ok(other),
            }
        }
        Ok(Flow::Normal)
    }

    fn node(&mut self, n: &'p Node, f: &mut Frame<'p>) -> Ev<Flow> {
        self.at = Some(n.stmt);
        match &n.kind {
            NodeKind::Enter => {
                self.covered.insert(n.stmt);
                self.step()?;
            }
            NodeKind::Cover => {
                self.covered.insert(n.stmt);
            }
            NodeKind::Let { var, value } => {
                let v = self.value(value, f)?;
                f.vars[var.0 as usize] = Some(v);
            }
            NodeKind::Declare { var, init } => {
                let v = match init {
                    Some(op) => self.operand(op, f),
                    None => f
                        .body
                        .var(*var)
                        .ty
                        .field_type()
                        .map_or(Value::Null, |t| Value::default_for(&t)),
                };
                f.vars[var.0 as usize] = Some(v);
            }
            NodeKind::Assign { var, value } => {
                f.vars[var.0 as usize] = Some(self.operand(value, f));
            }
            NodeKind::Store { obj, field, value } => {
                let o = self.obj(&self.operand(obj, f))?;
                let v = self.operand(value, f);
                if let Some(object) = self.heap.objects.get_mut(&o) {
                    object.fields.insert(field.name.clone(), v);
                }
            }
            NodeKind::NullCheck(op) => {
                self.obj(&self.operand(op, f))?;
            }
            NodeKind::ZeroCheck(op) => {
                if self.operand(op, f).as_integer() == Some(0) {
                    return throw(ARITHMETIC);
                }
            }
            NodeKind::IndexCheck { arr, index } => {
                let a = self.obj(&self.operand(arr, f))?;
                let len = self.read_field(&a, ARRAY_LENGTH)?;
                let i = integer(&self.operand(index, f));
                if i < 0 || i >= integer(&len) {
                    return throw(INDEX_OUT_OF_BOUNDS);
                }
            }
            NodeKind::SizeCheck(op) => {
                if integer(&self.operand(op, f)) < 0 {
                    return throw(NEGATIVE_SIZE);
                }
            }
            NodeKind::StoreCheck { arr, value } => {
                let a = self.obj(&self.operand(arr, f))?;
                if let Value::Ref(o) = self.operand(value, f) {
                    let class = self
                        .heap
                        .get(&a)
                        .map(|x| x.class.clone())
                        .unwrap_or_default();
                    let element = sattar_heap::element_type_name(&class).unwrap_or_default();
                    if !self.is_instance(&o, element) {
                        return throw(ARRAY_STORE);
                    }
                }
            }
            NodeKind::StoreElem { arr, index, value } => {
                let a = self.obj(&self.operand(arr, f))?;
                let i = integer(&self.operand(index, f));
                let v = self.operand(value, f);
                if let (Some(object), Ok(i)) = (self.heap.objects.get_mut(&a), usize::try_from(i)) {
                    object.fields.insert(element_field(i), v);
                }
            }
            NodeKind::ArrayCopy {
                src,
                src_pos,
                dest,
                dest_pos,
                len,
            } => {
                let (s, d) = (
                    self.obj(&self.operand(src, f))?,
                    self.obj(&self.operand(dest, f))?,
                );
                let (sp, dp) = (
                    integer(&self.operand(src_pos, f)),
                    integer(&self.operand(dest_pos, f)),
                );
                let len = integer(&self.operand(len, f));
                self.array_copy(&s, sp, &d, dp, len)?;
            }
            NodeKind::ArrayFill {
                arr,
                from,
                to,
                value,
            } => {
                let a = self.obj(&self.operand(arr, f))?;
                let (from, to) = (
                    integer(&self.operand(from, f)),
                    integer(&self.operand(to, f)),
                );
                let v = self.operand(value, f);
                if let Some(object) = self.heap.objects.get_mut(&a) {
                    for i in from.max(0)..to {
                        let i = usize::try_from(i).unwrap_or(usize::MAX);
                        object.fields.insert(element_field(i), v.clone());
                    }
                }
            }
            NodeKind::CheckCast { op, class } => {
                if let Value::Ref(o) = self.operand(op, f) {
                    if !self.is_instance(&o, class) {
                        return throw(CLASS_CAST);
                    }
                }
            }
            NodeKind::StoreStatic { field, value } => {
                let v = self.operand(value, f);
                self.heap.statics.insert(static_key(field), v);
            }
            NodeKind::Branch { cond } => {
                let taken = self.operand(&Operand::Var(*cond), f) == Value::Bool(true);
                if self.trace.len() < TRACE_LIMIT {
                    self.trace.push(BranchEvent {
                        stmt: n.stmt,
                        taken,
                    });
                } else {
                    self.trace_dropped += 1;
                }
            }
            NodeKind::If {
                cond,
                then_b,
                else_b,
            } => {
                let arm = if self.operand(cond, f) == Value::Bool(true) {
                    then_b
                } else {
                    else_b
                };
                return deep(|| self.block(arm, f));
            }
            NodeKind::Loop { label, head, body } => loop {
                for part in [head, body] {
                    match self.block(part, f)? {
                        Flow::Normal => {}
                        Flow::Break(l) if l == *label => return Ok(Flow::Normal),
                        other => return Ok(other),
                    }
                }
            },
            NodeKind::Labeled { label, body } => {
                return match self.block(body, f)? {
                    Flow::Break(l) if l == *label => Ok(Flow::Normal),
                    other => Ok(other),
                };
            }
            NodeKind::Break(l) => return Ok(Flow::Break(*l)),
            NodeKind::Return(v) => {
                let v = v.as_ref().map(|op| self.operand(op, f));
                return Ok(Flow::Return(v));
            }
            NodeKind::Throw(exception) => return throw(exception),
            NodeKind::Resume => {}
            NodeKind::Rethrow(var) => {
                let class = f.caught.get(var).cloned().unwrap_or_default();
                return throw(&class);
            }
            NodeKind::Try {
                body,
                handlers,
                finally,
            } => return self.try_(body, handlers, finally.as_ref(), f),
        }
        Ok(Flow::Normal)
    }

    /// `try`: the handler of the first clause that catches what `body` throws, then `finally`
    /// however they ended — unless sattar's step budget ran out, which no Java code sees (the JVM
    /// bridge's probes refuse to run anything past it).
    fn try_(
        &mut self,
        body: &'p Block,
        handlers: &'p [Handler],
        finally: Option<&'p Block>,
        f: &mut Frame<'p>,
    ) -> Ev<Flow> {
        let mut r = self.block(body, f);
        if let Err(Stop::Throw(e)) = &r {
            let program = self.program;
            let handler = handlers
                .iter()
                .find(|h| h.classes.iter().any(|c| program.is_subclass(e, c)));
            if let Some(h) = handler {
                f.caught.insert(h.param, e.clone());
                r = self.block(&h.body, f);
            }
        }
        match (finally, &r) {
            (Some(fin), Ok(_) | Err(Stop::Throw(_))) => match self.block(fin, f)? {
                Flow::Normal => r,
                // `finally` ending abruptly replaces how the rest ended.
                other => Ok(other),
            },
            _ => r,
        }
    }

    fn operand(&self, op: &Operand, f: &Frame) -> Value {
        match op {
            Operand::Var(v) => f.vars[v.0 as usize].clone().unwrap_or(Value::Null),
            Operand::This => f.this.clone().map_or(Value::Null, Value::Ref),
            Operand::Const(Literal::Int(i)) => Value::Int(*i),
            Operand::Const(Literal::Long(l)) => Value::Long(*l),
            Operand::Const(Literal::Bool(b)) => Value::Bool(*b),
            Operand::Const(Literal::Null) => Value::Null,
            Operand::Const(Literal::Constant(id)) => Value::Ref(ObjId::new(id.as_str())),
        }
    }

    fn value(&mut self, value: &'p Rvalue, f: &mut Frame<'p>) -> Ev<Value> {
        Ok(match value {
            Rvalue::Use(a) => self.operand(a, f),
            Rvalue::Unary(UnOp::Neg, a) => match self.operand(a, f) {
                Value::Int(i) => Value::Int(i.wrapping_neg()),
                Value::Long(l) => Value::Long(l.wrapping_neg()),
                other => other,
            },
            Rvalue::Unary(UnOp::Not, a) => Value::Bool(self.operand(a, f) != Value::Bool(true)),
            Rvalue::Unary(UnOp::BitNot, a) => match self.operand(a, f) {
                Value::Long(l) => Value::Long(!l),
                v => Value::Int(!(integer(&v) as i32)),
            },
            Rvalue::Convert { to, op } => Value::integer(*to, integer(&self.operand(op, f))),
            Rvalue::Box { class, op } => {
                let v = self.operand(op, f);
                self.boxed(class, v)?
            }
            Rvalue::Str(units) => self.literal(units)?,
            Rvalue::Binary(op, a, b) => binary(*op, &self.operand(a, f), &self.operand(b, f)),
            Rvalue::Read { obj, field } => {
                let o = self.obj(&self.operand(obj, f))?;
                self.read_field(&o, &field.name)?
            }
            Rvalue::Load { arr, index } => {
                let a = self.obj(&self.operand(arr, f))?;
                let i = usize::try_from(integer(&self.operand(index, f))).unwrap_or(usize::MAX);
                self.read_field(&a, &element_field(i))?
            }
            Rvalue::NewArray { class, len } => {
                let len = integer(&self.operand(len, f));
                self.new_array(class, len)?
            }
            Rvalue::NewArrayLike { like, len } => {
                let like = self.obj(&self.operand(like, f))?;
                let class = self
                    .heap
                    .get(&like)
                    .map(|o| o.class.clone())
                    .unwrap_or_default();
                let len = integer(&self.operand(len, f));
                self.new_array(&class, len)?
            }
            Rvalue::Cond {
                cond,
                then_b,
                then_v,
                else_b,
                else_v,
            } => {
                let (b, v) = if self.operand(cond, f) == Value::Bool(true) {
                    (then_b, then_v)
                } else {
                    (else_b, else_v)
                };
                // Conditional blocks hold only temporaries: they complete normally or throw.
                self.block(b, f)?;
                self.operand(v, f)
            }
            Rvalue::New {
                class,
                ctor,
                args,
                outer,
            } => {
                let vals = args.iter().map(|a| self.operand(a, f)).collect();
                let outer = outer.as_ref().map(|o| self.operand(o, f));
                self.new_object(class, *ctor, vals, outer)?
            }
            Rvalue::Call {
                method,
                recv,
                args,
                virtual_call,
            } => {
                let this = recv
                    .as_ref()
                    .map(|r| self.obj(&self.operand(r, f)))
                    .transpose()?;
                let vals: Vec<Value> = args.iter().map(|a| self.operand(a, f)).collect();
                let target = match (&this, *virtual_call) {
                    (Some(o), true) => self.dispatch(*method, o, &vals)?,
                    _ => *method,
                };
                self.invoke(target, this, vals)?.unwrap_or(Value::Null)
            }
            Rvalue::ReadStatic(field) => self
                .heap
                .statics
                .get(&static_key(field))
                .cloned()
                .unwrap_or_else(|| self.program.static_default(field)),
            Rvalue::InstanceOf { op, class } => match self.operand(op, f) {
                Value::Ref(o) => Value::Bool(self.is_instance(&o, class)),
                _ => Value::Bool(false),
            },
        })
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

    fn new_object(
        &mut self,
        class: &str,
        ctor: Option<MethodId>,
        vals: Vec<Value>,
        outer: Option<Value>,
    ) -> Ev<Value> {
        let id = loop {
            let cand = ObjId(format!("new{}", self.fresh));
            self.fresh += 1;
            if !self.heap.objects.contains_key(&cand) {
                break cand;
            }
        };
        let mut fields: BTreeMap<String, Value> = self
            .program
            .fields_of(class)
            .into_iter()
            .map(|(_, fd)| (fd.name.clone(), initial_value(&fd)))
            .collect();
        if let (Some(o), Some(c)) = (
            outer,
            self.program.class(class).and_then(|c| c.outer.as_ref()),
        ) {
            fields.insert(c.field.clone(), o);
        }
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

    /// A fresh array of `len` elements at their type's default. An array longer than the step
    /// budget stops the run at the step limit, so that the interpreter's memory stays bounded by
    /// `--max-steps`.
    fn new_array(&mut self, class: &str, len: i64) -> Ev<Value> {
        if u64::try_from(len).unwrap_or(u64::MAX) > self.limits.max_steps {
            return Err(Stop::StepLimit);
        }
        let element = self.program.class(class).and_then(|c| c.element.clone());
        let default = element
            .and_then(|t| t.field_type())
            .map_or(Value::Null, |t| Value::default_for(&t));
        let Value::Ref(id) = self.new_object(class, None, Vec::new(), None)? else {
            return Ok(Value::Null);
        };
        let n = usize::try_from(len).unwrap_or(0);
        if let Some(o) = self.heap.objects.get_mut(&id) {
            *o = Object::array(class, vec![default; n]);
        }
        Ok(Value::Ref(id))
    }

    /// `System.arraycopy`'s copy, its checks passed: the elements read first (as through a
    /// temporary), then stored in order; into a reference array, the first element its element
    /// class does not accept throws `ArrayStoreException`, the elements before it stored.
    fn array_copy(&mut self, s: &ObjId, sp: i64, d: &ObjId, dp: i64, len: i64) -> Ev<()> {
        let index = |i: i64| usize::try_from(i).unwrap_or(usize::MAX);
        let values: Vec<Value> = (0..len)
            .map(|k| self.read_field(s, &element_field(index(sp + k))))
            .collect::<Ev<_>>()?;
        let class = self
            .heap
            .get(d)
            .map(|o| o.class.clone())
            .unwrap_or_default();
        let element = sattar_heap::element_type_name(&class)
            .unwrap_or_default()
            .to_string();
        for (k, v) in (0..len).zip(values) {
            if let Value::Ref(o) = &v {
                if !self.is_instance(o, &element) {
                    return throw(ARRAY_STORE);
                }
            }
            if let Some(object) = self.heap.objects.get_mut(d) {
                object.fields.insert(element_field(index(dp + k)), v);
            }
        }
        Ok(())
    }

    /// `v` boxed in an object of box class `class`: the run's shared object for a cached value
    /// (made when first boxed), else a fresh one.
    fn boxed(&mut self, class: &str, v: Value) -> Ev<Value> {
        let n = match &v {
            Value::Bool(b) => i64::from(*b),
            v => integer(v),
        };
        let cached = match BoxClass::named(class) {
            Some(b) if b.kind == Some(IntKind::Int) => {
                b.cached.0 <= n && n <= self.integer_cache_high
            }
            Some(b) => b.is_cached(n),
            None => false,
        };
        if let Some(id) = self.boxes.get(&(class.to_string(), n)).filter(|_| cached) {
            return Ok(Value::Ref(id.clone()));
        }
        let Value::Ref(id) = self.new_object(class, None, Vec::new(), None)? else {
            return Ok(Value::Null);
        };
        if let Some(o) = self.heap.objects.get_mut(&id) {
            o.fields.insert(BOX_VALUE.into(), v);
        }
        if cached {
            self.boxes.insert((class.to_string(), n), id.clone());
        }
        Ok(Value::Ref(id))
    }

    /// The run's String of literal `units`: made (with its `char[]`) on first use, then shared.
    fn literal(&mut self, units: &[u16]) -> Ev<Value> {
        if let Some(id) = self.literals.get(units) {
            return Ok(Value::Ref(id.clone()));
        }
        let chars = units.iter().map(|&u| Value::Int(i32::from(u))).collect();
        let Value::Ref(array) = self.new_array(CHAR_ARRAY, 0)? else {
            return Ok(Value::Null);
        };
        if let Some(o) = self.heap.objects.get_mut(&array) {
            *o = Object::array(CHAR_ARRAY, chars);
        }
        let Value::Ref(id) = self.new_object(STRING, None, Vec::new(), None)? else {
            return Ok(Value::Null);
        };
        if let Some(o) = self.heap.objects.get_mut(&id) {
            o.fields.insert(STRING_CHARS.into(), Value::Ref(array));
        }
        self.literals.insert(units.to_vec(), id.clone());
        Ok(Value::Ref(id))
    }

    /// Why a virtual call of `m` on a `class` cannot run: javac resolved it, so the method it
    /// reaches is a JDK one sattar does not model — `Object`'s own `hashCode()` or `toString()`,
    /// whose identity values the JVM chooses (docs/LANGUAGE.md).
    fn unmodelled(&self, m: MethodId, class: &str) -> sattar_diag::Diagnostic {
        let p = self.program;
        let called = p.method(m);
        let (file, start, end) = match self.at {
            Some(id) => (p.stmt(id).file, p.stmt(id).span.start, p.stmt(id).span.end),
            None => (called.file, called.span.start, called.span.end),
        };
        let source = p.file(file);
        let pos = p.pos(file, start);
        let line_left = source
            .text
            .get(start..)
            .map_or(0, |t| t.lines().next().map_or(0, str::len));
        let len = u32::try_from(end.saturating_sub(start).min(line_left)).unwrap_or(1);
        sattar_diag::Diagnostic::new(
            &source.path,
            &source.text,
            pos,
            len,
            "unsupported",
            format!(
                "this run calls `{}()` on a `{class}`, which inherits it from `Object`: an identity value the JVM chooses, which sattar does not model",
                called.name
            ),
        )
        .with_help(format!(
            "declare `{}()` in `{class}` (or a superclass), or keep such objects out of the input",
            called.name
        ))
    }

    /// Whether object `o` is a `class`.
    fn is_instance(&self, o: &ObjId, class: &str) -> bool {
        self.heap
            .get(o)
            .is_some_and(|obj| self.program.is_subclass(&obj.class, class))
    }

    /// The method a virtual call of `m` on `o` runs, after the casts a bridge method makes of
    /// arguments whose erased types differ (`compareTo(Object)` bridging to `compareTo(Key)`).
    fn dispatch(&self, m: MethodId, o: &ObjId, args: &[Value]) -> Ev<MethodId> {
        let class = self
            .heap
            .get(o)
            .map(|x| x.class.clone())
            .unwrap_or_default();
        let Some(target) = self.program.resolve(m, &class) else {
            // An abstract method of an input object's abstract class throws as on the JVM.
            if self.program.reaches_unmodelled(m) {
                return Err(Stop::Unmodelled(Box::new(self.unmodelled(m, &class))));
            }
            return throw(ABSTRACT_METHOD);
        };
        let (called, runs) = (self.program.method(m), self.program.method(target));
        for ((want, have), v) in runs.params.iter().zip(&called.params).zip(args) {
            if let (Type::Class(w), Value::Ref(a)) = (&want.ty, v) {
                if want.ty != have.ty && !self.is_instance(a, w) {
                    return throw(CLASS_CAST);
                }
            }
        }
        Ok(target)
    }
}

/// A field's value before any constructor runs: its type's default.
fn initial_value(fd: &Field) -> Value {
    fd.ty
        .field_type()
        .map_or(Value::Null, |t| Value::default_for(&t))
}

/// The key of a static field in [`sattar_heap::Heap::statics`].
pub fn static_key(field: &FieldRef) -> String {
    format!("{}.{}", field.class, field.name)
}

/// The integer a value holds (0 for anything else: the front end type-checked).
fn integer(v: &Value) -> i64 {
    v.as_integer().unwrap_or(0)
}

/// Java's `int` or `long` arithmetic (JLS 15.17, 15.18, 15.19, 15.22), in the type of the left
/// operand (the front end promoted both, but a shift's distance keeps its own type): wrapping,
/// division truncating toward zero (`MIN / -1 = MIN`, the zero divisor checked before), shift
/// distances masked to 5 (int) or 6 (long) bits.
fn arith(op: BinOp, l: &Value, r: &Value) -> Value {
    let kind = match l {
        Value::Long(_) => IntKind::Long,
        _ => IntKind::Int,
    };
    let (a, b) = (integer(l), integer(r));
    let wrap = |v: i64| Value::integer(kind, v);
    let mask = i64::from(kind.bits()) - 1;
    let dist = (b & mask) as u32;
    match op {
        BinOp::Add => wrap(a.wrapping_add(b)),
        BinOp::Sub => wrap(a.wrapping_sub(b)),
        BinOp::Mul => wrap(a.wrapping_mul(b)),
        // A zero divisor never gets here (`ZeroCheck`); 0 keeps the function total.
        BinOp::Div | BinOp::Rem if b == 0 => wrap(0),
        // At 64 bits `i64::MIN / -1` wraps as Java's long does; an int's fits exactly and wraps.
        BinOp::Div => wrap(a.wrapping_div(b)),
        BinOp::Rem => wrap(a.wrapping_rem(b)),
        BinOp::BitAnd => wrap(a & b),
        BinOp::BitOr => wrap(a | b),
        BinOp::BitXor => wrap(a ^ b),
        BinOp::Shl => wrap(a.wrapping_shl(dist)),
        BinOp::Shr => wrap(a >> dist),
        BinOp::UShr if kind == IntKind::Long => wrap(((a as u64) >> dist) as i64),
        BinOp::UShr => wrap(i64::from((a as u32) >> dist)),
        _ => wrap(0),
    }
}

fn binary(op: BinOp, l: &Value, r: &Value) -> Value {
    use BinOp::*;
    match (op, l, r) {
        // `&`, `|`, `^` on booleans: both operands were evaluated.
        (BitAnd, Value::Bool(a), Value::Bool(b)) => Value::Bool(*a & *b),
        (BitOr, Value::Bool(a), Value::Bool(b)) => Value::Bool(*a | *b),
        (BitXor, Value::Bool(a), Value::Bool(b)) => Value::Bool(*a ^ *b),
        _ => binary_int(op, l, r),
    }
}

fn binary_int(op: BinOp, l: &Value, r: &Value) -> Value {
    use BinOp::*;
    match op {
        Add | Sub | Mul | Div | Rem | BitAnd | BitOr | BitXor | Shl | Shr | UShr => arith(op, l, r),
        Eq => Value::Bool(l == r),
        Ne => Value::Bool(l != r),
        Lt => Value::Bool(integer(l) < integer(r)),
        Le => Value::Bool(integer(l) <= integer(r)),
        Gt => Value::Bool(integer(l) > integer(r)),
        Ge => Value::Bool(integer(l) >= integer(r)),
        And | Or => Value::Bool(false),
    }
}
