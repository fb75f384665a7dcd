//! sattar's models of JDK methods, written in the core IR: a library method the program calls
//! runs its model here, in every engine alike (the JVM runs the real JDK method; the differential
//! tests keep the two equal). A method without a model is refused at its call site.

use super::chars;
use crate::ir::*;
use sattar_heap::{BoxClass, BOX_VALUE};

/// The model of `owner.name(erased…)`, if sattar has one: its variables (parameters first) and
/// code.
pub(crate) fn model(owner: &str, name: &str, erased: &[String]) -> Option<Body> {
    let params: Vec<&str> = erased.iter().map(String::as_str).collect();
    let mut b = Model::default();
    match (owner, name, params.as_slice()) {
        // Identity (Object's contract, JLS): `return this == o;`.
        ("java.lang.Object", "equals", ["java.lang.Object"]) => {
            let o = b.param(object());
            let eq = b.let_(Type::Boolean, Rvalue::Binary(BinOp::Eq, Operand::This, o));
            b.ret(eq);
        }
        ("java.lang.Math", "max" | "min", [t, u]) if t == u && numeric(t).is_some() => {
            let ty = numeric(t)?;
            let (x, y) = (b.param(ty.clone()), b.param(ty));
            let op = if name == "max" { BinOp::Ge } else { BinOp::Le };
            let first = b.let_(Type::Boolean, Rvalue::Binary(op, x.clone(), y.clone()));
            b.if_return(first, x);
            b.ret(y);
        }
        // abs(MIN_VALUE) is MIN_VALUE: negation wraps.
        ("java.lang.Math", "abs", [t]) if numeric(t).is_some() => {
            let ty = numeric(t)?;
            let x = b.param(ty.clone());
            let neg = b.let_(
                Type::Boolean,
                Rvalue::Binary(BinOp::Lt, x.clone(), zero(&ty)),
            );
            let minus = b.let_(ty, Rvalue::Unary(UnOp::Neg, x.clone()));
            b.if_return(neg, minus);
            b.ret(x);
        }
        // The JDK's code: `mod = x % y; if ((mod ^ y) < 0 && mod != 0) mod += y;`.
        ("java.lang.Math", "floorMod", ["int", "int"]) => {
            let (x, y) = (b.param(Type::Int), b.param(Type::Int));
            b.push(NodeKind::ZeroCheck(y.clone()));
            let m = b.let_(Type::Int, Rvalue::Binary(BinOp::Rem, x, y.clone()));
            let sign = b.let_(
                Type::Int,
                Rvalue::Binary(BinOp::BitXor, m.clone(), y.clone()),
            );
            let differ = b.let_(Type::Boolean, Rvalue::Binary(BinOp::Lt, sign, int(0)));
            let nonzero = b.let_(Type::Boolean, Rvalue::Binary(BinOp::Ne, m.clone(), int(0)));
            let fix = b.let_(
                Type::Boolean,
                Rvalue::Binary(BinOp::BitAnd, differ, nonzero),
            );
            let up = b.let_(Type::Int, Rvalue::Binary(BinOp::Add, m.clone(), y));
            b.if_return(fix, up);
            b.ret(m);
        }
        ("java.lang.Integer", "compare", ["int", "int"])
        | ("java.lang.Long", "compare", ["long", "long"]) => {
            let ty = numeric(params[0])?;
            let (x, y) = (b.param(ty.clone()), b.param(ty));
            let less = b.let_(
                Type::Boolean,
                Rvalue::Binary(BinOp::Lt, x.clone(), y.clone()),
            );
            b.if_return(less, int(-1));
            let same = b.let_(Type::Boolean, Rvalue::Binary(BinOp::Eq, x, y));
            b.if_return(same, int(0));
            b.ret(int(1));
        }
        ("java.lang.Integer", "hashCode", ["int"]) => {
            let x = b.param(Type::Int);
            b.ret(x);
        }
        // The JDK's code: `(int) (value ^ (value >>> 32))`.
        ("java.lang.Long", "hashCode", ["long"]) => {
            let x = b.param(Type::Integer(IntKind::Long));
            let long = Type::Integer(IntKind::Long);
            let high = b.let_(
                long.clone(),
                Rvalue::Binary(BinOp::UShr, x.clone(), int(32)),
            );
            let mixed = b.let_(long, Rvalue::Binary(BinOp::BitXor, x, high));
            let h = b.let_(
                Type::Int,
                Rvalue::Convert {
                    to: IntKind::Int,
                    op: mixed,
                },
            );
            b.ret(h);
        }
        ("java.lang.Integer", "signum", ["int"]) => {
            let x = b.param(Type::Int);
            let neg = b.let_(Type::Boolean, Rvalue::Binary(BinOp::Lt, x.clone(), int(0)));
            b.if_return(neg, int(-1));
            let zero = b.let_(Type::Boolean, Rvalue::Binary(BinOp::Eq, x, int(0)));
            b.if_return(zero, int(0));
            b.ret(int(1));
        }
        // `if (o == null) throw new NullPointerException(); return o;`
        ("java.util.Objects", "requireNonNull", ["java.lang.Object"]) => {
            let o = b.param(object());
            b.push(NodeKind::NullCheck(o.clone()));
            b.ret(o);
        }
        ("java.util.Objects", "isNull" | "nonNull", ["java.lang.Object"]) => {
            let o = b.param(object());
            let op = if name == "isNull" {
                BinOp::Eq
            } else {
                BinOp::Ne
            };
            let t = b.let_(
                Type::Boolean,
                Rvalue::Binary(op, o, Operand::Const(Literal::Null)),
            );
            b.ret(t);
        }
        ("java.lang.Character", _, ["char"]) if char_table(name).is_some() => {
            return char_table(name).map(character)
        }
        ("java.lang.Character", "digit", ["char", "int"]) => return Some(digit()),
        (c, _, _) if BoxClass::named(c).is_some() => return box_model(c, name, &params),
        (JUNIT_ASSERTIONS, _, _) => junit_assertion(&mut b, name, &params)?,
        _ => return None,
    }
    Some(b.body)
}

/// JUnit 5's assertions, for a test method analysed as the program (`--spec-from-test`).
pub(crate) const JUNIT_ASSERTIONS: &str = "org.junit.jupiter.api.Assertions";
/// What a failed JUnit 5 assertion throws.
pub(crate) const ASSERTION_FAILED: &str = "org.opentest4j.AssertionFailedError";

/// `Assertions.name(params)`: the check, and when it fails the exception JUnit's throws (an
/// optional last `String` message is not evaluated). `assertEquals` on objects (`equals`) and the
/// assertions taking lambdas are not modelled.
fn junit_assertion(b: &mut Model, name: &str, params: &[&str]) -> Option<()> {
    let (checked, message) = match params.split_last() {
        Some((&"java.lang.String", rest)) if name != "fail" || rest.is_empty() => (rest, true),
        _ => (params, false),
    };
    let compare = |b: &mut Model, ty: Type, op: BinOp| {
        let (x, y) = (b.param(ty.clone()), b.param(ty));
        b.let_(Type::Boolean, Rvalue::Binary(op, x, y))
    };
    let equal = |yes: &str| if name == yes { BinOp::Ne } else { BinOp::Eq };
    let failed = match (name, checked) {
        ("assertTrue" | "assertFalse", ["boolean"]) => {
            let c = b.param(Type::Boolean);
            let want = Operand::Const(Literal::Bool(name == "assertTrue"));
            b.let_(Type::Boolean, Rvalue::Binary(BinOp::Ne, c, want))
        }
        ("assertEquals" | "assertNotEquals", [t, u]) if t == u && numeric(t).is_some() => {
            compare(b, numeric(t)?, equal("assertEquals"))
        }
        ("assertSame" | "assertNotSame", [OBJ, OBJ]) => compare(b, object(), equal("assertSame")),
        ("assertNull" | "assertNotNull", [OBJ]) => {
            let x = b.param(object());
            let op = equal("assertNull");
            b.let_(
                Type::Boolean,
                Rvalue::Binary(op, x, Operand::Const(Literal::Null)),
            )
        }
        ("fail", []) => Operand::Const(Literal::Bool(true)),
        _ => return None,
    };
    if message {
        b.param(Type::Class("java.lang.String".into()));
    }
    let throw = Node {
        stmt: super::body::MADE_UP,
        kind: NodeKind::Throw(ASSERTION_FAILED.into()),
    };
    b.push(NodeKind::If {
        cond: failed,
        then_b: vec![throw],
        else_b: Vec::new(),
    });
    // `fail` is declared to return a value (`<V> V fail(…)`); it never does.
    let result = (name == "fail").then_some(Operand::Const(Literal::Null));
    b.push(NodeKind::Return(result));
    Some(())
}

/// `java.lang.Object`, as an erased parameter type.
const OBJ: &str = "java.lang.Object";

/// The model of a method of box class `class` (the JDK's code, on the box's `value`).
fn box_model(class: &str, name: &str, params: &[&str]) -> Option<Body> {
    let bx = BoxClass::named(class)?;
    let prim = bx.kind.map_or(Type::Boolean, Type::of_int);
    let me = Type::Class(class.into());
    let value = |obj: Operand| Rvalue::Read {
        obj,
        field: FieldRef {
            class: class.into(),
            name: BOX_VALUE.into(),
        },
    };
    let mut b = Model::default();
    match (name, params) {
        // `valueOf(v)`: boxing conversion (the cache included).
        ("valueOf", [p]) if Some(*p) == primitive_name(bx) => {
            let v = b.param(prim);
            let boxed = b.let_(
                me,
                Rvalue::Box {
                    class: class.into(),
                    op: v,
                },
            );
            b.ret(boxed);
        }
        // `intValue()`, `longValue()`, …: the value, converted as a cast would.
        (unbox, []) if unbox.ends_with("Value") => {
            let to = unbox.strip_suffix("Value")?;
            let to_ty = match (to, bx.kind) {
                ("boolean", None) => Type::Boolean,
                ("char", Some(IntKind::Char)) => Type::Integer(IntKind::Char),
                ("int" | "long" | "short" | "byte", Some(k)) if k != IntKind::Char => {
                    Type::of_int(IntKind::named(to)?)
                }
                _ => return None,
            };
            let v = b.let_(prim.clone(), value(Operand::This));
            let r = match to_ty.int_kind() {
                Some(k) if Some(k) != bx.kind => b.let_(to_ty, Rvalue::Convert { to: k, op: v }),
                _ => v,
            };
            b.ret(r);
        }
        // `o instanceof B && value == ((B) o).value`.
        ("equals", ["java.lang.Object"]) => {
            let o = b.param(object());
            let same_class = b.let_(
                Type::Boolean,
                Rvalue::InstanceOf {
                    op: o.clone(),
                    class: class.into(),
                },
            );
            let not = b.let_(Type::Boolean, Rvalue::Unary(UnOp::Not, same_class));
            b.if_return(not, Operand::Const(Literal::Bool(false)));
            let mine = b.let_(prim.clone(), value(Operand::This));
            let theirs = b.let_(prim, value(o));
            let eq = b.let_(Type::Boolean, Rvalue::Binary(BinOp::Eq, mine, theirs));
            b.ret(eq);
        }
        ("hashCode", []) => {
            let v = b.let_(prim.clone(), value(Operand::This));
            match bx.kind {
                None => {
                    b.if_return(v, int(1231));
                    b.ret(int(1237));
                }
                Some(IntKind::Long) => {
                    let long = Type::Integer(IntKind::Long);
                    let high = b.let_(
                        long.clone(),
                        Rvalue::Binary(BinOp::UShr, v.clone(), int(32)),
                    );
                    let mixed = b.let_(long, Rvalue::Binary(BinOp::BitXor, v, high));
                    let h = b.let_(
                        Type::Int,
                        Rvalue::Convert {
                            to: IntKind::Int,
                            op: mixed,
                        },
                    );
                    b.ret(h);
                }
                Some(_) => b.ret(v),
            }
        }
        // `compareTo(B o)`, and the bridge `compareTo(Object)` that casts first: the JDK's
        // `compare(value, o.value)`.
        ("compareTo", [p]) if *p == class || *p == "java.lang.Object" => {
            let o = b.param(if *p == class { me } else { object() });
            if *p != class {
                b.push(NodeKind::CheckCast {
                    op: o.clone(),
                    class: class.into(),
                });
            }
            b.push(NodeKind::NullCheck(o.clone()));
            let x = b.let_(prim.clone(), value(Operand::This));
            let y = b.let_(prim, value(o));
            compare(&mut b, bx.kind, x, y);
        }
        _ => return None,
    }
    Some(b.body)
}

/// The JDK's `B.compare(x, y)`: -1, 0 or 1 for `int` and `long`; `x - y` for the narrower
/// integers; for booleans `x == y ? 0 : (x ? 1 : -1)`.
fn compare(b: &mut Model, kind: Option<IntKind>, x: Operand, y: Operand) {
    match kind {
        Some(IntKind::Int | IntKind::Long) => {
            let less = b.let_(
                Type::Boolean,
                Rvalue::Binary(BinOp::Lt, x.clone(), y.clone()),
            );
            b.if_return(less, int(-1));
            let same = b.let_(Type::Boolean, Rvalue::Binary(BinOp::Eq, x, y));
            b.if_return(same, int(0));
            b.ret(int(1));
        }
        Some(_) => {
            let d = b.let_(Type::Int, Rvalue::Binary(BinOp::Sub, x, y));
            b.ret(d);
        }
        None => {
            let same = b.let_(Type::Boolean, Rvalue::Binary(BinOp::Eq, x.clone(), y));
            b.if_return(same, int(0));
            b.if_return(x, int(1));
            b.ret(int(-1));
        }
    }
}

/// The Java name of the primitive a box holds.
fn primitive_name(b: &BoxClass) -> Option<&'static str> {
    Some(b.kind.map_or("boolean", IntKind::name))
}

fn object() -> Type {
    Type::Class(sattar_heap::OBJECT.into())
}

/// The type `int` or `long` whose models are shared.
fn numeric(erased: &str) -> Option<Type> {
    match erased {
        "int" => Some(Type::Int),
        "long" => Some(Type::Integer(IntKind::Long)),
        _ => None,
    }
}

/// Zero of integer type `ty`.
fn zero(ty: &Type) -> Operand {
    match ty {
        Type::Integer(IntKind::Long) => Operand::Const(Literal::Long(0)),
        _ => int(0),
    }
}

fn int(v: i32) -> Operand {
    Operand::Const(Literal::Int(v))
}

/// A model's body being written: variables and nodes, every node made up (statement id 0).
#[derive(Default)]
struct Model {
    body: Body,
}

impl Model {
    fn var(&mut self, ty: Type, kind: VarKind) -> Operand {
        let v = VarId(self.body.vars.len() as u32);
        self.body.vars.push(Var {
            name: format!("$m{}", v.0),
            ty,
            kind,
        });
        Operand::Var(v)
    }

    fn param(&mut self, ty: Type) -> Operand {
        self.var(ty, VarKind::Param)
    }

    fn push(&mut self, kind: NodeKind) {
        self.body.block.push(made_up(kind));
    }

    fn let_(&mut self, ty: Type, value: Rvalue) -> Operand {
        let mut block = std::mem::take(&mut self.body.block);
        let t = self.let_in(&mut block, ty, value);
        self.body.block = block;
        t
    }

    fn ret(&mut self, v: Operand) {
        self.push(NodeKind::Return(Some(v)));
    }

    /// `if (c) return v;`
    fn if_return(&mut self, c: Operand, v: Operand) {
        let ret = made_up(NodeKind::Return(Some(v)));
        self.push(NodeKind::If {
            cond: c,
            then_b: vec![ret],
            else_b: Vec::new(),
        });
    }
}

/// A table of JDK 17's `Character` methods on a `char` (`chars.rs`, written from the JDK).
enum CharTable {
    /// A classification: the runs of chars for which it holds.
    Class(&'static [(u16, u16, u16)]),
    /// A case mapping: the runs of chars it changes, and by how much.
    Map(&'static [(u16, u16, i32, u16)]),
}

/// The table of `Character.name(char)`, if sattar models it.
fn char_table(name: &str) -> Option<CharTable> {
    use CharTable::*;
    Some(match name {
        "isDigit" => Class(chars::IS_DIGIT),
        "isLetter" => Class(chars::IS_LETTER),
        "isLetterOrDigit" => Class(chars::IS_LETTER_OR_DIGIT),
        "isWhitespace" => Class(chars::IS_WHITESPACE),
        "isSpaceChar" => Class(chars::IS_SPACE_CHAR),
        "isUpperCase" => Class(chars::IS_UPPER_CASE),
        "isLowerCase" => Class(chars::IS_LOWER_CASE),
        "toUpperCase" => Map(chars::TO_UPPER_CASE),
        "toLowerCase" => Map(chars::TO_LOWER_CASE),
        _ => return None,
    })
}

/// The model of a `Character` method on a `char` from its table, searched by halves: a run
/// makes about a dozen comparisons; the encoder sees each table entry once.
fn character(table: CharTable) -> Body {
    let mut b = Model::default();
    let c = b.param(Type::Integer(IntKind::Char));
    let (runs, otherwise): (Vec<Run>, Operand) = match table {
        CharTable::Class(t) => {
            let runs = t.iter().map(|&(lo, hi, step)| Run {
                lo,
                hi,
                step,
                answer: Answer::Holds,
            });
            (runs.collect(), Operand::Const(Literal::Bool(false)))
        }
        CharTable::Map(t) => {
            let runs = t.iter().map(|&(lo, hi, delta, step)| Run {
                lo,
                hi,
                step,
                answer: Answer::Maps(delta),
            });
            (runs.collect(), c.clone())
        }
    };
    let mut block = Vec::new();
    b.search(&c, &runs, true, &mut block);
    b.body.block.extend(block);
    b.ret(otherwise);
    b.body
}

/// JDK 17's `Character.digit(c, radix)`: -1 unless `radix` is within 2..=36 and `c`'s value as
/// a digit of the largest radix (`chars::DIGIT`) is below it.
fn digit() -> Body {
    let mut b = Model::default();
    let c = b.param(Type::Integer(IntKind::Char));
    let radix = b.param(Type::Int);
    let small = b.let_(Type::Boolean, lt(&radix, 2));
    let fits = b.let_(Type::Boolean, lt(&radix, 37));
    let large = b.let_(Type::Boolean, Rvalue::Unary(UnOp::Not, fits));
    let invalid = b.let_(Type::Boolean, Rvalue::Binary(BinOp::BitOr, small, large));
    b.if_return(invalid, int(-1));
    let runs: Vec<Run> = chars::DIGIT
        .iter()
        .map(|&(lo, hi, delta, step)| Run {
            lo,
            hi,
            step,
            answer: Answer::Digit(delta, radix.clone()),
        })
        .collect();
    let mut block = Vec::new();
    b.search(&c, &runs, true, &mut block);
    b.body.block.extend(block);
    b.ret(int(-1));
    b.body
}

/// A run of a char table: `lo..=hi`, every char (`step` 1) or every other one from `lo` (2),
/// and what its chars answer.
struct Run {
    lo: u16,
    hi: u16,
    step: u16,
    answer: Answer,
}

/// What a char of a run answers.
enum Answer {
    /// `true`: the classification holds.
    Holds,
    /// The char plus a delta, as a char (a case mapping).
    Maps(i32),
    /// The char plus a delta, as an `int`, if below the radix; -1 otherwise.
    Digit(i32, Operand),
}

impl Model {
    /// `temp = value` appended to `out`.
    fn let_in(&mut self, out: &mut Block, ty: Type, value: Rvalue) -> Operand {
        let t = self.var(ty, VarKind::Temp);
        if let Operand::Var(var) = t {
            out.push(made_up(NodeKind::Let { var, value }));
        }
        t
    }

    /// Into `out`: return the answer of the run of `runs` (sorted, disjoint) that holds `c`,
    /// if one does (`first`: the lowest run is among them, so `c` may lie below it); fall
    /// through otherwise.
    fn search(&mut self, c: &Operand, runs: &[Run], first: bool, out: &mut Block) {
        let Some((run, rest)) = runs.split_first() else {
            return;
        };
        if rest.is_empty() {
            return self.leaf(c, run, first, out);
        }
        let mid = runs.len() / 2;
        let below = self.let_in(out, Type::Boolean, lt(c, i32::from(runs[mid].lo)));
        let (mut lower, mut upper) = (Vec::new(), Vec::new());
        self.search(c, &runs[..mid], first, &mut lower);
        self.search(c, &runs[mid..], false, &mut upper);
        out.push(made_up(NodeKind::If {
            cond: below,
            then_b: lower,
            else_b: upper,
        }));
    }

    /// `if (c in run) return answer;`, where `c >= run.lo` is known unless `first`.
    fn leaf(&mut self, c: &Operand, run: &Run, first: bool, out: &mut Block) {
        let bool_ = Type::Boolean;
        let mut inside = self.let_in(out, bool_.clone(), lt(c, i32::from(run.hi) + 1));
        if first {
            let below = self.let_in(out, bool_.clone(), lt(c, i32::from(run.lo)));
            let above = self.let_in(out, bool_.clone(), Rvalue::Unary(UnOp::Not, below));
            inside = self.let_in(
                out,
                bool_.clone(),
                Rvalue::Binary(BinOp::BitAnd, inside, above),
            );
        }
        if run.step == 2 {
            let off = self.let_in(
                out,
                Type::Int,
                Rvalue::Binary(BinOp::Sub, c.clone(), int(run.lo.into())),
            );
            let odd = self.let_in(out, Type::Int, Rvalue::Binary(BinOp::BitAnd, off, int(1)));
            let even = self.let_in(out, bool_.clone(), Rvalue::Binary(BinOp::Eq, odd, int(0)));
            inside = self.let_in(out, bool_, Rvalue::Binary(BinOp::BitAnd, inside, even));
        }
        let mut then_b = Vec::new();
        self.answer(c, &run.answer, &mut then_b);
        out.push(made_up(NodeKind::If {
            cond: inside,
            then_b,
            else_b: Vec::new(),
        }));
    }
}

impl Model {
    /// Into `out`: return what a char `c` of a run answers.
    fn answer(&mut self, c: &Operand, answer: &Answer, out: &mut Block) {
        let sum = |b: &mut Self, out: &mut Block, d: i32| {
            b.let_in(
                out,
                Type::Int,
                Rvalue::Binary(BinOp::Add, c.clone(), int(d)),
            )
        };
        let result = match answer {
            Answer::Holds => Operand::Const(Literal::Bool(true)),
            Answer::Maps(d) => {
                let op = sum(self, out, *d);
                let char_ = Type::Integer(IntKind::Char);
                self.let_in(
                    out,
                    char_,
                    Rvalue::Convert {
                        to: IntKind::Char,
                        op,
                    },
                )
            }
            Answer::Digit(d, radix) => {
                let value = sum(self, out, *d);
                let below = Rvalue::Binary(BinOp::Lt, value.clone(), radix.clone());
                let below = self.let_in(out, Type::Boolean, below);
                let ret = made_up(NodeKind::Return(Some(value)));
                out.push(made_up(NodeKind::If {
                    cond: below,
                    then_b: vec![ret],
                    else_b: Vec::new(),
                }));
                int(-1)
            }
        };
        out.push(made_up(NodeKind::Return(Some(result))));
    }
}

/// `c < bound` (a char compared as an int).
fn lt(c: &Operand, bound: i32) -> Rvalue {
    Rvalue::Binary(BinOp::Lt, c.clone(), int(bound))
}

/// A node of a model (no source statement).
fn made_up(kind: NodeKind) -> Node {
    Node {
        stmt: super::body::MADE_UP,
        kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The runs of every table, in the order the search assumes: each after the one before it.
    #[test]
    fn every_char_table_is_sorted_and_its_runs_disjoint() {
        let names = [
            "isDigit",
            "isLetter",
            "isLetterOrDigit",
            "isWhitespace",
            "isSpaceChar",
            "isUpperCase",
            "isLowerCase",
            "toUpperCase",
            "toLowerCase",
        ];
        for name in names {
            let runs: Vec<(u16, u16, u16)> = match char_table(name) {
                Some(CharTable::Class(t)) => t.to_vec(),
                Some(CharTable::Map(t)) => t.iter().map(|&(l, h, _, s)| (l, h, s)).collect(),
                None => panic!("{name} has no table"),
            };
            assert!(!runs.is_empty(), "{name}");
            for w in runs.windows(2) {
                assert!(w[0].1 < w[1].0, "{name}: {:?} then {:?}", w[0], w[1]);
            }
            for (lo, hi, step) in runs {
                assert!(lo <= hi && (step == 1 || (step == 2 && (hi - lo) % 2 == 0)));
            }
        }
        for w in chars::DIGIT.windows(2) {
            assert!(w[0].1 < w[1].0, "digit: {:?} then {:?}", w[0], w[1]);
        }
        assert_eq!(
            chars::DIGIT[..3],
            [
                (0x30, 0x39, -48, 1),
                (0x41, 0x5A, -55, 1),
                (0x61, 0x7A, -87, 1)
            ]
        );
        // JDK 17's: ten ASCII digits, A–Z and a–z swap case, U+0100 is 'Ā' (every other char).
        assert_eq!(chars::IS_DIGIT[0], (0x30, 0x39, 1));
        assert!(chars::TO_LOWER_CASE.contains(&(0x41, 0x5A, 32, 1)));
        assert!(chars::TO_UPPER_CASE.contains(&(0x61, 0x7A, -32, 1)));
        assert!(chars::TO_LOWER_CASE
            .iter()
            .any(|&(lo, hi, d, s)| lo == 0x100 && hi > 0x110 && d == 1 && s == 2));
    }
}
