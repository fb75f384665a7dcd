//! sattar's bounded relational encoding (see docs/ENCODING.md): a Java method of the supported
//! subset and its relational specification become one boolean circuit over a bounded universe,
//! solved by `sattar-sat`; models decode back into input heaps, post-states, branch traces and
//! coverage.
//!
//! Two modes share one walk over the code ([`code`]):
//! - [`Mode::Direct`]: values are circuit expressions. With a fixed input everything folds to
//!   constants (no variables at all); with a free pre-state the circuit is what bounded
//!   verification and test generation solve.
//! - [`Mode::Grouped`]: every statement instance defines fresh variables in its own group, and
//!   every postcondition is a group, so a minimal unsatisfiable core is a slice of the violation.
//!
//! ```
//! use sattar_encode::{encode, EncodeOptions, PreSpec};
//! use sattar_heap::{Schema, TestInput};
//! let src = "class C { int f; int inc(int k) { f = f + k; return f; } }";
//! let p = sattar_java::parse_program("C.java", src).unwrap();
//! let m = p.find_methods("inc")[0].id;
//! let spec = sattar_spec::parse_spec("c.spec", "spec C { method inc(k: int) { ensures up: this.f' = this.f + k } }").unwrap();
//! let rm = sattar_spec::resolve(&spec, &p.schema(), &p.sig(m), None).unwrap();
//! let enc = encode(&p, m, &rm, PreSpec::Free { scope: 1 }, &EncodeOptions::default()).unwrap();
//! assert_eq!(enc.bounds.width, 4); // constants and counts fit in 3 bits, plus one
//! ```

pub mod check;
pub mod code;
pub mod cores;
pub mod decode;
mod error;
pub mod spec;
pub mod universe;
pub mod value;

pub use check::{
    check, check_observed, for_each_input, for_each_valid_input, CheckOptions, CheckOutcome,
    CheckReport, InputKind,
};
pub use code::{BoundKey, Bounds, BranchInstance, Instance};
pub use cores::{Core, CoreOrder};
pub use decode::Decoded;
pub use error::EncodeError;

use code::{Walked, Walker};
use sattar_heap::{FieldType, MethodSig, TestInput, Value};
use sattar_java::{Literal, MethodId, NodeKind, Operand, Program, Rvalue};
use sattar_sat::{Bool, GroupId, Session};
use sattar_spec::resolved::{ConstraintKind, Formula, IntExpr, ResolvedMethod, SetExpr};
use spec::{SpecEncoder, SpecInputs};
use universe::{PreState, SymHeap, Universe};
use value::{signed_bits, Val};

/// The default budget of statement instances in one encoding (`--max-instances`).
pub const DEFAULT_MAX_INSTANCES: usize = 200_000;

/// How values defined by statements are represented.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// As circuit expressions (constant for a fixed input).
    Direct,
    /// As fresh variables, one group per statement instance and per postcondition.
    Grouped,
}

/// The pre-state of an encoding.
#[derive(Clone, Copy, Debug)]
pub enum PreSpec<'a> {
    /// Exactly this input: constants, no variables.
    Fixed(&'a TestInput),
    /// Any heap of at most `scope` objects per class, every object reachable from the receiver or
    /// an argument (well-formedness only; validity is [`Encoding::pre_ok`]).
    Free {
        /// Objects per class.
        scope: usize,
    },
}

/// Encoding options; every limit has a default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeOptions {
    /// Direct or grouped.
    pub mode: Mode,
    /// Bits of an `int`; `None` chooses the smallest that holds every constant (and grows on overflow
    /// for a fixed input).
    pub bitwidth: Option<usize>,
    /// Loop iterations and recursion depth to start from; `None`: objects in the input (or the
    /// scope) plus one.
    pub unroll: Option<u32>,
    /// The most iterations a loop may be grown to for a fixed input.
    pub max_unroll: u32,
    /// The most statement instances an encoding may have (loops unrolled, calls inlined): what
    /// keeps exponential inlining (a binary recursion unrolled deep) from exhausting memory.
    pub max_instances: usize,
    /// Grouped, fixed input: make the postconditions the run satisfies hard (the default), or leave
    /// them soft like the violated ones (the relaxed cores of Gopinath et al., ASE 2012, which can
    /// blame more code; see docs/LOCALIZE.md#step-1-unsat-core).
    pub keep_satisfied: bool,
    /// Grouped, fixed input: leave the groups of the statement instances the run does not execute
    /// soft (every query still assumes them), so that a statement can be relaxed in all its
    /// instances — the executed ones and those a repaired run's changed path would execute
    /// ([`Encoding::repairs`]). Cores are the same either way: they always assume those groups.
    pub relax_unexecuted: bool,
    /// The most circuit nodes one encoding may build (its memory, about 700 bytes a node).
    pub max_gates: usize,
    /// Grouped: relaxing a statement also frees where it writes (the object and, among its
    /// class's fields of the same type, the field of a store) and whether its run-time checks
    /// throw — the cores' second try when no statement repairs the run by its values alone.
    pub relax_targets: bool,
}

/// The default of [`EncodeOptions::max_gates`]: about 3 GB, far above what the bundled subjects
/// need (tens of thousands of nodes) and below what a shared machine can give.
pub const DEFAULT_MAX_GATES: usize = 4_000_000;

impl Default for EncodeOptions {
    fn default() -> Self {
        EncodeOptions {
            mode: Mode::Direct,
            bitwidth: None,
            unroll: None,
            max_unroll: 256,
            max_instances: DEFAULT_MAX_INSTANCES,
            keep_satisfied: true,
            relax_unexecuted: false,
            max_gates: DEFAULT_MAX_GATES,
            relax_targets: false,
        }
    }
}

/// A named constraint of the spec and the literal saying it holds.
#[derive(Clone, Debug)]
pub struct ConstraintLit {
    /// Its name.
    pub name: String,
    /// Invariant (on the pre-state), requires or ensures.
    pub kind: ConstraintKind,
    /// True iff the constraint holds.
    pub holds: Bool,
    /// Its group (grouped mode, ensures only).
    pub group: Option<GroupId>,
}

/// A method and its spec encoded under bounds.
pub struct Encoding {
    /// The SAT session holding the circuit (and, in grouped mode, the groups).
    pub session: Session,
    /// The mode it was built in.
    pub mode: Mode,
    /// The bounds used (bitwidth, unrolling).
    pub bounds: Bounds,
    /// The scope of a free pre-state.
    pub scope: Option<usize>,
    /// Statement instances in execution order.
    pub instances: Vec<Instance>,
    /// Branch evaluations in execution order.
    pub branches: Vec<BranchInstance>,
    /// Every named constraint, in spec order.
    pub constraints: Vec<ConstraintLit>,
    /// The group asserting that no exception escapes (grouped mode).
    pub no_exception_group: Option<GroupId>,
    pub(crate) sig: MethodSig,
    pub(crate) fixed: Option<TestInput>,
    pub(crate) universe: Universe,
    pub(crate) pre_heap: SymHeap,
    pub(crate) walked: Walked,
    pub(crate) this: Option<Val>,
    pub(crate) args: Vec<(String, Val)>,
    pub(crate) wellformed: Bool,
    pub(crate) input_vars: Vec<Bool>,
    pub(crate) high_bits: Vec<Bool>,
}

impl Encoding {
    /// A copy whose session is a [`Session::fork`]: a fresh solver over the same clauses, which
    /// answers as this encoding did before its first solve.
    pub fn fork(&self) -> Encoding {
        Encoding {
            session: self.session.fork(),
            mode: self.mode,
            bounds: self.bounds.clone(),
            scope: self.scope,
            instances: self.instances.clone(),
            branches: self.branches.clone(),
            constraints: self.constraints.clone(),
            no_exception_group: self.no_exception_group,
            sig: self.sig.clone(),
            fixed: self.fixed.clone(),
            universe: self.universe.clone(),
            pre_heap: self.pre_heap.clone(),
            walked: self.walked.clone(),
            this: self.this.clone(),
            args: self.args.clone(),
            wellformed: self.wellformed,
            input_vars: self.input_vars.clone(),
            high_bits: self.high_bits.clone(),
        }
    }

    /// The pre-state is well formed: a heap of the scope, every object reachable (true for a fixed
    /// input). Whether it is valid is [`Encoding::pre_ok`].
    pub fn wellformed(&self) -> Bool {
        self.wellformed
    }

    /// The pre-state is well formed and satisfies every invariant and precondition.
    pub fn pre_ok(&mut self) -> Bool {
        let mut lits = vec![self.wellformed];
        lits.extend(
            self.constraints
                .iter()
                .filter(|c| c.kind != ConstraintKind::Ensures)
                .map(|c| c.holds),
        );
        self.session.circuit_mut().and(&lits)
    }

    /// An exception escapes the method.
    pub fn threw(&mut self) -> Bool {
        let e: Vec<Bool> = self.walked.exceptions.values().copied().collect();
        self.session.circuit_mut().or(&e)
    }

    /// The run goes past a loop or recursion bound.
    pub fn unwinding(&mut self) -> Bool {
        let u: Vec<Bool> = self.walked.unwind.values().copied().collect();
        self.session.circuit_mut().or(&u)
    }

    /// The run is one the encoding does not follow faithfully: its arithmetic leaves the
    /// bitwidth (a wrap Java would not make), or it calls a JDK method sattar does not model
    /// (`Object`'s identity `hashCode()`, which the interpreter refuses to run).
    pub fn unfaithful(&mut self) -> Bool {
        let (o, u) = (self.walked.overflow, self.walked.unmodelled);
        self.session.circuit_mut().or2(o, u)
    }

    /// Runs the encoding represents faithfully: within every bound, no overflow, no unmodelled call.
    pub fn in_bounds(&mut self) -> Bool {
        let (u, o) = (self.unwinding(), self.unfaithful());
        self.session.circuit_mut().and2(!u, !o)
    }

    /// The postcondition fails: an exception escapes or an `ensures` constraint is false.
    pub fn violation(&mut self) -> Bool {
        let mut bad = vec![self.threw()];
        bad.extend(
            self.constraints
                .iter()
                .filter(|c| c.kind == ConstraintKind::Ensures)
                .map(|c| !c.holds),
        );
        self.session.circuit_mut().or(&bad)
    }

    /// Every group of the encoding: statement instances, then postconditions (grouped mode).
    pub fn groups(&self) -> Vec<GroupId> {
        let mut g: Vec<GroupId> = self.instances.iter().filter_map(|i| i.group).collect();
        g.extend(self.constraints.iter().filter_map(|c| c.group));
        g.extend(self.no_exception_group);
        g
    }

    /// For every statement, the literal "the run covers it" (an instance starts, or a `do` is entered).
    pub fn coverage(&mut self) -> std::collections::BTreeMap<sattar_java::StmtId, Bool> {
        let mut by_stmt: std::collections::BTreeMap<sattar_java::StmtId, Vec<Bool>> =
            Default::default();
        for i in &self.instances {
            by_stmt.entry(i.stmt).or_default().push(i.guard);
        }
        for (s, g) in &self.walked.cover {
            by_stmt.entry(*s).or_default().push(*g);
        }
        let c = self.session.circuit_mut();
        by_stmt.into_iter().map(|(s, gs)| (s, c.or(&gs))).collect()
    }

    /// The variables a free pre-state is made of (empty for a fixed input): assumptions over them
    /// steer which inputs a solver picks.
    pub fn input_vars(&self) -> &[Bool] {
        &self.input_vars
    }

    /// Every free integer of the pre-state is in `0..=3` (true for a fixed input): the small
    /// inputs a bounded-exhaustive pool draws from, as the generator's default finitization.
    pub fn small_ints(&mut self) -> Bool {
        let low: Vec<Bool> = self.high_bits.iter().map(|b| !*b).collect();
        self.session.circuit_mut().and(&low)
    }

    /// Every library object's `modCount` is 0 in the pre-state: the JDK only compares a
    /// collection's count with itself (its iterators'), so inputs that differ there alone need
    /// not be enumerated one by one.
    pub fn counters_at_zero(&mut self, program: &Program) -> Bool {
        let mut cells = Vec::new();
        for (k, class) in self.universe.classes.iter().enumerate() {
            let Some(f) = class.field(sattar_java::library::MOD_COUNT) else {
                continue;
            };
            if program.is_library_class(&class.name) {
                cells.extend(self.pre_heap.fields[k][f].iter().cloned());
            }
        }
        let c = self.session.circuit_mut();
        let zero: Vec<Bool> = cells
            .iter()
            .filter_map(|v| match v {
                Val::Int(x) => {
                    let z = c.bv_const(x.width(), 0);
                    Some(c.bv_eq(x, &z))
                }
                _ => None,
            })
            .collect();
        c.and(&zero)
    }

    /// Excludes the input of `model` from later solutions (a free pre-state's blocking clause).
    pub fn block_input(&mut self, model: &sattar_sat::Model) {
        let differs: Vec<Bool> = self
            .input_vars
            .iter()
            .map(|&v| if model.value(v) { !v } else { v })
            .collect();
        let clause = self.session.circuit_mut().or(&differs);
        self.session.assert_hard(clause);
    }

    /// The bounds that apply to loops and recursion, by key, with what was used.
    pub fn unroll_used(&self) -> Vec<(BoundKey, u32)> {
        self.walked
            .unwind
            .keys()
            .map(|k| (*k, self.bounds.of(*k)))
            .collect()
    }
}

/// Encodes `method` with `spec` over the pre-state `pre`. A fixed input grows the bitwidth and the
/// unrolling until its run fits (up to 32 bits and `max_unroll` iterations).
pub fn encode(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    pre: PreSpec,
    opts: &EncodeOptions,
) -> Result<Encoding, EncodeError> {
    let mut bounds = initial_bounds(program, method, spec, pre, opts)?;
    let PreSpec::Fixed(_) = pre else {
        return build(program, method, spec, pre, opts.mode, bounds);
    };
    loop {
        let direct = build(program, method, spec, pre, Mode::Direct, bounds.clone())?;
        match grown(program, &direct, &bounds, opts)? {
            Some(next) => bounds = next,
            None if opts.mode == Mode::Direct => return Ok(direct),
            None => {
                let mut grouped = build(program, method, spec, pre, Mode::Grouped, bounds)?;
                grouped.mark_executed(opts.keep_satisfied, opts.relax_unexecuted)?;
                return Ok(grouped);
            }
        }
    }
}

/// Larger bounds if the fixed run does not fit `bounds`; `None` if it fits.
fn grown(
    program: &Program,
    enc: &Encoding,
    bounds: &Bounds,
    opts: &EncodeOptions,
) -> Result<Option<Bounds>, EncodeError> {
    let mut next = bounds.clone();
    if enc.walked.unmodelled != Bool::FALSE {
        // The interpreter refuses the same run, naming the call (`sattar run` shows it).
        return Err(EncodeError::Unsupported(
            "this input's run calls a method it inherits from Object that sattar does not model              (an identity hashCode()); `sattar run` on the input names the call; declare the              method in the class, or choose another input"
                .into(),
        ));
    }
    if enc.walked.overflow != Bool::FALSE {
        if bounds.width >= 64 {
            return Err(EncodeError::Overflow(64));
        }
        next.width = (bounds.width * 2).min(64);
    }
    for (key, when) in &enc.walked.unwind {
        if *when == Bool::FALSE {
            continue;
        }
        let k = bounds.of(*key);
        if k >= opts.max_unroll {
            return Err(EncodeError::Unwinding {
                what: describe(program, *key),
                limit: k,
            });
        }
        next.per.insert(*key, (k * 2).min(opts.max_unroll));
    }
    Ok((next != *bounds).then_some(next))
}

/// The objects of a fixed input a loop or recursion may walk one by one: all but the modelled
/// JDK objects and their storage arrays (whose elements are counted by the array bound).
fn traversable_objects(program: &Program, input: &TestInput) -> usize {
    let library = |o: &sattar_heap::Object| program.is_library_class(&o.class);
    let contents: std::collections::BTreeSet<&sattar_heap::ObjId> = input
        .heap
        .objects
        .values()
        .filter(|o| library(o))
        .filter_map(|o| sattar_java::library::storage(&o.class).map(|s| (o, s.field)))
        .filter_map(|(o, field)| match o.fields.get(field) {
            Some(sattar_heap::Value::Ref(a)) => Some(a),
            _ => None,
        })
        .collect();
    let heap = &input.heap.objects;
    heap.iter()
        .filter(|(id, o)| !library(o) && !contents.contains(id))
        .count()
}

/// `File.java:LINE: while (…)` for a loop, `method C.m` for a recursion.
pub fn describe(program: &Program, key: BoundKey) -> String {
    match key {
        // Loops of library models (java.util, String) have no statement of their own; they share one.
        BoundKey::Loop(id) if id.0 == 0 => {
            "the loops of sattar's models of JDK classes (java.util, String)".to_string()
        }
        BoundKey::Loop(id) => {
            let s = program.stmt(id);
            format!(
                "{}:{}: the loop `{}`",
                program.file(s.file).path,
                s.line,
                s.text
            )
        }
        BoundKey::Recursion(m) => {
            format!("the recursion of {}", program.method(m).qualified_name())
        }
        BoundKey::ArrayLength => "the length of arrays (elements count as iterations)".into(),
    }
}

fn initial_bounds(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    pre: PreSpec,
    opts: &EncodeOptions,
) -> Result<Bounds, EncodeError> {
    let mut consts = code_literals(program, method);
    // A constant of the code must fit the width exactly: wrapped, it would be another program.
    let code_needs = consts.iter().map(|v| signed_bits(*v)).max().unwrap_or(1) as usize;
    if let Some(w) = opts.bitwidth.filter(|&w| w < code_needs) {
        let big = consts
            .iter()
            .copied()
            .max_by_key(|v| signed_bits(*v))
            .unwrap_or(0);
        return Err(EncodeError::Bitwidth {
            given: w,
            needed: code_needs,
            constant: big,
        });
    }
    let mut longest = 0;
    let objects = match pre {
        PreSpec::Fixed(input) => {
            consts.extend(input_ints(input));
            let lengths = input.heap.objects.values().filter_map(|o| o.length());
            longest = lengths.max().unwrap_or(0);
            traversable_objects(program, input)
        }
        PreSpec::Free { scope } => {
            for c in &spec.constraints {
                spec_literals(&c.formula, &mut consts);
            }
            scope
        }
    };
    consts.push(objects as i64 + 1);
    let unroll = opts.unroll.unwrap_or(objects as u32 + 1).max(1);
    // Arrays start with room for the longest input array and as many elements as loops turn
    // (their indices must fit the width); a program without arrays has no array bound.
    let has_arrays = program.has_arrays();
    let slots = unroll.max(u32::try_from(longest).unwrap_or(u32::MAX));
    if has_arrays {
        consts.push(i64::from(slots));
    }
    let needed = consts.iter().map(|v| signed_bits(*v)).max().unwrap_or(1) as usize;
    Ok(Bounds {
        max_instances: opts.max_instances,
        width: opts.bitwidth.unwrap_or((needed + 1).max(4)).clamp(2, 64),
        unroll,
        per: has_arrays
            .then_some((BoundKey::ArrayLength, slots))
            .into_iter()
            .collect(),
        max_gates: opts.max_gates,
        relax_targets: opts.relax_targets,
    })
}

fn input_ints(input: &TestInput) -> Vec<i64> {
    let fields = input.heap.objects.values().flat_map(|o| o.fields.values());
    let args = input.args.iter().map(|(_, v)| v);
    fields
        .chain(args)
        .chain(input.heap.statics.values())
        .filter_map(Value::as_integer)
        .collect()
}

/// The integer constants of the code, the chars of string literals included — of sattar's
/// models of JDK classes and methods only what a run of `method` can reach (a program that
/// names HashMap has all of its model, one that calls `Character.isLetter` somewhere its table
/// of chars up to U+FFFF; the program's own code counts whole, as it always has).
fn code_literals(program: &Program, method: MethodId) -> Vec<i64> {
    let mut out = Vec::new();
    let reachable = program.reachable(method);
    let methods = (0..program.methods.len()).map(|i| MethodId(i as u32));
    let counted = methods.filter(|m| {
        let declared = program.method(*m);
        let model = program.is_library_class(&declared.class)
            || declared.kind == sattar_java::MethodKind::Library;
        !model || reachable.contains(m)
    });
    for m in counted {
        sattar_java::walk(&program.method(m).body.block, &mut |n| {
            if let NodeKind::Let {
                value: Rvalue::Str(units),
                ..
            } = &n.kind
            {
                out.extend(units.iter().map(|&u| i64::from(u)));
            }
            for op in n.kind.operands() {
                match op {
                    Operand::Const(Literal::Int(i)) => out.push(i64::from(*i)),
                    Operand::Const(Literal::Long(l)) => out.push(*l),
                    _ => {}
                }
            }
        });
    }
    out
}

fn spec_literals(f: &Formula, out: &mut Vec<i64>) {
    let ints = |e: &IntExpr, out: &mut Vec<i64>| int_literals(e, out);
    match f {
        Formula::IntCmp(_, x, y) => {
            ints(x, out);
            ints(y, out);
        }
        Formula::Subset(x, y) | Formula::SetEq(x, y) => {
            set_literals(x, out);
            set_literals(y, out);
        }
        Formula::Mult(_, e) => set_literals(e, out),
        Formula::Quant { bound, body, .. } => {
            set_literals(bound, out);
            spec_literals(body, out);
        }
        Formula::Not(g) => spec_literals(g, out),
        Formula::And(x, y) | Formula::Or(x, y) | Formula::Implies(x, y) | Formula::Iff(x, y) => {
            spec_literals(x, out);
            spec_literals(y, out);
        }
        Formula::IfElse(x, y, z) => {
            for g in [x, y, z] {
                spec_literals(g, out);
            }
        }
        Formula::Const(_) => {}
    }
}

fn int_literals(e: &IntExpr, out: &mut Vec<i64>) {
    match e {
        IntExpr::Lit(v) => out.push(*v),
        IntExpr::Sum(s) | IntExpr::Card(s) => set_literals(s, out),
        IntExpr::Add(x, y) | IntExpr::Sub(x, y) | IntExpr::Mul(x, y) => {
            int_literals(x, out);
            int_literals(y, out);
        }
        IntExpr::Neg(x) => int_literals(x, out),
    }
}

fn set_literals(e: &SetExpr, out: &mut Vec<i64>) {
    match e {
        SetExpr::IntValue(i) => int_literals(i, out),
        SetExpr::Range(lo, hi) => {
            int_literals(lo, out);
            int_literals(hi, out);
        }
        SetExpr::Elem { array, index, .. } => {
            set_literals(array, out);
            int_literals(index, out);
        }
        SetExpr::Elems { array, .. } => set_literals(array, out),
        SetExpr::Join { left, .. } => set_literals(left, out),
        SetExpr::Union(x, y) | SetExpr::Diff(x, y) | SetExpr::Inter(x, y) => {
            set_literals(x, out);
            set_literals(y, out);
        }
        _ => {}
    }
}

/// A direct encoding under exactly `bounds`. Two such encodings with the same bounds (a fixed
/// input and a free pre-state, say) name corresponding branch evaluations by the same
/// [`BranchInstance::key`]: test generation finds the failing run's branches in the free
/// encoding so.
pub fn encode_with_bounds(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    pre: PreSpec,
    bounds: Bounds,
) -> Result<Encoding, EncodeError> {
    build(program, method, spec, pre, Mode::Direct, bounds)
}

/// The bounds a free pre-state of `scope` starts from (what `check` grows from).
pub fn free_bounds(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    scope: usize,
    opts: &EncodeOptions,
) -> Result<Bounds, EncodeError> {
    initial_bounds(program, method, spec, PreSpec::Free { scope }, opts)
}

/// One encoding under fixed bounds.
fn build(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    pre: PreSpec,
    mode: Mode,
    bounds: Bounds,
) -> Result<Encoding, EncodeError> {
    build_walking(program, method, spec, pre, mode, bounds, true)
}

/// The encoding of the pre-state alone, with the invariants and preconditions of `spec`: the
/// method is not walked (no instances, the heap after is the heap before), so finding valid
/// inputs costs what the input's own constraints cost.
fn build_pre_state(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    scope: usize,
    bounds: Bounds,
) -> Result<Encoding, EncodeError> {
    let assumed = ResolvedMethod {
        constraints: (spec.constraints.iter())
            .filter(|c| c.kind != ConstraintKind::Ensures)
            .cloned()
            .collect(),
        ..spec.clone()
    };
    let pre = PreSpec::Free { scope };
    build_walking(program, method, &assumed, pre, Mode::Direct, bounds, false)
}

/// [`build`], walking the method or (`walk` false) not.
fn build_walking(
    program: &Program,
    method: MethodId,
    spec: &ResolvedMethod,
    pre: PreSpec,
    mode: Mode,
    bounds: Bounds,
    walk: bool,
) -> Result<Encoding, EncodeError> {
    let sig = program.sig(method);
    let fixed = match pre {
        PreSpec::Fixed(i) => Some(i.clone()),
        PreSpec::Free { .. } => None,
    };
    // A fixed input runs with the program's environment (enum constants, every static field).
    let with_env;
    let pre = match pre {
        PreSpec::Fixed(input) => {
            with_env = program.with_environment(input);
            PreSpec::Fixed(&with_env)
        }
        free => free,
    };
    let mut session = Session::new();
    session.circuit_mut().set_node_limit(bounds.max_gates);
    let c = session.circuit_mut();
    let slots = bounds.of(BoundKey::ArrayLength) as usize;
    let state: PreState = match pre {
        PreSpec::Fixed(input) => universe::fixed(program, &sig, input, bounds.width, slots, c)?,
        PreSpec::Free { scope } => universe::free(program, &sig, scope, bounds.width, slots, c)?,
    };
    let pre_heap = state.heap.clone();
    let arg_vals: Vec<Val> = state.args.iter().map(|(_, v)| v.clone()).collect();
    let mut walked = match walk {
        false => Walked::not_started(state.universe, state.heap),
        true => Walker::new(
            program,
            &mut session,
            mode == Mode::Grouped,
            &bounds,
            state.universe,
            state.heap,
        )
        .run(method, state.this.clone(), arg_vals),
    };
    if walked.too_large {
        return Err(EncodeError::TooManyInstances(bounds.max_instances));
    }
    let universe = walked.universe.clone();
    let mut enc = Encoding {
        session,
        mode,
        bounds,
        scope: match pre {
            PreSpec::Free { scope } => Some(scope),
            PreSpec::Fixed(_) => None,
        },
        instances: std::mem::take(&mut walked.instances),
        branches: std::mem::take(&mut walked.branches),
        constraints: Vec::new(),
        no_exception_group: None,
        fixed,
        sig,
        universe,
        pre_heap,
        walked,
        this: state.this,
        args: state.args,
        wellformed: state.wellformed,
        input_vars: state.vars,
        high_bits: state.high_bits,
    };
    encode_spec(&mut enc, spec)?;
    if enc.session.circuit().exceeded() {
        return Err(EncodeError::TooLarge(enc.bounds.max_gates));
    }
    Ok(enc)
}

/// Encodes every named constraint; in grouped mode each `ensures` and `noException` is a group.
fn encode_spec(enc: &mut Encoding, spec: &ResolvedMethod) -> Result<(), EncodeError> {
    let this = enc.this.clone();
    let args = enc
        .sig
        .params
        .iter()
        .zip(&enc.args)
        .map(|((n, t), (_, v))| (n.clone(), t.clone(), v.clone()))
        .collect();
    let result: Option<(FieldType, Val)> = enc.sig.ret.clone().zip(enc.walked.result.clone());
    let inputs = SpecInputs {
        universe: &enc.universe,
        pre: &enc.pre_heap,
        post: &enc.walked.heap,
        this,
        args,
        result,
        width: enc.bounds.width,
    };
    let formulas: Vec<&Formula> = spec.constraints.iter().map(|c| &c.formula).collect();
    let mut se = SpecEncoder::new(enc.session.circuit_mut(), inputs, &formulas);
    let holds: Vec<Bool> = spec
        .constraints
        .iter()
        .map(|c| se.formula(&c.formula))
        .collect();
    for (c, h) in spec.constraints.iter().zip(holds) {
        let group = (enc.mode == Mode::Grouped && c.kind == ConstraintKind::Ensures)
            .then(|| enc.session.new_group(c.name.clone()));
        if let Some(g) = group {
            enc.session.assert_in_group(h, g)?;
        }
        enc.constraints.push(ConstraintLit {
            name: c.name.clone(),
            kind: c.kind,
            holds: h,
            group,
        });
    }
    if enc.mode == Mode::Grouped {
        // A relaxed run must end within the bounds, as `check`'s runs must: past a loop's
        // unrolling the encoding stops following it, and a relaxation that loops forever
        // (`prev = prev` in a list walk) would otherwise "repair" the run from where it was cut.
        let fits = enc.in_bounds();
        enc.session.assert_hard(fits);
        let g = enc.session.new_group(decode::NO_EXCEPTION);
        let threw = enc.threw();
        enc.session.assert_in_group(!threw, g)?;
        enc.no_exception_group = Some(g);
    }
    Ok(())
}
