//! A finished candidate as a [`TestInput`]: objects named `{Class}{i}` in breadth-first order
//! from the receiver, the reference arguments and the reference static fields, so isomorphic
//! inputs get identical names. Enum constants keep their ids (`pkg.Color.RED`) and stay out of
//! the heap: every run starts with them (`Program::with_environment` adds them).

use crate::layout::{Layout, SlotKind};
use crate::state::{State, NULL};
use sattar_heap::{FieldType, Heap, ObjId, Object, TestInput, Value};
use std::collections::{BTreeMap, VecDeque};

/// The input a finished candidate stands for (unset slots hold their first value).
pub(crate) fn build(lay: &Layout, st: &State) -> TestInput {
    let mut names: Vec<Option<ObjId>> = vec![None; lay.obj_class.len()];
    for (o, id) in &lay.constants {
        names[*o as usize] = Some(ObjId::new(id.as_str()));
    }
    let mut counters = vec![0usize; lay.classes.len()];
    let mut queue = VecDeque::new();
    let mut visit = |o: u32, queue: &mut VecDeque<u32>| {
        let slot = &mut names[o as usize];
        if slot.is_none() {
            let c = usize::from(lay.obj_class[o as usize]);
            *slot = Some(ObjId(format!("{}{}", lay.classes[c].prefix, counters[c])));
            counters[c] += 1;
            queue.push_back(o);
        }
    };
    for o in lay.roots().filter_map(|s| object(lay, st, s)) {
        visit(o, &mut queue);
    }
    let mut order = Vec::new();
    while let Some(o) = queue.pop_front() {
        order.push(o);
        for fi in 0..lay.field_count(o) {
            if let Some(next) = object(lay, st, lay.slot(o, fi)) {
                visit(next, &mut queue);
            }
        }
    }
    let statics = lay
        .statics
        .iter()
        .map(|s| (s.name.clone(), value(lay, st, &names, s.slot, &s.ty)))
        .collect();
    let heap = Heap {
        objects: order
            .iter()
            .map(|&o| (name(&names, o), object_at(lay, st, &names, o)))
            .collect(),
        statics,
    };
    let args = lay
        .args
        .iter()
        .map(|a| (a.name.clone(), value(lay, st, &names, a.slot, &a.ty)))
        .collect();
    TestInput {
        this: lay
            .receiver
            .and_then(|s| object(lay, st, s))
            .map(|r| name(&names, r)),
        args,
        heap,
    }
}

/// The object a reference slot holds (unset means null). An enum constant is named already, so
/// the traversal never enters it.
fn object(lay: &Layout, st: &State, slot: u32) -> Option<u32> {
    let s = slot as usize;
    let is_ref = matches!(lay.slot_kind[s], SlotKind::Ref(_));
    (is_ref && st.set[s] && st.val[s] != NULL).then(|| st.val[s] as u32)
}

fn name(names: &[Option<ObjId>], o: u32) -> ObjId {
    // every object reached from a root was named on the way
    names[o as usize]
        .clone()
        .unwrap_or_else(|| ObjId(format!("obj{o}")))
}

fn object_at(lay: &Layout, st: &State, names: &[Option<ObjId>], o: u32) -> Object {
    let info = &lay.classes[usize::from(lay.obj_class[o as usize])];
    let fields: BTreeMap<String, Value> = info
        .fields
        .iter()
        .enumerate()
        .map(|(fi, (f, _))| {
            let v = value(lay, st, names, lay.slot(o, fi as u32), &info.types[fi]);
            (f.clone(), v)
        })
        .collect();
    Object {
        class: info.name.clone(),
        fields,
    }
}

/// The value of a slot; an unset slot holds null or its domain's first value.
fn value(lay: &Layout, st: &State, names: &[Option<ObjId>], slot: u32, ty: &FieldType) -> Value {
    let s = slot as usize;
    let v = if st.set[s] {
        st.val[s]
    } else {
        lay.dom(slot).first().copied().unwrap_or(NULL)
    };
    match lay.slot_kind[s] {
        SlotKind::Ref(_) if v == NULL => Value::Null,
        SlotKind::Ref(_) => Value::Ref(name(names, v as u32)),
        SlotKind::Scalar(_) => match ty.int_kind() {
            Some(k) => Value::integer(k, v),
            None => Value::Bool(v != 0),
        },
    }
}
