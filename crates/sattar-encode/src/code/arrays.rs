//! Arrays in the encoding: an array atom holds its `length` and one field per element slot up to
//! the array bound ([`BoundKey::ArrayLength`]); an index selects a slot. A run that creates an
//! array longer than the bound goes past it, as a loop goes past its unrolling.

use super::{BoundKey, Walker};
use crate::value::{bit, select, Val};
use sattar_heap::{element_type_name, ARRAY_LENGTH};
use sattar_java::interp::{ARRAY_STORE, INDEX_OUT_OF_BOUNDS, NEGATIVE_SIZE};
use sattar_java::{FieldRef, Type};
use sattar_sat::{BitVec, Bool};

/// An array atom an array reference may be: `(global atom, class, [(slot, field index)])`.
type ArrayAtom = (usize, usize, Vec<(usize, usize)>);

/// One element cell an array reference and an index can denote.
struct Cell {
    /// The global atom of the array.
    atom: usize,
    /// Its class.
    class: usize,
    /// The slot's field index in its class.
    field: usize,
    /// "The reference is this atom and the index is this slot".
    when: Bool,
}

impl Walker<'_> {
    /// The int constant `j` at the encoding's width, if it fits.
    fn slot_const(&mut self, j: usize) -> Option<BitVec> {
        let w = self.bounds.width;
        let j = i64::try_from(j)
            .ok()
            .filter(|&j| w >= 64 || j < (1i64 << (w - 1)))?;
        Some(self.session.circuit_mut().bv_const(w, j))
    }

    /// Every element cell `arr[index]` can be.
    fn cells_at(&mut self, arr: &Val, index: &Val) -> Vec<Cell> {
        let Some(index) = index.as_int().cloned() else {
            return Vec::new();
        };
        let mut cells = Vec::new();
        for (g, k, slots) in self.array_atoms(arr) {
            let is_atom = bit(arr.as_ref_bits(), g);
            for (j, f) in slots {
                let Some(jc) = self.slot_const(j) else {
                    continue;
                };
                let c = self.session.circuit_mut();
                let at = c.bv_eq(&index, &jc);
                let when = c.and2(is_atom, at);
                if when != Bool::FALSE {
                    cells.push(Cell {
                        atom: g,
                        class: k,
                        field: f,
                        when,
                    });
                }
            }
        }
        cells
    }

    /// The length of the array `arr` refers to.
    fn length_of(&mut self, arr: &Val, class: &str) -> Val {
        let field = FieldRef {
            class: class.to_string(),
            name: ARRAY_LENGTH.into(),
        };
        self.read(&field, arr)
    }

    /// `IndexCheck`: throws `ArrayIndexOutOfBoundsException` unless `0 <= index < length`.
    pub(super) fn index_check(&mut self, arr: &Val, index: &Val, class: &str) {
        let len = self.length_of(arr, class);
        let (Some(len), Some(i)) = (len.as_int().cloned(), index.as_int().cloned()) else {
            return;
        };
        let c = self.session.circuit_mut();
        let zero = c.bv_const(i.width(), 0);
        let below = c.bv_slt(&i, &zero);
        let above = c.bv_sge(&i, &len);
        let out = c.or2(below, above);
        self.check_fails(INDEX_OUT_OF_BOUNDS, out);
    }

    /// `SizeCheck`: throws `NegativeArraySizeException` when the length is negative.
    pub(super) fn size_check(&mut self, len: &Val) {
        let Some(len) = len.as_int() else { return };
        let negative = len.sign();
        self.check_fails(NEGATIVE_SIZE, negative);
    }

    /// `StoreCheck`: throws `ArrayStoreException` when `value` is an object the array's runtime
    /// element class does not accept.
    pub(super) fn store_check(&mut self, arr: &Val, value: &Val) {
        let mut bad = Vec::new();
        for k in 0..self.universe.classes.len() {
            let name = self.universe.classes[k].name.clone();
            let Some(element) = element_type_name(&name) else {
                continue;
            };
            let accepted = self.is_instance(value, element);
            let null = self.session.circuit_mut().none_of(value.as_ref_bits());
            for g in self.universe.classes[k].atoms.clone() {
                let is_atom = bit(arr.as_ref_bits(), g);
                if is_atom == Bool::FALSE {
                    continue;
                }
                let c = self.session.circuit_mut();
                let ok = c.or2(null, accepted);
                bad.push(c.and2(is_atom, !ok));
            }
        }
        let bad = self.session.circuit_mut().or(&bad);
        self.check_fails(ARRAY_STORE, bad);
    }

    /// `arr[index]`, a value of type `ty` (after the checks: some cell matches).
    pub(super) fn load(&mut self, arr: &Val, index: &Val, ty: &Type) -> Val {
        let default = self.default_val(ty);
        let cells = self.cells_at(arr, index);
        let sel: Vec<Bool> = cells.iter().map(|c| c.when).collect();
        let vals: Vec<(usize, &Val)> = cells
            .iter()
            .enumerate()
            .map(|(p, cell)| {
                let i = self.universe.atoms[cell.atom].local;
                (p, &self.heap.fields[cell.class][cell.field][i])
            })
            .collect();
        select(self.session.circuit_mut(), &sel, &vals, &default)
    }

    /// `arr[index] = value` under the current guard.
    pub(super) fn store_elem(&mut self, arr: &Val, index: &Val, value: &Val, ty: &Type) {
        for cell in self.cells_at(arr, index) {
            let i = self.universe.atoms[cell.atom].local;
            let sel = self.session.circuit_mut().and2(self.guard, cell.when);
            let old = self.heap.fields[cell.class][cell.field][i].clone();
            self.heap.fields[cell.class][cell.field][i] =
                self.update_cell(sel, value.clone(), &old, ty);
        }
    }

    /// `new T[len]`: a fresh array atom of `class` with `len` elements at their default; a
    /// length past the array bound goes past it.
    pub(super) fn new_array(&mut self, class: &str, len: &Val) -> Val {
        let r = self.alloc(class, None, Vec::new(), None);
        let slots = self.bounds.of(BoundKey::ArrayLength) as usize;
        if let (Some(l), Some(max)) = (len.as_int().cloned(), self.slot_const(slots)) {
            let c = self.session.circuit_mut();
            let too_long = c.bv_sgt(&l, &max);
            let past = c.and2(self.guard, too_long);
            self.go_past(BoundKey::ArrayLength, past);
        }
        let field = FieldRef {
            class: class.to_string(),
            name: ARRAY_LENGTH.into(),
        };
        // The atom is new: writing its length cannot touch another object.
        let g = self.guard;
        self.guard = Bool::TRUE;
        self.write(&field, &r, len);
        self.guard = g;
        r
    }

    /// The element slots of every array atom `arr` may be: `(atom, class, [(slot, field)])`.
    fn array_atoms(&self, arr: &Val) -> Vec<ArrayAtom> {
        let mut out = Vec::new();
        for k in 0..self.universe.classes.len() {
            let slots = self.universe.slots(k);
            if element_type_name(&self.universe.classes[k].name).is_none() {
                continue;
            }
            for &g in &self.universe.classes[k].atoms {
                if bit(arr.as_ref_bits(), g) != Bool::FALSE {
                    out.push((g, k, slots.clone()));
                }
            }
        }
        out
    }

    /// `System.arraycopy`'s copy, its checks passed: every destination slot `j` in range takes
    /// `src[src_pos + j - dest_pos]` as it was before the copy; into a reference array, the
    /// first element the array's element class refuses throws `ArrayStoreException` and stops
    /// the copy there.
    pub(super) fn array_copy(&mut self, src: &Val, sp: &Val, dest: &Val, dp: &Val, len: &Val) {
        let (Some(sp), Some(dp), Some(len)) = (sp.as_int(), dp.as_int(), len.as_int()) else {
            return;
        };
        let (sp, dp, len) = (sp.clone(), dp.clone(), len.clone());
        let mut writes = Vec::new();
        let mut refused = Vec::new();
        for (g, k, slots) in self.array_atoms(dest) {
            let is_atom = bit(dest.as_ref_bits(), g);
            let ty = self.element_of_class(k);
            let element = element_type_name(&self.universe.classes[k].name)
                .unwrap_or_default()
                .to_string();
            let mut stopped = Bool::FALSE;
            for (j, f) in slots {
                let Some(jc) = self.slot_const(j) else {
                    continue;
                };
                let c = self.session.circuit_mut();
                let offset = c.bv_sub(&jc, &dp);
                let zero = c.bv_const(offset.width(), 0);
                let from = c.bv_sge(&offset, &zero);
                let below = c.bv_slt(&offset, &len);
                let in_range = c.and2(from, below);
                let at = c.bv_add(&sp, &offset);
                let value = self.load(src, &Val::Int(at), &ty);
                let bad = if ty.is_ref() {
                    let accepted = self.is_instance(&value, &element);
                    let c = self.session.circuit_mut();
                    let null = c.none_of(value.as_ref_bits());
                    let ok = c.or2(null, accepted);
                    c.and2(in_range, !ok)
                } else {
                    Bool::FALSE
                };
                let c = self.session.circuit_mut();
                let go = c.and2(in_range, !stopped);
                let go = c.and2(go, !bad);
                let first_bad = c.and2(!stopped, bad);
                refused.push(c.and2(is_atom, first_bad));
                stopped = c.or2(stopped, bad);
                writes.push((g, k, f, c.and2(is_atom, go), value, ty.clone()));
            }
        }
        for (g, k, f, when, value, ty) in writes {
            let i = self.universe.atoms[g].local;
            let sel = self.session.circuit_mut().and2(self.guard, when);
            let old = self.heap.fields[k][f][i].clone();
            self.heap.fields[k][f][i] = self.update_cell(sel, value, &old, &ty);
        }
        let refused = self.session.circuit_mut().or(&refused);
        self.check_fails(ARRAY_STORE, refused);
    }

    /// `Arrays.fill`'s stores, its checks passed: `arr[j] = value` for `from <= j < to`.
    pub(super) fn array_fill(&mut self, arr: &Val, from: &Val, to: &Val, value: &Val) {
        let (Some(from), Some(to)) = (from.as_int().cloned(), to.as_int().cloned()) else {
            return;
        };
        for (g, k, slots) in self.array_atoms(arr) {
            let is_atom = bit(arr.as_ref_bits(), g);
            let ty = self.element_of_class(k);
            let i = self.universe.atoms[g].local;
            for (j, f) in slots {
                let Some(jc) = self.slot_const(j) else {
                    continue;
                };
                let c = self.session.circuit_mut();
                let lo = c.bv_sle(&from, &jc);
                let hi = c.bv_slt(&jc, &to);
                let here = c.and2(lo, hi);
                let here = c.and2(is_atom, here);
                let sel = c.and2(self.guard, here);
                let old = self.heap.fields[k][f][i].clone();
                self.heap.fields[k][f][i] = self.update_cell(sel, value.clone(), &old, &ty);
            }
        }
    }

    /// A fresh array of `like`'s runtime class with `len` elements: one allocation per array
    /// class `like` may be, each made when it is that class.
    pub(super) fn new_array_like(&mut self, like: &Val, len: &Val) -> Val {
        let mut result = Vec::new();
        let atoms = self.array_atoms(like);
        let mut classes: Vec<usize> = atoms.iter().map(|(_, k, _)| *k).collect();
        classes.dedup();
        for k in classes {
            let is_class: Vec<Bool> = atoms
                .iter()
                .filter(|(_, c, _)| *c == k)
                .map(|(g, _, _)| bit(like.as_ref_bits(), *g))
                .collect();
            let c = self.session.circuit_mut();
            let is_class = c.or(&is_class);
            let saved = self.guard;
            self.guard = c.and2(saved, is_class);
            let name = self.universe.classes[k].name.clone();
            let made = self.new_array(&name, len);
            self.guard = saved;
            result.push((is_class, made));
        }
        let width = self.universe.total_atoms();
        let bits = (0..width)
            .map(|g| {
                let picked: Vec<Bool> = result
                    .iter()
                    .map(|(when, r)| {
                        self.session
                            .circuit_mut()
                            .and2(*when, bit(r.as_ref_bits(), g))
                    })
                    .collect();
                self.session.circuit_mut().or(&picked)
            })
            .collect();
        Val::Ref(bits)
    }

    /// The element type of array class `k`.
    fn element_of_class(&self, k: usize) -> Type {
        self.program
            .class(&self.universe.classes[k].name)
            .and_then(|c| c.element.clone())
            .unwrap_or(Type::Class(sattar_heap::OBJECT.into()))
    }
}
