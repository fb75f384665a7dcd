//! Two's-complement bit vectors and one-hot reference vectors over a [`Circuit`].
//!
//! Arithmetic wraps at the vector's width, like Java `int` arithmetic wraps at 32 bits. Operands of
//! different widths are first sign-extended to the wider one (Java's widening), so no operation
//! can fail on a width mismatch.

use crate::circuit::{Bool, Circuit};

/// A two's-complement bit vector, least significant bit first.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct BitVec {
    bits: Vec<Bool>,
}

impl BitVec {
    /// A vector made of the given bits, least significant first.
    pub fn from_bits(bits: Vec<Bool>) -> BitVec {
        BitVec { bits }
    }

    /// Number of bits.
    pub fn width(&self) -> usize {
        self.bits.len()
    }

    /// The bits, least significant first.
    pub fn bits(&self) -> &[Bool] {
        &self.bits
    }

    /// The sign bit (false for the empty vector).
    pub fn sign(&self) -> Bool {
        self.bits.last().copied().unwrap_or(Bool::FALSE)
    }

    /// The signed value if every bit is constant (low 64 bits for wider vectors).
    pub fn as_const(&self) -> Option<i64> {
        let mut value: u64 = 0;
        for (i, bit) in self.bits.iter().enumerate().take(64) {
            value |= u64::from(bit.as_const()?) << i;
        }
        Some(sign_extend(value, self.width()))
    }
}

/// Sign-extends the low `width` bits of `value` to an `i64` (no-op from 64 bits up).
pub(crate) fn sign_extend(value: u64, width: usize) -> i64 {
    if width == 0 {
        return 0;
    }
    if width >= 64 {
        return value as i64;
    }
    let shift = 64 - width as u32;
    ((value << shift) as i64) >> shift
}

impl Circuit {
    /// The constant `value` in `width` bits (wrapped).
    pub fn bv_const(&mut self, width: usize, value: i64) -> BitVec {
        let bits = (0..width)
            .map(|i| Bool::constant((value >> i.min(63)) & 1 == 1))
            .collect();
        BitVec { bits }
    }

    /// A vector of `width` fresh inputs.
    pub fn bv_fresh(&mut self, width: usize) -> BitVec {
        let bits = (0..width).map(|_| self.input()).collect();
        BitVec { bits }
    }

    /// `a` sign-extended or truncated to `width` bits.
    pub fn bv_resize(&mut self, a: &BitVec, width: usize) -> BitVec {
        let sign = a.sign();
        let bits = (0..width)
            .map(|i| a.bits.get(i).copied().unwrap_or(sign))
            .collect();
        BitVec { bits }
    }

    /// `a` zero-extended or truncated to `width` bits (unsigned reading).
    pub fn bv_zext(&mut self, a: &BitVec, width: usize) -> BitVec {
        let bits = (0..width)
            .map(|i| a.bits.get(i).copied().unwrap_or(Bool::FALSE))
            .collect();
        BitVec { bits }
    }

    /// Both operands sign-extended to the wider width.
    fn widen(&mut self, a: &BitVec, b: &BitVec) -> (BitVec, BitVec) {
        let w = a.width().max(b.width());
        (self.bv_resize(a, w), self.bv_resize(b, w))
    }

    /// `a + b + carry_in`, wrapping (ripple-carry).
    fn add_with_carry(&mut self, a: &BitVec, b: &BitVec, carry_in: Bool) -> BitVec {
        let (a, b) = self.widen(a, b);
        let mut carry = carry_in;
        let mut bits = Vec::with_capacity(a.width());
        for (&x, &y) in a.bits.iter().zip(&b.bits) {
            let half = self.xor(x, y);
            bits.push(self.xor(half, carry));
            // carry = majority(x, y, carry), written so it reuses the half-sum.
            carry = self.ite(half, carry, x);
        }
        BitVec { bits }
    }

    /// `a + b`, wrapping.
    pub fn bv_add(&mut self, a: &BitVec, b: &BitVec) -> BitVec {
        self.add_with_carry(a, b, Bool::FALSE)
    }

    /// `a - b`, wrapping (as `a + ¬b + 1`).
    pub fn bv_sub(&mut self, a: &BitVec, b: &BitVec) -> BitVec {
        let (a, b) = self.widen(a, b);
        let not_b = BitVec::from_bits(b.bits.iter().map(|&x| !x).collect());
        self.add_with_carry(&a, &not_b, Bool::TRUE)
    }

    /// `-a`, wrapping (so `-MIN = MIN`).
    pub fn bv_neg(&mut self, a: &BitVec) -> BitVec {
        let zero = self.bv_const(a.width(), 0);
        self.bv_sub(&zero, a)
    }

    /// `a * b`, wrapping (shift-and-add; low bits of the product are the same signed or unsigned).
    pub fn bv_mul(&mut self, a: &BitVec, b: &BitVec) -> BitVec {
        let (a, b) = self.widen(a, b);
        let w = a.width();
        let mut acc = self.bv_const(w, 0);
        for (shift, &bi) in b.bits.iter().enumerate() {
            let partial: Vec<Bool> = (0..w)
                .map(|j| match j.checked_sub(shift) {
                    Some(k) => self.and2(bi, a.bits[k]),
                    None => Bool::FALSE,
                })
                .collect();
            acc = self.bv_add(&acc, &BitVec::from_bits(partial));
        }
        acc
    }

    /// `a & b`, bitwise.
    pub fn bv_and(&mut self, a: &BitVec, b: &BitVec) -> BitVec {
        self.bitwise(a, b, Circuit::and2)
    }

    /// `a | b`, bitwise.
    pub fn bv_or(&mut self, a: &BitVec, b: &BitVec) -> BitVec {
        self.bitwise(a, b, Circuit::or2)
    }

    /// `a ^ b`, bitwise.
    pub fn bv_xor(&mut self, a: &BitVec, b: &BitVec) -> BitVec {
        self.bitwise(a, b, Circuit::xor)
    }

    /// `~a`, bitwise (`-a - 1`).
    pub fn bv_not(&mut self, a: &BitVec) -> BitVec {
        BitVec::from_bits(a.bits.iter().map(|&x| !x).collect())
    }

    fn bitwise(
        &mut self,
        a: &BitVec,
        b: &BitVec,
        op: fn(&mut Circuit, Bool, Bool) -> Bool,
    ) -> BitVec {
        let (a, b) = self.widen(a, b);
        let bits = a
            .bits
            .iter()
            .zip(&b.bits)
            .map(|(&x, &y)| op(self, x, y))
            .collect();
        BitVec { bits }
    }

    /// `a << d`: `d` read unsigned; a distance of the width or more gives 0 (the caller masks
    /// it as Java does).
    pub fn bv_shl(&mut self, a: &BitVec, d: &BitVec) -> BitVec {
        self.shift(
            a,
            d,
            |j, k, w| (k <= j && j < w).then(|| j - k),
            Bool::FALSE,
        )
    }

    /// `a >>> d` (logical): zeros shifted in.
    pub fn bv_lshr(&mut self, a: &BitVec, d: &BitVec) -> BitVec {
        self.shift(a, d, |j, k, w| (j + k < w).then(|| j + k), Bool::FALSE)
    }

    /// `a >> d` (arithmetic): copies of the sign shifted in.
    pub fn bv_ashr(&mut self, a: &BitVec, d: &BitVec) -> BitVec {
        let sign = a.sign();
        self.shift(a, d, |j, k, w| (j + k < w).then(|| j + k), sign)
    }

    /// A barrel shifter: stage `i` moves bit `from(j, 2^i, width)` to `j` when bit `i` of `d` is set;
    /// positions with no source get `fill`, and a distance of the width or more fills everything.
    fn shift(
        &mut self,
        a: &BitVec,
        d: &BitVec,
        from: fn(usize, usize, usize) -> Option<usize>,
        fill: Bool,
    ) -> BitVec {
        let w = a.width();
        let mut cur = a.bits.clone();
        let mut too_far = Vec::new();
        for (i, &di) in d.bits.iter().enumerate() {
            let k = 1usize.checked_shl(i as u32).filter(|&k| k < w);
            let Some(k) = k else {
                too_far.push(di);
                continue;
            };
            cur = (0..w)
                .map(|j| {
                    let src = from(j, k, w).map_or(fill, |s| cur[s]);
                    self.ite(di, src, cur[j])
                })
                .collect();
        }
        let far = self.or(&too_far);
        let bits = cur.into_iter().map(|x| self.ite(far, fill, x)).collect();
        BitVec { bits }
    }

    /// Unsigned `a / b` and `a % b` (restoring division); for `b = 0` the quotient is all ones
    /// and the remainder `a` (the caller checks for zero, as Java does).
    pub fn bv_udivrem(&mut self, a: &BitVec, b: &BitVec) -> (BitVec, BitVec) {
        let w = a.width().max(b.width());
        let (a, b) = (self.bv_zext(a, w), self.bv_zext(b, w + 1));
        let mut rem = self.bv_const(w + 1, 0);
        let mut q = vec![Bool::FALSE; w];
        for i in (0..w).rev() {
            // rem = rem * 2 + bit i of a, then subtract b if it fits.
            let mut bits = vec![a.bits[i]];
            bits.extend_from_slice(&rem.bits[..w]);
            let shifted = BitVec::from_bits(bits);
            let diff = self.bv_sub(&shifted, &b);
            let fits = !diff.sign();
            q[i] = fits;
            rem = self.bv_ite(fits, &diff, &shifted);
        }
        let rem = self.bv_zext(&rem, w);
        (BitVec::from_bits(q), rem)
    }

    /// Signed `a / b` and `a % b` as Java computes them: the quotient truncated toward zero, the
    /// remainder with the dividend's sign, `MIN / -1 = MIN` and `MIN % -1 = 0` (wrapping). For
    /// `b = 0` the results are unspecified (the caller throws `ArithmeticException`).
    pub fn bv_sdivrem(&mut self, a: &BitVec, b: &BitVec) -> (BitVec, BitVec) {
        let (a, b) = self.widen(a, b);
        let (sa, sb) = (a.sign(), b.sign());
        let neg_a = self.bv_neg(&a);
        let neg_b = self.bv_neg(&b);
        let abs_a = self.bv_ite(sa, &neg_a, &a);
        let abs_b = self.bv_ite(sb, &neg_b, &b);
        let (q, r) = self.bv_udivrem(&abs_a, &abs_b);
        let neg_q = self.bv_neg(&q);
        let neg_r = self.bv_neg(&r);
        let q_negative = self.xor(sa, sb);
        let q = self.bv_ite(q_negative, &neg_q, &q);
        let r = self.bv_ite(sa, &neg_r, &r);
        (q, r)
    }

    /// `a = b`.
    pub fn bv_eq(&mut self, a: &BitVec, b: &BitVec) -> Bool {
        let (a, b) = self.widen(a, b);
        let same: Vec<Bool> = a
            .bits
            .iter()
            .zip(&b.bits)
            .map(|(&x, &y)| self.iff(x, y))
            .collect();
        self.and(&same)
    }

    /// `a ≠ b`.
    pub fn bv_ne(&mut self, a: &BitVec, b: &BitVec) -> Bool {
        !self.bv_eq(a, b)
    }

    /// Signed `a < b`.
    pub fn bv_slt(&mut self, a: &BitVec, b: &BitVec) -> Bool {
        let (a, b) = self.widen(a, b);
        let top = a.width().saturating_sub(1);
        let mut lt = Bool::FALSE;
        // From the least significant bit up: the highest differing bit decides.
        for (i, (&x, &y)) in a.bits.iter().zip(&b.bits).enumerate() {
            let differ = self.xor(x, y);
            // At the sign bit a set bit means negative, i.e. smaller.
            let decided = if i == top { x } else { y };
            lt = self.ite(differ, decided, lt);
        }
        lt
    }

    /// Signed `a ≤ b`.
    pub fn bv_sle(&mut self, a: &BitVec, b: &BitVec) -> Bool {
        !self.bv_slt(b, a)
    }

    /// Signed `a > b`.
    pub fn bv_sgt(&mut self, a: &BitVec, b: &BitVec) -> Bool {
        self.bv_slt(b, a)
    }

    /// Signed `a ≥ b`.
    pub fn bv_sge(&mut self, a: &BitVec, b: &BitVec) -> Bool {
        !self.bv_slt(a, b)
    }

    /// `if c then a else b`, bitwise.
    pub fn bv_ite(&mut self, c: Bool, a: &BitVec, b: &BitVec) -> BitVec {
        let (a, b) = self.widen(a, b);
        let bits = a
            .bits
            .iter()
            .zip(&b.bits)
            .map(|(&x, &y)| self.ite(c, x, y))
            .collect();
        BitVec { bits }
    }

    /// The number of true literals in `xs`, in `width` bits (wrapping): the `#` of a spec.
    ///
    /// Pairwise adder tree over unsigned partial sums, each only as wide as it can get.
    pub fn bv_count(&mut self, xs: &[Bool], width: usize) -> BitVec {
        let mut sums: Vec<BitVec> = xs.iter().map(|&x| BitVec::from_bits(vec![x])).collect();
        while sums.len() > 1 {
            let mut next = Vec::with_capacity(sums.len().div_ceil(2));
            for pair in sums.chunks(2) {
                next.push(match pair {
                    [a, b] => self.add_unsigned(a, b, width),
                    _ => pair[0].clone(),
                });
            }
            sums = next;
        }
        match sums.pop() {
            Some(total) => self.bv_zext(&total, width),
            None => self.bv_const(width, 0),
        }
    }

    /// Unsigned `a + b` with one extra bit for the carry, capped at `cap` bits.
    fn add_unsigned(&mut self, a: &BitVec, b: &BitVec, cap: usize) -> BitVec {
        let w = (a.width().max(b.width()) + 1).min(cap);
        let a = self.bv_zext(a, w);
        let b = self.bv_zext(b, w);
        self.bv_add(&a, &b)
    }

    /// At most one of `xs` is true (ladder encoding: linear size, no extra inputs).
    pub fn at_most_one(&mut self, xs: &[Bool]) -> Bool {
        let mut seen = Bool::FALSE;
        let mut constraints = Vec::with_capacity(xs.len());
        for &x in xs {
            constraints.push(!self.and2(x, seen));
            seen = self.or2(seen, x);
        }
        self.and(&constraints)
    }

    /// Exactly one of `xs` is true.
    pub fn exactly_one(&mut self, xs: &[Bool]) -> Bool {
        let amo = self.at_most_one(xs);
        let alo = self.or(xs);
        self.and2(amo, alo)
    }

    /// None of `xs` is true: for a one-hot reference vector, "is null".
    pub fn none_of(&mut self, xs: &[Bool]) -> Bool {
        !self.or(xs)
    }

    /// The constant one-hot vector over `n` atoms pointing at `atom` (`None`, or out of range, is null).
    pub fn one_hot_const(&mut self, n: usize, atom: Option<usize>) -> Vec<Bool> {
        (0..n).map(|i| Bool::constant(Some(i) == atom)).collect()
    }

    /// Two one-hot reference vectors denote the same atom (or are both null).
    ///
    /// Vectors of different lengths are compared as if padded with false.
    pub fn one_hot_eq(&mut self, a: &[Bool], b: &[Bool]) -> Bool {
        let n = a.len().max(b.len());
        let same: Vec<Bool> = (0..n)
            .map(|i| {
                let x = a.get(i).copied().unwrap_or(Bool::FALSE);
                let y = b.get(i).copied().unwrap_or(Bool::FALSE);
                self.iff(x, y)
            })
            .collect();
        self.and(&same)
    }
}
