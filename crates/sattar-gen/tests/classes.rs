//! The class structure of real Java: a reference of a declared type holds an object of any
//! concrete class that is one, the receiver of a method of an abstract class is of any of its
//! concrete subclasses, enum constants are fixed objects of every heap, static fields are part
//! of the pre-state, and an inner object's enclosing instance is never null. Counts are checked
//! against closed forms computed by hand; every input generated for the bundled package
//! `java-subjects/real/ds` is valid, well typed, and runs on the interpreter.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use common::{bundled_folder, canonical, method_subject, program, subject_of, Subject};
use sattar_gen::{Count, Finitization, GenError, Generator};
use sattar_heap::{FieldType, TestInput, Value};
use sattar_java::{run, Limits, MethodKind, Program, RunError};
use std::collections::BTreeSet;
use std::ops::ControlFlow;

const ZOO: &[(&str, &str)] = &[
    (
        "zoo/Animal.java",
        "package zoo;\npublic interface Animal {}\n",
    ),
    (
        "zoo/Pet.java",
        "package zoo;
public abstract class Pet implements Animal {
    static int made;
    int age;
    abstract int legs();
    int older() { return age + legs(); }
}
",
    ),
    (
        "zoo/Dog.java",
        "package zoo;\npublic class Dog extends Pet { int legs() { return 4; } }\n",
    ),
    (
        "zoo/Cat.java",
        "package zoo;\npublic class Cat extends Pet { boolean indoor; int legs() { return 4; } }\n",
    ),
    (
        "zoo/Size.java",
        "package zoo;\npublic enum Size { S, M, L }\n",
    ),
    (
        "zoo/Owner.java",
        "package zoo;
public class Owner {
    Animal pet;
    Animal other;
    Size size;
    int m() { return 0; }
}
",
    ),
    (
        "zoo/House.java",
        "package zoo;
public class House {
    Room room;
    class Room { int n; }
    int m() { return 0; }
}
",
    ),
];

fn count(s: &Subject, fin: &Finitization) -> u64 {
    Generator::new(&s.schema, &s.rm, fin)
        .unwrap()
        .count()
        .unwrap()
}

/// `Owner.m()` at scope n: one `Owner` (nothing points to one); `pet` and `other` are
/// `Animal`s, so each is null or a `Dog` or a `Cat` (never a `Pet`: it is abstract), up to n
/// of each. A dog has D = n states (`age` in 0..n), a cat C = 2n (`indoor` too): S = D + C = 3n.
/// Pairs (pet, other): both null 1; one null 2S; the same object twice S; two objects of
/// different classes 2DC; two of the same class D² + C² (n ≥ 2). For n ≥ 2 that is
/// 1 + 3S + S² = 1 + 9n + 9n²; for n = 1, 1 + 3·3 + 2·1·2 = 14. `size` is null or one of three
/// constants (4), the static `Pet.made` one of 0..=n (n + 1).
#[test]
fn an_interface_typed_field_holds_every_class_that_implements_it() {
    let p = program(ZOO);
    let (s, _) = method_subject(&p, "Owner.m", None);
    let closed = |n: u64| {
        let pairs = if n >= 2 { 1 + 9 * n + 9 * n * n } else { 14 };
        (n + 1) * 4 * pairs
    };
    for n in 1..=3 {
        let fin = Finitization::for_method(&s.schema, &s.rm, n).unwrap();
        assert_eq!(count(&s, &fin), closed(n as u64), "scope {n}");
    }
    assert_eq!(closed(2), 660);
    let fin = Finitization::for_method(&s.schema, &s.rm, 2).unwrap();
    assert_eq!(fin.count("zoo.Owner"), Some(Count::Exactly(1)));
    assert_eq!(fin.count("zoo.Dog"), Some(Count::UpTo(2)));
    assert_eq!(fin.count("zoo.Cat"), Some(Count::UpTo(2)));
    // abstract classes, interfaces and enums get no counted objects
    for c in ["zoo.Pet", "zoo.Animal", "zoo.Size"] {
        assert_eq!(fin.count(c), None, "{c}");
    }
}

/// `Pet.older()` is declared in an abstract class: the receiver is a `Dog` or a `Cat`, one object
/// of either (nothing else refers to a pet), with the receiver class's int domains 0..=n:
/// (n + 1) dogs, 2(n + 1) cats, times the static `Pet.made`: 3(n + 1)².
#[test]
fn the_receiver_is_of_every_concrete_class_that_is_the_methods() {
    let p = program(ZOO);
    let (s, _) = method_subject(&p, "Pet.older", None);
    for n in 0..=3u64 {
        let fin = Finitization::for_method(&s.schema, &s.rm, n as usize).unwrap();
        assert_eq!(fin.count("zoo.Dog"), Some(Count::UpTo(1)));
        assert_eq!(count(&s, &fin), 3 * (n + 1) * (n + 1), "scope {n}");
    }
    let fin = Finitization::for_method(&s.schema, &s.rm, 1).unwrap();
    let g = Generator::new(&s.schema, &s.rm, &fin).unwrap();
    let classes: BTreeSet<String> = g
        .inputs()
        .unwrap()
        .iter()
        .map(|t| t.heap.objects[t.this.as_ref().unwrap()].class.clone())
        .collect();
    assert_eq!(
        classes,
        BTreeSet::from(["zoo.Cat".into(), "zoo.Dog".into()])
    );
}

/// `House.m()` at scope 2, the static `Pet.made` pinned: `Room.this$0` refers to a `House`, so
/// up to two houses. room null: 1. room R0 (n in {0, 1}: ×2) whose house is H0: 1, or a second
/// house H1 (never null) whose room is null, R0, or a second room R1 (×2 values of n, its house
/// H0 or H1: 4): 1 + (1 + 1 + 4) = 7. In all 1 + 2·7 = 15; at scope 1, 1 + 1 = 2.
#[test]
fn the_enclosing_instance_is_never_null() {
    let p = program(ZOO);
    let (s, _) = method_subject(&p, "House.m", None);
    for (n, want) in [(1, 2), (2, 15)] {
        let mut fin = Finitization::for_method(&s.schema, &s.rm, n).unwrap();
        fin.fix_static("Pet", "made").unwrap();
        assert!(
            fin.to_string().ends_with("static Pet.made fixed\n"),
            "{fin}"
        );
        assert_eq!(count(&s, &fin), want, "scope {n}");
        let g = Generator::new(&s.schema, &s.rm, &fin).unwrap();
        for t in g.inputs().unwrap() {
            for o in t
                .heap
                .objects
                .values()
                .filter(|o| o.class == "zoo.House.Room")
            {
                assert!(matches!(o.fields["this$0"], Value::Ref(_)), "{t}");
            }
            assert_eq!(t.heap.statics["zoo.Pet.made"], Value::Int(0));
        }
    }
    // the static is part of every pre-state: enumerated, it multiplies the count by 0..=2
    let fin = Finitization::for_method(&s.schema, &s.rm, 2).unwrap();
    assert_eq!(count(&s, &fin), 15 * 3);
}

/// Enum constants are named objects of every heap (`with_environment` adds them): a reference
/// of the enum's type, or of a type the enum is (`Comparable`, `Object`), may hold each; the
/// generated heap does not list them.
#[test]
fn enum_constants_are_fixed_objects_of_every_heap() {
    let p = program(ZOO);
    let (s, _) = method_subject(&p, "Owner.m", None);
    let mut fin = Finitization::for_method(&s.schema, &s.rm, 0).unwrap();
    fin.int_static("Pet", "made", [7]).unwrap();
    let inputs = Generator::new(&s.schema, &s.rm, &fin)
        .unwrap()
        .inputs()
        .unwrap();
    let sizes: Vec<String> = inputs
        .iter()
        .map(|t| t.heap.objects[&sattar_heap::ObjId::new("Owner0")].fields["size"].to_string())
        .collect();
    assert_eq!(sizes, ["null", "zoo.Size.S", "zoo.Size.M", "zoo.Size.L"]);
    for t in &inputs {
        assert_eq!(t.heap.objects.len(), 1, "{t}");
        assert_eq!(t.heap.statics["zoo.Pet.made"], Value::Int(7));
    }
}

/// Counts and domains are refused for classes that get no objects of their own, with what to
/// set instead.
#[test]
fn abstract_classes_and_enums_take_no_counts() {
    let p = program(ZOO);
    let (s, _) = method_subject(&p, "Owner.m", None);
    let mut fin = Finitization::for_method(&s.schema, &s.rm, 2).unwrap();
    let err = fin.up_to("Pet", 1).unwrap_err();
    assert_eq!(
        err.to_string(),
        "class `zoo.Pet` gets no objects of its own: it is abstract or an interface: set its \
         concrete classes instead (zoo.Cat, zoo.Dog)"
    );
    let err = fin.exactly("Size", 1).unwrap_err();
    assert!(matches!(err, GenError::NotCounted { .. }), "{err}");
    let err = fin.int_static("Pet", "born", [1]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "class `zoo.Pet` has no static field `born` (static fields: made)"
    );
    // a domain set on an abstract class applies to the objects of its concrete classes
    fin.int_field("Pet", "age", [5]).unwrap();
    assert_eq!(fin.int_field_domain("zoo.Dog", "age"), Some(&[5][..]));
    assert_eq!(fin.int_field_domain("zoo.Cat", "age"), Some(&[5][..]));
    assert_eq!(
        fin.to_string(),
        "Cat: up to 2; age in {5}\nDog: up to 2; age in {5}\nOwner: exactly 1\n\
         static Pet.made in 0..=2\n"
    );
}

/// Whether every value of `t` fits its declared type: references to objects of a class that is
/// the type (enum constants of the environment included), never a null enclosing instance.
fn well_typed(s: &Subject, p: &Program, t: &TestInput) -> bool {
    let env = p.with_environment(t);
    let fits = |v: &Value, ty: &FieldType| match (v, ty) {
        (Value::Int(_), FieldType::Int) | (Value::Bool(_), FieldType::Bool) => true,
        (Value::Null, FieldType::Ref(_)) => true,
        (Value::Ref(o), FieldType::Ref(c)) => env
            .heap
            .get(o)
            .is_some_and(|obj| s.schema.is_subtype(&obj.class, c)),
        _ => false,
    };
    let fields = env.heap.objects.values().all(|o| {
        s.schema.classes[&o.class].fields.iter().all(|(f, ty)| {
            let v = &o.fields[f];
            fits(v, ty) && !(f.starts_with("this$") && *v == Value::Null)
        })
    });
    let statics = s.schema.classes.iter().all(|(c, cs)| {
        cs.statics
            .iter()
            .all(|(f, ty)| fits(&t.heap.statics[&format!("{c}.{f}")], ty))
    });
    let params = &s.rm.sig.params;
    let args = t.args.len() == params.len()
        && t.args
            .iter()
            .zip(params)
            .all(|((n, v), (m, ty))| n == m && fits(v, ty));
    let this = t.this.as_ref().map(|r| Value::Ref(r.clone()));
    let receiver = this.is_some_and(|r| fits(&r, &FieldType::Ref(s.rm.sig.class.clone())));
    fields && statics && args && (receiver || s.rm.sig.is_static)
}

/// The most inputs checked per method: a field of type `Object` (the erasure of `T`) may hold an
/// object of every class of the package, so some methods have a million inputs at scope 1.
const CHECKED: usize = 80;

/// Every method of `java-subjects/real/ds` sattar accepts, with no spec, at scope 1: each input
/// (all of them, or the first `CHECKED` in search order) is valid, well typed, pairwise
/// non-isomorphic, and runs on the interpreter (no bad input). The static `Ranking.nextId`, which
/// only `Ranking`'s methods read, is pinned for the others (what `fix_static` is for).
#[test]
fn every_input_of_the_bundled_package_runs_on_the_interpreter() {
    let files = bundled_folder("java-subjects/real/ds");
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let p = program(&refs);
    let limits = Limits {
        max_steps: 10_000,
        max_depth: 50,
    };
    let analysed = p.methods.iter().filter(|m| {
        m.kind == MethodKind::Source && !m.is_constructor() && p.check_supported(m.id).is_ok()
    });
    let (mut methods, mut complete, mut total) = (0, 0, 0);
    for m in analysed {
        let (name, id) = (m.qualified_name(), m.id);
        let s = subject_of(&p, id, None);
        let mut fin = Finitization::for_method(&s.schema, &s.rm, 1).unwrap();
        if m.class != "ds.Ranking" {
            fin.fix_static("Ranking", "nextId").unwrap();
        }
        let mut inputs = Vec::new();
        let stats = Generator::new(&s.schema, &s.rm, &fin)
            .unwrap()
            .try_for_each(|t| {
                inputs.push(t);
                if inputs.len() < CHECKED {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            })
            .unwrap();
        let mut forms = BTreeSet::new();
        for t in &inputs {
            assert!(
                forms.insert(canonical(t)),
                "{name}: two isomorphic inputs: {t}"
            );
            let env = p.with_environment(t);
            let verdict =
                sattar_spec::evaluate_pre(&s.rm, &env.heap, env.this.as_ref(), &env.args).unwrap();
            assert!(verdict.pre_ok(), "{name}: {t}");
            assert!(well_typed(&s, &p, t), "{name}: {t}");
            match run(&p, id, t, limits) {
                Ok(_) => {}
                Err(e @ RunError::BadInput { .. }) => panic!("{name} on {t}: {e}"),
                Err(e) => panic!("{name}: {e}"),
            }
        }
        assert!(!inputs.is_empty(), "{name}");
        methods += 1;
        complete += usize::from(stats.valid < CHECKED as u64);
        total += inputs.len();
    }
    assert!(methods >= 25, "{methods} methods");
    assert!(complete >= 9, "{complete} methods checked whole");
    assert!(total > 1500, "{total} inputs");
}

/// A method of an interface nothing implements has no receiver: refused, saying why.
#[test]
fn a_receiver_class_without_concrete_classes_is_refused() {
    let p = program(&[(
        "geo/Shape.java",
        "package geo;\npublic interface Shape { default int two() { return 2; } }\n",
    )]);
    let (s, _) = method_subject(&p, "Shape.two", None);
    let fin = Finitization::for_method(&s.schema, &s.rm, 2).unwrap();
    let err = Generator::new(&s.schema, &s.rm, &fin).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the finitization does not fit this method: the receiver class `geo.Shape` needs at \
         least one object: no concrete class of the program is one, so no input exists"
    );
    let p = program(ZOO);
    let (s, _) = method_subject(&p, "Pet.older", None);
    let mut fin = Finitization::for_method(&s.schema, &s.rm, 2).unwrap();
    fin.up_to("Dog", 0).unwrap().up_to("Cat", 0).unwrap();
    let err = Generator::new(&s.schema, &s.rm, &fin).unwrap_err();
    assert!(
        err.to_string()
            .ends_with("give one of zoo.Cat, zoo.Dog at least one object"),
        "{err}"
    );
}
