//! The bounded universe: atoms per class (pre-state objects first, then one atom per allocation
//! instance) and the symbolic heap, a value per (class, field, atom).

use crate::error::EncodeError;
use crate::value::{bit, Val};
use sattar_heap::{FieldType, MethodSig, ObjId, TestInput, Value};
use sattar_java::Program;
use sattar_sat::{Bool, Circuit};
use std::collections::HashMap;

/// Where an atom comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// An object of a fixed input heap.
    Input(ObjId),
    /// The `i`-th candidate object of its class in a free pre-state.
    Free(usize),
    /// The object created by the `i`-th allocation instance (in encoding order).
    Alloc(usize),
}

/// One atom of a class.
#[derive(Clone, Debug)]
pub struct Atom {
    /// Where it comes from.
    pub origin: Origin,
    /// Whether it exists before the call (false for allocation atoms).
    pub exists_pre: Bool,
    /// Whether it exists after the call (for an allocation atom: its `new` ran).
    pub exists_post: Bool,
}

/// The atoms and fields of one class.
#[derive(Clone, Debug)]
pub struct ClassAtoms {
    /// Qualified name.
    pub name: String,
    /// Fields in declaration order, with their initial values for `new`.
    pub fields: Vec<(String, FieldType, Value)>,
    /// Pre-state atoms first, then allocation atoms.
    pub atoms: Vec<Atom>,
}

impl ClassAtoms {
    /// The index of the named field.
    pub fn field(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|(f, _, _)| f == name)
    }
}

/// Every class's atoms, and the symbolic heap over them.
#[derive(Clone, Debug)]
pub struct Universe {
    /// The non-exception classes of the program, in program order.
    pub classes: Vec<ClassAtoms>,
    index: HashMap<String, usize>,
}

/// A symbolic heap: `fields[class][field][atom]`.
#[derive(Clone, Debug, Default)]
pub struct SymHeap {
    /// The value of every field of every atom.
    pub fields: Vec<Vec<Vec<Val>>>,
}

impl Universe {
    /// The classes of `program` with no atoms yet.
    pub fn of(program: &Program) -> Universe {
        let classes: Vec<ClassAtoms> = program
            .classes
            .iter()
            .filter(|c| !c.is_exception)
            .map(|c| ClassAtoms {
                name: c.name.clone(),
                fields: program
                    .fields_of(&c.name)
                    .into_iter()
                    .filter_map(|(_, f)| {
                        let ty = f.ty.field_type()?;
                        let init = Value::default_for(&ty);
                        Some((f.name, ty, init))
                    })
                    .collect(),
                atoms: Vec::new(),
            })
            .collect();
        let index = classes
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.clone(), i))
            .collect();
        Universe { classes, index }
    }

    /// The index of a class by qualified name.
    pub fn class_id(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// The number of atoms over all classes.
    pub fn total_atoms(&self) -> usize {
        self.classes.iter().map(|c| c.atoms.len()).sum()
    }

    /// The first global index of each class (atoms numbered class after class).
    pub fn offsets(&self) -> Vec<usize> {
        let mut at = 0;
        self.classes
            .iter()
            .map(|c| {
                let o = at;
                at += c.atoms.len();
                o
            })
            .collect()
    }
}

/// A concrete value as a constant symbolic one; `atom_of` maps an object to its class index and atom.
pub fn constant(
    c: &mut Circuit,
    v: &Value,
    width: usize,
    atom_of: &dyn Fn(&ObjId) -> Option<usize>,
) -> Val {
    match v {
        Value::Int(i) => Val::Int(c.bv_const(width, i64::from(*i))),
        Value::Bool(b) => Val::Bool(Bool::constant(*b)),
        Value::Null => Val::Ref(Vec::new()),
        Value::Ref(o) => {
            let n = atom_of(o).map_or(0, |a| a + 1);
            Val::Ref(c.one_hot_const(n, atom_of(o)))
        }
    }
}

/// The symbolic pre-state: universe, heap, receiver, arguments and the constraints that make a
/// free pre-state well formed.
pub struct PreState {
    /// The universe with its pre-state atoms.
    pub universe: Universe,
    /// The heap before the call.
    pub heap: SymHeap,
    /// The receiver, a one-hot reference (`None` for a static method).
    pub this: Option<Val>,
    /// The arguments in parameter order.
    pub args: Vec<(String, Val)>,
    /// Well-formedness of a free pre-state (true for a fixed one).
    pub wellformed: Bool,
    /// The variables a free pre-state is made of (none for a fixed one).
    pub vars: Vec<Bool>,
    /// The bits of free ints above the lowest two: all false means every int is in 0..=3.
    pub high_bits: Vec<Bool>,
}

/// The pre-state fixed to `input`: only constants, no variables.
pub fn fixed(
    program: &Program,
    sig: &MethodSig,
    input: &TestInput,
    width: usize,
    c: &mut Circuit,
) -> Result<PreState, EncodeError> {
    let mut universe = Universe::of(program);
    let mut place: HashMap<ObjId, (usize, usize)> = HashMap::new();
    for (id, obj) in &input.heap.objects {
        let k = universe.class_id(&obj.class).ok_or_else(|| {
            EncodeError::Input(format!("object {id} has unknown class {}", obj.class))
        })?;
        let atoms = &mut universe.classes[k].atoms;
        place.insert(id.clone(), (k, atoms.len()));
        atoms.push(Atom {
            origin: Origin::Input(id.clone()),
            exists_pre: Bool::TRUE,
            exists_post: Bool::TRUE,
        });
    }
    let atom_of = |o: &ObjId| place.get(o).map(|p| p.1);
    let mut heap = SymHeap::default();
    for class in &universe.classes {
        let mut per_field = Vec::new();
        for (name, ty, _) in &class.fields {
            let mut vals = Vec::new();
            for atom in &class.atoms {
                let Origin::Input(id) = &atom.origin else {
                    continue;
                };
                let v = input
                    .heap
                    .field(id, name)
                    .cloned()
                    .unwrap_or_else(|| Value::default_for(ty));
                check_class(&v, ty, &place, &universe, id, name)?;
                vals.push(constant(c, &v, width, &atom_of));
            }
            per_field.push(vals);
        }
        heap.fields.push(per_field);
    }
    let this = match (&input.this, sig.is_static) {
        (Some(t), false) => Some(constant(c, &Value::Ref(t.clone()), width, &atom_of)),
        (None, true) => None,
        _ => {
            return Err(EncodeError::Input(
                "the receiver does not fit the method".into(),
            ))
        }
    };
    let mut args = Vec::new();
    for (name, ty) in &sig.params {
        let v = input
            .arg(name)
            .ok_or_else(|| EncodeError::Input(format!("missing argument `{name}`")))?;
        check_class(v, ty, &place, &universe, &ObjId::new("args"), name)?;
        args.push((name.clone(), constant(c, v, width, &atom_of)));
    }
    Ok(PreState {
        universe,
        heap,
        this,
        args,
        wellformed: Bool::TRUE,
        vars: Vec::new(),
        high_bits: Vec::new(),
    })
}

fn check_class(
    v: &Value,
    ty: &FieldType,
    place: &HashMap<ObjId, (usize, usize)>,
    u: &Universe,
    owner: &ObjId,
    field: &str,
) -> Result<(), EncodeError> {
    let ok = match (v, ty) {
        (Value::Int(_), FieldType::Int) | (Value::Bool(_), FieldType::Bool) => true,
        (Value::Null, FieldType::Ref(_)) => true,
        (Value::Ref(o), FieldType::Ref(c)) => {
            place.get(o).is_some_and(|p| Some(p.0) == u.class_id(c))
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(EncodeError::Input(format!(
            "{owner}.{field} = {v} does not fit its type"
        )))
    }
}

/// How many candidate atoms each class gets in a free pre-state of `scope`: a class nothing can
/// point to gets none (one for the receiver's class), the others `scope`.
fn free_counts(u: &Universe, sig: &MethodSig, scope: usize) -> Vec<usize> {
    let mut targets: Vec<&str> = u
        .classes
        .iter()
        .flat_map(|c| c.fields.iter())
        .filter_map(|(_, ty, _)| ref_class(ty))
        .collect();
    targets.extend(sig.params.iter().filter_map(|(_, ty)| ref_class(ty)));
    u.classes
        .iter()
        .map(|c| {
            match (
                targets.contains(&c.name.as_str()),
                c.name == sig.class && !sig.is_static,
            ) {
                (true, _) => scope.max(1),
                (false, true) => 1,
                (false, false) => 0,
            }
        })
        .collect()
}

fn ref_class(ty: &FieldType) -> Option<&str> {
    match ty {
        FieldType::Ref(c) => Some(c),
        _ => None,
    }
}

/// A free pre-state: at most `scope` objects per class, every one reachable from the receiver or
/// an argument, existing objects a prefix of each class's atoms, the receiver atom 0.
pub fn free(
    program: &Program,
    sig: &MethodSig,
    scope: usize,
    width: usize,
    c: &mut Circuit,
) -> Result<PreState, EncodeError> {
    let mut universe = Universe::of(program);
    let counts = free_counts(&universe, sig, scope);
    let this_class = (!sig.is_static)
        .then(|| universe.class_id(&sig.class))
        .flatten();
    if !sig.is_static && this_class.is_none() {
        return Err(EncodeError::Input(format!("no class {}", sig.class)));
    }
    let mut parts = FreeParts::default();
    for (k, class) in universe.classes.iter_mut().enumerate() {
        let mut prev = Bool::TRUE;
        for i in 0..counts[k] {
            let e = if this_class == Some(k) && i == 0 {
                Bool::TRUE
            } else {
                let e = c.input();
                parts.vars.push(e);
                e
            };
            parts.wf.push(c.implies(e, prev)); // existing atoms form a prefix
            prev = e;
            class.atoms.push(Atom {
                origin: Origin::Free(i),
                exists_pre: e,
                exists_post: e,
            });
        }
    }
    let mut heap = SymHeap::default();
    for class in &universe.classes {
        let mut per_field = Vec::new();
        for (_, ty, _) in &class.fields {
            let vals = class
                .atoms
                .iter()
                .map(|a| free_value(c, ty, width, &universe, a.exists_pre, &mut parts))
                .collect();
            per_field.push(vals);
        }
        heap.fields.push(per_field);
    }
    let this = this_class.map(|_| Val::Ref(vec![Bool::TRUE]));
    let args: Vec<(String, Val)> = sig
        .params
        .iter()
        .map(|(n, ty)| {
            let v = free_value(c, ty, width, &universe, Bool::TRUE, &mut parts);
            (n.clone(), v)
        })
        .collect();
    parts.wf.extend(breadth_first_order(
        c, &universe, &heap, this_class, &args, sig, &counts,
    ));
    let reach = reachable(c, &universe, &heap, this_class, &args, sig);
    for (k, class) in universe.classes.iter().enumerate() {
        for (i, a) in class.atoms.iter().enumerate() {
            parts.wf.push(c.implies(a.exists_pre, reach[k][i]));
        }
    }
    let wellformed = c.and(&parts.wf);
    Ok(PreState {
        universe,
        heap,
        this,
        args,
        wellformed,
        high_bits: parts.high,
        vars: parts.vars,
    })
}

/// What building a free pre-state collects: well-formedness constraints, the variables (for
/// blocking clauses), and the high bits of ints (to prefer small values in reports).
#[derive(Default)]
struct FreeParts {
    wf: Vec<Bool>,
    vars: Vec<Bool>,
    high: Vec<Bool>,
}

/// A fresh value of type `ty` held by an object that exists iff `exists` (zero/null otherwise);
/// references point only at existing atoms.
fn free_value(
    c: &mut Circuit,
    ty: &FieldType,
    width: usize,
    u: &Universe,
    exists: Bool,
    parts: &mut FreeParts,
) -> Val {
    let FreeParts { wf, vars, high } = parts;
    match ty {
        FieldType::Int => {
            let v = c.bv_fresh(width);
            vars.extend(v.bits());
            high.extend(v.bits().iter().skip(2));
            let zero = c.bv_const(width, 0);
            let is_zero = c.bv_eq(&v, &zero);
            wf.push(c.or2(exists, is_zero));
            Val::Int(v)
        }
        FieldType::Bool => {
            let b = c.input();
            vars.push(b);
            wf.push(c.or2(exists, !b));
            Val::Bool(b)
        }
        FieldType::Ref(target) => {
            let atoms = u
                .class_id(target)
                .map_or(&[][..], |k| &u.classes[k].atoms[..]);
            let bits: Vec<Bool> = atoms.iter().map(|_| c.input()).collect();
            vars.extend(&bits);
            wf.push(c.at_most_one(&bits));
            for (b, a) in bits.iter().zip(atoms) {
                wf.push(c.implies(*b, a.exists_pre));
                wf.push(c.implies(*b, exists));
            }
            Val::Ref(bits)
        }
    }
}

/// For each class and atom: reachable from the receiver or a reference argument through fields.
fn reachable(
    c: &mut Circuit,
    u: &Universe,
    heap: &SymHeap,
    this_class: Option<usize>,
    args: &[(String, Val)],
    sig: &MethodSig,
) -> Vec<Vec<Bool>> {
    let mut reach: Vec<Vec<Bool>> = u
        .classes
        .iter()
        .map(|k| vec![Bool::FALSE; k.atoms.len()])
        .collect();
    if let Some(k) = this_class {
        reach[k][0] = Bool::TRUE;
    }
    for ((_, ty), (_, v)) in sig.params.iter().zip(args) {
        if let Some(k) = ref_class(ty).and_then(|t| u.class_id(t)) {
            for (i, r) in reach[k].iter_mut().enumerate() {
                *r = c.or2(*r, bit(v.as_ref_bits(), i));
            }
        }
    }
    for _ in 0..u.total_atoms() {
        if c.exceeded() {
            break;
        }
        let mut next = reach.clone();
        for (k, class) in u.classes.iter().enumerate() {
            for (f, (_, ty, _)) in class.fields.iter().enumerate() {
                let Some(t) = ref_class(ty).and_then(|t| u.class_id(t)) else {
                    continue;
                };
                for (i, held) in heap.fields[k][f].iter().enumerate() {
                    for (j, r) in next[t].iter_mut().enumerate() {
                        let step = c.and2(reach[k][i], bit(held.as_ref_bits(), j));
                        *r = c.or2(*r, step);
                    }
                }
            }
        }
        if next == reach {
            break;
        }
        reach = next;
    }
    reach
}

/// Symmetry breaking beyond the prefix order: when one class `C` holds every atom but the receiver,
/// its atoms must be numbered in breadth-first discovery order from the roots (fields in declaration
/// order), so each heap has exactly one numbering. Each atom's first referrer — arguments first,
/// then the receiver's fields, then `C`'s atoms' fields in atom order — must come strictly after its
/// predecessor's. With other shapes of universe only the prefix order applies (still sound).
fn breadth_first_order(
    c: &mut Circuit,
    u: &Universe,
    heap: &SymHeap,
    this_class: Option<usize>,
    args: &[(String, Val)],
    sig: &MethodSig,
    counts: &[usize],
) -> Vec<Bool> {
    let multi: Vec<usize> = (0..counts.len()).filter(|&k| counts[k] > 1).collect();
    let [class] = multi[..] else {
        return Vec::new();
    };
    let lone_receiver = |k: usize| counts[k] == 0 || (Some(k) == this_class && counts[k] == 1);
    if !(0..counts.len()).all(|k| k == class || lone_receiver(k)) {
        return Vec::new();
    }
    let name = u.classes[class].name.as_str();
    let points_here = |ty: &FieldType| ref_class(ty) == Some(name);
    // Each referrer: which atoms of `class` it points at.
    let mut referrers: Vec<Vec<Bool>> = sig
        .params
        .iter()
        .zip(args)
        .filter(|((_, ty), _)| points_here(ty))
        .map(|(_, (_, v))| v.as_ref_bits().to_vec())
        .collect();
    let holders = this_class
        .into_iter()
        .filter(|&k| k != class)
        .map(|k| (k, 0));
    let holders: Vec<(usize, usize)> = holders
        .chain((0..counts[class]).map(|i| (class, i)))
        .collect();
    for (k, i) in holders {
        for (f, (_, ty, _)) in u.classes[k].fields.iter().enumerate() {
            if points_here(ty) {
                referrers.push(heap.fields[k][f][i].as_ref_bits().to_vec());
            }
        }
    }
    let first: Vec<Vec<Bool>> = (0..counts[class])
        .map(|j| {
            let mut seen = Bool::FALSE;
            referrers
                .iter()
                .map(|r| {
                    let here = c.and2(bit(r, j), !seen);
                    seen = c.or2(seen, bit(r, j));
                    here
                })
                .collect()
        })
        .collect();
    let start = usize::from(this_class == Some(class));
    let mut out = Vec::new();
    for j in start..counts[class].saturating_sub(1) {
        if c.exceeded() {
            break; // the encoding is refused: its size is all that is left to report
        }
        for (r, &a) in first[j].iter().enumerate() {
            for &b in &first[j + 1][..=r] {
                // atom j+1's first referrer must come after atom j's
                let after = !c.and2(a, b);
                if after != Bool::TRUE {
                    out.push(after);
                }
            }
        }
    }
    out
}
