//! Shared helpers: loading subjects, canonical forms of inputs, and a brute-force reference
//! generator (every assignment of every field, filtered by the spec evaluator).
#![allow(dead_code)]

use sattar_gen::{Count, Finitization};
use sattar_heap::{FieldType, Heap, ObjId, Object, Schema, TestInput, Value};
use sattar_java::{parse_program, parse_sources, MethodId, Program, SourceText};
use sattar_spec::{evaluate_pre, parse_spec, resolve, ResolvedMethod};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A subject's schema and resolved method.
pub struct Subject {
    /// The classes.
    pub schema: Schema,
    /// The method's resolved spec.
    pub rm: ResolvedMethod,
}

/// Parses Java and spec text and resolves `method`'s spec with `ensures` set `set`.
pub fn from_text(java: &str, spec: &str, method: &str, set: Option<&str>) -> Subject {
    // javac wants a public class in a file of its name.
    let file = java
        .split("public class ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .map_or("Subject.java".to_string(), |c| format!("{c}.java"));
    let program = parse_program(&file, java).unwrap_or_else(|e| panic!("{}", e[0]));
    let m = program.find_methods(method)[0].id;
    let spec = parse_spec("subject.spec", spec).unwrap_or_else(|e| panic!("{e}"));
    let schema = program.schema();
    let rm = resolve(&spec, &schema, &program.sig(m), set).unwrap_or_else(|e| panic!("{e}"));
    Subject { schema, rm }
}

/// A program of several files (`(path, text)`), attributed together.
pub fn program(files: &[(&str, &str)]) -> Program {
    let sources: Vec<SourceText> = files
        .iter()
        .map(|(p, t)| SourceText {
            path: p.to_string(),
            text: t.to_string(),
        })
        .collect();
    parse_sources(&sources).unwrap_or_else(|e| panic!("{}", e[0]))
}

/// Every `.java` file below a bundled folder, as `(path, text)`.
pub fn bundled_folder(rel: &str) -> Vec<(String, String)> {
    let root = sattar_catalog::find_root().expect("the bundled subjects");
    let mut files: Vec<(String, String)> = std::fs::read_dir(root.join(rel))
        .expect("a bundled folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "java"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a bundled file");
            (p.display().to_string(), text)
        })
        .collect();
    files.sort();
    files
}

/// The method `name` of `p` (`Class.m`) with the spec `spec` (invariants and requires; no
/// ensures sets), or no constraint at all.
pub fn method_subject(p: &Program, name: &str, spec: Option<&str>) -> (Subject, MethodId) {
    let found = p.find_methods(name);
    assert_eq!(found.len(), 1, "{name}");
    (subject_of(p, found[0].id, spec), found[0].id)
}

/// Method `m` of `p` with the spec `spec`, or no constraint at all.
pub fn subject_of(p: &Program, m: MethodId, spec: Option<&str>) -> Subject {
    let schema = p.schema();
    let rm = match spec {
        Some(text) => {
            let spec = parse_spec("subject.spec", text).unwrap_or_else(|e| panic!("{e}"));
            resolve(&spec, &schema, &p.sig(m), None).unwrap_or_else(|e| panic!("{e}"))
        }
        None => ResolvedMethod {
            sig: p.sig(m),
            ensures_set: None,
            constraints: Vec::new(),
        },
    };
    Subject { schema, rm }
}

fn bundled(rel: &str) -> String {
    let root = sattar_catalog::find_root().expect("the bundled subjects");
    std::fs::read_to_string(root.join(rel)).expect("a bundled file")
}

/// The bundled binary search tree, method `add`.
pub fn bst() -> Subject {
    from_text(
        &bundled("java-subjects/bst/BinarySearchTree.java"),
        &bundled("specs/bst.spec"),
        "add",
        Some("postcond1"),
    )
}

/// The bundled linked list, method `delete`.
pub fn list() -> Subject {
    from_text(
        &bundled("java-subjects/linkedlist/LinkedList.java"),
        &bundled("specs/linkedlist.spec"),
        "delete",
        Some("postcond1"),
    )
}

/// The linked list's Java with another spec (method `delete`, no ensures sets).
pub fn list_with_spec(spec: &str) -> Subject {
    from_text(
        &bundled("java-subjects/linkedlist/LinkedList.java"),
        spec,
        "delete",
        None,
    )
}

/// The Catalan number `C(n)`.
pub fn catalan(n: u64) -> u64 {
    (0..n).fold(1, |c, i| c * 2 * (2 * i + 1) / (i + 2))
}

/// BSTs with exactly `n` nodes, keys `0..n`, size `n`, `add(0)`.
pub fn catalan_fin(s: &Subject, n: usize) -> Finitization {
    let mut fin = Finitization::for_method(&s.schema, &s.rm, n).expect("defaults");
    fin.exactly("Node", n)
        .and_then(|f| f.int_field("BinarySearchTree", "size", [n as i32]))
        .and_then(|f| f.int_arg("k", [0]))
        .expect("a valid finitization");
    fin
}

/// The input renamed canonically: breadth-first from the receiver, the reference arguments and
/// the reference static fields (in name order), fields in name order; a reference to an object
/// the heap does not hold (an enum constant of the environment) keeps its id. Isomorphic inputs
/// give equal strings.
pub fn canonical(t: &TestInput) -> String {
    let mut names: BTreeMap<ObjId, usize> = BTreeMap::new();
    let mut queue: VecDeque<ObjId> = VecDeque::new();
    let mut roots = t.roots();
    roots.extend(t.heap.static_roots());
    let mut reach = |id: &ObjId, queue: &mut VecDeque<ObjId>| {
        if t.heap.objects.contains_key(id) && !names.contains_key(id) {
            names.insert(id.clone(), names.len());
            queue.push_back(id.clone());
        }
    };
    for r in &roots {
        reach(r, &mut queue);
    }
    let mut order = Vec::new();
    while let Some(id) = queue.pop_front() {
        order.push(id.clone());
        for v in t.heap.objects[&id].fields.values() {
            if let Value::Ref(next) = v {
                reach(next, &mut queue);
            }
        }
    }
    let show = |v: &Value| match v {
        Value::Ref(o) => names
            .get(o)
            .map_or_else(|| o.to_string(), |i| format!("#{i}")),
        other => other.to_string(),
    };
    let mut out = String::new();
    for id in &order {
        let o = &t.heap.objects[id];
        let fields: Vec<String> = o
            .fields
            .iter()
            .map(|(f, v)| format!("{f}={}", show(v)))
            .collect();
        out += &format!("#{}:{}{{{}}} ", names[id], o.class, fields.join(","));
    }
    for (k, v) in &t.heap.statics {
        out += &format!("{k}={} ", show(v));
    }
    let args: Vec<String> = t
        .args
        .iter()
        .map(|(n, v)| format!("{n}={}", show(v)))
        .collect();
    let this = t.this.clone().map(Value::Ref).unwrap_or(Value::Null);
    out + &format!("args({}) this={}", args.join(","), show(&this))
}

/// Whether an input is valid for the method (invariant and precondition hold).
pub fn valid(s: &Subject, t: &TestInput) -> bool {
    evaluate_pre(&s.rm, &t.heap, t.this.as_ref(), &t.args)
        .expect("the spec evaluates")
        .pre_ok()
}

/// Every valid input within `fin` as canonical strings, found by trying every value of every
/// argument and of every field of every object reached so far (objects come from each class's
/// pool of `fin.count` objects), and keeping those the spec evaluator accepts.
pub fn brute_force(s: &Subject, fin: &Finitization) -> BTreeSet<String> {
    let mut pools: BTreeMap<String, Vec<ObjId>> = BTreeMap::new();
    for class in s.schema.classes.keys() {
        let n = fin.count(class).map_or(0, Count::max);
        let ids = (0..n).map(|i| ObjId::new(format!("{class}#{i}"))).collect();
        pools.insert(class.clone(), ids);
    }
    let mut b = Brute {
        s,
        fin,
        pools,
        seen: BTreeSet::new(),
        out: BTreeSet::new(),
    };
    let mut t = TestInput {
        this: None,
        args: Vec::new(),
        heap: Heap::default(),
    };
    let mut pending: Vec<Pending> =
        s.rm.sig
            .params
            .iter()
            .map(|(p, ty)| (None, p.clone(), ty.clone()))
            .collect();
    if !s.rm.sig.is_static {
        let this = b.pools[&s.rm.sig.class][0].clone();
        pending.extend(b.add_object(&mut t, &this, &s.rm.sig.class));
        t.this = Some(this);
    }
    b.go(t, pending);
    b.out
}

/// A slot still to assign: its object (`None` for an argument), field and type.
type Pending = (Option<ObjId>, String, FieldType);

struct Brute<'a> {
    s: &'a Subject,
    fin: &'a Finitization,
    pools: BTreeMap<String, Vec<ObjId>>,
    seen: BTreeSet<String>,
    out: BTreeSet<String>,
}

impl Brute<'_> {
    fn go(&mut self, t: TestInput, pending: Vec<Pending>) {
        let Some(((owner, field, ty), rest)) = pending.split_first() else {
            return self.finish(t);
        };
        for v in self.values(owner.as_ref(), field, ty) {
            let (mut t, mut rest) = (t.clone(), rest.to_vec());
            if let (Value::Ref(o), FieldType::Ref(class)) = (&v, ty) {
                if !t.heap.objects.contains_key(o) {
                    rest.extend(self.add_object(&mut t, o, class));
                }
            }
            match owner {
                Some(o) => {
                    let obj = t.heap.objects.get_mut(o).expect("added when reached");
                    obj.fields.insert(field.clone(), v);
                }
                None => t.args.push((field.clone(), v)),
            }
            self.go(t, rest);
        }
    }

    fn add_object(&self, t: &mut TestInput, o: &ObjId, class: &str) -> Vec<Pending> {
        let fields = BTreeMap::new();
        t.heap.objects.insert(
            o.clone(),
            Object {
                class: class.to_string(),
                fields,
            },
        );
        let cs = &self.s.schema.classes[class];
        cs.fields
            .iter()
            .map(|(f, ty)| (Some(o.clone()), f.clone(), ty.clone()))
            .collect()
    }

    fn values(&self, owner: Option<&ObjId>, field: &str, ty: &FieldType) -> Vec<Value> {
        let ints = match owner {
            Some(o) => self.fin.int_field_domain(&self.class_of(o), field),
            None => self.fin.int_arg_domain(field),
        };
        match ty {
            FieldType::Bool => vec![Value::Bool(false), Value::Bool(true)],
            FieldType::Ref(c) => {
                let nullable = owner.is_some() || self.fin.arg_nullable(field);
                let nulls = nullable.then_some(Value::Null);
                let objs = self.pools[c].iter().map(|o| Value::Ref(o.clone()));
                nulls.into_iter().chain(objs).collect()
            }
            int => {
                let k = int.int_kind().expect("an integer type");
                let ints = ints.unwrap_or(&[]).iter();
                ints.map(|v| Value::integer(k, i64::from(*v))).collect()
            }
        }
    }

    fn class_of(&self, o: &ObjId) -> String {
        let (class, _) = o.as_str().split_once('#').expect("pool ids are class#i");
        class.to_string()
    }

    fn finish(&mut self, t: TestInput) {
        if !counts_ok(&t, self.fin) {
            return;
        }
        let form = canonical(&t);
        if self.seen.insert(form.clone()) && valid(self.s, &t) {
            self.out.insert(form);
        }
    }
}

fn counts_ok(t: &TestInput, fin: &Finitization) -> bool {
    let mut per: BTreeMap<&str, usize> = BTreeMap::new();
    for o in t.heap.objects.values() {
        *per.entry(o.class.as_str()).or_default() += 1;
    }
    fin.schema().classes.keys().all(|c| match fin.count(c) {
        Some(Count::Exactly(n)) => per.get(c.as_str()).copied().unwrap_or(0) == n,
        _ => true,
    })
}

/// Checks that every input is valid and that no two are isomorphic; returns their canonical forms.
pub fn check_inputs(s: &Subject, inputs: &[TestInput]) -> BTreeSet<String> {
    let mut forms = BTreeSet::new();
    for t in inputs {
        assert!(valid(s, t), "generated an invalid input: {t}");
        assert!(
            forms.insert(canonical(t)),
            "generated two isomorphic inputs: {t}"
        );
    }
    forms
}
