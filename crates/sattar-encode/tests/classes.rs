//! The class structure of real Java is encoded as the interpreter runs it: for every method of a
//! program over six files of one package — an interface with a default method, an abstract class,
//! subclasses that override and call `super`, constructors with `this(...)` and field
//! initializers, a static counter, an inner class, a generic box and the casts erasure leaves,
//! `Comparable` keys reached through a bridge, `Object.equals`, `getClass()` comparisons, enums — the inputs the encoder
//! enumerates from a free pre-state (the receiver's dynamic class, fields of interface and
//! `Object` type and statics among the choices) run on the interpreter exactly as predicted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use sattar_encode::{encode, EncodeOptions, Mode, PreSpec};
use sattar_java::SourceText;
use sattar_java::{parse_sources, run, Limits, Program, Termination};
use sattar_spec::ResolvedMethod;
use std::collections::BTreeSet;

const FILES: &[(&str, &str)] = &[
    (
        "zoo/Animal.java",
        "package zoo;
public interface Animal {
    int legs();
    default boolean walks() { return legs() > 0; }
}
",
    ),
    (
        "zoo/Base.java",
        "package zoo;
public abstract class Base implements Animal {
    static int born;
    int age = 1;
    Base() { born = born + 1; }
    Base(int a) { this(); age = a; }
    abstract int food();
    int weight() { return food() * 2 + age; }
}
",
    ),
    (
        "zoo/Cat.java",
        "package zoo;
public class Cat extends Base {
    int lives = 9;
    Cat() { super(3); }
    public int legs() { return 4; }
    int food() { return lives; }
}
",
    ),
    (
        "zoo/Lion.java",
        "package zoo;
public class Lion extends Cat {
    Cat pride;
    int food() { return super.food() + 10; }
    int weight() { return pride == null ? super.weight() : super.weight() + pride.weight(); }
}
",
    ),
    (
        "zoo/Fish.java",
        "package zoo;
public class Fish extends Base implements Comparable<Fish> {
    int size;
    public int legs() { return 0; }
    int food() { return size; }
    public int compareTo(Fish o) { return size - o.size; }
    public boolean equals(Object o) { return o instanceof Fish f && f.size == size; }
}
",
    ),
    (
        "zoo/Keeper.java",
        "package zoo;
public class Keeper {
    Animal pet;
    Base base;
    Object thing;
    Box<Fish> tank;
    Mood mood;
    int count;
    static Keeper boss;
    class Shift { int hours; int total() { return hours + count; } }
    int legs() { return pet.legs(); }
    boolean walks() { return pet != null && pet.walks(); }
    int weigh() { return base.weight(); }
    int catLives() { if (thing instanceof Cat c) { return c.lives; } return -1; }
    int castCat() { Cat c = (Cat) pet; return c.lives + 1; }
    int tankSize() { Fish f = tank.item; return f.size; }
    boolean sameThing() { return thing != null && thing.equals(pet); }
    int order(Fish a, Fish b) { return smaller(a, b).size; }
    static <T extends Comparable<T>> T smaller(T a, T b) { return a.compareTo(b) <= 0 ? a : b; }
    int shift(int h) { Shift s = new Shift(); s.hours = h; return s.total(); }
    int hire() { Cat c = new Lion(); c.lives = c.lives - count; pet = c; return Base.born; }
    boolean happy() { return mood == Mood.HAPPY || mood != null && mood.ordinal() > 1; }
    void cheer() { if (mood == Mood.SAD) { mood = Mood.CALM; } else { mood = Mood.HAPPY; } }
    boolean bossy() { if (boss == null) { boss = this; return true; } return boss == this; }
    void stock(Fish f) { tank = new Box<>(); tank.item = f; count = count + 1; }
    static <T extends Comparable<T>> int cmp(T a, T b) { return a.compareTo(b); }
    int moods(Mood a, Mood b) { return cmp(a, b); }
    boolean kin() { return pet.getClass() == base.getClass(); }
    boolean stranger(Object o) { return o.getClass() != getClass(); }
    int anyOrder(Object a, Object b) { if (a instanceof Comparable && b instanceof Fish f) { return cmp(f, (Fish) a); } return 0; }
    int hashOf() { if (thing == null) { return 0; } return thing.hashCode(); }
}
",
    ),
    (
        "zoo/More.java",
        "package zoo;
class Box<T> { T item; }
enum Mood { SAD, CALM, HAPPY }
",
    ),
];

const METHODS: &[&str] = &[
    "Keeper.kin",
    "Keeper.stranger",
    "Keeper.legs",
    "Keeper.walks",
    "Keeper.weigh",
    "Keeper.catLives",
    "Keeper.castCat",
    "Keeper.tankSize",
    "Keeper.sameThing",
    "Keeper.order",
    "Keeper.shift",
    "Keeper.hire",
    "Keeper.happy",
    "Keeper.cheer",
    "Keeper.bossy",
    "Keeper.stock",
    "Keeper.moods",
    "Keeper.anyOrder",
    "Keeper.hashOf",
    "Base.weight",
    "Lion.weight",
    "Animal.walks",
];

const LIMITS: Limits = Limits {
    max_steps: 10_000,
    max_depth: 50,
};

fn program() -> Program {
    let sources: Vec<SourceText> = FILES
        .iter()
        .map(|(p, t)| SourceText {
            path: p.to_string(),
            text: t.to_string(),
        })
        .collect();
    parse_sources(&sources).unwrap_or_else(|e| panic!("{}", e[0]))
}

/// SplitMix64, for the steering assumptions.
#[test]
fn every_method_agrees_with_the_interpreter_on_enumerated_inputs() {
    let p = program();
    let mut outcomes = BTreeSet::new();
    let mut total = 0;
    for name in METHODS {
        let found = p.find_methods(name);
        assert_eq!(found.len(), 1, "{name}");
        let m = found[0].id;
        p.check_supported(m)
            .unwrap_or_else(|d| panic!("{name}: {d}"));
        let spec = ResolvedMethod {
            sig: p.sig(m),
            ensures_set: None,
            constraints: Vec::new(),
        };
        let opts = EncodeOptions {
            mode: Mode::Direct,
            unroll: Some(4),
            ..EncodeOptions::default()
        };
        let mut enc = encode(&p, m, &spec, PreSpec::Free { scope: 2 }, &opts)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let (valid, fits) = (enc.pre_ok(), enc.in_bounds());
        enc.session.assert_hard(valid);
        enc.session.assert_hard(fits);
        let models = common::spread(&mut enc, 40, total as u64);
        let n = models.len();
        for model in models {
            let got = enc.decode(&model);
            let want = run(&p, m, &got.input, LIMITS).expect("runs");
            let ctx = format!("{name} on {}", got.input);
            assert_eq!(got.execution.termination, want.termination, "{ctx}");
            assert_eq!(got.execution.post, want.post, "{ctx}");
            assert_eq!(got.execution.covered, want.covered, "{ctx}");
            assert_eq!(got.execution.trace, want.trace, "{ctx}");
            assert_eq!(got.execution.steps, want.steps, "{ctx}");
            outcomes.insert(match want.termination {
                Termination::Threw(e) => e,
                _ => "returned".to_string(),
            });
        }
        assert!(n >= 4, "{name}: only {n} inputs");
        total += n;
    }
    // The exceptions the class structure brings are among the runs checked.
    for e in [
        "returned",
        "java.lang.NullPointerException",
        "java.lang.ClassCastException",
    ] {
        assert!(outcomes.contains(e), "{e} never happened: {outcomes:?}");
    }
    assert!(total > 300, "{total}");
}

/// A spec over the class structure: a dynamic-class test (`in Cat` holds for a `Lion`), the extent
/// of an abstract class (its subclasses' objects), inherited fields reached through an
/// interface-typed field, and a static field before and after the call. The encoding's verdict on
/// every constraint is the evaluator's on the interpreter's run.
#[test]
fn specs_over_the_class_structure_agree_with_the_evaluator() {
    let p = program();
    let text = "spec Keeper {
      invariant petCat: this.pet in Cat => this.pet.lives > 0
      invariant ages: all b: Base | b.age >= 0
      method hire() {
        ensures post {
          bornUp: Base.born' = Base.born + 1
          petIsLion: this.pet' in Lion'
          lions: #Lion' = #Lion + 1
          inherited: this.pet'.age' = 3
          moodKept: this.mood' = this.mood
          bornPositive: Base.born' > 0
          petWasCat: this.pet in Cat
        }
      }
      method cheer() {
        ensures post {
          happy: this.mood' = Mood.HAPPY
          calm: this.mood = Mood.SAD => this.mood' in Mood
        }
      }
    }";
    let spec = sattar_spec::parse_spec("zoo.spec", text).unwrap_or_else(|e| panic!("{e}"));
    let mut checked = 0;
    for name in ["Keeper.hire", "Keeper.cheer"] {
        let m = p.find_methods(name)[0].id;
        let rm = sattar_spec::resolve(&spec, &p.schema(), &p.sig(m), Some("post"))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let opts = EncodeOptions {
            mode: Mode::Direct,
            unroll: Some(4),
            ..EncodeOptions::default()
        };
        let mut enc = encode(&p, m, &rm, PreSpec::Free { scope: 2 }, &opts)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let (wf, fits) = (enc.wellformed(), enc.in_bounds());
        enc.session.assert_hard(wf);
        enc.session.assert_hard(fits);
        let mut verdicts = BTreeSet::new();
        for model in common::spread(&mut enc, 60, checked as u64) {
            let got = enc.decode(&model);
            let input = p.with_environment(&got.input);
            let want = run(&p, m, &input, LIMITS).expect("runs");
            assert_eq!(got.execution, want, "{name} on {input}");
            let verdict = sattar_spec::evaluate(
                &rm,
                &input.heap,
                &want.post,
                input.this.as_ref(),
                &input.args,
                want.result(),
            )
            .unwrap_or_else(|e| panic!("{name} on {input}: {e}"));
            let ctx = format!("{name} on {input}");
            assert_eq!(got.pre_violated(), verdict.pre_violated(), "{ctx}");
            if want.exception().is_none() {
                assert_eq!(got.violated(), verdict.violated(), "{ctx}");
            }
            verdicts.insert((got.pre_ok(), got.violated()));
            checked += 1;
        }
        assert!(verdicts.len() >= 3, "{name}: {verdicts:?}");
    }
    assert!(checked >= 60, "{checked}");
}

/// `Object.hashCode()` on a class that does not declare it is the JVM's identity hash, which no
/// engine of sattar models: the interpreter refuses a run that reaches it, naming the call and
/// the class; the encoder refuses the same fixed input, and its free pre-states (above, in the
/// enumeration of `Keeper.hashOf`) hold only runs that do not reach it.
#[test]
fn an_identity_hash_is_refused_by_the_interpreter_and_the_encoder_alike() {
    use sattar_heap::input_from_json;
    let p = program();
    let m = p.find_methods("Keeper.hashOf")[0].id;
    let json = r#"{"this": "k", "args": {}, "objects": {
        "k": {"class": "zoo.Keeper", "thing": "c"},
        "c": {"class": "zoo.Cat"}}}"#;
    let (input, _) =
        input_from_json(json, "t.json", &p.schema(), &p.sig(m)).unwrap_or_else(|e| panic!("{e}"));
    let refused = run(&p, m, &input, LIMITS).expect_err("an identity hash is refused");
    let text = refused.to_string();
    for part in ["hashCode()", "zoo.Cat", "Object", "Keeper.java:"] {
        assert!(text.contains(part), "{part} missing from: {text}");
    }
    let spec = ResolvedMethod {
        sig: p.sig(m),
        ensures_set: None,
        constraints: Vec::new(),
    };
    let opts = EncodeOptions::default();
    let err = encode(&p, m, &spec, PreSpec::Fixed(&input), &opts)
        .err()
        .expect("the encoder refuses the same input");
    assert!(err.to_string().contains("does not model"), "{err}");
    // A Keeper holding nothing runs as before.
    let none = r#"{"this": "k", "args": {}, "objects": {"k": {"class": "zoo.Keeper"}}}"#;
    let (input, _) =
        input_from_json(none, "t.json", &p.schema(), &p.sig(m)).unwrap_or_else(|e| panic!("{e}"));
    let ran = run(&p, m, &input, LIMITS).expect("runs");
    assert_eq!(
        ran.termination,
        Termination::Returned(Some(sattar_heap::Value::Int(0)))
    );
}
