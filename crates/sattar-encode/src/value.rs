//! Symbolic Java values: an `int` is a two's-complement bit vector, a `boolean` one literal, a
//! reference a one-hot vector over the universe's global atoms (all false = `null`).

use sattar_sat::{BitVec, Bool, Circuit};

/// A symbolic value of the Java subset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Val {
    /// An `int` of the encoding's bitwidth.
    Int(BitVec),
    /// A `boolean`.
    Bool(Bool),
    /// A reference: bit `i` says "is atom `i`" (a global index); missing entries are false.
    Ref(Vec<Bool>),
}

impl Val {
    /// The literal, for a `boolean` (false for anything else: the front end type-checked).
    pub fn as_bool(&self) -> Bool {
        match self {
            Val::Bool(b) => *b,
            _ => Bool::FALSE,
        }
    }

    /// The one-hot vector, for a reference (empty, i.e. null, for anything else).
    pub fn as_ref_bits(&self) -> &[Bool] {
        match self {
            Val::Ref(bits) => bits,
            _ => &[],
        }
    }

    /// The bit vector, for an `int` (`None` for anything else).
    pub fn as_int(&self) -> Option<&BitVec> {
        match self {
            Val::Int(v) => Some(v),
            _ => None,
        }
    }
}

/// Bit `i` of a one-hot vector, false beyond its end.
pub fn bit(bits: &[Bool], i: usize) -> Bool {
    bits.get(i).copied().unwrap_or(Bool::FALSE)
}

/// `if c then a else b` for values of the same type.
pub fn ite(c: &mut Circuit, cond: Bool, a: &Val, b: &Val) -> Val {
    match (a, b) {
        (Val::Int(x), Val::Int(y)) => Val::Int(c.bv_ite(cond, x, y)),
        (Val::Bool(x), Val::Bool(y)) => Val::Bool(c.ite(cond, *x, *y)),
        (x, y) => {
            let (x, y) = (x.as_ref_bits(), y.as_ref_bits());
            let n = x.len().max(y.len());
            Val::Ref((0..n).map(|i| c.ite(cond, bit(x, i), bit(y, i))).collect())
        }
    }
}

/// Java `==` on two values of the same type.
pub fn equal(c: &mut Circuit, a: &Val, b: &Val) -> Bool {
    match (a, b) {
        (Val::Int(x), Val::Int(y)) => c.bv_eq(x, y),
        (Val::Bool(x), Val::Bool(y)) => c.iff(*x, *y),
        (x, y) => c.one_hot_eq(x.as_ref_bits(), y.as_ref_bits()),
    }
}

/// A value of the same shape as `like` made of fresh inputs; a reference may point only at the
/// atoms `allowed` marks, and at most one.
pub fn fresh_like(c: &mut Circuit, like: &Val, allowed: &[bool]) -> (Val, Bool) {
    match like {
        Val::Int(v) => (Val::Int(c.bv_fresh(v.width())), Bool::TRUE),
        Val::Bool(_) => (Val::Bool(c.input()), Bool::TRUE),
        Val::Ref(_) => {
            let bits: Vec<Bool> = allowed
                .iter()
                .map(|&ok| if ok { c.input() } else { Bool::FALSE })
                .collect();
            let wf = c.at_most_one(&bits);
            (Val::Ref(bits), wf)
        }
    }
}

/// The select of the values held at some atoms by a one-hot reference: `OR_g (sel_g ∧ val_g)`,
/// bitwise, over the `(atom, value)` cells.
pub fn select(c: &mut Circuit, sel: &[Bool], cells: &[(usize, &Val)], default: &Val) -> Val {
    let picked: Vec<(Bool, &Val)> = cells
        .iter()
        .map(|&(g, v)| (bit(sel, g), v))
        .filter(|(s, _)| *s != Bool::FALSE)
        .collect();
    match default {
        Val::Int(d) => {
            let bits = (0..d.width())
                .map(|b| or_of(c, &picked, |v| int_bit(v, b)))
                .collect();
            Val::Int(BitVec::from_bits(bits))
        }
        Val::Bool(_) => Val::Bool(or_of(c, &picked, Val::as_bool)),
        Val::Ref(_) => {
            let n = picked
                .iter()
                .map(|(_, v)| v.as_ref_bits().len())
                .max()
                .unwrap_or(0);
            Val::Ref(
                (0..n)
                    .map(|j| or_of(c, &picked, |v| bit(v.as_ref_bits(), j)))
                    .collect(),
            )
        }
    }
}

/// Bit `b` of an `int` value (false for anything else or beyond its width).
fn int_bit(v: &Val, b: usize) -> Bool {
    v.as_int()
        .and_then(|x| x.bits().get(b).copied())
        .unwrap_or(Bool::FALSE)
}

fn or_of(c: &mut Circuit, picked: &[(Bool, &Val)], part: impl Fn(&Val) -> Bool) -> Bool {
    let terms: Vec<Bool> = picked
        .iter()
        .map(|(s, v)| {
            let p = part(v);
            c.and2(*s, p)
        })
        .collect();
    c.or(&terms)
}

/// The number of bits a signed constant needs in two's complement.
pub fn signed_bits(v: i64) -> u32 {
    let mut w = 1;
    while w < 64 && !(-(1i64 << (w - 1)) <= v && v < (1i64 << (w - 1))) {
        w += 1;
    }
    w
}
