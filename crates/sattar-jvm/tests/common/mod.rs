//! Helpers shared by the JVM bridge tests: subjects, mutations, inputs, runner options.
#![allow(dead_code)]

/// A mutation: `(line, original, faulty)`.
pub type Mutation = (u32, String, String);

use sattar_catalog::Catalog;
use sattar_heap::{FieldType, Heap, ObjId, Object, TestInput, Value};
use sattar_java::{
    parse_program, parse_sources, run, Execution, Limits, MethodId, Program, SourceText,
};
use sattar_jvm::{JvmOptions, JvmRunner, WorkerCommand};
use std::path::PathBuf;
use std::time::Duration;

/// The program of `(path, text)` files, read together (a shared source set of the engines'
/// differential tests).
pub fn program_of(files: &[(&str, &str)]) -> Program {
    let sources: Vec<SourceText> = files
        .iter()
        .map(|(p, t)| SourceText {
            path: p.to_string(),
            text: t.to_string(),
        })
        .collect();
    parse_sources(&sources).unwrap_or_else(|e| panic!("{}", e[0]))
}

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Options for tests: the crate's worker binary, a cache under the target dir.
pub fn options(max_steps: u64) -> JvmOptions {
    JvmOptions {
        max_steps,
        timeout: Duration::from_secs(10),
        heap_mb: 256,
        cache_dir: Some(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("jvm-cache")),
        worker: Some(WorkerCommand {
            program: env!("CARGO_BIN_EXE_sattar-jvm-worker").into(),
            args: vec![],
        }),
    }
}

/// Parses a bundled subject with mutations `(line, original, faulty)` applied.
pub fn subject(rel: &str, mutations: &[(u32, String, String)]) -> Program {
    let text = std::fs::read_to_string(root().join(rel)).expect("bundled subject exists");
    let text: Vec<String> = text
        .lines()
        .enumerate()
        .map(
            |(i, l)| match mutations.iter().find(|m| m.0 == i as u32 + 1) {
                Some((_, from, to)) => l.replacen(from.as_str(), to, 1),
                None => l.to_string(),
            },
        )
        .collect();
    parse_program(rel, &(text.join("\n") + "\n")).unwrap_or_else(|e| panic!("{}", e[0]))
}

/// The catalog's distinct mutation sets for one subject, `(line, original, faulty)` each.
pub fn faults(subject_rel: &str) -> Vec<Vec<Mutation>> {
    let catalog = Catalog::load(&root()).expect("the bundled catalog loads");
    let mut out: Vec<Vec<Mutation>> = Vec::new();
    for f in catalog.faults.iter().filter(|f| f.subject == subject_rel) {
        let m: Vec<Mutation> = f
            .mutations
            .iter()
            .map(|m| (m.line, m.original.clone(), m.faulty.clone()))
            .collect();
        if !out.contains(&m) {
            out.push(m);
        }
    }
    out
}

/// A reference to object `id`.
pub fn r(id: &str) -> Value {
    Value::Ref(ObjId::new(id))
}

/// SplitMix64: the seeded source of the random heaps' choices.
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A number below `n` (> 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// Random inputs of method `m`: a pool of up to two objects of every concrete class of the
/// program's own but arrays (and the enum constants), each field a small int, a boolean, null or any object its declared — erased —
/// type admits (so a generic field may hold an object the generic type forbids: a polluted
/// heap), random statics, a receiver of the method's class or a subclass, random arguments.
pub fn random_inputs(p: &Program, m: MethodId, seed: u64, n: usize) -> Vec<TestInput> {
    let schema = p.schema();
    let sig = p.sig(m);
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..n {
        let mut heap = Heap::default();
        let mut pool: Vec<(ObjId, String)> = Vec::new();
        for (name, c) in &schema.classes {
            if c.is_abstract || !c.constants.is_empty() {
                pool.extend(c.constants.iter().map(|k| (ObjId::new(k), name.clone())));
                continue;
            }
            // sattar's models (String, a collection) and arrays have shapes of their own.
            if p.is_library_class(name) || c.element.is_some() {
                continue;
            }
            for i in 0..rng.below(3) {
                let short = name.rsplit('.').next().unwrap_or(name);
                pool.push((ObjId(format!("{short}{i}")), name.clone()));
            }
        }
        let value = |rng: &mut Rng, t: &FieldType| -> Value {
            match t {
                FieldType::Bool => Value::Bool(rng.below(2) == 1),
                FieldType::Ref(c) => {
                    let fits: Vec<&ObjId> = pool
                        .iter()
                        .filter(|(_, k)| schema.is_subtype(k, c))
                        .map(|(id, _)| id)
                        .collect();
                    if fits.is_empty() || rng.below(4) == 0 {
                        Value::Null
                    } else {
                        Value::Ref(fits[rng.below(fits.len())].clone())
                    }
                }
                int => {
                    let k = int.int_kind().expect("an integer type");
                    Value::integer(k, rng.below(5) as i64 - 1)
                }
            }
        };
        for (id, class) in &pool {
            let c = &schema.classes[class];
            if !c.constants.is_empty() {
                continue; // the environment's: every run starts with the constants as they are
            }
            let fields = c
                .fields
                .iter()
                .map(|(f, t)| (f.clone(), value(&mut rng, t)))
                .collect();
            let class = class.clone();
            heap.objects.insert(id.clone(), Object { class, fields });
        }
        for (name, c) in &schema.classes {
            for (f, t) in &c.statics {
                heap.statics
                    .insert(format!("{name}.{f}"), value(&mut rng, t));
            }
        }
        let this = if sig.is_static {
            None
        } else {
            let fits: Vec<&ObjId> = pool
                .iter()
                .filter(|(_, k)| schema.is_subtype(k, &sig.class))
                .map(|(id, _)| id)
                .collect();
            if fits.is_empty() {
                continue;
            }
            Some(fits[rng.below(fits.len())].clone())
        };
        let args = sig
            .params
            .iter()
            .map(|(a, t)| (a.clone(), value(&mut rng, t)))
            .collect();
        out.push(TestInput { this, args, heap });
    }
    out
}

/// Runs `input` on both engines and asserts that every part of the executions is equal; the
/// interpreter's execution.
pub fn assert_same(
    p: &Program,
    m: MethodId,
    input: &TestInput,
    jvm: &mut JvmRunner,
    limits: Limits,
) -> Execution {
    let want = run(p, m, input, limits).unwrap_or_else(|e| panic!("{e}"));
    let got = jvm.run(m, input).unwrap_or_else(|e| panic!("{e}"));
    let ctx = format!("{} on {input}", p.method(m).qualified_name());
    assert_eq!(got.termination, want.termination, "{ctx}");
    assert_eq!(got.covered, want.covered, "{ctx}");
    assert_eq!(got.trace, want.trace, "{ctx}");
    assert_eq!(got.post, want.post, "{ctx}");
    assert_eq!(got.steps, want.steps, "{ctx}");
    want
}
