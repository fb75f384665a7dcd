//! String literals in the encoding (JLS 3.10.5): literals are interned, so the first evaluation
//! of a literal in a run makes a String atom and its `char[]` atom (the literal's chars in its
//! slots), and every later evaluation of the same chars gives that atom. What String's methods
//! do is its model's code (`sattar-java/models/…/String.java`), walked like any other.

use super::{BoundKey, Walker};
use crate::value::{ite, Val};
use sattar_heap::{element_field, ARRAY_LENGTH};
use sattar_java::library::{CHAR_ARRAY, STRING, STRING_CHARS};
use sattar_sat::Bool;

/// A literal a run has made: its chars, "made so far", and its String.
pub(super) struct Literal {
    units: Vec<u16>,
    made: Bool,
    reference: Val,
}

impl Walker<'_> {
    /// The run's String of literal `units` under the current guard.
    pub(super) fn literal(&mut self, units: &[u16]) -> Val {
        let at = self.literals.iter().position(|l| l.units == units);
        let (made_before, before) = at.map_or((Bool::FALSE, Val::Ref(Vec::new())), |i| {
            (self.literals[i].made, self.literals[i].reference.clone())
        });
        let made = self.session.circuit_mut().and2(self.guard, !made_before);
        let array = self.alloc_when(CHAR_ARRAY, None, Vec::new(), None, made);
        self.fill_new_array(units, made);
        let string = self.alloc_when(STRING, None, Vec::new(), None, made);
        self.set_new_cell(STRING, STRING_CHARS, array);
        let c = self.session.circuit_mut();
        let result = ite(c, made_before, &before, &string);
        let made_any = c.or2(made_before, made);
        let entry = Literal {
            units: units.to_vec(),
            made: made_any,
            reference: result.clone(),
        };
        match at {
            Some(i) => self.literals[i] = entry,
            None => self.literals.push(entry),
        }
        result
    }

    /// The length and chars of the `char[]` atom just made; chars past the array bound go past
    /// it (when the literal is made).
    fn fill_new_array(&mut self, units: &[u16], made: Bool) {
        let w = self.bounds.width;
        let len = self.session.circuit_mut().bv_const(w, units.len() as i64);
        self.set_new_cell(CHAR_ARRAY, ARRAY_LENGTH, Val::Int(len));
        let slots = self.bounds.of(BoundKey::ArrayLength) as usize;
        if units.len() > slots {
            self.go_past(BoundKey::ArrayLength, made);
        }
        for (j, &u) in units.iter().enumerate().take(slots) {
            let v = self.session.circuit_mut().bv_const(w, i64::from(u));
            self.set_new_cell(CHAR_ARRAY, &element_field(j), Val::Int(v));
        }
    }

    /// Sets field `name` of the atom of `class` made last.
    fn set_new_cell(&mut self, class: &str, name: &str, v: Val) {
        let Some(k) = self.universe.class_id(class) else {
            return;
        };
        if let Some(f) = self.universe.classes[k].field(name) {
            if let Some(slot) = self.heap.fields[k][f].last_mut() {
                *slot = v;
            }
        }
    }
}
