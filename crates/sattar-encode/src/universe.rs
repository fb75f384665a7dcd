//! The bounded universe: one global list of atoms (the environment's objects, then pre-state
//! objects, then one atom per allocation instance), each of one concrete class, and the symbolic
//! heap over them — a value per (class, field, atom) and per static field.
//!
//! A reference is a one-hot vector over the *global* atom indices, so a reference of an interface,
//! an abstract class or `Object` can hold an object of any class that is one; the bits of atoms of
//! other classes are the constant false.

use crate::error::EncodeError;
use crate::value::{bit, Val};
use sattar_heap::{
    element_field, element_index, FieldType, IntKind, MethodSig, ObjId, TestInput, Value,
    ARRAY_LENGTH, OBJECT,
};
use sattar_java::library::{
    storage, ABSTRACT_MAP, ARRAY_DEQUE, ATOMIC_LONG, MAP_PARAMETERS, RANDOM, RANDOM_SEED,
};
use sattar_java::{ClassKind, Program};
use sattar_sat::{BitVec, Bool, Circuit};
use std::collections::{BTreeSet, HashMap};

/// Where an atom comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// An object of a fixed input heap.
    Input(ObjId),
    /// An object every run starts with (an enum constant), in a free pre-state.
    Env(ObjId),
    /// The `i`-th candidate object of its class in a free pre-state.
    Free(usize),
    /// The object created by the `i`-th allocation instance (in encoding order).
    Alloc(usize),
}

/// One atom: an object the encoding can talk about.
#[derive(Clone, Debug)]
pub struct Atom {
    /// Its class (an index into [`Universe::classes`]).
    pub class: usize,
    /// Its position among its class's atoms.
    pub local: usize,
    /// Where it comes from.
    pub origin: Origin,
    /// Whether it exists before the call (false for allocation atoms).
    pub exists_pre: Bool,
    /// Whether it exists after the call (for an allocation atom: its `new` ran).
    pub exists_post: Bool,
}

/// A concrete class: its fields and its atoms.
#[derive(Clone, Debug)]
pub struct ClassAtoms {
    /// Qualified name.
    pub name: String,
    /// Every instance field (inherited ones first), with its initial value for `new`.
    pub fields: Vec<(String, FieldType, Value)>,
    /// Every type an object of this class is: itself, its supertypes, `java.lang.Object`.
    pub ancestors: BTreeSet<String>,
    /// Its atoms, as global indices in creation order.
    pub atoms: Vec<usize>,
    /// Its environment objects' ids: an enum's constants in ordinal order, `java.lang.Object`'s
    /// model constants (HashSet's `PRESENT`); empty for other classes.
    pub constants: Vec<String>,
    /// The field holding an inner class's enclosing instance (never null in Java).
    pub outer: Option<usize>,
}

impl ClassAtoms {
    /// The index of the named field.
    pub fn field(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|(f, _, _)| f == name)
    }

    /// Whether an object of this class is a `ty`.
    pub fn is_a(&self, ty: &str) -> bool {
        ty == OBJECT || self.ancestors.contains(ty)
    }
}

/// A static field of the program.
#[derive(Clone, Debug)]
pub struct StaticField {
    /// `pkg.Class.field`, as [`sattar_heap::Heap::statics`] keys it.
    pub key: String,
    /// Its type.
    pub ty: FieldType,
}

/// Every concrete class's atoms, the static fields, and the global list of atoms.
#[derive(Clone, Debug)]
pub struct Universe {
    /// The concrete, non-exception classes of the program, in program order.
    pub classes: Vec<ClassAtoms>,
    /// Every atom, in global index order.
    pub atoms: Vec<Atom>,
    /// Every static field, in program order.
    pub statics: Vec<StaticField>,
    index: HashMap<String, usize>,
}

/// A symbolic heap: `fields[class][field][i]` for the `i`-th atom of the class, and the statics.
#[derive(Clone, Debug, Default)]
pub struct SymHeap {
    /// The value of every field of every atom.
    pub fields: Vec<Vec<Vec<Val>>>,
    /// The value of every static field, in [`Universe::statics`] order.
    pub statics: Vec<Val>,
}

impl Universe {
    /// The concrete classes and statics of `program`, with no atoms yet; an array class holds
    /// `slots` elements (fields `"0"`, `"1"`, …) after its `length`.
    pub fn of(program: &Program, slots: usize) -> Universe {
        let concrete = |c: &&sattar_java::Class| {
            !c.is_exception && !c.is_abstract && c.kind != ClassKind::Interface
        };
        let environment = program.environment();
        let classes: Vec<ClassAtoms> = program
            .classes
            .iter()
            .filter(concrete)
            .map(|c| {
                let mut fields: Vec<(String, FieldType, Value)> = program
                    .fields_of(&c.name)
                    .into_iter()
                    .filter_map(|(_, f)| {
                        let ty = f.ty.field_type()?;
                        let init = Value::default_for(&ty);
                        Some((f.name, ty, init))
                    })
                    .collect();
                if let Some(ty) = c.element.as_ref().and_then(|t| t.field_type()) {
                    let init = Value::default_for(&ty);
                    let elements = (0..slots).map(|j| (element_field(j), ty.clone(), init.clone()));
                    fields.extend(elements);
                }
                let outer = c
                    .outer
                    .as_ref()
                    .and_then(|o| fields.iter().position(|(n, _, _)| *n == o.field));
                let mut ancestors = ancestors(program, &c.name);
                // Arrays are covariant: a `Node[]` is an `Object[]` (JLS 4.10.3).
                if c.element.is_some() {
                    let wider = program.classes.iter().filter(|d| d.element.is_some());
                    let wider = wider.filter(|d| program.is_subclass(&c.name, &d.name));
                    ancestors.extend(wider.map(|d| d.name.clone()));
                }
                ClassAtoms {
                    name: c.name.clone(),
                    fields,
                    ancestors,
                    atoms: Vec::new(),
                    // Enum constants in ordinal order; a model's constant objects (HashSet's
                    // PRESENT, a java.lang.Object).
                    constants: environment
                        .iter()
                        .filter(|(_, o)| o.class == c.name)
                        .map(|(id, _)| id.as_str().to_string())
                        .collect(),
                    outer,
                }
            })
            .collect();
        let statics = program
            .classes
            .iter()
            .flat_map(|c| {
                c.statics.iter().filter_map(|f| {
                    Some(StaticField {
                        key: format!("{}.{}", c.name, f.name),
                        ty: f.ty.field_type()?,
                    })
                })
            })
            .collect();
        let index = classes
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.clone(), i))
            .collect();
        Universe {
            classes,
            atoms: Vec::new(),
            statics,
            index,
        }
    }

    /// The index of a concrete class by qualified name.
    pub fn class_id(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// The number of atoms.
    pub fn total_atoms(&self) -> usize {
        self.atoms.len()
    }

    /// The concrete classes whose objects a reference of type `ty` can hold.
    pub fn classes_of(&self, ty: &str) -> Vec<usize> {
        (0..self.classes.len())
            .filter(|&k| self.classes[k].is_a(ty))
            .collect()
    }

    /// Whether atom `g` is a `ty`.
    pub fn atom_is_a(&self, g: usize, ty: &str) -> bool {
        self.classes[self.atoms[g].class].is_a(ty)
    }

    /// The atom of the input or environment object `id` (an enum constant, say).
    pub fn object(&self, id: &str) -> Option<usize> {
        self.atoms.iter().position(|a| match &a.origin {
            Origin::Input(o) | Origin::Env(o) => o.0 == id,
            _ => false,
        })
    }

    /// The index of static field `key`.
    pub fn static_id(&self, key: &str) -> Option<usize> {
        self.statics.iter().position(|s| s.key == key)
    }

    /// Adds an atom of class `k`; its global index.
    pub fn add_atom(
        &mut self,
        k: usize,
        origin: Origin,
        exists_pre: Bool,
        exists_post: Bool,
    ) -> usize {
        let g = self.atoms.len();
        let local = self.classes[k].atoms.len();
        self.classes[k].atoms.push(g);
        self.atoms.push(Atom {
            class: k,
            local,
            origin,
            exists_pre,
            exists_post,
        });
        g
    }

    /// The element slots of array class `k`: `(slot, field index)` in slot order (none for
    /// other classes).
    pub fn slots(&self, k: usize) -> Vec<(usize, usize)> {
        self.classes[k]
            .fields
            .iter()
            .enumerate()
            .filter_map(|(f, (name, _, _))| element_index(name).map(|j| (j, f)))
            .collect()
    }

    /// Every `(global atom, class, field index)` holding field `name` of an object of exactly
    /// class `class` or, with `subclasses`, of any class that is a `class`.
    pub fn cells(&self, class: &str, name: &str, subclasses: bool) -> Vec<(usize, usize, usize)> {
        let ks = if subclasses {
            self.classes_of(class)
        } else {
            self.class_id(class).into_iter().collect()
        };
        ks.into_iter()
            .filter_map(|k| self.classes[k].field(name).map(|f| (k, f)))
            .flat_map(|(k, f)| self.classes[k].atoms.iter().map(move |&g| (g, k, f)))
            .collect()
    }
}

/// Every type an object of `class` is: the class, its superclasses and interfaces (the JDK's
/// included), transitively.
fn ancestors(program: &Program, class: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut todo = vec![class.to_string()];
    while let Some(c) = todo.pop() {
        if !out.insert(c.clone()) {
            continue;
        }
        if let Some(cls) = program.class(&c) {
            todo.extend(cls.superclass.iter().cloned());
            todo.extend(cls.interfaces.iter().cloned());
        }
    }
    out.insert(OBJECT.to_string());
    out
}

/// A concrete value as a constant symbolic one; `atom_of` maps an object to its global atom.
pub fn constant(
    c: &mut Circuit,
    v: &Value,
    width: usize,
    atom_of: &dyn Fn(&ObjId) -> Option<usize>,
) -> Val {
    match v {
        Value::Int(i) => Val::Int(c.bv_const(width, i64::from(*i))),
        Value::Long(l) => Val::Int(c.bv_const(width, *l)),
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

/// The pre-state fixed to `input` (with the program's environment: enum constants and the
/// default of every static field it does not list): only constants, no variables.
pub fn fixed(
    program: &Program,
    sig: &MethodSig,
    input: &TestInput,
    width: usize,
    slots: usize,
    c: &mut Circuit,
) -> Result<PreState, EncodeError> {
    let mut universe = Universe::of(program, slots);
    let mut place: HashMap<ObjId, usize> = HashMap::new();
    for (id, obj) in &input.heap.objects {
        let k = universe.class_id(&obj.class).ok_or_else(|| {
            EncodeError::Input(format!("object {id} has unknown class {}", obj.class))
        })?;
        let g = universe.add_atom(k, Origin::Input(id.clone()), Bool::TRUE, Bool::TRUE);
        place.insert(id.clone(), g);
    }
    let atom_of = |o: &ObjId| place.get(o).copied();
    let mut heap = SymHeap::default();
    for class in &universe.classes {
        let mut per_field = Vec::new();
        for (name, ty, _) in &class.fields {
            let mut vals = Vec::new();
            for &g in &class.atoms {
                let Origin::Input(id) = &universe.atoms[g].origin else {
                    continue;
                };
                let v = input
                    .heap
                    .field(id, name)
                    .cloned()
                    .unwrap_or_else(|| Value::default_for(ty));
                check_class(&v, ty, &place, &universe, &format!("{id}.{name}"))?;
                vals.push(constant(c, &v, width, &atom_of));
            }
            per_field.push(vals);
        }
        heap.fields.push(per_field);
    }
    for s in &universe.statics {
        let v = input
            .heap
            .statics
            .get(&s.key)
            .cloned()
            .unwrap_or_else(|| Value::default_for(&s.ty));
        check_class(&v, &s.ty, &place, &universe, &s.key)?;
        heap.statics.push(constant(c, &v, width, &atom_of));
    }
    let this = match (&input.this, sig.is_static) {
        (Some(t), false) => {
            let v = Value::Ref(t.clone());
            check_class(
                &v,
                &FieldType::Ref(sig.class.clone()),
                &place,
                &universe,
                "this",
            )?;
            Some(constant(c, &v, width, &atom_of))
        }
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
        check_class(v, ty, &place, &universe, &format!("args.{name}"))?;
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
    place: &HashMap<ObjId, usize>,
    u: &Universe,
    what: &str,
) -> Result<(), EncodeError> {
    let ok = match (v, ty) {
        (Value::Bool(_), FieldType::Bool) => true,
        (Value::Long(_), FieldType::Long) => true,
        (Value::Int(i), t) => t
            .int_kind()
            .is_some_and(|k| k != IntKind::Long && (k.min()..=k.max()).contains(&i64::from(*i))),
        (Value::Null, FieldType::Ref(_)) => true,
        (Value::Ref(o), FieldType::Ref(c)) => place.get(o).is_some_and(|&g| u.atom_is_a(g, c)),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(EncodeError::Input(format!(
            "{what} = {v} does not fit its type"
        )))
    }
}

/// The reference types a pre-state can hold: of every static field and parameter, and of every
/// field of a class an object of which these (or the receiver) can reach. Every atom of a free
/// pre-state is reachable from them, so a class no chain of field types leads to never has one.
fn held_types<'a>(u: &'a Universe, sig: &'a MethodSig) -> Vec<&'a str> {
    let statics = u.statics.iter().map(|s| &s.ty);
    let params = sig.params.iter().map(|(_, t)| t);
    let mut held: Vec<&str> = statics.chain(params).filter_map(ref_class).collect();
    let mut todo: Vec<&str> = held.clone();
    if !sig.is_static {
        todo.push(&sig.class);
    }
    let mut seen = vec![false; u.classes.len()];
    while let Some(t) = todo.pop() {
        for (k, c) in u.classes.iter().enumerate() {
            if seen[k] || !c.is_a(t) {
                continue;
            }
            seen[k] = true;
            for r in c.fields.iter().filter_map(|(_, t, _)| ref_class(t)) {
                if !held.contains(&r) {
                    held.push(r);
                    todo.push(r);
                }
            }
        }
    }
    held
}

/// How many candidate atoms each class gets in a free pre-state of `scope`: `scope` for a class
/// something can point to, one for a class only the receiver can be, none otherwise (an enum's
/// atoms are its constants).
fn free_counts(u: &Universe, sig: &MethodSig, scope: usize) -> Vec<usize> {
    let held = held_types(u, sig);
    u.classes
        .iter()
        .map(|c| {
            if !c.constants.is_empty() {
                0
            } else if held.iter().any(|t| c.is_a(t)) {
                scope.max(1)
            } else if !sig.is_static && c.is_a(&sig.class) {
                1
            } else {
                0
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

/// A free pre-state: at most `scope` objects per class, every one reachable from the receiver, an
/// argument or a static field, existing objects a prefix of each class's atoms; the receiver is
/// the first atom of one class that is the method's.
pub fn free(
    program: &Program,
    sig: &MethodSig,
    scope: usize,
    width: usize,
    slots: usize,
    c: &mut Circuit,
) -> Result<PreState, EncodeError> {
    let mut universe = Universe::of(program, slots);
    let mut counts = free_counts(&universe, sig, scope);
    // A model's helper (an iterator of a modelled list, a map's node) has no JDK counterpart an
    // input could hold: only a run makes one. A map may be an input, empty (`fresh_maps`); a
    // set too, with its map of its own; a Random with its seed's AtomicLong of its own
    // (`storage_shapes`).
    for (k, c) in universe.classes.iter().enumerate() {
        let map = c.ancestors.contains(ABSTRACT_MAP);
        let part = c.name == ATOMIC_LONG;
        if program.is_library_class(&c.name) && owned_part(&c.name).is_none() && !map && !part {
            counts[k] = 0;
        }
    }
    let receivers: Vec<usize> = if sig.is_static {
        Vec::new()
    } else {
        universe.classes_of(&sig.class)
    };
    let can_receive = |k: usize| counts[k] > 0 || !universe.classes[k].constants.is_empty();
    if !sig.is_static && !receivers.iter().any(|&k| can_receive(k)) {
        return Err(EncodeError::Input(format!(
            "no object can be the receiver: {} has no concrete class in the program",
            sig.class
        )));
    }
    let mut parts = FreeParts::default();
    add_environment(&mut universe);
    let lone_receiver = receivers.len() == 1 && universe.classes[receivers[0]].constants.is_empty();
    for (k, &count) in counts.iter().enumerate() {
        let mut prev = Bool::TRUE;
        for i in 0..count {
            let e = if lone_receiver && receivers[0] == k && i == 0 {
                Bool::TRUE
            } else {
                let e = c.input();
                parts.vars.push(e);
                e
            };
            parts.wf.push(c.implies(e, prev)); // existing atoms form a prefix
            prev = e;
            universe.add_atom(k, Origin::Free(i), e, e);
        }
    }
    let env: HashMap<ObjId, sattar_heap::Object> = program.environment().into_iter().collect();
    let mut heap = SymHeap::default();
    for k in 0..universe.classes.len() {
        let class = &universe.classes[k];
        let mut per_field = Vec::new();
        for (name, ty, _) in &class.fields {
            let vals = class
                .atoms
                .iter()
                .map(|&g| {
                    let a = &universe.atoms[g];
                    match &a.origin {
                        Origin::Env(id) => environment_value(c, &env, id, name, ty, width),
                        _ => free_value(c, ty, width, &universe, a.exists_pre, &mut parts),
                    }
                })
                .collect();
            per_field.push(vals);
        }
        heap.fields.push(per_field);
    }
    for s in &universe.statics {
        let v = free_value(c, &s.ty, width, &universe, Bool::TRUE, &mut parts);
        heap.statics.push(v);
    }
    for (k, class) in universe.classes.iter().enumerate() {
        let Some(f) = class.outer else { continue };
        for (i, &g) in class.atoms.iter().enumerate() {
            // javac checks the enclosing instance when an inner object is created: never null.
            let held = c.or(heap.fields[k][f][i].as_ref_bits());
            parts.wf.push(c.implies(universe.atoms[g].exists_pre, held));
        }
    }
    parts
        .wf
        .extend(array_shapes(c, &universe, &heap, scope.min(slots), width));
    let this = (!sig.is_static).then(|| receiver(c, &universe, &receivers, &mut parts));
    let args: Vec<(String, Val)> = sig
        .params
        .iter()
        .map(|(n, ty)| {
            let v = free_value(c, ty, width, &universe, Bool::TRUE, &mut parts);
            (n.clone(), v)
        })
        .collect();
    let roots = Roots {
        this: this.as_ref(),
        args: &args,
        sig,
    };
    parts.wf.extend(storage_shapes(c, &universe, &heap, &roots));
    parts.wf.extend(fresh_maps(c, program, &universe, &heap));
    parts
        .wf
        .extend(breadth_first_order(c, &universe, &heap, &roots, &counts));
    let reach = reachable(c, &universe, &heap, &roots);
    for (g, a) in universe.atoms.iter().enumerate() {
        if matches!(a.origin, Origin::Free(_)) {
            parts.wf.push(c.implies(a.exists_pre, reach[g]));
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

/// A map in a free pre-state is empty, as its constructor makes it: every field the JDK's class
/// declares at its default but the constructor's parameters ([`MAP_PARAMETERS`]); a program's
/// subclass chooses its own fields. (A consistent table or tree needs the keys' hashCode and
/// compareTo, which may be the program's: a fixed input may hold any map a run can build.)
fn fresh_maps(c: &mut Circuit, program: &Program, u: &Universe, heap: &SymHeap) -> Vec<Bool> {
    let mut wf = Vec::new();
    for (k, class) in u.classes.iter().enumerate() {
        if !class.ancestors.contains(ABSTRACT_MAP) {
            continue;
        }
        let owners = program.fields_of(&class.name);
        for (f, (name, _, _)) in class.fields.iter().enumerate() {
            let jdk = owners
                .iter()
                .any(|(owner, d)| d.name == *name && program.is_library_class(owner));
            if !jdk || MAP_PARAMETERS.contains(&name.as_str()) {
                continue;
            }
            for (i, &g) in class.atoms.iter().enumerate() {
                let default = match &heap.fields[k][f][i] {
                    Val::Int(x) => {
                        let zero = c.bv_const(x.width(), 0);
                        c.bv_eq(x, &zero)
                    }
                    Val::Bool(b) => !*b,
                    Val::Ref(bits) => {
                        let any = c.or(bits);
                        !any
                    }
                };
                wf.push(c.implies(u.atoms[g].exists_pre, default));
            }
        }
    }
    wf
}

/// The field of a model class's objects holding an object of their own, and that object's
/// class: a collection's or String's storage array (`elements`, `chars`), a Random's `seed`, a
/// set's map.
fn owned_part(class: &str) -> Option<(&'static str, &'static str)> {
    if let Some(s) = storage(class) {
        return Some((s.field, s.array));
    }
    OWNED_PARTS
        .iter()
        .find(|(c, _, _)| *c == class)
        .map(|&(_, f, part)| (f, part))
}

/// Model classes with a part of their own other than a storage array: (class, field, the
/// part's exact class). A set's map is made by its constructor (`new HashSet<>()` makes a
/// `HashMap`, `new TreeSet<>()` a `TreeMap`); a LinkedHashSet's LinkedHashMap keeps insertion
/// order, which `fresh_maps` does not pin, so it is not an input yet.
const OWNED_PARTS: &[(&str, &str, &str)] = &[
    (RANDOM, RANDOM_SEED, ATOMIC_LONG),
    ("java.util.HashSet", "map", "java.util.HashMap"),
    ("java.util.TreeSet", "m", "java.util.TreeMap"),
];

/// What an object of a model class with a part of its own is in Java (a collection, a String,
/// a Random): its part ([`owned_part`]) is an object of the part's class of its own (not null,
/// not a `Node[]`, held by no other field, element, parameter or static — the JDK's classes keep
/// theirs private), and an `ArrayDeque` holds no null (it refuses them).
fn storage_shapes(c: &mut Circuit, u: &Universe, heap: &SymHeap, roots: &Roots) -> Vec<Bool> {
    let mut wf = Vec::new();
    // Every reference cell of the pre-state but the storage fields, and those with the atoms
    // of their array class.
    let mut others: Vec<&[Bool]> = roots.refs(heap, u);
    let mut owned: Vec<(usize, usize, &[Bool], &[usize])> = Vec::new();
    for (k, class) in u.classes.iter().enumerate() {
        let part = owned_part(&class.name);
        let field = part.and_then(|(f, _)| class.field(f));
        let plain: &[usize] = part
            .and_then(|(_, c)| u.class_id(c))
            .map_or(&[], |a| &u.classes[a].atoms);
        for (f, cells) in heap.fields[k].iter().enumerate() {
            for (i, v) in cells.iter().enumerate() {
                match Some(f) == field {
                    true => owned.push((k, class.atoms[i], v.as_ref_bits(), plain)),
                    false => others.push(v.as_ref_bits()),
                }
            }
        }
    }
    for (n, &(k, g, bits, plain)) in owned.iter().enumerate() {
        let exists = u.atoms[g].exists_pre;
        let own: Vec<Bool> = plain.iter().map(|&a| bit(bits, a)).collect();
        let is_plain = c.or(&own);
        wf.push(c.implies(exists, is_plain));
        for &a in plain {
            let here = bit(bits, a);
            if here == Bool::FALSE {
                continue;
            }
            let mut elsewhere: Vec<Bool> = others.iter().map(|o| bit(o, a)).collect();
            elsewhere.extend(
                owned
                    .iter()
                    .enumerate()
                    .filter(|(m, _)| *m != n)
                    .map(|(_, s)| bit(s.2, a)),
            );
            let shared = c.or(&elsewhere);
            wf.push(c.implies(here, !shared));
            if u.classes[k].name == ARRAY_DEQUE {
                wf.extend(no_null_elements(c, u, heap, a, here));
            }
        }
    }
    wf
}

/// Under `when`: every element of `Object[]` atom `a` within its length is a reference.
fn no_null_elements(
    c: &mut Circuit,
    u: &Universe,
    heap: &SymHeap,
    a: usize,
    when: Bool,
) -> Vec<Bool> {
    let (k, i) = (u.atoms[a].class, u.atoms[a].local);
    let Some(lf) = u.classes[k].field(ARRAY_LENGTH) else {
        return Vec::new();
    };
    let Val::Int(len) = heap.fields[k][lf][i].clone() else {
        return Vec::new();
    };
    let mut wf = Vec::new();
    for (j, f) in u.slots(k) {
        let at = c.bv_const(len.width(), i64::try_from(j).unwrap_or(i64::MAX));
        let within = c.bv_slt(&at, &len);
        let held = c.or(heap.fields[k][f][i].as_ref_bits());
        let cond = c.and2(when, within);
        wf.push(c.implies(cond, held));
    }
    wf
}

/// A free array's shape: a length in `0..=max_len`, and every slot at or past it the element
/// type's default (so that each array has one encoding).
fn array_shapes(
    c: &mut Circuit,
    u: &Universe,
    heap: &SymHeap,
    max_len: usize,
    width: usize,
) -> Vec<Bool> {
    let mut wf = Vec::new();
    for k in 0..u.classes.len() {
        let (Some(lf), slots) = (u.classes[k].field(ARRAY_LENGTH), u.slots(k)) else {
            continue;
        };
        if slots.is_empty() && !sattar_heap::is_array_class(&u.classes[k].name) {
            continue;
        }
        for i in 0..u.classes[k].atoms.len() {
            let Val::Int(len) = heap.fields[k][lf][i].clone() else {
                continue;
            };
            let zero = c.bv_const(width, 0);
            wf.push(c.bv_sle(&zero, &len));
            let max = c.bv_const(width, i64::try_from(max_len).unwrap_or(i64::MAX));
            wf.push(c.bv_sle(&len, &max));
            for &(j, f) in &slots {
                let at = c.bv_const(width, i64::try_from(j).unwrap_or(i64::MAX));
                let past = c.bv_sle(&len, &at);
                let v = &heap.fields[k][f][i];
                let is_default = match v {
                    Val::Int(x) => {
                        let z = c.bv_const(x.width(), 0);
                        c.bv_eq(x, &z)
                    }
                    Val::Bool(b) => !*b,
                    Val::Ref(bits) => c.none_of(bits),
                };
                wf.push(c.implies(past, is_default));
            }
        }
    }
    wf
}

/// The environment's atoms: every enum constant, existing before and after every run.
fn add_environment(u: &mut Universe) {
    for k in 0..u.classes.len() {
        for id in u.classes[k].constants.clone() {
            u.add_atom(
                k,
                Origin::Env(ObjId::new(id.as_str())),
                Bool::TRUE,
                Bool::TRUE,
            );
        }
    }
}

/// Field `name` of the environment object `id`, as [`Program::environment`] gives it.
fn environment_value(
    c: &mut Circuit,
    env: &HashMap<ObjId, sattar_heap::Object>,
    id: &ObjId,
    name: &str,
    ty: &FieldType,
    width: usize,
) -> Val {
    let v = env
        .get(id)
        .and_then(|obj| obj.fields.get(name).cloned())
        .unwrap_or_else(|| Value::default_for(ty));
    // Environment objects hold ints, booleans and nulls only (`ordinal`, defaults).
    constant(c, &v, width, &|_| None)
}

/// The receiver: the first atom of the one class the method's class can be, or a free choice
/// among the first atoms of several (every constant of an enum).
fn receiver(c: &mut Circuit, u: &Universe, receivers: &[usize], parts: &mut FreeParts) -> Val {
    let firsts: Vec<usize> = receivers
        .iter()
        .flat_map(|&k| {
            let atoms = &u.classes[k].atoms;
            let n = if u.classes[k].constants.is_empty() {
                1
            } else {
                atoms.len()
            };
            atoms.iter().take(n).copied()
        })
        .collect();
    if let [only] = firsts[..] {
        if u.atoms[only].exists_pre == Bool::TRUE {
            return Val::Ref(c.one_hot_const(only + 1, Some(only)));
        }
    }
    let mut bits = vec![Bool::FALSE; u.total_atoms()];
    for &g in &firsts {
        let b = c.input();
        parts.vars.push(b);
        parts.wf.push(c.implies(b, u.atoms[g].exists_pre));
        bits[g] = b;
    }
    parts.wf.push(c.exactly_one(&bits));
    Val::Ref(bits)
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
/// references point only at existing pre-state atoms of a class that is a `ty`.
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
        FieldType::Bool => {
            let b = c.input();
            vars.push(b);
            wf.push(c.or2(exists, !b));
            Val::Bool(b)
        }
        FieldType::Ref(target) => {
            let mut bits = vec![Bool::FALSE; u.total_atoms()];
            for (g, a) in u.atoms.iter().enumerate() {
                if !u.classes[a.class].is_a(target) {
                    continue;
                }
                let b = c.input();
                vars.push(b);
                wf.push(c.implies(b, a.exists_pre));
                wf.push(c.implies(b, exists));
                bits[g] = b;
            }
            wf.push(c.at_most_one(&bits));
            Val::Ref(bits)
        }
        int => {
            let v = c.bv_fresh(width);
            vars.extend(v.bits());
            high.extend(v.bits().iter().skip(2));
            let zero = c.bv_const(width, 0);
            let is_zero = c.bv_eq(&v, &zero);
            wf.push(c.or2(exists, is_zero));
            wf.push(in_range(c, &v, int.int_kind().unwrap_or(IntKind::Int)));
            Val::Int(v)
        }
    }
}

/// Whether a `width`-bit value is in the range of integer type `kind` (true where the width
/// cannot leave it).
pub fn in_range(c: &mut Circuit, v: &BitVec, kind: IntKind) -> Bool {
    let w = v.width();
    let (lo, hi) = (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1);
    let mut ok = Bool::TRUE;
    if i128::from(kind.min()) > lo {
        let min = c.bv_const(w, kind.min());
        let ge = c.bv_sge(v, &min);
        ok = c.and2(ok, ge);
    }
    if i128::from(kind.max()) < hi {
        let max = c.bv_const(w, kind.max());
        let le = c.bv_sle(v, &max);
        ok = c.and2(ok, le);
    }
    ok
}

/// What a free pre-state is reached from: the receiver, the arguments, the static fields.
struct Roots<'a> {
    this: Option<&'a Val>,
    args: &'a [(String, Val)],
    sig: &'a MethodSig,
}

impl Roots<'_> {
    /// The root references, receiver first, then reference arguments, then reference statics.
    fn refs<'h>(&'h self, heap: &'h SymHeap, u: &'h Universe) -> Vec<&'h [Bool]> {
        let mut out: Vec<&[Bool]> = self.this.iter().map(|t| t.as_ref_bits()).collect();
        out.extend(
            self.sig
                .params
                .iter()
                .zip(self.args)
                .filter(|((_, ty), _)| ref_class(ty).is_some())
                .map(|(_, (_, v))| v.as_ref_bits()),
        );
        out.extend(
            u.statics
                .iter()
                .zip(&heap.statics)
                .filter(|(s, _)| ref_class(&s.ty).is_some())
                .map(|(_, v)| v.as_ref_bits()),
        );
        out
    }
}

/// For each atom: reachable from a root through fields.
fn reachable(c: &mut Circuit, u: &Universe, heap: &SymHeap, roots: &Roots) -> Vec<Bool> {
    let n = u.total_atoms();
    let mut reach = vec![Bool::FALSE; n];
    for r in roots.refs(heap, u) {
        for (g, slot) in reach.iter_mut().enumerate() {
            *slot = c.or2(*slot, bit(r, g));
        }
    }
    for _ in 0..n {
        if c.exceeded() {
            break;
        }
        let mut next = reach.clone();
        for (k, class) in u.classes.iter().enumerate() {
            for (f, (_, ty, _)) in class.fields.iter().enumerate() {
                if ref_class(ty).is_none() {
                    continue;
                }
                for (i, held) in heap.fields[k][f].iter().enumerate() {
                    let from = reach[class.atoms[i]];
                    for (j, r) in next.iter_mut().enumerate() {
                        let step = c.and2(from, bit(held.as_ref_bits(), j));
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

/// Symmetry breaking beyond the prefix order: when one class `C` holds every free atom but the
/// receiver (and no environment object exists), its atoms must be numbered in breadth-first
/// discovery order from the roots (fields in declaration order), so each heap has exactly one
/// numbering. Each atom's first referrer — arguments first, then static fields, then the
/// receiver's fields, then `C`'s atoms' fields in atom order — must come strictly after its
/// predecessor's. With other shapes of universe only the prefix order applies (still sound).
fn breadth_first_order(
    c: &mut Circuit,
    u: &Universe,
    heap: &SymHeap,
    roots: &Roots,
    counts: &[usize],
) -> Vec<Bool> {
    let multi: Vec<usize> = (0..counts.len()).filter(|&k| counts[k] > 1).collect();
    let [class] = multi[..] else {
        return Vec::new();
    };
    let this_class = roots
        .this
        .and_then(|t| t.as_ref_bits().iter().position(|b| *b == Bool::TRUE))
        .map(|g| u.atoms[g].class);
    let lone_receiver = |k: usize| counts[k] == 0 || (Some(k) == this_class && counts[k] == 1);
    let env = u.atoms.iter().any(|a| matches!(a.origin, Origin::Env(_)));
    if env || roots.this.is_some() && this_class.is_none() {
        return Vec::new();
    }
    if !(0..counts.len()).all(|k| k == class || lone_receiver(k)) {
        return Vec::new();
    }
    let targets = &u.classes[class].atoms;
    let points_here = |ty: &FieldType| ref_class(ty).is_some_and(|t| u.classes[class].is_a(t));
    // Each referrer: which atoms of `class` it points at.
    let mut referrers: Vec<Vec<Bool>> = roots
        .sig
        .params
        .iter()
        .zip(roots.args)
        .filter(|((_, ty), _)| points_here(ty))
        .map(|(_, (_, v))| targets.iter().map(|&g| bit(v.as_ref_bits(), g)).collect())
        .collect();
    for (s, v) in u.statics.iter().zip(&heap.statics) {
        if points_here(&s.ty) {
            referrers.push(targets.iter().map(|&g| bit(v.as_ref_bits(), g)).collect());
        }
    }
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
                let held = heap.fields[k][f][i].as_ref_bits();
                referrers.push(targets.iter().map(|&g| bit(held, g)).collect());
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
